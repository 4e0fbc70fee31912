"""Paris Connection: every game ends (PC-58, PC-59 and the reconstructed PC-71).

The seed ends a game only when one storage board is left or Marseille is reached; a
player may not pass (PC-30). One-for-one trades take nothing off the boards, so they
could go round for ever: rules edition 3 ends the game after PC-71's rounds of them
(data.STALL_ROUNDS), editions 1 and 2 after a round with no legal build.
"""

from __future__ import annotations

from pathlib import Path

import belle
from belle.engine import MatchRecord, replay
from belle.games.paris_connection import actions as act
from belle.games.paris_connection import data
from belle.games.paris_connection.state import ParisConnectionState

from .helpers import dealt, default_hands, play

SEED_184 = Path(__file__).with_name("golden") / "paris_connection-6p-seed184.json"
ROUNDS = data.STALL_ROUNDS

# Three seats, each swapping one share for one and back: seat i returns its company
# and takes one of the next, then the other way round (default_hands: seat i holds
# shares of companies i, i + 1 and i + 2).
SWAPS = (("return R", "take 1 B"), ("return B", "take 1 Y"), ("return Y", "take 1 K"))
BACK = (("return B", "take 1 R"), ("return Y", "take 1 B"), ("return K", "take 1 Y"))


def _swap_rounds(state: ParisConnectionState, turns: int) -> None:
    """`turns` one-for-one trades, each seat swapping forth (it holds its 3 shares of
    company i, as dealt) or back (it holds 2)."""
    for _ in range(turns):
        seat = state.to_move
        forth = state.portfolio[seat][seat] == 3
        play(state, *(SWAPS if forth else BACK)[seat])


def test_rounds_of_one_for_one_trades_end_the_game() -> None:
    """PC-71 (reconstructed, edition 3): STALL_ROUNDS rounds of turns that take no
    locomotive off the storage boards end the game after the last of those turns, though
    a build was legal all along (PC-29, PC-30: a player may not pass)."""
    state = dealt(default_hands(3))
    boards = sum(state.supply)
    _swap_rounds(state, ROUNDS * 3 - 1)
    assert not state.is_terminal() and state.stalled_turns == ROUNDS * 3 - 1
    assert sum(state.supply) == boards  # one returned, one taken, every turn
    assert any(isinstance(a, act.Build) for a in state.legal_actions())
    _swap_rounds(state, 1)
    assert state.is_terminal()
    assert state.end_reason == (
        f"no locomotive left the storage boards for {ROUNDS} rounds (PC-71, reconstructed)")
    assert state.view(0)["end"] == {"id": "end.swaps", "params": {"rounds": ROUNDS}}


def test_a_build_or_a_double_take_starts_the_count_again() -> None:
    """PC-71 (edition 3): a build (PC-31) or a trade taking two (PC-49, PC-51) takes
    locomotives off the boards, and the rounds are counted again from there."""
    state = dealt(default_hands(3))
    _swap_rounds(state, ROUNDS * 3 - 1)
    play(state, "return K", "take 2 B")  # seat 2: one returned, two taken
    assert state.stalled_turns == 0 and not state.is_terminal()
    _swap_rounds(state, ROUNDS * 3 - 1)
    assert state.stalled_turns == ROUNDS * 3 - 1
    build = next(a for a in state.legal_actions() if isinstance(a, act.Build))
    state.apply_action(build)
    state.apply_action(state.legal_actions()[0])
    if not state.is_terminal() and state.building != -1:
        play(state, "stop")
    assert state.stalled_turns == 0 and not state.is_terminal()


def test_the_endless_greedy_game_now_ends() -> None:
    """PC-71 (edition 3) on the game found in session 3: six greedy players, seed 184.
    Red and black are boxed in with 14 and 20 locomotives on their boards, every share
    returned goes straight back into a screen, and the swaps went round for ever under
    edition 2. Now the game ends after STALL_ROUNDS rounds of them."""
    record = MatchRecord.load(SEED_184)
    state = replay(record)
    assert isinstance(state, ParisConnectionState)
    assert state.end_reason.startswith("no locomotive left the storage boards")
    assert state.stalled_turns == ROUNDS * 6
    last = state.history[-2 * ROUNDS * 6:]  # the last 60 turns: return, take 1, ...
    assert all(isinstance(a, act.Return) for a in last[0::2])
    assert all(isinstance(a, act.Take) and a.count == 1 for a in last[1::2])
    assert sorted(c for c in range(6) if state.supply[c]) == [0, 2, 3]  # R, Y, K
    assert state.supply[2] == 1  # the one yellow share passed round and round


def test_edition_2_replays_the_same_game_without_an_end() -> None:
    """Editions 1 and 2 (legacy.py) kept the old PC-71: a round in which no build was
    legal. In the seed-184 game every other turn puts a share on an empty board and
    makes a build legal, so the same actions leave the game going."""
    record = MatchRecord.load(SEED_184)
    game = belle.load_game("paris_connection", rules_version=2)
    state = game.new_initial_state(6)
    for entry in record.actions:
        state.apply_action(state.action_from_json(entry.action))
    assert not state.is_terminal()
    assert state.stalled_turns < 6


def test_stalled_map_ends_after_one_more_round_in_edition_2() -> None:
    """PC-71 (reconstructed, editions 1 and 2): once no company can build, every player
    trades once more."""
    state = dealt(default_hands(3), rules_version=2)
    state.room = 0  # the map can take no locomotive anywhere
    state.stalled_turns = 1  # as if the last build had just filled it
    assert not any(isinstance(a, act.Build) for a in state.legal_actions())
    play(state, "return R", "take 1 B")
    play(state, "return B", "take 1 R")
    assert not state.is_terminal()
    play(state, "return Y", "take 1 R")
    assert state.is_terminal()
    assert "no company could build" in state.end_reason


def test_a_possible_build_resets_the_stall_in_edition_2() -> None:
    """PC-71 (editions 1 and 2): the count restarts whenever some company can build."""
    state = dealt(default_hands(3), rules_version=2)
    state.stalled_turns = 3
    play(state, "return R", "take 1 B")
    assert state.stalled_turns == 0 and not state.is_terminal()


def test_a_stalled_map_alone_no_longer_ends_the_game() -> None:
    """PC-71 (edition 3): with no build possible the players trade on, as the seed's
    rules say, until a seed ending (PC-58) or the rounds of one-for-one trades."""
    state = dealt(default_hands(3))
    state.room = 0
    state._board_changed()
    assert not any(isinstance(a, act.Build) for a in state.legal_actions())
    _swap_rounds(state, 6)
    assert not state.is_terminal() and state.stalled_turns == 6
