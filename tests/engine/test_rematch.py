"""Who starts a rematch, for every registered game (issue 14 item 8; belle.engine.rematch).

City of Light: "Wer die letzte Partie PARIS verloren hat, beginnt diese Partie" (COL-26).
Paris Connection: "Si se juegan varios juegos, se pasa al siguiente jugador en el orden
de las agujas del reloj" (setup 6). The other seeds say nothing: next seat clockwise."""

from __future__ import annotations

import random
from typing import Any

import pytest

import belle
from belle.engine.game import State
from belle.engine.referee import sample_chance
from belle.engine.rematch import first_player, forced_start, next_game, start_choices

GAMES = [info.id for info in belle.list_games()]


def _played_out(game_id: str, seed: int) -> State[Any]:
    info = next(i for i in belle.list_games() if i.id == game_id)
    state = belle.load_game(game_id).new_initial_state(info.min_players)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rematch_start_follows_the_game_rule(game_id: str) -> None:
    final = _played_out(game_id, 3)
    following = next_game(final)
    if game_id == "city_of_light":
        ranking = final.ranking()
        losers = [seat for seat, place in enumerate(ranking) if place > 0]
        expected = ("orange", "blue")[losers[0]] if losers else "random"
        assert following.options["start_player"] == expected and following.start is None
        return
    first = first_player(final)
    assert first is not None
    assert following.start == (first + 1) % final.num_players
    assert following.options == dict(final.game.options)


@pytest.mark.parametrize("game_id", [g for g in GAMES if g != "city_of_light"])
def test_the_start_draw_can_be_given_to_any_seat(game_id: str) -> None:
    """The forced outcome is one of the draw's own outcomes, and only at that draw."""
    info = next(i for i in belle.list_games() if i.id == game_id)
    state = belle.load_game(game_id).new_initial_state(info.min_players)
    rng = random.Random(1)
    target = info.min_players - 1
    forced_at = []
    while first_player(state) is None:
        assert state.is_chance_node()
        forced = forced_start(state, target)
        if forced is not None:
            forced_at.append(len(state.history))
            assert forced == start_choices(game_id)[target]
            state.apply_action(forced)
        else:
            state.apply_action(sample_chance(state, rng))
    assert len(forced_at) == 1 and first_player(state) == target
