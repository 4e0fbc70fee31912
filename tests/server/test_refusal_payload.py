"""A refused move's error carries the engine's refusal as a message (issue 16 item 6):
the browser words it in its reader's language; the English `message` stays."""

from __future__ import annotations

from fastapi.testclient import TestClient

from .kit import anna_bob_and_a_bot_started


def test_refused_moves_carry_their_refusal(client: TestClient) -> None:
    with anna_bob_and_a_bot_started(client) as game:
        own, mover, other = game.persons_turn()
        version = own["version"]
        shown = {item["text"] for item in own["legal"]}
        mover.send({"type": "action", "version": version, "action": {"type": "stop"}})
        illegal = mover.expect_error("illegal")
        assert illegal["refusal"]["id"] == "engine.refuse.not_legal"
        assert illegal["refusal"]["game"] == "paris_connection"
        assert set(illegal["refusal"]["params"]["legal"]) <= shown  # nothing it cannot see
        mover.send({"type": "action", "version": version,
                    "action": {"type": "build", "company": "Z"}})
        malformed = mover.expect_error("malformed")
        refusal = malformed["refusal"]
        assert (refusal["game"], refusal["id"]) == ("paris_connection", "refuse.company")
        assert refusal["params"]["text"] == "Z" and "R" in refusal["params"]["names"]
        other.send({"type": "action", "version": version, "action": own["legal"][0]["json"]})
        turn = other.expect_error("not_your_turn")
        assert "seat" not in turn["message"]  # no seat counted from 0
