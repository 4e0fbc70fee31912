"""`State.why_illegal(action)` on every game (issue 20 item 5): None exactly for the legal
moves; for every other move of the game a message of the game's catalogue whose
placeholders are all filled, worded in every language; and it reads nothing the seat to
move may not know (the same answers on the seat's resampled states).

The rules of each game's own reasons are tested in tests/games/<id>/test_refusals.py.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from belle.engine.errors import IllegalActionError
from belle.engine.game import State
from belle.i18n.games import texts_of
from belle.i18n.text import is_message, placeholders

from .test_conformance import random_playout, states_along

GAMES = [("paris", 3), ("paris_connection", 4), ("city_of_light", 2), ("paris_paris", 3),
         ("bruxelles_1893", 3)]
ACTIONS_TRIED = 400  # per position, of the game's whole action set


def _positions(game: str, players: int) -> list[State[Any]]:
    record = random_playout((game, players, {}), 4)
    every = max(1, len(record.actions) // 25)
    return [s for s in states_along(record, every) if s.current_player() >= 0]


def _tried(state: State[Any], rng: random.Random) -> list[Any]:
    actions = list(state.notation.dense.actions)
    if len(actions) > ACTIONS_TRIED:
        actions = rng.sample(actions, ACTIONS_TRIED)
    return [*actions, *state.legal_actions()]


def _check_message(game: str, message: Any) -> None:
    assert is_message(message), message
    texts = texts_of(game)
    template = texts.template(message["id"])
    assert placeholders(template) <= set(message["params"]), (message, template)
    english = texts.english(message)
    assert "{" not in english and "why." not in english and english[-1] in ".!)", english
    for value in message["params"].values():
        if is_message(value):
            texts.template(value["id"])


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_every_refused_move_has_a_reason(game: str, players: int) -> None:
    rng = random.Random(1)
    specific = 0
    for state in _positions(game, players):
        legal = set(state.legal_actions())
        for action in _tried(state, rng):
            why = state.why_illegal(action)
            assert (why is None) == (action in legal), state.action_to_string(action)
            if why is not None:
                _check_message(game, why)
                specific += not why["id"].startswith("engine.")
    assert specific > 0  # the game's own reasons, not only the general ones


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_reason_reads_nothing_the_mover_may_not_know(game: str, players: int) -> None:
    """Another seat's secrets (end-game tiles, shares, secret lines, a hand, drawn works)
    are redrawn by the mover's resample: every answer stays the same."""
    rng = random.Random(2)
    for state in _positions(game, players)[::3]:
        mover = state.current_player()
        other = state.resample(mover, rng)
        for action in _tried(state, rng)[:150]:
            assert state.why_illegal(action) == other.why_illegal(action)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_an_illegal_move_says_why_first(game: str, players: int) -> None:
    """apply_action's refusal begins with `why_illegal`'s reason in English and holds it
    as `reason`; what a client words (`refusal()`) stays the list of legal moves."""
    rng = random.Random(22)
    texts = texts_of(game)
    for state in _positions(game, players)[::5]:
        illegal = [a for a in _tried(state, rng) if not state.is_legal(a)][:20]
        for action in illegal:
            with pytest.raises(IllegalActionError) as refused:
                state.apply_action(action)
            reason = state.why_illegal(action)
            assert reason is not None and refused.value.reason == reason
            assert str(refused.value).startswith(texts.english(reason) + " ")
            assert refused.value.refusal() is not None
            assert refused.value.refusal()["id"].startswith("engine.refuse.not_legal")  # type: ignore[index]
