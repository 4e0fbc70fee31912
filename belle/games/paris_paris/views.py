"""What each seat may know in Paris Paris (PP-68..70), the board material for the
browser, score breakdowns, and determinizations.

Public: the face-up cards, the shops, the discard area, the scores and every excursion,
each player's supply and bag count (PP-68, P-14), the 2-player open line. Private until
the end: each secret line, seen by its owner only (PP-69). Hidden from all: the order
of the deck (PP-70; the engine draws it by chance, so only its counts exist).
"""

from __future__ import annotations

import functools
import random
from typing import TYPE_CHECKING, Any

from belle.engine.game import ScoreLine
from belle.games.paris_paris import data
from belle.games.paris_paris.actions import CODECS, LINE_NAMES, PLAYER_NAMES, SECRET, Secret
from belle.games.paris_paris.rules import NET, NETWORKS, NUM_LINES, Item, Network
from belle.games.paris_paris.texts import TEXTS, reason_fields

if TYPE_CHECKING:
    from belle.games.paris_paris.state import Excursion, ParisParisState

NONE = -1


def _line(line: int) -> str | None:
    return LINE_NAMES[line] if line != NONE else None


def item_json(item: Item, net: Network = NET) -> dict[str, Any]:
    """REQ-PP-10: stop, player, points and reason."""
    return {"stop": net.ids[item.stop], "seat": item.seat, "points": item.points,
            **reason_fields(item.reason)}


def excursion_json(excursion: Excursion, net: Network = NET) -> dict[str, Any]:
    return {
        "round": excursion.round,
        "kind": excursion.kind,
        "line": LINE_NAMES[excursion.line],
        "stop": net.ids[excursion.stop] if excursion.stop != NONE else None,
        "owner": excursion.owner if excursion.owner != NONE else None,
        "items": [item_json(item, net) for item in excursion.items],
    }


def public_view(state: ParisParisState) -> dict[str, Any]:
    """What everyone may know: all but the secret lines while the game runs (PP-69)."""
    over = state.phase == "over"
    net = state.net
    card_json = CODECS[net.revision].card_json
    result: dict[str, Any] = {
        "game": "paris_paris",
        "network": net.revision,  # the map: board_json()["networks"][str(network)]
        "players": state.num_players,
        "phase": state.phase,
        "dm": state.dm,
        "round": state.round,
        "rounds": state.rounds,
        "to_move": state.to_move if state.phase in ("pick", "remove") else None,
        "start_player": state.start_player if state.start_player != NONE else None,
        "face_up": [card_json(card) for card in state.face_up],
        "pending_stop": net.ids[state.pending_stop] if state.pending_stop != NONE else None,
        "shops": {net.ids[s]: list(owners) for s, owners in enumerate(state.shops) if owners},
        "supply": list(state.supply),
        "on_board": list(state.on_board),
        "bag": list(state.bag),
        "discard": [card_json(card) for card in state.discard if card != NONE],
        "deck": state.deck_left,
        "open_line": _line(state.open_line),
        "scores": state.returns(),
        # every excursion so far, each entry built once (views are read-only, as Paris
        # Connection's hexes and score lines: docs/decisions.md)
        "excursions": state.excursion_entries(functools.partial(excursion_json, net=net)),
        "breakdown": [breakdown(state, s) for s in range(state.num_players)],
    }
    if over:
        result["secret_lines"] = [_line(line) for line in state.secret]
        result["ranking"] = state.ranking()
        result["end"] = TEXTS.message("end.rounds", rounds=state.rounds)  # PP-20
        result["end_reason"] = TEXTS.english(result["end"])
    return result


def private_view(state: ParisParisState, seat: int | None) -> dict[str, Any]:
    """`seat`'s own secret line (PP-69, REQ-PP-8); None for a spectator."""
    line = _line(state.secret[seat]) if seat is not None and 0 <= seat < state.num_players \
        else None
    return {"seat": seat, "secret_line": line}


def map_json(net: Network) -> dict[str, Any]:
    """One network's stops (with map positions) and line routes."""
    return {
        "stops": [
            {"id": s.id, "name": s.name, "x": s.x, "y": s.y,
             "crossing": net.is_crossing[i], "terminus": net.is_terminus[i],
             "capacity": net.capacity[i], "lines": [LINE_NAMES[li] for li in net.lines_at[i]]}
            for i, s in enumerate(net.stops)
        ],
        "lines": [
            {"colour": line.colour, "letter": line.letter, "css": line.css,
             "stops": list(line.stops)}
            for line in net.lines
        ],
    }


def board_json() -> dict[str, Any]:
    """The fixed map for the browser renderer (GET /api/games/paris_paris/board): the
    current network at the top level, every network by rules revision under
    `networks` (a view's `network` names the one its game plays on)."""
    return {
        **map_json(NET),
        "revision": NET.revision,
        "networks": {str(rev): map_json(net) for rev, net in NETWORKS.items()},
        "players": [{**TEXTS.fields(name=f"player.{p.name}"), "css": p.css}
                    for p in data.PLAYER_COLOURS],
    }


def _sum(state: ParisParisState, seat: int, kind: str) -> tuple[int, int]:
    """Points and number of excursions of one kind that gave `seat` points."""
    points = count = 0
    for excursion in state.excursions:
        if excursion.kind == kind:
            got = sum(i.points for i in excursion.items if i.seat == seat)
            points += got
            count += 1 if got else 0
    return points, count


@functools.cache
def _excursions_line(kind: str, points: int, count: int) -> ScoreLine:
    """The line of one kind of excursion, once per figures (every seat's lines are in
    every view; a few hundred figures a game can reach)."""
    return TEXTS.score_line(f"score.{kind}", points,
                            TEXTS.counted("detail.excursions", count), count=count)


def breakdown(state: ParisParisState, seat: int) -> list[ScoreLine]:
    """The score display: small and big excursions, each final line, the bag."""
    lines: list[ScoreLine] = []
    for kind in ("small", "big"):
        lines.append(_excursions_line(kind, *_sum(state, seat, kind)))
    for excursion in state.excursions:
        if excursion.kind == "final":
            owner = excursion.owner
            whose = "detail.all_lines" if state.dm else (
                "detail.secret_line" if owner != NONE else "detail.open_line")
            params: dict[str, Any] = {
                "line": TEXTS.message(f"line.{LINE_NAMES[excursion.line]}")}
            if owner != NONE and not state.dm:
                params["player"] = TEXTS.message(f"player.{PLAYER_NAMES[owner]}")
            lines.append(TEXTS.score_line(
                "score.final", sum(i.points for i in excursion.items if i.seat == seat),
                whose, **params))
    if state.phase == "over":
        bag = state.points[seat][3]
        rule = "detail.bag.two" if state.num_players == 2 else (
            "detail.bag.leader" if bag else "detail.bag.none")
        lines.append(TEXTS.score_line("score.bag", bag, rule, count=state.bag[seat]))
    return lines


def full_state(state: ParisParisState) -> dict[str, Any]:
    """The true state, secret lines included (tests, snapshots)."""
    return {
        **state.view(None),
        "secret_lines": [_line(line) for line in state.secret],
        "deal_seat": state.deal_seat,
        "deck_counts": list(state.deck),
        "readings": list(state.reading_names),
        "history": [state.action_to_string(a) for a in state.history],
    }


def resample(state: ParisParisState, seat: int, rng: random.Random) -> ParisParisState:
    """Deal the other seats' secret lines again from the lines `seat` has not seen.

    `seat` knows its own line and the open line; every other dealt line is one of the
    rest, distinct (PP-17). The deck needs nothing: it is only counts (PP-70).
    """
    new = state.clone()
    if state.phase == "over":
        return new  # PP-59: every line is revealed
    others = [s for s in range(state.num_players) if s != seat and state.secret[s] != NONE]
    if not others:
        return new
    known = {state.open_line, state.secret[seat]}
    pool = [li for li in range(NUM_LINES) if li not in known]
    rng.shuffle(pool)
    for other in others:
        new.secret[other] = pool.pop()
    _rewrite_deals(new)
    return new


def _rewrite_deals(state: ParisParisState) -> None:
    """Make the secret-line entries of the history agree with the resampled lines.

    They are dealt first (PP-17, in seat order), so the scan stops after the last one
    instead of reading the whole history at every determinization."""
    dealt, count = 0, sum(1 for line in state.secret if line != NONE)
    for index, action in enumerate(state.history):
        if dealt == count:
            return
        if isinstance(action, Secret):
            state.history[index] = SECRET[state.secret[dealt]]
            dealt += 1
