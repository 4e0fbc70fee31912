"""What each seat may know in Paris, the score display, and resampling.

Public (PARIS-29): the board, keys, tokens on the board, the track and meeples, VP,
VP tiles, landmarks, stack sizes and top districts, the general supply, used bonus
tiles (face up beside the screens), how many end-game tiles each seat holds (G-16).
Behind each screen (PARIS-27, PARIS-28): francs, keys, resources, prestige, held
bonus tiles, held end-game tiles. The screens are lifted at the end.

Only the end-game tiles are truly secret (PARIS-104): every other screen item follows
from public moves, as at the real table. A tile is taken by a secret move (`take vp6`,
seen by the taker only), after a public `endgame` whose searcher alone sees the pile
(its view shows it while choosing; the state remembers what it saw, `eg_looks`).
`resample` therefore redraws the end-game tiles other seats took, and the pile,
consistent with every pile the seat saw, its own takes and every tile used in public
(docs/games/paris.md, "Decisions"), and it reads nothing else of the others' takes.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import TYPE_CHECKING, Any

from belle.engine.game import ScoreLine
from belle.games.paris import data, rules
from belle.games.paris.rules import NB, SPACE_VALUE, TILE_COST, TILE_TYPE
from belle.games.paris.texts import PARTS, TEXTS, edition_bonus_fields, tile_fields

if TYPE_CHECKING:
    from belle.games.paris.state import ParisState

CODES = [d.code for d in data.DISTRICTS]
KINDS = data.STOCK_KINDS
NV = data.NUM_VALUES


def _seats(mask: int, players: int) -> list[int]:
    return [s for s in range(players) if mask >> s & 1]


def _numbers(mask: int) -> list[int]:
    return [n for n in range(1, 31) if mask >> n & 1]


def _stock(counts: list[int]) -> dict[str, int]:
    return dict(zip(KINDS, counts, strict=True))


def _space(state: ParisState, space: int) -> dict[str, Any]:
    token = state.token_at[space]
    return {
        **_space_fixed(space, state.built[space]),
        "token": KINDS[token] if token >= 0 else None,
        "keys": list(state.space_keys[space]),
    }


@cache
def _space_fixed(space: int, tile: int) -> dict[str, Any]:
    """The fields of a space that follow from the building tile on it (-1: none): worked
    out once, as every seat's view lists every space at every event."""
    from belle.games.paris.actions import space_name

    return {
        "space": space_name(space),
        "value": SPACE_VALUE[space],
        "built": tile >= 0,
        "type": TILE_TYPE[tile] if tile >= 0 else data.BUILDING_MATRIX[space // NV][space % NV],
        "tile_district": CODES[tile // NV] if tile >= 0 else None,
        "cost": list(TILE_COST[tile]) if tile >= 0 else [0, 0, 0],
    }


def _landmark(state: ParisState, lm: int) -> dict[str, Any]:
    return {**_landmark_fixed(lm, state.rules.landmarks[lm]),
            "keys": list(state.space_keys[NB + lm])}


@cache
def _landmark_fixed(lm: int, spec: data.LandmarkSpec) -> dict[str, Any]:
    """A landmark's fields but its keys, as the table's rules edition has it (edition 1's
    landmarks cost otherwise: legacy.py); worked out once, like `_space_fixed`."""
    from belle.games.paris.actions import space_name

    return {
        "space": space_name(NB + lm),
        **TEXTS.fields(name=f"landmark.{lm}.name"),
        "value": spec.value,
        "cost": list(spec.cost),
        "slots": [{"kind": KINDS[k], "vp": vp} for k, vp in spec.slots],
    }


def _district(state: ParisState, d: int) -> dict[str, Any]:
    spec = data.DISTRICTS[d]
    tile = state.vp_tile_at[d]
    return {
        "code": spec.code,
        "name": spec.name,
        "bank": spec.bank,
        "bank_keys": _seats(state.bank_keys[d], state.num_players),
        "spaces": [_space(state, d * NV + v) for v in range(NV)],
        "landmarks": sorted(
            (_landmark(state, lm) for lm in range(data.NUM_LANDMARKS)
             if state.landmark_district[lm] == d),
            key=lambda item: item["value"]),
        "keys_on_spaces": state.district_keys[d],
        "vp_tile": tile + 1 if tile >= 0 else None,
        "vp_amounts": list(state.rules.vp_tiles[tile]) if tile >= 0 else None,
    }


def _pending(state: ParisState) -> dict[str, Any] | None:
    if state.phase == "benefit" and state.pending:
        item = state.pending[0]
        if item[0] == "bonus":
            return {"kind": "bonus", "fee": item[1]}
        if item[0] == "prestige":
            return {"kind": "prestige", "landmark": data.LANDMARKS[item[1]].value,
                    "used": [i for i in range(3) if item[2] >> i & 1]}
        return {"kind": "vptile"}
    if state.phase == "put":
        return {"kind": "put", "value": data.VALUES[state.drawn % NV],
                "type": TILE_TYPE[state.drawn], "district": CODES[state.drawn // NV]}
    return None


def screen(state: ParisState, seat: int) -> dict[str, Any]:
    """Everything behind `seat`'s screen (PARIS-27, PARIS-28)."""
    return {
        "francs": state.francs[seat],
        "keys": state.keys[seat],
        "stock": _stock(state.stock[seat]),
        "tile_tokens": _stock(state.vstock[seat]),
        "bonus": _numbers(state.bonus_held[seat]),
        "endgame": [data.END_TILES[t].code for t, c in enumerate(state.eg_held[seat])
                    for _ in range(c)],
    }


def public_view(state: ParisState) -> dict[str, Any]:
    """What everyone may know: all but what stands behind each screen (PARIS-27)."""
    over = state.phase == "over"
    players = state.num_players
    result: dict[str, Any] = {
        "game": "paris",
        "players": players,
        "phase": state.phase,
        **({"end": TEXTS.message("end.final_round"),  # PARIS-134
            "end_reason": TEXTS.say("end.final_round")} if state.phase == "over" else {}),
        "to_move": state.to_move if state.current_player() >= 0 else None,
        "start_player": state.start_player if state.start_player >= 0 else None,
        "turns": state.turns,
        "options": {"random_setup": state.random_setup, "free_districts": state.free_districts},
        "districts": [_district(state, d) for d in range(data.NUM_DISTRICTS)],
        "arc": _seats(state.arc_keys, players),
        "landmark_supply": [_landmark(state, lm) for lm in range(data.NUM_LANDMARKS)
                            if state.landmark_district[lm] < 0],
        "vp_tiles": [
            {"tile": t + 1, "amounts": list(amounts),
             "district": CODES[state.vp_tile_at.index(t)] if t in state.vp_tile_at else None}
            for t, amounts in enumerate(state.rules.vp_tiles)
        ],
        "track": [{"space": s, "number": state.track_num[s], "count": state.track_cnt[s]}
                  for s in range(1, data.TRACK_LENGTH + 1)],
        "stacks": [{"size": size, "top": CODES[top] if top >= 0 else None}
                   for size, top in zip(state.stack_size, state.stack_top, strict=True)],
        "drawing": state.drawing + 1 if state.phase == "value" else None,
        "discarded": [f"{CODES[t // NV]}{data.VALUES[t % NV]}" for t in state.discarded],
        "supply": _stock([*state.supply, 0, 0, 0]),
        # the table's own edition: an older record's sale prices, not today's (G-10)
        "prices": {"buy": list(data.BUY_PRICE), "sell": list(state.rules.sell_price)},
        # an older record's bonus tiles whose texts differ from today's (board_json's)
        **_bonus_texts(state.rules.bonus),
        "endgame_pile": sum(state.eg_pile),
        "seats": [
            {
                "seat": s,
                "colour": data.SEAT_COLOURS[s][1],
                "vp": state.running_vp(s),
                "meeple": state.meeple[s],
                "reserve": state.reserve[s],
                "bonus_used": _numbers(state.bonus_used[s]),
                "endgame_count": sum(state.eg_held[s]),
            }
            for s in range(players)
        ],
        "pending": _pending(state),
        "flags": {"stack_own": state.flag_own, "share_opponent": state.flag_share},
        "end_triggered": state.end_triggered,
        "turns_left": state.turns_left if state.end_triggered else None,
        "breakdown": state.score_breakdown(),
    }
    if over:
        result["screens"] = [screen(state, s) for s in range(players)]
        result["scores"] = state.returns()
        result["ranking"] = state.ranking()
    return result


def private_view(state: ParisState, seat: int | None) -> dict[str, Any]:
    """`seat`'s screen while the game runs (PARIS-27, PARIS-28), and the end-game pile
    when it picks from it (PARIS-103, PARIS-104)."""
    if state.phase == "over" or seat is None:
        return {"seat": seat}
    me = screen(state, seat)
    if state.phase == "pick" and state.to_move == seat:
        me["pile"] = [
            {"tile": spec.code, "count": count}
            for spec, count, copies in zip(data.END_TILES, state.eg_pile,
                                           state.rules.end_copies, strict=True)
            if copies]  # the kinds of this rules edition (G-8)
    return {"seat": seat, "me": me}


def _bonus_texts(bonus: tuple[data.BonusSpec, ...]) -> dict[str, Any]:
    """{"bonus_texts": …} for an edition whose bonus texts are not today's, else {} (a
    copied or unpickled state holds equal tiles, not today's very tuple)."""
    if bonus is data.BONUS:
        return {}
    texts = _edition_texts(bonus)
    return {"bonus_texts": texts} if texts else {}


@cache
def _edition_texts(bonus: tuple[data.BonusSpec, ...]) -> dict[str, dict[str, Any]]:
    """edition_bonus_fields, once per edition."""
    return edition_bonus_fields(bonus)


def board_json() -> dict[str, Any]:
    """Fixed material for the browser (GET /api/games/paris/board)."""
    return {
        "districts": [
            {"code": d.code, "name": d.name, "bank": d.bank, "colour": d.css}
            for d in data.DISTRICTS
        ],
        "values": list(data.VALUES),
        "seat_colours": [c[1] for c in data.SEAT_COLOURS],
        "bonus": [{"number": b.number, **tile_fields("bonus", b.number),
                   "zone": "ABC"[data.zone_of(b.number)]}
                  for b in data.BONUS],
        # Every kind any edition dealt, so that a table of an older edition names its
        # tiles too (a code keeps its meaning across editions); copies are today's.
        "endgame": [{"code": t.code, **tile_fields("endgame", t.code), "copies": t.copies}
                    for t in data.END_TILES],
        "kinds": list(KINDS),
        "kind_names": list(data.STOCK_NAMES),
        "buy": list(data.BUY_PRICE),
        "sell": list(data.SELL_PRICE),
    }


# -- scores --------------------------------------------------------------------------------


def running_breakdown(state: ParisState, seat: int) -> list[ScoreLine]:
    return [
        TEXTS.score_line(f"score.{part}", points, "detail.during_play")
        for part, points in zip(PARTS, state.vp_parts[seat], strict=True)
    ]


def final_breakdown(state: ParisState) -> list[list[ScoreLine]]:
    """PARIS-135..142: running VP, tile 27, and every district with a VP tile."""
    players = state.num_players
    lines = [running_breakdown(state, s) for s in range(players)]
    for s in range(players):
        if state.bonus_held[s] >> 27 & 1:  # PARIS-135
            lines[s].append(TEXTS.score_line("score.tile27", state.francs[s], "detail.tile27",
                                             francs=state.francs[s]))
    for d in range(data.NUM_DISTRICTS):
        tile = state.vp_tile_at[d]
        if tile < 0:
            continue  # PARIS-136
        spaces = [*rules.DISTRICT_SPACES[d], *(
            NB + lm for lm in range(data.NUM_LANDMARKS) if state.landmark_district[lm] == d)]
        total, highest = rules.strengths(state.space_keys, spaces, players)
        awards = rules.majority_awards(total, highest, state.rules.vp_tiles[tile])
        for s in range(players):
            lines[s].append(TEXTS.score_line(
                "score.majority", awards[s], "detail.majority",
                district=TEXTS.message(f"district.{data.DISTRICTS[d].code}"),
                strength=total[s], highest=highest[s],
                tile="/".join(map(str, state.rules.vp_tiles[tile]))))
    return lines


# -- the true state ---------------------------------------------------------------------


def full_state(state: ParisState) -> dict[str, Any]:
    """The whole true state, hidden parts included (tests, snapshots)."""
    return {
        **state.view(None),
        "screens": [screen(state, s) for s in range(state.num_players)],
        "all_vstock": [list(v) for v in state.vstock],
        "bonus_held": [_numbers(m) for m in state.bonus_held],
        "eg_pile": list(state.eg_pile),
        "eg_takes": [list(t) for t in state.eg_takes],
        "eg_uses": [list(u) for u in state.eg_uses],
        "eg_looks": [[[list(seen), at] for seen, at in looks] for looks in state.eg_looks],
        "unseen": [t for t in range(NB) if state.unseen[t]],
        "drawn": state.drawn,
        "pending_raw": [list(p) for p in state.pending],
        "setup_index": state.setup_index,
        "after_reveal": state.after_reveal,
        "resume": state.resume,
        "history": [state.action_to_string(a) for a in state.history],
    }


# -- determinization ------------------------------------------------------------------------

Pools = list[Counter[int]]


def _segments(state: ParisState, seat: int) -> tuple[Pools, list[int]]:
    """What `seat` knows of the end-game tiles, from the piles it saw: per stretch
    between two of its searches, the multiset the other seats' takes there came from
    (the last one also holds the pile); and each take's stretch (-1 for seat's own).
    Reads seat's own takes and looks and the public order of takes, nothing else."""
    looks = state.eg_looks[seat]
    own = {i: tile for i, (s, tile, _) in enumerate(state.eg_takes) if s == seat}
    remaining = Counter(dict(enumerate(state.rules.end_copies)))
    pools: Pools = []
    for seen, at in looks:
        pile = Counter({t: c for t, c in enumerate(seen) if c})
        pools.append(remaining - pile)  # what the others took since the last search
        remaining = pile
        if at in own:
            remaining = remaining - Counter([own[at]])
    pools.append(remaining)  # the others' later takes, and the pile
    segment = [
        -1 if s == seat else sum(1 for _, at in looks if at <= i)
        for i, (s, *_rest) in enumerate(state.eg_takes)
    ]
    return pools, segment


def _needs(state: ParisState, seat: int) -> dict[int, list[tuple[int, int, int]]]:
    """Per other seat, its public uses as (tile, takes by then, uses of that tile so
    far): its first `takes by then` takes must hold that many of the tile (G-16)."""
    needs: dict[int, list[tuple[int, int, int]]] = {}
    used: Counter[tuple[int, int]] = Counter()
    for user, tile, made in state.eg_uses:
        if user != seat:
            used[user, tile] += 1
            needs.setdefault(user, []).append((tile, made, used[user, tile]))
    return needs


def _assign(state: ParisState, seat: int, rng: random.Random) -> list[int]:
    """A tile for every take, consistent with what `seat` knows: a depth-first search
    over the others' takes in order, trying tiles in a random order drawn like tiles
    from the bag (so the first try follows the copies left). It is complete, and the
    truth is one answer, so it always finds one; it never reads the others' tiles."""
    pools, segment = _segments(state, seat)
    needs = _needs(state, seat)
    takers = [s for s, *_ in state.eg_takes]
    tiles = [tile if s == seat else -1 for s, tile, _ in state.eg_takes]
    order = [i for i, s in enumerate(takers) if s != seat]
    left = [Counter(p) for p in pools]
    mine: dict[int, list[int]] = {u: [] for u in needs}  # u's takes so far (tiles)

    def feasible(user: int) -> bool:
        """Whether user's takes so far can still meet its uses (Hall's condition: the
        uses of a tile needing at most k takes are nested, so counts suffice)."""
        got = mine[user]
        have = len(got)
        wanted: dict[int, int] = {}
        for tile, made, count in needs[user]:
            if made <= have:
                if got[:made].count(tile) < count:
                    return False
                continue
            wanted[tile] = count
            short = sum(max(0, c - got.count(t)) for t, c in wanted.items())
            if short > made - have:
                return False
        return True

    def place(k: int) -> bool:
        if k == len(order):
            return True
        i = order[k]
        pool = left[segment[i]]
        bag = sorted(pool.elements())
        rng.shuffle(bag)
        user = takers[i]
        for tile in dict.fromkeys(bag):  # distinct tiles, in order of first draw
            pool[tile] -= 1
            tiles[i] = tile
            if user in mine:
                mine[user].append(tile)
            if (user not in mine or feasible(user)) and place(k + 1):
                return True
            if user in mine:
                mine[user].pop()
            pool[tile] += 1
        tiles[i] = -1
        return False

    if not place(0):
        raise RuntimeError("no end-game tiles fit what this seat knows")  # unreachable
    return tiles


def resample(state: ParisState, seat: int, rng: random.Random) -> ParisState:
    """Redraw the end-game tiles the other seats took (and so the pile, the piles they
    saw, and their `take` entries in the history), consistent with everything `seat`
    knows; everything else is public. Once the game is over the screens are lifted."""
    from belle.games.paris.actions import TAKE

    new = state.clone()
    if state.phase == "over" or all(s == seat for s, *_ in state.eg_takes):
        return new  # nothing seat does not know
    tiles = _assign(state, seat, rng)
    kinds = len(data.END_TILES)
    pile = list(state.rules.end_copies)
    piles = [tuple(pile)]  # the pile after each number of takes
    new.eg_held = [[0] * kinds for _ in range(state.num_players)]
    for i, (taker, _, at) in enumerate(state.eg_takes):
        tile = tiles[i]
        new.eg_takes[i] = (taker, tile, at)
        new.eg_held[taker][tile] += 1
        if taker != seat:
            new.history[at] = TAKE[tile]
        pile[tile] -= 1
        piles.append(tuple(pile))
    for user, tile, _ in state.eg_uses:
        new.eg_held[user][tile] -= 1
    new.eg_pile = pile
    new.eg_looks = [
        looks[:] if other == seat else [(piles[at], at) for _, at in looks]
        for other, looks in enumerate(state.eg_looks)]
    return new
