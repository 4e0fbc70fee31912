"""Paris (Kramer & Kiesling, 2020): districts, buildings, tokens, landmarks, tiles, prices.

Pure data, no logic. Every value carries a provenance tag (rules reference, sections
3 and 4):

- ``seed``: stated by (or directly implied by, or worked out from an example of) the
  seed rulebook, shared/seeds/paris.es.txt.
- ``public``: from reviews and rules summaries, not the seed.
- ``reconstructed``: nobody told us; our faithful, balanced reconstruction following
  the gaps G-1 to G-16 of shared/rules/paris.md. An owner of the box corrects these
  here, in this one file; docs/games/paris.md lists every one of them.

Indices used everywhere: district 0..5 (DISTRICTS order), value index 0..5 for the
values 1, 2, 3, 4, 5, 8 (VALUES), building space / building tile = district * 6 +
value index, landmark 0..7 (LANDMARKS order), stock kind 0..5 = wood, marble, gold
(resources) then bronze, silver, gold (prestige; written ``pgold``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

Provenance = Literal["seed", "public", "reconstructed"]

# -- districts and banks (PARIS-2, PARIS-6, PARIS-7, G-1, G-2) -----------------------


@dataclass(frozen=True, slots=True)
class DistrictSpec:
    """One district: an id, a display name, its notation code and its bank (PARIS-6)."""

    id: str
    name: str
    code: str  # two letters, used by the notation (docs/games/paris.md)
    bank: int  # francs the bank pays (PARIS-60)
    name_provenance: Provenance
    bank_provenance: Provenance
    css: str  # display colour (browser)
    ansi: str  # display colour (terminal, Rich)


DISTRICTS: Final[tuple[DistrictSpec, ...]] = (
    DistrictSpec("D1", "Montmartre", "MO", 4, "seed", "reconstructed", "#8e5a9b", "medium_purple"),
    DistrictSpec("D2", "Saint-Germain", "SG", 6, "seed", "reconstructed", "#2f7d6d", "dark_cyan"),
    DistrictSpec("D3", "La Villette", "LV", 3, "seed", "reconstructed", "#b5652b", "dark_orange3"),
    DistrictSpec("D4", "Chaillot", "CH", 7, "public", "reconstructed", "#3a6cb0", "dodger_blue2"),
    DistrictSpec("D5", "Belleville", "BE", 2, "public", "reconstructed", "#a83a3a", "red3"),
    # G-1: the sixth district's name is unknown; a placeholder.
    DistrictSpec("D6", "Montparnasse", "MP", 5, "reconstructed", "reconstructed",
                 "#6b7a2a", "dark_olive_green3"),
)
NUM_DISTRICTS: Final = 6
# PARIS-3: the Arc's side (3D model or flat) changes nothing, so it is not modelled.
# PARIS-9, PARIS-10, PARIS-11: one token spot per building space, one VP-tile spot and
# one landmark area per district (state.py: token_at, vp_tile_at, landmark_district).

# -- buildings (PARIS-8, PARIS-12, PARIS-13, G-3) ------------------------------------

VALUES: Final[tuple[int, ...]] = (1, 2, 3, 4, 5, 8)  # public (PARIS-8)
NUM_VALUES: Final = 6
NUM_BUILDINGS: Final = NUM_DISTRICTS * NUM_VALUES  # 36 (seed, PARIS-12)

BUILDING_TYPES: Final[tuple[str, ...]] = (
    "newsstand", "café", "bakery", "residence", "restaurant", "hotel", "theatre",
)  # bakery, residence, restaurant, hotel, theatre: seed; café, newsstand: public

# Per district, the building type at values 1, 2, 3, 4, 5, 8 (G-3, reconstructed except
# where a seed example fixes it: La Villette 8 = theatre (Julie); Montmartre bakery and
# theatre 3 apart, adopted 5 and 8 (Raphael); Chaillot residence 3, restaurant 4,
# hotel 5 (Charlotte, district unnamed in the seed)).
BUILDING_MATRIX: Final[tuple[tuple[str, ...], ...]] = (
    ("newsstand", "café", "residence", "restaurant", "bakery", "theatre"),  # Montmartre
    ("bakery", "café", "newsstand", "hotel", "residence", "restaurant"),  # Saint-Germain
    ("café", "newsstand", "bakery", "residence", "hotel", "theatre"),  # La Villette
    ("newsstand", "bakery", "residence", "restaurant", "hotel", "theatre"),  # Chaillot
    ("café", "residence", "newsstand", "bakery", "restaurant", "hotel"),  # Belleville
    ("newsstand", "residence", "café", "bakery", "restaurant", "hotel"),  # Montparnasse
)
BUILDING_MATRIX_PROVENANCE: Final[Provenance] = "reconstructed"

# PARIS-86, PARIS-87: only residences (wood) and landmarks have a resource cost.
# Residence cost 1 wood: reconstructed (G-3; the seed says only "require wood").
TYPE_COST: Final[dict[str, tuple[int, int, int]]] = {"residence": (1, 0, 0)}
TYPE_COST_PROVENANCE: Final[Provenance] = "reconstructed"

VALUE_BENEFIT_BONUS_FREE: Final[frozenset[int]] = frozenset({1, 2})  # seed (PARIS-95)
VALUE_BENEFIT_BONUS_FEE: Final[dict[int, int]] = {3: 2}  # seed (PARIS-96): value 3, 2 F
VALUE_8_VP: Final = 2  # seed (PARIS-97)

# -- tokens (PARIS-20..23, PARIS-38, G-4) ---------------------------------------------

STOCK_KINDS: Final[tuple[str, ...]] = ("wood", "marble", "gold", "bronze", "silver", "pgold")
STOCK_NAMES: Final[tuple[str, ...]] = (
    "wood", "marble", "gold", "bronze prestige", "silver prestige", "gold prestige",
)
WOOD, MARBLE, GOLD, BRONZE, SILVER, PGOLD = range(6)
RESOURCES: Final[tuple[int, ...]] = (WOOD, MARBLE, GOLD)
PRESTIGE: Final[tuple[int, ...]] = (BRONZE, SILVER, PGOLD)
TOKEN_COUNTS: Final[tuple[int, ...]] = (6, 6, 6, 6, 6, 6)  # gold 6: seed; rest: public

# Basic token layout per district at values 1, 2, 3, 4, 5, 8 (G-4, reconstructed):
# prestige at 1-3 rotated so each metal appears twice at each value, wood/marble at 4-5
# (wood at 4 in three districts), gold resource at 8 (seed: variant text).
TOKEN_LAYOUT: Final[tuple[tuple[int, ...], ...]] = (
    (BRONZE, SILVER, PGOLD, WOOD, MARBLE, GOLD),
    (SILVER, PGOLD, BRONZE, MARBLE, WOOD, GOLD),
    (PGOLD, BRONZE, SILVER, WOOD, MARBLE, GOLD),
    (BRONZE, SILVER, PGOLD, MARBLE, WOOD, GOLD),
    (SILVER, PGOLD, BRONZE, WOOD, MARBLE, GOLD),
    (PGOLD, BRONZE, SILVER, MARBLE, WOOD, GOLD),
)
TOKEN_LAYOUT_PROVENANCE: Final[Provenance] = "reconstructed"

# -- landmarks (PARIS-15, G-5) ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LandmarkSpec:
    """One landmark: building value, resource cost, prestige slots (kind, VP)."""

    name: str
    value: int
    cost: tuple[int, int, int]  # wood, marble, gold
    slots: tuple[tuple[int, int], ...]  # (prestige kind, VP per token handed in)
    provenance: Provenance


# PARIS-86 (seed): every landmark needs both marble and gold ("monumentos (que requieren
# mármol y oro)"); the amounts are reconstructed (G-5: 1 + 1 up to value 13, then more).
LANDMARKS: Final[tuple[LandmarkSpec, ...]] = (
    LandmarkSpec("Moulin Rouge", 9, (0, 1, 1), ((BRONZE, 2), (SILVER, 3)), "reconstructed"),
    LandmarkSpec("Panthéon", 10, (0, 1, 1), ((BRONZE, 2), (PGOLD, 4)), "reconstructed"),
    LandmarkSpec("Grand Palais", 11, (0, 1, 1),
                 ((BRONZE, 2), (SILVER, 3), (SILVER, 3)), "reconstructed"),
    # value 12 and its cost 1 marble + 1 gold: seed (Julie); its rewards reconstructed, so
    # the landmark is tagged reconstructed (the seed prints no landmark's rewards)
    LandmarkSpec("Opéra Garnier", 12, (0, 1, 1),
                 ((BRONZE, 3), (SILVER, 3), (PGOLD, 4)), "reconstructed"),
    # value 13: seed (Charlotte's example); cost and rewards: reconstructed
    LandmarkSpec("Louvre", 13, (0, 1, 1), ((SILVER, 4), (SILVER, 4), (PGOLD, 4)),
                 "reconstructed"),
    LandmarkSpec("Sacré-Cœur", 14, (0, 2, 1),
                 ((BRONZE, 3), (SILVER, 4), (PGOLD, 5)), "reconstructed"),
    LandmarkSpec("Notre-Dame", 15, (0, 1, 2),
                 ((SILVER, 4), (PGOLD, 5), (PGOLD, 5)), "reconstructed"),
    LandmarkSpec("Eiffel Tower", 16, (0, 2, 2),
                 ((BRONZE, 3), (PGOLD, 5), (PGOLD, 5)), "reconstructed"),
)
NUM_LANDMARKS: Final = 8  # seed
NUM_SPACES: Final = NUM_BUILDINGS + NUM_LANDMARKS  # 36 buildings, then 8 landmarks

# -- bonus tiles (PARIS-16, PARIS-17, PARIS-113..126, G-6, G-7) ------------------------

BonusKind = Literal[
    "francs", "vp", "resource", "resource_choice", "prestige_choice", "token_choice",
    "two_resources", "two_prestige", "resource_and_prestige", "per_value", "per_landmark",
    "per_district", "key", "stack_own", "share_opponent", "take_any", "francs_to_vp",
]
# Kinds that serve as tokens (PARIS-121), and the choices they are used with.
TOKEN_KINDS: Final[frozenset[str]] = frozenset({
    "resource_choice", "prestige_choice", "token_choice", "two_resources", "two_prestige",
    "resource_and_prestige",
})
PRESTIGE_GIVING_KINDS: Final[frozenset[str]] = frozenset({
    "prestige_choice", "token_choice", "two_prestige", "resource_and_prestige",
})


@dataclass(frozen=True, slots=True)
class BonusSpec:
    """A bonus tile number's effect. `amount`: francs, VP, key price, or VP per building,
    landmark or district; `kind_param`: the fixed resource (resource) or building value
    (per_value)."""

    number: int
    kind: BonusKind
    amount: int
    kind_param: int
    provenance: Provenance
    text: str


def _b(number: int, kind: BonusKind, amount: int = 0, param: int = -1,
       provenance: Provenance = "reconstructed", text: str = "") -> BonusSpec:
    return BonusSpec(number, kind, amount, param, provenance, text)


BONUS: Final[tuple[BonusSpec, ...]] = (
    _b(1, "francs", 2, text="+2 francs"),
    _b(2, "resource", param=WOOD, text="counts as 1 wood"),
    _b(3, "resource", param=MARBLE, text="counts as 1 marble"),
    _b(4, "resource", param=GOLD, text="counts as 1 gold"),
    _b(5, "francs", 3, text="+3 francs"),
    _b(6, "per_value", 2, 1, text="2 VP per value-1 building you occupy"),
    _b(7, "vp", 3, text="+3 VP"),
    _b(8, "prestige_choice", provenance="public", text="counts as 1 prestige of your choice"),
    _b(9, "stack_own", provenance="public",
       text="this turn, move a key onto a space you occupy; it counts double"),
    _b(10, "resource_choice", provenance="public", text="counts as 1 resource of your choice"),
    _b(11, "per_value", 3, 2, text="3 VP per value-2 building you occupy"),
    _b(12, "francs", 5, text="+5 francs"),
    _b(13, "key", 4, text="pay 4 francs: 1 key from the reserve"),
    _b(14, "key", 2, text="pay 2 francs: 1 key from the reserve"),
    _b(15, "per_value", 4, 3, text="4 VP per value-3 building you occupy"),
    _b(16, "share_opponent", provenance="seed",
       text="this turn, move a key onto an opponent's space; both keys stay"),
    _b(17, "take_any", provenance="public", text="take any bonus tile from the track"),
    _b(18, "per_value", 5, 4, provenance="seed", text="5 VP per value-4 building you occupy"),
    _b(19, "token_choice", text="counts as 1 resource or prestige of your choice"),
    # 20, 21, 24, 25, 29, 30: public sources put them outside the "francs and/or VP"
    # group (1, 5, 7, 12, 22); their effects are reconstructed (G-6), as two-token tiles
    # like 23 and as VP per landmark / per district, in the spirit of the per-building
    # tiles. (Engine 0.1.0 had francs or VP here; legacy.py keeps that for old records.)
    _b(20, "two_prestige", text="counts as 2 prestige tokens of your choice"),
    _b(21, "resource_and_prestige",
       text="counts as 1 resource and 1 prestige token of your choice"),
    # 22: rules edition 9's +5 VP (issue 15, session 25); editions 1-8 paid +6 VP
    # (legacy.BONUS_0_8): its holders won 66% of 2-player ISMCTS games, the one prize over
    # the 65% bound (docs/games/paris.md, "Rules edition 9").
    _b(22, "vp", 5, text="+5 VP"),
    _b(23, "two_resources", text="counts as 2 resources of your choice"),
    _b(24, "per_landmark", 3, text="3 VP per landmark you occupy"),
    # 25, 26, 28: rules edition 8's amounts (issue 15, session 16); editions 2-7 paid 2 VP
    # per district, 5 per value-5 and 6 per value-8 building (legacy.BONUS_0_7): under
    # 2-player ISMCTS, with edition 8's lower VP tiles, their holders won 73%, 71% and 67%
    # (docs/games/paris.md, "Rules edition 8").
    _b(25, "per_district", 1,
       text="1 VP per district where you occupy a building or landmark"),
    _b(26, "per_value", 4, 5, text="4 VP per value-5 building you occupy"),
    _b(27, "francs_to_vp", provenance="seed", text="at the end: 1 VP per franc (not usable)"),
    _b(28, "per_value", 5, 8, text="5 VP per value-8 building you occupy"),
    _b(29, "per_landmark", 4, text="4 VP per landmark you occupy"),
    _b(30, "per_district", 3,
       text="3 VP per district where you occupy a building or landmark"),
)
NUM_BONUS_NUMBERS: Final = 30  # seed
TRACK_LENGTH: Final = 30  # seed (PARIS-4)
BONUS_ZONES: Final[tuple[str, ...]] = ("A", "B", "C")
ZONE_SPAN: Final = 10  # reconstructed (G-7): A = 1-10, B = 11-20, C = 21-30


def zone_of(number: int) -> int:
    """G-7 (reconstructed): the zone letter index of a number / track space."""
    return (number - 1) // ZONE_SPAN


# Extra copies with a player-count icon (G-7, reconstructed): 6 with the 3p icon and 6
# with the 4p icon; 30 + 12 = 42 tiles (seed).
COPIES_3P: Final[tuple[int, ...]] = (1, 2, 5, 8, 10, 12)
COPIES_4P: Final[tuple[int, ...]] = (3, 4, 7, 19, 20, 22)


def bonus_copies(number: int, players: int) -> int:
    """PARIS-44, PARIS-160, PARIS-161: copies of a number used at this player count."""
    copies = 1
    if players >= 3 and number in COPIES_3P:
        copies += 1
    if players >= 4 and number in COPIES_4P:
        copies += 1
    return copies


# -- end-game tiles (PARIS-18, PARIS-103..107, G-8) -------------------------------------


@dataclass(frozen=True, slots=True)
class EndTileSpec:
    """One kind of end-game tile and how many of the 12 tiles have it."""

    code: str
    kind: BonusKind
    amount: int
    copies: int
    provenance: Provenance
    text: str


# `copies` are rules edition 8's: the six VP tiles of the pile are +5 ×3 and +6 ×3 (issue
# 15, sessions 15 and 16: the pile's largest tile, taken first by whoever turns to the pile
# first, was the prize a 2-player game turned on; its holders won 67%, vp8's, with
# edition 4's +3 … +8, one each). The pile keeps its 33 VP. Editions 1-3 had f4, f6 and
# f8 (+4, +6, +8 francs) where editions 4-7 have vp6, vp7 and vp8 (a franc tile was
# worth its francs in VP to bonus tile 27's holder alone; docs/games/paris.md,
# "Balance"). The kinds of every edition stay listed, so that every code keeps one
# meaning and every record keeps its notation; an edition's copies are in its Ruleset
# (legacy.py).
END_TILES: Final[tuple[EndTileSpec, ...]] = (
    EndTileSpec("vp3", "vp", 3, 0, "reconstructed", "+3 VP"),  # editions 1-7
    EndTileSpec("vp4", "vp", 4, 0, "reconstructed", "+4 VP"),  # editions 1-7
    EndTileSpec("vp5", "vp", 5, 3, "reconstructed", "+5 VP"),  # 1 copy in editions 1-7
    EndTileSpec("f4", "francs", 4, 0, "reconstructed", "+4 francs"),  # editions 1-3
    EndTileSpec("f6", "francs", 6, 0, "reconstructed", "+6 francs"),  # editions 1-3
    EndTileSpec("f8", "francs", 8, 0, "reconstructed", "+8 francs"),  # editions 1-3
    EndTileSpec("res", "resource_choice", 0, 2, "seed",
                "counts as 1 resource of your choice"),  # seed: some give resources
    EndTileSpec("pres", "prestige_choice", 0, 2, "seed",
                "counts as 1 prestige of your choice"),  # seed: some give prestige
    EndTileSpec("stack", "stack_own", 0, 1, "reconstructed", "as bonus tile 9"),
    EndTileSpec("share", "share_opponent", 0, 1, "reconstructed", "as bonus tile 16"),
    EndTileSpec("vp6", "vp", 6, 3, "reconstructed", "+6 VP"),  # 1 copy in editions 4-7
    EndTileSpec("vp7", "vp", 7, 0, "reconstructed", "+7 VP"),  # editions 4-7
    EndTileSpec("vp8", "vp", 8, 0, "reconstructed", "+8 VP"),  # editions 4-7
)
END_COPIES: Final[tuple[int, ...]] = tuple(t.copies for t in END_TILES)
NUM_END_TILES: Final = 12  # seed

# -- VP tiles (PARIS-19, G-9) ------------------------------------------------------------

# Rules edition 8 (issue 15, sessions 15 and 16): 9/5/3, 9/6/3, 10/6/3, 10/7/4, 11/7/4,
# 12/8/4, with the flat end-game pile above and bonus tiles 25, 26 and 28 one VP lower
# a unit (with these tiles and their edition-7 values, the bonus tiles' holders won 71-73%
# of 2-player ISMCTS games). The first district to reach 4 keys takes the
# largest tile left, nearly always the most contested one, and at 2 players what its
# tile adds is the gap between its first and second amounts: 4 points here at most
# (edition 7's 14/7/4: 7). Its majority holders won 67% of 2-player greedy games with
# edition 7's series (2,400 games); winning that district without any tile value is
# worth about 60% on its own (docs/games/paris.md, "Rules edition 8"). Edition 7: 9/5/3
# ... 14/7/4; edition 6: 10/5/3 ... 16/8/4; edition 5: 10/5/3 ... 24/12/6; editions 3
# and 4: 12/6/3 ... 30/15/8; edition 2: 8/4/2 ... 20/10/5 (legacy.py).
VP_TILES: Final[tuple[tuple[int, int, int], ...]] = (
    (9, 5, 3), (9, 6, 3), (10, 6, 3), (10, 7, 4), (11, 7, 4), (12, 8, 4),
)
VP_TILES_PROVENANCE: Final[Provenance] = "reconstructed"
VP_TRIGGER_KEYS: Final = 4  # seed (PARIS-127)

# -- exchange table (PARIS-30, PARIS-108..112, G-10) ------------------------------------

BUY_PRICE: Final[tuple[int, int, int]] = (3, 4, 5)  # wood, marble, gold (reconstructed)
# per stock kind (reconstructed). Rules edition 7 (issue 15, session 14): every token
# sells for 1 franc, so that tokens sold are not a second income for tile 27's holder
# (1 VP per franc): its holders won 69% of 2-player greedy games with gold and gold
# prestige at 2, 62% at 1. Editions 3-6: 1, 1, 2 for each of resources and prestige;
# edition 2: 1, 2, 3 (legacy.py).
SELL_PRICE: Final[tuple[int, ...]] = (1, 1, 1, 1, 1, 1)

# -- setup (PARIS-36, PARIS-40, PARIS-41, PARIS-46, PARIS-47, PARIS-153, PARIS-158) -----

# PARIS-24, PARIS-25, PARIS-37, G-11: the 35 coins are a display matter; the general
# supply of francs is unlimited. PARIS-5, PARIS-33: VP start at 0 (state.vp_parts).
# PARIS-26, PARIS-31, PARIS-159: per seat a screen, keys, a meeple and a VP disc; only
# the colours in play exist in a State.
START_FRANCS: Final = 3  # seed
START_KEYS: Final[dict[int, int]] = {2: 10, 3: 9, 4: 7}  # seed
RESERVE_KEYS_PER_COLOUR: Final = 2  # seed
NUM_STACKS: Final = 3  # seed
REMOVED_TILES: Final = 3  # seed (basic); 0 in the free-district variant (seed)

SEAT_COLOURS: Final[tuple[tuple[str, str, str], ...]] = (
    # (name, css, Rich colour) for seats 0..3: display only
    ("red", "#d23c3c", "red1"),
    ("blue", "#2f6fd6", "dodger_blue1"),
    ("yellow", "#e0b000", "yellow1"),
    ("green", "#2e9e4f", "green3"),
)
