"""The story of a finished game (issue 20 item 4): each player's score over the game and
its decisive moments, computed from the action log by replaying it.

A *turn* is a run of one seat's decisions; the chance outcomes that follow a decision
(a card drawn, a tile revealed) belong to its turn, and those before anyone moved to a
setup turn 0. After every turn the score is `State.score_if_ended_now()` — what each
seat would score if the game ended then, the game's end scoring included (Paris's
district majorities and tile 27, Bruxelles 1893's final scoring, Paris Paris's final
excursions), so the end scoring is no jump on the last turn. The true state is
replayed, and `score_if_ended_now` reads what the end reveals to everyone (Paris Paris's
secret lines, which never change once dealt) and nothing else hidden (Paris's
end-game tiles, Bruxelles's works drawn in secret): the story is told only of a game
that is over (`tell` refuses any other; belle.server.friends.stories asks only then),
never during play.

A turn's *swing* is the largest change, over the seats, of a seat's margin over its
best opponent (score minus the best other score); the decisive moments are the
`MOMENTS` turns with the largest swings, told in the order they happened.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from belle.engine.game import CHANCE, State
from belle.engine.record import MatchRecord, new_state

FORMAT = 2  # bump when what `tell` computes changes: cached stories are recomputed
# 2: the chart plots score_if_ended_now (1 plotted returns: the running score)
MOMENTS = 3
TEXTS_KEPT = 8  # the moves of a turn named in a moment (the rest are counted)


@dataclass(slots=True)
class Turn:
    seat: int | None  # None: the setup before anyone moved
    texts: list[str] = field(default_factory=list)
    first: int = 0  # the version before the turn's first action
    last: int = 0  # the version after its last action
    scores: list[float] = field(default_factory=list)


def tell(record: MatchRecord) -> dict[str, Any]:
    """The points of the chart and the decisive moments of a finished `record`
    (ValueError for a game that is not over: its chart would tell what the end has not
    revealed yet)."""
    state = new_state(record)
    turns = _turns(state, record)
    if not state.is_terminal():
        raise ValueError("a game's story is told once it is over")
    points = [_point(i, t) for i, t in enumerate(turns)]
    return {
        "format": FORMAT,
        "players": record.num_players,
        "points": points,
        "moments": moments(turns),
        "final": _rounded(state.returns()),
        "ranking": state.ranking(),
    }


def _turns(state: State[Any], record: MatchRecord) -> list[Turn]:
    turns = [Turn(None)]
    for index, entry in enumerate(record.actions):
        current = turns[-1]
        if entry.player != CHANCE and entry.player != current.seat:
            current.scores = _rounded(state.score_if_ended_now())
            current = Turn(entry.player, first=index)
            turns.append(current)
        state.apply_action(state.action_from_json(entry.action))
        current.last = index + 1
        if entry.player != CHANCE:
            current.texts.append(entry.text)
    turns[-1].scores = _rounded(state.score_if_ended_now())
    return turns


def _rounded(scores: list[float]) -> list[float]:
    return [round(float(s), 3) for s in scores]


def _point(index: int, turn: Turn) -> dict[str, Any]:
    return {"turn": index, "seat": turn.seat, "n": turn.last, "scores": turn.scores}


def margins(scores: list[float]) -> list[float]:
    """Each seat's score minus the best score of the others."""
    result = []
    for seat, score in enumerate(scores):
        others = [s for i, s in enumerate(scores) if i != seat]
        result.append(score - max(others) if others else score)
    return result


def leaders(scores: list[float]) -> list[int]:
    best = max(scores)
    return [seat for seat, score in enumerate(scores) if score == best]


def moments(turns: list[Turn]) -> list[dict[str, Any]]:
    """The turns with the largest swings (ties: the earlier), in the order they happened."""
    found = []
    for index in range(1, len(turns)):
        before, after = turns[index - 1].scores, turns[index].scores
        if len(before) != len(after) or not after:
            continue
        change = [a - b for a, b in zip(margins(after), margins(before), strict=True)]
        swing = max(abs(c) for c in change)
        if swing <= 0:
            continue
        found.append((swing, index, change))
    found.sort(key=lambda item: (-item[0], item[1]))
    chosen = sorted(found[:MOMENTS], key=lambda item: item[1])
    return [_moment(turns, index, swing) for swing, index, _change in chosen]


def _moment(turns: list[Turn], index: int, swing: float) -> dict[str, Any]:
    turn, before = turns[index], turns[index - 1]
    led, leads = leaders(before.scores), leaders(turn.scores)
    return {
        "turn": index,
        "seat": turn.seat,
        "from": turn.first,
        "n": turn.last,
        "moves": turn.texts[:TEXTS_KEPT],
        "more_moves": max(0, len(turn.texts) - TEXTS_KEPT),
        "gains": [round(a - b, 3) for a, b in zip(turn.scores, before.scores, strict=True)],
        "swing": round(swing, 3),
        "lead": leads if leads != led else None,  # who leads after it, when that changed
        "last": index == len(turns) - 1,  # the game's last turn
    }
