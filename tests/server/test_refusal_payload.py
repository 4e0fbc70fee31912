"""A refused move's error carries the engine's refusal as a message (issue 16 item 6):
the browser words it in its reader's language; the English `message` stays. For a move
the rules refuse, the message is why (State.why_illegal), not the moves in notation."""

from __future__ import annotations

import random
import re

import pytest
from fastapi.testclient import TestClient

from belle.engine.errors import IllegalActionError
from belle.engine.game import CHANCE
from belle.engine.referee import sample_chance
from belle.engine.registry import game_ids, load_game
from belle.server.table.moves import _why_refused

from .kit import anna_bob_and_a_bot_started


def test_refused_moves_carry_their_refusal(client: TestClient) -> None:
    with anna_bob_and_a_bot_started(client) as game:
        own, mover, other = game.persons_turn()
        version = own["version"]
        shown = {item["text"] for item in own["legal"]}
        mover.send({"type": "action", "version": version, "action": {"type": "stop"}})
        illegal = mover.expect_error("illegal")
        assert illegal["refusal"] == {"game": "paris_connection",
                                      "id": "engine.why.wrong_moment", "params": {}}
        # the English still lists what is possible, in notation, for a terminal's reader
        possible = illegal["message"].split("Possible: ", 1)[1]
        listed = re.sub(r" and \d+ more\.$|\.$", "", possible).split(", ")
        assert listed and set(listed) <= shown  # nothing it cannot see
        mover.send({"type": "action", "version": version,
                    "action": {"type": "build", "company": "Z"}})
        malformed = mover.expect_error("malformed")
        refusal = malformed["refusal"]
        assert (refusal["game"], refusal["id"]) == ("paris_connection", "refuse.company")
        assert refusal["params"]["text"] == "Z" and "R" in refusal["params"]["names"]
        other.send({"type": "action", "version": version, "action": own["legal"][0]["json"]})
        turn = other.expect_error("not_your_turn")
        assert "seat" not in turn["message"]  # no seat counted from 0


@pytest.mark.parametrize("game", game_ids())
def test_a_move_the_rules_refuse_is_told_by_its_reason(game: str) -> None:
    """In every game the client words why (the state's own reason), not the refused
    move and the legal ones in notation."""
    state = load_game(game).new_initial_state(load_game(game).info.min_players)
    rng = random.Random(7)
    while state.current_player() == CHANCE:
        state.apply_action(sample_chance(state, rng))
    refused_move = next(a for a in state.notation.dense.actions if not state.is_legal(a))
    with pytest.raises(IllegalActionError) as refused:
        state.apply_action(refused_move)
    told = _why_refused(refused.value, game)
    assert told == {"game": game, **state.why_illegal(refused_move)}  # type: ignore[dict-item]
    assert state.action_to_string(refused_move) not in str(told["params"].values())
