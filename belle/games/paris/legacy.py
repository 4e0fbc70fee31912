"""The Paris of older rules revisions, kept so that their match records keep replaying.

Revision 1 (engine 0.1.0). Engine 0.2.0 changed two tables (issue 14): every landmark
now costs marble and gold (PARIS-86; the Moulin Rouge and the Grand Palais cost marble
only, the Panthéon gold only), and bonus tiles 20, 21, 24, 25, 29 and 30 are no longer
plain francs or VP tiles (G-6).

Revision 2 (engine 0.2.0, before issue 15's recalibration): VP tiles 8/4/2 … 20/10/5
(G-9) and sale prices 1, 2, 3 for wood, marble, gold and for bronze, silver, gold
prestige (G-10); revision 3 has 1.5 times those VP tiles and sale prices 1, 1, 2.

Revisions 1-3 (engine 0.2.1 and before): the end-game pile held f4, f6 and f8 (+4, +6,
+8 francs, G-8) where revision 4 has vp6, vp7 and vp8 (+6, +7, +8 VP); both kinds stay
in data.END_TILES, so every code keeps its meaning, and only the copies differ.

Revisions 3 and 4 (engines 0.2.1 and 0.2.2): VP tiles 12/6/3 … 30/15/8 (G-9); revision
5 (engines 0.2.3 and 0.2.4) moves the series one step down, 10/5/3 … 24/12/6; revision 6
(engine 0.2.5) flattens it to 10/5/3 … 16/8/4; revision 7 (engine 0.2.6) lowers it to
9/5/3 … 14/7/4 and sells every token for 1 franc, where revisions 3-6 sold gold and gold
prestige for 2; revision 8 (engine 0.2.7) flattens the VP tiles to 9/5/3 … 12/8/4 and the
end-game pile's VP tiles to +5 ×3 and +6 ×3, where revisions 4-7 had +3 … +8, one each,
and lowers bonus tiles 25, 26 and 28 to 1 VP per district, 4 per value-5 and 5 per
value-8 building, where revisions 2-7 paid 2, 5 and 6; revision 9 (engine 0.2.8) lowers
bonus tile 22 to +5 VP, where revisions 1-8 paid +6.

A record names its revision (the option rules_version); a record of engine 0.1.0, which
has no such option, is revision 1 (`Game.options_for_record`). Nothing else uses this
module.
"""

from __future__ import annotations

from dataclasses import replace

from belle.games.paris import data
from belle.games.paris.rules import Ruleset

VP_TILES_0_2: tuple[tuple[int, int, int], ...] = (
    (8, 4, 2), (10, 5, 2), (12, 6, 3), (14, 7, 4), (16, 8, 4), (20, 10, 5),
)
VP_TILES_0_3: tuple[tuple[int, int, int], ...] = (
    (12, 6, 3), (15, 8, 4), (18, 9, 5), (21, 11, 6), (24, 12, 6), (30, 15, 8),
)
VP_TILES_0_5: tuple[tuple[int, int, int], ...] = (
    (10, 5, 3), (12, 6, 3), (15, 8, 4), (18, 9, 5), (21, 11, 6), (24, 12, 6),
)
VP_TILES_0_6: tuple[tuple[int, int, int], ...] = (
    (10, 5, 3), (11, 6, 3), (12, 6, 3), (14, 7, 4), (15, 8, 4), (16, 8, 4),
)
VP_TILES_0_7: tuple[tuple[int, int, int], ...] = (
    (9, 5, 3), (10, 5, 3), (11, 6, 3), (12, 6, 3), (13, 7, 4), (14, 7, 4),
)
SELL_PRICE_0_2: tuple[int, ...] = (1, 2, 3, 1, 2, 3)
SELL_PRICE_0_6: tuple[int, ...] = (1, 1, 2, 1, 1, 2)
END_COPIES_0_7: tuple[int, ...] = tuple(
    {"vp3": 1, "vp4": 1, "vp5": 1, "vp6": 1, "vp7": 1, "vp8": 1}.get(t.code, t.copies)
    for t in data.END_TILES)
END_COPIES_0_3: tuple[int, ...] = tuple(
    {"f4": 1, "f6": 1, "f8": 1, "vp6": 0, "vp7": 0, "vp8": 0}.get(t.code, copies)
    for t, copies in zip(data.END_TILES, END_COPIES_0_7, strict=True))


def _bonus_amounts(bonus: tuple[data.BonusSpec, ...],
                   changes: dict[int, tuple[int, str]]) -> tuple[data.BonusSpec, ...]:
    """`bonus` with the tiles of `changes` (number -> amount, text) paying otherwise."""
    return tuple(replace(b, amount=changes[b.number][0], text=changes[b.number][1])
                 if b.number in changes else b for b in bonus)


BONUS_0_8 = _bonus_amounts(data.BONUS, {22: (6, "+6 VP")})
"""The bonus tiles of editions 1-8: tile 22 paid +6 VP, edition 9's +5."""
BONUS_0_7 = _bonus_amounts(BONUS_0_8, {
    25: (2, "2 VP per district where you occupy a building or landmark"),
    26: (5, "5 VP per value-5 building you occupy"),
    28: (6, "6 VP per value-8 building you occupy"),
})
"""The bonus tiles of editions 2-7: tiles 25, 26 and 28 paid more than edition 8's (and
tile 22 +6 VP, as in edition 8)."""

_COSTS_0_1 = {9: (0, 1, 0), 10: (0, 0, 1), 11: (0, 1, 0)}
_BONUS_0_1: dict[int, tuple[data.BonusKind, int, str]] = {
    20: ("francs", 6, "+6 francs"),
    21: ("vp", 5, "+5 VP"),
    24: ("francs", 8, "+8 francs"),
    25: ("vp", 7, "+7 VP"),
    29: ("vp", 9, "+9 VP"),
    30: ("vp", 10, "+10 VP"),
}


def _bonus_0_1(spec: data.BonusSpec) -> data.BonusSpec:
    old = _BONUS_0_1.get(spec.number)
    if old is None:
        return spec
    kind, amount, text = old
    return replace(spec, kind=kind, amount=amount, text=text)


RULES_0_1 = Ruleset(
    tuple(replace(lm, cost=_COSTS_0_1.get(lm.value, lm.cost)) for lm in data.LANDMARKS),
    tuple(_bonus_0_1(b) for b in BONUS_0_7),
    VP_TILES_0_2,
    SELL_PRICE_0_2,
    END_COPIES_0_3,
)
RULES_0_2 = Ruleset(data.LANDMARKS, BONUS_0_7, VP_TILES_0_2, SELL_PRICE_0_2, END_COPIES_0_3)
RULES_0_3 = Ruleset(data.LANDMARKS, BONUS_0_7, VP_TILES_0_3, SELL_PRICE_0_6, END_COPIES_0_3)
RULES_0_4 = Ruleset(data.LANDMARKS, BONUS_0_7, VP_TILES_0_3, SELL_PRICE_0_6, END_COPIES_0_7)
RULES_0_5 = Ruleset(data.LANDMARKS, BONUS_0_7, VP_TILES_0_5, SELL_PRICE_0_6, END_COPIES_0_7)
RULES_0_6 = Ruleset(data.LANDMARKS, BONUS_0_7, VP_TILES_0_6, SELL_PRICE_0_6, END_COPIES_0_7)
RULES_0_7 = Ruleset(data.LANDMARKS, BONUS_0_7, VP_TILES_0_7, data.SELL_PRICE, END_COPIES_0_7)
RULES_0_8 = Ruleset(data.LANDMARKS, BONUS_0_8, data.VP_TILES, data.SELL_PRICE,
                    data.END_COPIES)

EDITIONS: dict[int, Ruleset] = {1: RULES_0_1, 2: RULES_0_2, 3: RULES_0_3, 4: RULES_0_4,
                                5: RULES_0_5, 6: RULES_0_6, 7: RULES_0_7, 8: RULES_0_8}
"""Every rules edition before today's (rules.CURRENT_RULES), by its number."""

ENGINES_OF_RULES_V1 = frozenset({"0.1.0"})
"""Engines whose records carry no rules_version option and were played by edition 1."""
