"""The undo policy (belle/engine/undo.py): issue 10 items 5 and 7, "undo allowed and
refused", on real positions of the games with multi-step turns, and a Hypothesis
property over random playouts of every registered game."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import belle
from belle.engine import (
    CHANCE,
    MatchRecord,
    RecordEntry,
    UndoRefused,
    may_take_back,
    sample_chance,
    take_back,
)
from belle.engine import undo as policy
from belle.engine.game import State

Stop = Callable[[MatchRecord, State[Any]], bool]


def play_until(game_id: str, players: int, seed: int, stop: Stop,
               limit: int = 20_000) -> tuple[MatchRecord, State[Any]]:
    """A seeded random playout of `game_id`, stopped at the first position `stop` likes."""
    game = belle.load_game(game_id)
    state = game.new_initial_state(players)
    record = MatchRecord(game_id, dict(game.options), [f"p{i}" for i in range(players)], seed)
    rng = random.Random(seed)
    while not state.is_terminal() and len(record.actions) < limit:
        if stop(record, state):
            return record, state
        action = random_step(state, rng)
        record.append(state, action)
        state.apply_action(action)
    raise AssertionError(f"no position found in {game_id} with seed {seed}")


def random_step(state: State[Any], rng: random.Random) -> Any:
    if state.current_player() == CHANCE:
        return sample_chance(state, rng)
    return rng.choice(state.legal_actions())


def last_text(record: MatchRecord) -> str:
    return record.actions[-1].text if record.actions else ""


def mine_last(record: MatchRecord, state: State[Any]) -> bool:
    return bool(record.actions) and record.actions[-1].player == state.current_player()


def same_position(a: State[Any], b: State[Any]) -> None:
    """Equal for every seat: views, legal actions, information state keys, true state."""
    assert a.to_json() == b.to_json()
    assert a.current_player() == b.current_player()
    assert a.legal_actions() == b.legal_actions()
    for seat in [None, *range(a.num_players)]:
        assert a.view(seat) == b.view(seat)
        if seat is not None:
            assert a.information_state_key(seat) == b.information_state_key(seat)


# -- allowed ---------------------------------------------------------------------
def test_paris_connection_build_walks_back_step_by_step() -> None:
    """Issue 10 item 5: a build (PC-31: build R, place …) is taken back one placement at
    a time, down to `build`; the step before it (another seat's move) stays."""
    def two_placements(record: MatchRecord, state: State[Any]) -> bool:
        texts = [e.text for e in record.actions[-3:]]
        return (len(texts) == 3 and texts[0].startswith("build")
                and all(t.startswith("place") for t in texts[1:]) and mine_last(record, state))

    record, state = play_until("paris_connection", 3, 11, two_placements)
    seat = state.current_player()
    states = [belle.engine.replay(record, upto=len(record.actions) - k) for k in range(4)]
    for back in range(1, 4):
        state, entry = take_back(record, state, seat)
        same_position(state, states[back])
    assert entry.text.startswith("build")
    with pytest.raises(UndoRefused, match="not the last one"):
        take_back(record, state, seat)


def test_bruxelles_steps_of_one_turn_can_be_taken_back() -> None:
    """Issue 10 item 5, on Bruxelles 1893's multi-step turns: a step followed by more of
    the same seat's decisions is taken back, and the position is the one before it."""
    record, state = play_until("bruxelles_1893", 2, 3, lambda r, s: (
        mine_last(r, s) and may_take_back(r, s, s.current_player())))
    before = belle.engine.replay(record, upto=len(record.actions) - 1)
    back, _ = take_back(record, state, state.current_player())
    same_position(back, before)


# -- refused ---------------------------------------------------------------------
def test_refused_after_a_chance_draw() -> None:
    """Issue 10 item 5 ("drew no chance"): after `draw 1` (PARIS step 1) the tile's value
    is a chance outcome; the drawer, still to move, cannot take the draw back."""
    record, state = play_until("paris", 2, 5, lambda r, s: (
        len(r.actions) > 2 and r.actions[-2].text.startswith("draw")
        and r.actions[-1].player == CHANCE and s.current_player() >= 0))
    with pytest.raises(UndoRefused, match="not the last one"):
        take_back(record, state, state.current_player())
    assert record.actions[-1].player == CHANCE  # nothing removed


def test_refused_across_another_seats_move() -> None:
    """Issue 10 item 5 ("never across another player's move")."""
    record, state = play_until("paris_connection", 3, 2, lambda r, s: (
        bool(r.actions) and r.actions[-1].player >= 0
        and r.actions[-1].player != s.current_player() >= 0))
    count = len(record.actions)
    with pytest.raises(UndoRefused):
        take_back(record, state, state.current_player())
    assert len(record.actions) == count


def test_refused_when_not_your_turn() -> None:
    """Issue 10 item 5: only the seat to move may take back (its own last step)."""
    record, state = play_until("paris_connection", 3, 4, lambda r, s: (
        mine_last(r, s) and r.actions[-1].text.startswith("place")))
    other = (state.current_player() + 1) % 3
    with pytest.raises(UndoRefused, match="your own turn"):
        take_back(record, state, other)


def test_refused_for_a_revealing_step() -> None:
    """Issue 10 item 5 ("revealed nothing"): Paris `endgame` shows the searcher the
    face-down pile (PARIS-103), so it is never taken back."""
    record, state = play_until("paris", 2, 1, lambda r, s: last_text(r) == "endgame")
    assert state.current_player() == record.actions[-1].player
    with pytest.raises(UndoRefused, match="hidden information"):
        take_back(record, state, state.current_player())


def test_refused_for_a_secret_step() -> None:
    """Issue 10 item 5: the end-game tile taken (PARIS-104) is a secret move; its taker,
    still to move (the turn waits for `end`), cannot take it back."""
    record, state = play_until("paris", 2, 1, lambda r, s: (
        bool(r.actions) and r.actions[-1].visible_to is not None and mine_last(r, s)))
    assert record.actions[-1].text.startswith("take")
    with pytest.raises(UndoRefused, match="secret"):
        take_back(record, state, state.current_player())


def test_refusal_reasons_without_replay() -> None:
    """The cheap check asks about a reveal only when every other rule allows the undo."""
    asked: list[int] = []

    def revealed(index: int) -> bool:
        asked.append(index)
        return False

    mine = RecordEntry(0, {"x": 1}, "step")
    assert policy.undo_refusal([mine], 1, 0, revealed) == policy.NOT_YOUR_TURN
    assert policy.undo_refusal([], 0, 0, revealed) == policy.NOTHING_OF_YOURS
    secret = RecordEntry(0, {"x": 1}, "step", [0])
    assert policy.undo_refusal([secret], 0, 0, revealed) == policy.SECRET
    assert asked == []
    assert policy.undo_refusal([mine], 0, 0, revealed) is None
    assert asked == [0]


# -- the property ----------------------------------------------------------------
GAMES = [info.id for info in belle.list_games()]


def views_after(state: State[Any], action: Any, seat: int) -> Any:
    copy = state.clone()
    copy.apply_action(action)
    return copy.view(seat), copy.current_player()


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_undo_restores_the_position_and_hides_nothing(game_id: str, seed: int) -> None:
    """Issue 10 item 5, property: in random playouts, (1) after every allowed undo the
    state equals the one before the step (views, legal actions, information state keys
    for every seat); (2) every step the hook calls non-revealing, after which its seat
    is still to move, shows that seat the same view on any determinization of what it
    knew (so it revealed nothing)."""
    info = belle.load_game(game_id).info
    game = belle.load_game(game_id)
    state = game.new_initial_state(info.min_players)
    record = MatchRecord(game_id, dict(game.options), ["p"] * info.min_players, seed)
    rng = random.Random(seed)
    while not state.is_terminal() and len(record.actions) < 400:
        seat = state.current_player()
        action = random_step(state, rng)
        before = state.clone()
        record.append(state, action)
        state.apply_action(action)
        if seat < 0 or state.current_player() != seat:
            continue
        if not before.reveals_to_mover(action) and rng.random() < 0.2:
            _check_reveals_nothing(before, action, seat, rng)
        # a take-back replays the record from the start: check a quarter of them, so a
        # 400-step playout stays cheap
        if rng.random() < 0.25 and may_take_back(record, state, seat):
            back, entry = take_back(MatchRecord(**_fields(record)), state, seat)
            assert entry == record.actions[-1]
            same_position(back, before)


def _check_reveals_nothing(before: State[Any], action: Any, seat: int,
                           rng: random.Random) -> None:
    expected = views_after(before, action, seat)
    for _ in range(2):
        sample = before.resample(seat, random.Random(rng.random()))
        if action in sample.legal_actions():
            assert views_after(sample, action, seat) == expected


def _fields(record: MatchRecord) -> dict[str, Any]:
    return {"game": record.game, "options": record.options, "seats": record.seats,
            "seed": record.seed, "actions": list(record.actions)}
