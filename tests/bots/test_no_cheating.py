"""A bot never cheats: its move depends only on what its seat may know.

For every registered game, two states are built that differ only in hidden
information seat `s` may not see: the private chance outcomes of two other seats are
swapped (as in tests/engine/test_conformance.py), or, in a two-player game, the
other seat's private outcomes are replaced by other possible ones. Every bot, with
the same seed, must then choose the same move for `s`, through the referee
(`bot_decision`) and, for the bots that only use `resample`, on the raw states too.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

import belle
from belle.bots import make_bot
from belle.engine import CHANCE, MatchRecord, bot_decision
from belle.engine.game import State
from tests.engine.test_conformance import random_playout

BOTS = ("random", "greedy:samples=2", "ismcts:iterations=40")
RAW_BOTS = ("random", "ismcts:iterations=40")
"""Bots that only read the state through resample/view, so the true state is safe."""
POSITIONS = 3


def _swaps(record: MatchRecord, k: int, j: int) -> dict[int, Any]:
    """Private outcomes of seat k exchanged, in order, with those of seat j."""
    private_k = [i for i, e in enumerate(record.actions) if e.visible_to == [k]]
    private_j = [i for i, e in enumerate(record.actions) if e.visible_to == [j]]
    swapped: dict[int, Any] = {}
    for a, b in zip(private_k, private_j, strict=False):
        if record.actions[a].action != record.actions[b].action:
            swapped[a], swapped[b] = record.actions[b].action, record.actions[a].action
    return swapped


def _replacements(record: MatchRecord, seat: int, rng: random.Random) -> dict[int, Any]:
    """Private outcomes of every other seat replaced by another possible outcome."""
    state = belle.engine.new_state(record)
    changed: dict[int, Any] = {}
    for index, entry in enumerate(record.actions):
        action = state.action_from_json(entry.action)
        hidden = entry.visible_to is not None and seat not in entry.visible_to
        if hidden and state.current_player() == CHANCE:
            others = [a for a in state.legal_actions() if a != action]
            if others:
                changed[index] = state.action_to_json(rng.choice(others))
        state.apply_action(action)
    return changed


def _same_to_seat(a: State[Any], b: State[Any], seat: int) -> bool:
    return (a.view(seat) == b.view(seat)
            and a.information_state_key(seat) == b.information_state_key(seat)
            and json.dumps(a.to_json(), sort_keys=True) != json.dumps(b.to_json(), sort_keys=True))


def _walk(record: MatchRecord, altered: dict[int, Any], seat: int,
          found: list[tuple[State[Any], State[Any]]]) -> None:
    """Replay the record and its altered twin; keep positions where `seat` is to move."""
    true_state = belle.engine.new_state(record)
    alt_state = true_state.clone()
    for index, entry in enumerate(record.actions):
        if len(found) >= POSITIONS:
            return
        if (true_state.current_player() == seat and len(true_state.legal_actions()) > 1
                and _same_to_seat(true_state, alt_state, seat)):
            found.append((true_state.clone(), alt_state.clone()))
        action = true_state.action_from_json(entry.action)
        alt_action = alt_state.action_from_json(altered.get(index, entry.action))
        if alt_action not in alt_state.legal_actions():
            return
        true_state.apply_action(action)
        alt_state.apply_action(alt_action)


def counterfactual_positions(game_id: str) -> tuple[int, list[tuple[State[Any], State[Any]]]]:
    """(seat s, pairs of states that only differ in what s may not see), s to move."""
    info = belle.load_game(game_id).info
    players = min(info.max_players, max(info.min_players, 3))
    seat = 0
    found: list[tuple[State[Any], State[Any]]] = []
    for seed in range(6):
        record = random_playout((game_id, players, {}), seed)
        if players >= 3:
            _walk(record, _swaps(record, 1, 2), seat, found)
        _walk(record, _replacements(record, seat, random.Random(seed)), seat, found)
        if len(found) >= POSITIONS:
            break
    return seat, found[:POSITIONS]


GAMES = [info.id for info in belle.list_games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_bots_choose_the_same_move_when_only_hidden_information_differs(game_id: str) -> None:
    seat, pairs = counterfactual_positions(game_id)
    if not pairs:
        pytest.skip(f"{game_id}: no position where seat {seat} lacks information to test")
    for true_state, alt_state in pairs:
        for spec in BOTS:
            for seed in (1, 2):
                a = bot_decision(make_bot(spec), true_state, seat, random.Random(seed))
                b = bot_decision(make_bot(spec), alt_state, seat, random.Random(seed))
                assert a == b, f"{spec} seed {seed} at {true_state}"
        for spec in RAW_BOTS:
            a = make_bot(spec).choose(true_state, seat, random.Random(3))
            b = make_bot(spec).choose(alt_state, seat, random.Random(3))
            assert a == b, f"{spec} on the raw states at {true_state}"


@pytest.mark.parametrize("game_id", ["paris_connection", "paris_paris"])
def test_complete_games_have_counterfactual_positions(game_id: str) -> None:
    """The test above really runs on the games known to hide information."""
    _, pairs = counterfactual_positions(game_id)
    assert pairs


class _Peeker:
    """A cheating bot: its choice depends on the whole true state it is handed."""

    name = "peeker"

    def choose(self, state: State[Any], seat: int, rng: random.Random) -> Any:
        legal = state.legal_actions()
        text = json.dumps(state.to_json(), sort_keys=True)
        return legal[int(hashlib.sha256(text.encode()).hexdigest(), 16) % len(legal)]


@pytest.mark.parametrize("game_id", ["paris_connection", "paris_paris"])
def test_the_check_catches_a_bot_that_peeks(game_id: str) -> None:
    """On the raw states a peeking bot is told apart (the check has teeth)."""
    seat, pairs = counterfactual_positions(game_id)
    differ = [
        _Peeker().choose(t, seat, random.Random(1)) != _Peeker().choose(a, seat, random.Random(1))
        for t, a in pairs
    ]
    assert any(differ)
