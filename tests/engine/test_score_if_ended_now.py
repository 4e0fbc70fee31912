"""`State.score_if_ended_now()`: what each seat would score if the game ended at this point,
the game's own end scoring included (issue 20 item 4: the end screen's chart).

Each game's value is checked against that game's real end path run on a copy (Paris:
PARIS-135..146; Paris Paris: PP-58..64; Bruxelles 1893: BRX-189..197), along seeded random
games; it never changes the state, it is `returns()` once the game is over, and it reads
none of the secrets the end does not reveal (Paris's end-game tiles, Bruxelles's works drawn
in secret): a resampled state gives the same values.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from belle.engine import replay
from belle.engine.game import State
from belle.games.bruxelles_1893 import flow
from belle.games.paris import data

from .test_conformance import random_playout, states_along

GAMES = [("paris", 3), ("paris_paris", 2), ("paris_paris", 4), ("bruxelles_1893", 3),
         ("paris_connection", 4), ("city_of_light", 2)]
END_SCORED = {"paris", "paris_paris", "bruxelles_1893"}


def _states(game: str, players: int, seed: int = 5, every: int = 7) -> list[State[Any]]:
    return states_along(random_playout((game, players, {}), seed), every)


def _ended_paris(state: Any) -> list[float]:
    """PARIS-134: after the final round, final scoring — the game's own path on a copy."""
    copy = state.clone()
    copy.phase, copy._final = "over", None
    return list(copy.returns())


def _ended_paris_paris(state: Any) -> list[float] | None:
    """PP-58..64: the final excursions and the bag, run by the game itself on a copy
    (None during the setup: no secret line to tour yet)."""
    copy = state.clone()
    if any(line < 0 for line in copy.secret) and not copy.dm:
        return None
    copy._final_scoring()
    return list(copy.returns())


def _ended_bruxelles(state: Any) -> list[float]:
    """BRX-188..197: the game's final task on a copy; each seat settles its figures in
    the order that scores most for it (BRX-191), found by trying every order."""
    copy = state.clone()
    if copy.phase != "scoring":
        copy.tasks = [("final",)]
        copy.drawn = []  # works drawn in secret are not held (BRX-72)
    flow.advance(copy)
    return list(_settle_best(copy).returns())


def _settle_best(state: Any) -> Any:
    if state.is_terminal():
        return state
    seat = state.current_player()
    best = None
    for action in state.legal_actions():
        copy = state.clone()
        copy.apply_action(action)
        done = _settle_best(copy)
        if best is None or done.returns()[seat] > best.returns()[seat]:
            best = done
    return best


ENDED: dict[str, Callable[[Any], list[float] | None]] = {
    "paris": _ended_paris, "paris_paris": _ended_paris_paris,
    "bruxelles_1893": _ended_bruxelles}


@pytest.mark.parametrize(("game", "players"), [g for g in GAMES if g[0] in END_SCORED])
def test_it_is_what_the_games_own_end_would_score(game: str, players: int) -> None:
    """PARIS-135..146, PP-58..64, BRX-189..197: equal to ending the game on a copy, and
    different from the running score at some point (the end does add scoring)."""
    differs = False
    for state in _states(game, players):
        if state.is_terminal() or (state.is_chance_node() and game == "bruxelles_1893"):
            continue
        ended = ENDED[game](state)
        if ended is None:
            continue
        assert state.score_if_ended_now() == ended, state.history[-3:]
        differs |= state.score_if_ended_now() != state.returns()
    assert differs


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_it_changes_nothing_and_is_returns_at_the_end(game: str, players: int) -> None:
    record = random_playout((game, players, {}), 5)
    for state in states_along(record, 11):
        before = state.to_json()  # type: ignore[attr-defined]
        state.score_if_ended_now()
        assert state.to_json() == before  # type: ignore[attr-defined]
    final = replay(record)
    assert final.is_terminal()
    assert final.score_if_ended_now() == final.returns()


@pytest.mark.parametrize(("game", "players"), [("paris_connection", 3), ("city_of_light", 2)])
def test_a_running_score_already_final_is_the_default(game: str, players: int) -> None:
    for state in _states(game, players):
        assert state.score_if_ended_now() == state.returns()


@pytest.mark.parametrize(("game", "players"), [("paris", 4), ("bruxelles_1893", 4)])
def test_it_reads_no_secret_the_end_does_not_reveal(game: str, players: int) -> None:
    """Paris's end-game tiles (PARIS-104) and Bruxelles's works drawn in secret (BRX-71):
    every seat's resampled state (the others' secrets drawn again) scores the same."""
    rng = random.Random(3)
    checked = 0
    for state in _states(game, players, seed=11, every=3):
        if state.is_terminal() or state.is_chance_node():
            continue
        for seat in range(players):
            assert state.resample(seat, rng).score_if_ended_now() == \
                state.score_if_ended_now()
        checked += 1
    assert checked > 20


def test_paris_majorities_and_tile_27_count_at_once() -> None:
    """DX-2 before the end: PARIS-136..143 pay the district's majority, PARIS-135 tile
    27 one VP per franc, on top of the running VP; the state stays unscored."""
    from tests.games.paris.helpers import MO, dx2

    state = dx2()
    state.vp_tile_at[MO] = data.VP_TILES.index((10, 6, 3))
    state.vp_parts[2][0] = 2
    state.bonus_held[1] |= 1 << 27
    state.francs[1] = 5
    assert state.returns() == [0.0, 0.0, 2.0]
    assert state.score_if_ended_now() == [6.0, 10.0 + 5.0, 3.0 + 2.0]
    assert state.phase == "step1" and state._final is None


def test_paris_paris_secret_lines_score_before_the_end() -> None:
    """PP-59, PP-60: before any shop is built the lines score nothing; once a shop
    stands at a crossing of a seat's secret line, its tour scores it now."""
    state = _states("paris_paris", 2, seed=2, every=1)
    first = next(s for s in state if s.current_player() >= 0)
    assert first.score_if_ended_now() == [0.0, 0.0]
