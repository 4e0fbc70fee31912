"""What each seat may know in Bruxelles 1893, the score lines, and determinizations.

Almost everything is open: money, bids under assistants, works, materials, figures,
bonus cards. Deck contents are public counts whose order does not exist (each deal is
a chance node). The one secret: when a seat draws several works at once (a Workshop
with exhibition tiles, a figure or bonus card that draws 2), only it sees them until
it keeps one (BRX-71, BRX-72); the others see how many it drew. `resample` redraws
those works for the other seats and rewrites their hidden history entries.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from belle.engine.game import ScoreLine
from belle.games.bruxelles_1893 import actions as act
from belle.games.bruxelles_1893 import data, flow, rules
from belle.games.bruxelles_1893.steps import REBUILD_AT_ONCE
from belle.games.bruxelles_1893.texts import TEXTS

if TYPE_CHECKING:
    from belle.games.bruxelles_1893.state import BruxellesState

COLOURS = data.ART_COLOURS


def _colour_counts(counts: list[int]) -> dict[str, int]:
    return {COLOURS[c]: n for c, n in enumerate(counts) if n}


def _private_drawer(state: BruxellesState) -> int:
    """The seat holding privately drawn works now, or -1."""
    groups = state.art_groups
    if state.drawn and groups and groups[-1][3] < 0:
        return groups[-1][2]
    return -1


def public_view(state: BruxellesState) -> dict[str, Any]:
    """What everyone may know: all but works drawn privately (BRX-71, BRX-72)."""
    over = state.phase == "over"
    player = state.current_player()
    result: dict[str, Any] = {
        "game": "bruxelles_1893",
        "players": state.num_players,
        "round": state.round,
        "phase": state.phase,
        "phase_title": data.PHASE_TITLES[state.phase],
        "first_player": state.first if state.first >= 0 else None,
        "to_move": player if player >= 0 else None,
        "decision": decision(state),
        "exhibition": {
            "year": data.EXHIBITION_YEARS[state.round - 1] if state.round else None,
            "owners": [s if s >= 0 else None for s in state.exhibition_owner[:state.round]],
        },
        "board": board_state(state),
        "stock": stock_view(state),
        "compass": {
            "tiles": [data.COMPASS_TILES[t] for t in state.compass],
            "needles": list(state.needles),
        },
        "theatre": [data.FIGURES[f].id if f >= 0 else None for f in state.theatre],
        "theatre_deck": sum(state.fig_deck),
        "workshop": {"cursor": list(state.cursor)},
        "shop": [[COLOURS[c] for c in stack] for stack in state.shop],
        "sales": state.sales,
        "piles": {"coloured": sum(state.coloured), "black": state.black},
        "supply": {
            **{m: state.mat_supply[i] for i, m in enumerate(data.MATERIALS_NAMES)},
            "joker": state.joker_supply,
        },
        "brussels": [
            {"action": data.BRUSSELS[b], **TEXTS.fields(title=f"brussels.{data.BRUSSELS[b]}.title"),
             "uses": state.uses[b], "next_cost": state.uses[b] + 1,
             "assistants": list(state.brussels[b])}
            for b in range(4)
        ],
        "players_state": [player_view(state, s) for s in range(state.num_players)],
        "drawn_count": len(state.drawn),
        "payment": dict(zip(data.PAY_NAMES, state.paid, strict=True))
        if state.tasks and state.tasks[-1][0] == "pay" else None,
        "notes": list(state.notes),
        **({"end": TEXTS.message("end.rounds"), "end_reason": TEXTS.say("end.rounds")}
           if over else {}),  # BRX-188
    }
    if over:
        result["scores"] = state.returns()
        result["ranking"] = state.ranking()
        result["breakdown"] = state.score_breakdown()
    return result


def private_view(state: BruxellesState, seat: int | None) -> dict[str, Any]:
    """The works just drawn: to everyone when drawn in the open, else to their drawer
    only until it keeps one (BRX-71, BRX-72); the others see `drawn_count`."""
    drawer = _private_drawer(state)
    drawn = [COLOURS[c] for c in state.drawn] if drawer < 0 or seat == drawer else None
    return {"seat": seat, "drawn": drawn}


def board_state(state: BruxellesState) -> dict[str, Any]:
    spaces = []
    for space in range(data.SPACES):
        row = space // data.COLS
        action = flow.space_action(state, space) if row < len(state.strips) else None
        spaces.append({
            "label": rules.space_label(space),
            "action": data.AN_ACTIONS[action] if action is not None else None,
            "assistant": state.assistant[space] if state.assistant[space] >= 0 else None,
            "bid": state.bid[space] or None,
            "building": state.building[space] if state.building[space] >= 0 else None,
            "available": bool(state.area >> space & 1),
        })
    return {
        "strips": [s + 1 for s in state.strips],
        "side": "expert" if state.expert else "basic",
        "spaces": spaces,
        "shield": _shield_text(state.shield),
        "bonus_strip": [data.BONUS_CARDS[c].id if c >= 0 else None for c in state.bonus_strip],
        "bonus_deck": sum(state.bonus_deck),
    }


def _shield_text(shield: int) -> str | None:
    if shield < 0:
        return None
    r, c = rules.shield_rc(shield)
    return f"{r},{c}"


def stock_view(state: BruxellesState) -> dict[str, Any] | None:
    if state.stock_card < 0:
        return None
    card = data.STOCK_CARDS[state.stock_card]
    line = card.lines[state.num_players - 2]
    return {"id": card.id, "shields": [f"{r},{c}" for r, c in line], "payout": card.payout}


def player_view(state: BruxellesState, seat: int) -> dict[str, Any]:
    tracks = state.tracks[seat]
    return {
        "money": state.money[seat],
        "vp": state.vp[seat],
        "assistants": state.assistants[seat],
        "courthouse": state.court[seat],
        "out": state.out[seat],
        "architect": tracks[0] + 1,
        "architect_value": rules.track_value(data.ARCHITECT_TRACK, tracks[0]),
        "city_hall": tracks[1] + 1,
        "city_hall_value": rules.track_value(data.CITY_HALL_TRACK, tracks[1]),
        "palace": tracks[2] + 1,
        "palace_value": rules.track_value(data.PALACE_TRACK, tracks[2]),
        "built": state.built[seat],
        "works": _colour_counts(state.works[seat]),
        "materials": dict(zip(data.MATERIALS_NAMES, state.mats[seat], strict=True)),
        "jokers": state.jokers[seat],
        "exhibitions": state.exh[seat],
        "figures": [
            {"id": data.FIGURES[f].id, "ready": bool(state.ready[seat] >> f & 1),
             "payment": data.FIGURES[f].payment}
            for f in range(len(data.FIGURES)) if state.kept[seat] >> f & 1
        ],
        "bonus_kept": dict(zip(data.BONUS_CATEGORIES, state.bonus_kept[seat], strict=True)),
        "passed": state.passed[seat] if state.phase == "action" else False,
    }




def decision(state: BruxellesState) -> dict[str, Any] | None:
    if not state.tasks or state.tasks[-1][0] not in flow.DECISIONS:
        return None
    task = state.tasks[-1]
    kind = task[0]
    seat = state.to_move if kind == "turn" else int(task[1])
    info: dict[str, Any] = {"kind": kind, "seat": seat, **TEXTS.fields(text=f"prompt.{kind}")}
    if kind == "bid":
        info["space"] = rules.space_label(task[2])
    elif kind == "sale":
        info["steps_left"] = task[2]
        info["exhibition"] = bool(task[3])
    elif kind == "material":
        info["left"] = task[2]
    elif kind == "secondary":
        info["action"] = data.AN_ACTIONS[task[2]]
    elif kind == "grand":
        info["left"] = task[2]
    elif kind in ("fig_keep", "bonus"):
        table = data.FIGURES if kind == "fig_keep" else data.BONUS_CARDS
        info["card"] = table[task[2]].id
    elif kind == "cover":
        info["colour"] = COLOURS[task[2]]
    elif kind == "pay":
        info["cost"] = data.TILE_COST[state.built[seat]]
    return info


# -- scores -------------------------------------------------------------------------
def running_breakdown(state: BruxellesState, seat: int) -> list[ScoreLine]:
    return [TEXTS.score_line("score.track", state.vp[seat], "detail.track")]


Part = tuple[str, int, str, dict[str, Any]]
"""A final score line unrendered: score message id, points, detail message id, params."""


def final_lines(state: BruxellesState, seat: int, track_vp: int) -> list[ScoreLine]:
    """BRX-189..197 in order, `track_vp` scored during play. The 5 VP per unpaid figure
    come off the final total (BRX-190), which never drops below 0 (BRX-5).

    Revision 1 (records before engine 0.2.0) floored the loss at the VP scored during
    play instead, listed second.
    """
    lines: list[ScoreLine] = []
    for score_id, points, detail_id, params in _final_parts(state, seat, track_vp):
        if score_id == "score.bonus":
            name = params["category"]
            params = {**params, "category": TEXTS.message(f"category.{name}"),
                      "rule": TEXTS.message(_category_rule(name, state.revision))}
        lines.append(TEXTS.score_line(score_id, points, detail_id, **params))
    return lines


def final_total(state: BruxellesState, seat: int, track_vp: int) -> int:
    """The sum of final_lines' points, without rendering them (search scores every
    playout it finishes)."""
    return sum(points for _, points, _, _ in _final_parts(state, seat, track_vp))


def _final_parts(state: BruxellesState, seat: int, track_vp: int) -> list[Part]:
    """final_lines before their texts: what each line says and scores."""
    unpaid = bin(state.unpaid[seat]).count("1")
    architect = rules.track_value(data.ARCHITECT_TRACK, state.tracks[seat][0])
    built = state.built[seat]
    parts: list[Part] = [("score.during", track_vp, "detail.during", {})]
    if state.revision == 1:
        parts.append(("score.unpaid", -min(track_vp, unpaid * data.UNPAID_FIGURE_VP),
                      "detail.unpaid", {"count": unpaid, "each": data.UNPAID_FIGURE_VP}))
    parts += [
        ("score.buildings", built * architect,  # BRX-118, BRX-192
         "detail.buildings", {"count": built, "architect": architect}),
        ("score.completion", rules.completion_vp(built, state.revision),
         "detail.completion", {"count": built}),
    ]
    money = state.money[seat]
    sources = (money, state.assistants[seat], sum(state.mats[seat]) + state.jokers[seat],
               sum(state.works[seat]))
    for cat, count in enumerate(state.bonus_kept[seat]):
        if count:
            each = rules.bonus_category_vp(cat, *sources, state.revision)
            parts.append(("score.bonus", count * each, "detail.bonus", {
                "category": data.BONUS_CATEGORIES[cat], "count": count, "each": each}))
    parts.append(("score.money", money // data.BF_PER_VP, "detail.money",
                  {"money": money, "per": data.BF_PER_VP}))
    if state.revision == 1:
        return parts
    parts.append(("score.unpaid", -unpaid * data.UNPAID_FIGURE_VP,  # BRX-190: from the total
                  "detail.unpaid_final", {"count": unpaid, "each": data.UNPAID_FIGURE_VP}))
    total = sum(points for _, points, _, _ in parts)
    if total < 0:  # BRX-5: a score never drops below 0
        parts.append(("score.floor", -total, "detail.floor", {}))
    return parts


def if_ended_now(state: BruxellesState) -> list[float]:
    """BRX-189..197 for every seat as if round 5 had just ended, the state unchanged: its
    kept figures settled (those still unpaid once the final scoring is under way), in the
    order that scores most for it (BRX-191 lets it choose), then the final total. It reads
    money, tracks, buildings, materials, kept works and bonus cards, all public; works
    drawn in secret are not held until one is kept (BRX-71, BRX-72), so they never count.
    """
    settling = state.phase == "scoring"
    return [float(max(_settled_total(state, seat, paid)
                      for paid in _settlements(state, seat, settling)))
            for seat in range(state.num_players)]


def _settlements(state: BruxellesState, seat: int, settling: bool) -> list[int]:
    """The sets of figures (bit masks) the seat may end up paying: each maximal set it
    can afford (BRX-189, BRX-191: a card it can still pay when settled is paid)."""
    owed = state.unpaid[seat] if settling else state.kept[seat]
    figures = [f for f in range(len(data.FIGURES)) if owed >> f & 1]
    money = state.money[seat]
    found = []
    for mask in range(1 << len(figures)):
        chosen = [f for i, f in enumerate(figures) if mask >> i & 1]
        left = money - sum(data.FIGURES[f].payment for f in chosen)
        if left >= 0 and all(data.FIGURES[f].payment > left
                             for f in figures if f not in chosen):
            found.append(sum(1 << f for f in chosen))
    return found


def _settled_total(state: BruxellesState, seat: int, paid: int) -> int:
    """final_total for the seat on a copy whose figures in `paid` are paid."""
    owed = state.unpaid[seat] if state.phase == "scoring" else state.kept[seat]
    copy = state.clone()
    copy.money[seat] -= sum(f.payment for i, f in enumerate(data.FIGURES) if paid >> i & 1)
    copy.unpaid[seat] = owed & ~paid
    return final_total(copy, seat, copy.vp[seat])


def _category_rule(name: str, revision: int) -> str:
    """The message id of a bonus category's rule: revision 1 scored 1 VP per cube."""
    if revision == 1 and name == "materials":
        return "category.materials.rule.r1"
    return f"category.{name}.rule"


def heuristic(state: BruxellesState, seat: int) -> float:
    """A rough worth of each seat's position; own worth minus the best opponent's."""
    return heuristics(state, (seat,))[seat]


def heuristics(state: BruxellesState, seats: Iterable[int]) -> dict[int, float]:
    """heuristic(seat) for several seats from one evaluation of every seat."""
    worths = [_worth(state, s) for s in range(state.num_players)]
    return {seat: worths[seat] - max(w for s, w in enumerate(worths) if s != seat)
            for seat in seats}


def _worth(state: BruxellesState, seat: int) -> float:
    if state.phase == "over":
        return float(state.vp[seat])
    tracks = state.tracks[seat]
    built = state.built[seat]
    figures = state.kept[seat]
    return (
        state.vp[seat]
        + built * (rules.track_value(data.ARCHITECT_TRACK, tracks[0]) + 1.5)
        + rules.completion_vp(built, state.revision)
        + state.money[seat] * 0.3
        + sum(state.mats[seat]) * 0.9 + state.jokers[seat] * 0.7
        + sum(state.works[seat]) * 1.4
        + (tracks[0] + tracks[1] + tracks[2]) * 1.5
        + state.exh[seat] * 1.5
        + sum(state.bonus_kept[seat]) * 3.0
        + bin(figures).count("1") * 2.0 - _final_payments(state.money[seat], figures)
        - state.court[seat] * 3.0
        - _courthouse_risk(state, seat)
        + sum(1 for a in state.assistant if a == seat) * 1.5  # an action under way
    )


def _final_payments(money: int, figures: int) -> float:
    """What the kept figures will cost at the end (BRX-189, BRX-190) if the money does
    not grow: cheapest first, each payable one its BF at the heuristic's money rate, each
    the money cannot cover 5 VP."""
    cost = 0.0
    for payment in sorted(f.payment for i, f in enumerate(data.FIGURES) if figures >> i & 1):
        if payment <= money:
            money -= payment
            cost += payment * 0.3
        else:
            cost += data.UNPAID_FIGURE_VP
    return cost


def _courthouse_risk(state: BruxellesState, seat: int) -> float:
    """About one assistant (3 points) lost if the seat leads the Brussels board."""
    totals = [sum(state.brussels[b][s] for b in range(4)) for s in range(state.num_players)]
    mine = totals[seat]
    if mine and mine >= max(totals):
        return 3.0
    return 0.0


# -- the whole state ------------------------------------------------------------------
def full_state(state: BruxellesState) -> dict[str, Any]:
    """The true state, hidden draws included (tests, snapshots)."""
    return {
        **state.view(None),
        "drawn_all": [COLOURS[c] for c in state.drawn],
        "coloured_pile": list(state.coloured),
        "art_groups": [[*list(g[:4]), list(g[4]), list(g[5])] for g in state.art_groups],
        "decks": {"stock": list(state.stock_deck), "figures": list(state.fig_deck),
                  "figure_discards": list(state.fig_discard), "bonus": list(state.bonus_deck)},
        "compass_spaces": list(state.compass),
        "tasks": [list(t) for t in state.tasks],
        "unpaid": list(state.unpaid),
        "to_move_seat": state.to_move,
        "history": [state.action_to_string(a) for a in state.history],
    }


def board_json() -> dict[str, Any]:
    """Fixed material for the browser (GET /api/games/bruxelles_1893/board)."""
    return {
        "actions": list(data.AN_ACTIONS),
        "strips": {"basic": [list(s) for s in data.STRIPS_BASIC],
                   "expert": [list(s) for s in data.STRIPS_EXPERT]},
        "colours": [{"id": c, "css": css} for c, css in zip(COLOURS, data.ART_CSS, strict=True)],
        "grid": {"money_by_row": list(data.MONEY_BY_ROW), "vp_by_col": list(data.VP_BY_COL),
                 "points": [list(p) for p in data.CURSOR_POINTS]},
        "tracks": {"architect": list(data.ARCHITECT_TRACK),
                   "city_hall": list(data.CITY_HALL_TRACK),
                   "palace": list(data.PALACE_TRACK)},
        "figures": [{"id": f.id, "name": f.name, "effect": list(f.effect),
                     "payment": f.payment} for f in data.FIGURES],
        "bonus_cards": [{"id": b.id, **TEXTS.fields(text=f"bonus_card.{b.id}.text")}
                        for b in data.BONUS_CARDS],
        "bonus_categories": [{"id": c, **TEXTS.fields(text=f"category.{c}.rule")}
                             for c in data.BONUS_CATEGORIES],
        "brussels": [{"id": b, **TEXTS.fields(title=f"brussels.{b}.title")}
                     for b in data.BRUSSELS],
        "exhibitions": list(data.EXHIBITION_YEARS),
        "tile_costs": list(data.TILE_COST),
    }


# -- determinization ------------------------------------------------------------------
def resample(state: BruxellesState, seat: int, rng: random.Random) -> BruxellesState:
    """Redraw the works other seats drew in private, consistent with what they kept.

    A finished private draw is rebuilt as the kept work plus random others from the
    pile as it was (known to all: every work outside the piles is face up or was);
    a pending one (drawn, not yet kept) is redrawn from the pile plus the drawn works.
    Only public facts and `rng` are used, so the result depends only on what `seat`
    knows.
    """
    new = state.clone()
    for start, count, owner, kept, snapshot, extra in state.art_groups:
        if owner == seat:
            continue
        if _ran_out(state, count, snapshot, len(state.drawn) if kept < 0 else count):
            draws = _redraw_after_rebuild(new, state, count, kept, snapshot, extra, rng)
        elif kept < 0:
            pool = [a + b for a, b in zip(state.coloured, _counts(state.drawn), strict=True)]
            draws = _sample(pool, len(state.drawn), rng)
            new.drawn = draws
            new.coloured = [p - d for p, d in zip(pool, _counts(draws), strict=True)]
        else:
            pool = list(snapshot)
            pool[kept] -= 1
            draws = [kept, *_sample(pool, count - 1, rng)]
            rng.shuffle(draws)
        for offset, colour in enumerate(draws):
            new.history[start + offset] = act.DRAW[colour]
    return new


def _ran_out(state: BruxellesState, count: int, snapshot: tuple[int, ...], done: int) -> bool:
    """Whether the coloured pile ran out, and was rebuilt (revision 4, BRX-75), within
    the first `done` of a private draw of `count` works from the pile `snapshot`."""
    return state.revision >= REBUILD_AT_ONCE and count >= sum(snapshot) and done >= sum(
        snapshot)


def _redraw_after_rebuild(new: BruxellesState, state: BruxellesState, count: int,
                          kept: int, snapshot: tuple[int, ...], extra: tuple[int, ...],
                          rng: random.Random) -> list[int]:
    """A private draw that ran the pile out: its first draws were the whole pile
    (public: every work outside the piles is face up or was), the rest came from the
    pile rebuilt then (`extra`, public too); only which of those were drawn is redrawn.
    A finished draw holds the kept work; a pending one is redrawn with the pile."""
    whole = [c for c, n in enumerate(snapshot) for _ in range(n)]
    rng.shuffle(whole)
    later: list[int] = []
    if kept < 0:
        rest = len(state.drawn) - len(whole)
        pool = [a + b - c for a, b, c in
                zip(state.coloured, _counts(state.drawn), snapshot, strict=True)]
        later = _sample(pool, rest, rng)
        new.drawn = whole + later
        new.coloured = [p - d for p, d in zip(pool, _counts(later), strict=True)]
        return new.drawn
    pool = list(extra)
    if not snapshot[kept]:
        pool[kept] -= 1
        later.append(kept)
    later += _sample(pool, count - len(whole) - len(later), rng)
    rng.shuffle(later)
    return whole + later


def _counts(colours: list[int]) -> list[int]:
    counts = [0] * 4
    for c in colours:
        counts[c] += 1
    return counts


def _sample(pool: list[int], k: int, rng: random.Random) -> list[int]:
    bag = [c for c, n in enumerate(pool) for _ in range(n)]
    return rng.sample(bag, k)
