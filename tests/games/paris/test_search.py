"""Action C, the end-game tile search (PARIS-56, PARIS-57, PARIS-103, PARIS-104, G-16):
`endgame` (public) lets the searcher alone see the pile; `take <tile>` is a secret move
that only the taker sees. The others learn that a tile was taken, the public counts,
and each tile's effect when it is used. Resampling keeps to what a seat saw."""

from __future__ import annotations

import random
from typing import Any

import pytest

import belle
from belle.engine import CHANCE, MatchRecord
from belle.games.paris import actions as act
from belle.games.paris import data
from belle.games.paris.state import ParisState

from .helpers import empty_stacks, legal, play, search, started, step2, take_endgame


def endgame_ready(players: int = 3) -> ParisState:
    state = started(players)
    empty_stacks(state)
    return state


def tiles_of(state: ParisState, seat: int) -> list[str]:
    return [data.END_TILES[t].code for s, t, _ in state.eg_takes if s == seat]


# -- when and how ----------------------------------------------------------------------


def test_search_only_once_every_stack_is_empty() -> None:
    """PARIS-57, PARIS-103 (seed: "Solo después de que se hayan agotado los montones"):
    one non-empty stack is enough to forbid action C; an empty pile forbids it too
    (PARIS-133)."""
    state = step2(started(), 0)
    state.stack_size = [0, 0, 1]
    assert "endgame" not in legal(state)
    empty_stacks(state)
    assert "endgame" in legal(state)
    state.eg_pile = [0] * len(state.eg_pile)
    assert "endgame" not in legal(state)


def test_search_offers_every_kind_left_in_the_pile() -> None:
    """PARIS-103: the searcher chooses any tile of the pile; no chance is involved and
    the searcher may only take (no exchanges or other moves in the middle)."""
    state = step2(endgame_ready(), 0)
    state.eg_pile[act.END_BY_CODE["stack"]] = 0
    search(state)
    assert state.current_player() == 0 and not state.is_chance_node()
    codes = [t.code for t in data.END_TILES if t.copies and t.code != "stack"]
    assert legal(state) == {f"take {code}" for code in codes}
    for gone in ("stack", "vp8", "f8"):  # vp8: editions 4-7 only; f8: editions 1-3 (G-8)
        with pytest.raises(belle.IllegalActionError):
            play(state, f"take {gone}")


def test_take_is_a_secret_move() -> None:
    """PARIS-104, G-16: only the taker sees the tile; the others are told that an
    end-game tile was taken."""
    state = step2(endgame_ready(), 0)
    search(state)
    take = state.parse_action("take vp5")
    assert state.action_visibility(take) == frozenset({0})
    assert state.player_action_visibility(take) == frozenset({0})
    assert state.public_action_text(take) == "take an end-game tile"
    assert state.player_action_visibility(act.ENDGAME) is None  # the search is public
    state.apply_action(take)
    assert state.history_visibility()[-1] == frozenset({0})
    assert state.eg_held[0][act.END_BY_CODE["vp5"]] == 1


def alternatives(first: str, second: str) -> tuple[ParisState, ParisState]:
    """Seat 0 takes `first` (true) or `second` (alternative): nothing else differs."""
    true, alt = endgame_ready(), endgame_ready()
    take_endgame(true, 0, first)
    take_endgame(alt, 0, second)
    return true, alt


def test_the_others_views_do_not_show_the_tile() -> None:
    """PARIS-28, PARIS-104, G-16: views of the others (and spectators) are the same
    whichever tile was taken; the count is public."""
    true, alt = alternatives("vp6", "vp5")
    for viewer in (1, 2, None):
        assert true.view(viewer) == alt.view(viewer)
    assert true.view(1)["seats"][0]["endgame_count"] == 1
    assert true.view(1)["endgame_pile"] == 11
    assert true.view(0)["me"]["endgame"] == ["vp6"]
    assert alt.view(0)["me"]["endgame"] == ["vp5"]


def test_the_others_information_state_keys_do_not_show_the_tile() -> None:
    """PARIS-104: the take is `?` to the others, readable to the taker."""
    true, alt = alternatives("vp6", "vp5")
    for viewer in (1, 2):
        assert true.information_state_key(viewer) == alt.information_state_key(viewer)
        assert true.information_state_key(viewer).endswith("endgame;?")
    assert true.information_state_key(0) != alt.information_state_key(0)
    assert "take vp6" in true.information_state_key(0)


def test_records_hide_the_tile_from_the_others() -> None:
    """PARIS-104: a match record redacted for another seat or a spectator shows `?`;
    the taker's own copy shows the tile."""
    state = step2(endgame_ready(), 0)
    record = MatchRecord("paris", {}, ["a", "b", "c"])
    for text in ("endgame", "take pres"):
        action = state.parse_action(text)
        record.append(state, action)
        state.apply_action(action)
    entry = record.actions[-1]
    assert entry.player == 0 and entry.visible_to == [0]
    assert record.redacted_for(0).actions[-1].text == "take pres"
    for viewer in (1, 2, None):
        hidden = record.redacted_for(viewer).actions[-1]
        assert hidden.text == "?" and hidden.action is None
        assert record.redacted_for(viewer).actions[0].text == "endgame"


def test_using_a_tile_announces_it() -> None:
    """PARIS-105, G-16: the effect is announced on use; every determinization of another
    seat then gives that tile to the user."""
    state = endgame_ready()
    take_endgame(state, 0, "stack")
    take_endgame(state, 0, "vp6")
    play(state, "play vp6")
    assert state.player_action_visibility(state.history[-1]) is None
    for seed in range(20):
        sample = state.resample(1, random.Random(seed))
        assert "vp6" in tiles_of(sample, 0) and sample.eg_uses == state.eg_uses
        assert sum(sample.eg_held[0]) == 1  # the other tile, unknown to seat 1


# -- the searcher's knowledge ----------------------------------------------------------


def test_searcher_knows_the_pile_it_saw() -> None:
    """PARIS-103: seat 2 sees the pile after seats 0 and 1 took stack and share (one
    copy each), so every
    determinization of seat 2 gives those two tiles to seats 0 and 1, and later keeps
    the pile it saw less its own take and one unknown tile."""
    state = endgame_ready()
    take_endgame(state, 0, "stack")
    play(state, "end")
    take_endgame(state, 1, "share")
    play(state, "end")
    step2(state, 2)
    search(state)
    for seed in range(20):
        sample = state.resample(2, random.Random(seed))
        assert sorted(tiles_of(sample, 0) + tiles_of(sample, 1)) == ["share", "stack"]
        assert sample.eg_pile == state.eg_pile
        assert sample.legal_actions() == state.legal_actions()
    play(state, "take res", "end")
    seen = list(state.eg_looks[2][0][0])
    take_endgame(state, 0, "vp5")
    for seed in range(20):
        sample = state.resample(2, random.Random(seed))
        later = tiles_of(sample, 0)[1]
        assert seen[act.END_BY_CODE[later]] > 0 and later not in ("stack", "share")
        assert later != "res" or seen[act.END_BY_CODE["res"]] == 2


def test_what_a_searcher_saw_is_in_its_information_state_key() -> None:
    """Seat 1 cannot tell apart states that differ in seat 0's take until it searches;
    then the pile it sees tells them apart."""
    true, alt = alternatives("vp6", "vp5")
    for state in (true, alt):
        play(state, "end")
        step2(state, 1)
    assert true.information_state_key(1) == alt.information_state_key(1)
    search(true)
    search(alt)
    assert true.information_state_key(1) != alt.information_state_key(1)
    assert true.information_state_key(2) == alt.information_state_key(2)
    assert true.view(1) != alt.view(1) and true.view(2) == alt.view(2)


def test_seats_own_resample_keeps_its_tiles() -> None:
    state = endgame_ready()
    take_endgame(state, 0, "stack")
    play(state, "end")
    take_endgame(state, 1, "share")
    for seed in range(10):
        sample = state.resample(0, random.Random(seed))
        assert tiles_of(sample, 0) == ["stack"]
        assert sample.eg_held[0] == state.eg_held[0]
        assert tiles_of(sample, 1) != ["stack"]


# -- resample --------------------------------------------------------------------------


def search_positions() -> list[ParisState]:
    """States around searches: another seat choosing, after secret takes, after uses."""
    state = endgame_ready()
    found = []
    take_endgame(state, 0, "vp6")
    found.append(state.clone())
    play(state, "end")
    step2(state, 1)
    search(state)
    found.append(state.clone())  # seat 1 is choosing
    play(state, "take pres", "play pres silver", "end")
    take_endgame(state, 2, "vp5")
    found.append(state.clone())
    play(state, "play vp5", "end")
    take_endgame(state, 0, "share")
    found.append(state.clone())
    return found


@pytest.mark.parametrize("index", range(4))
def test_resample_for_another_seat_keeps_its_view(index: int) -> None:
    """A determinization for a seat keeps that seat's view, the public view, its
    information state and, on its turn, its legal actions."""
    state = search_positions()[index]
    for seat in range(3):
        for seed in range(8):
            sample = state.resample(seat, random.Random(seed))
            assert sample.view(seat) == state.view(seat)
            assert sample.view(None) == state.view(None)
            assert sample.information_state_key(seat) == state.information_state_key(seat)
            if state.current_player() == seat:
                assert sample.legal_actions() == state.legal_actions()
            assert sum(sample.eg_pile) == sum(state.eg_pile)
            for other in range(3):
                assert sum(sample.eg_held[other]) == sum(state.eg_held[other])


def test_resample_varies_what_the_seat_does_not_know() -> None:
    state = search_positions()[0]
    tiles = {tiles_of(state.resample(1, random.Random(seed)), 0)[0] for seed in range(40)}
    assert len(tiles) > 3


def test_resample_depends_only_on_what_the_seat_knows() -> None:
    """Seats 0 and 1 swap their secret tiles: seat 2 cannot tell the two games apart,
    so its views, keys and determinizations are the same, also while seat 1 chooses."""
    games = []
    for first, second in (("vp6", "vp5"), ("vp5", "vp6")):
        state = endgame_ready()
        take_endgame(state, 0, first)
        play(state, "end")
        step2(state, 1)
        search(state)
        games.append(state.clone())
        play(state, f"take {second}", "end")
        games.append(state.clone())
        take_endgame(state, 2, "res")
        games.append(state)
    for true, alt in zip(games[:3], games[3:], strict=True):
        assert true.to_json() != alt.to_json()
        for viewer in (2, None):
            assert true.view(viewer) == alt.view(viewer)
        assert true.information_state_key(2) == alt.information_state_key(2)
        for seed in range(5):
            a = true.resample(2, random.Random(seed)).to_json()
            b = alt.resample(2, random.Random(seed)).to_json()
            assert a == b


# -- random playouts: swapping two seats' secret takes --------------------------------


def playout(players: int, seed: int, **options: Any) -> list[tuple[int, Any]]:
    state = belle.load_game("paris", **options).new_initial_state(players)
    rng = random.Random(seed)
    log = []
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            action = belle.engine.sample_chance(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        log.append((player, action))
        state.apply_action(action)
    return log


@pytest.mark.parametrize("players,seed,options", [
    (3, 1, {}), (3, 2, {"random_setup": True}), (4, 3, {"free_districts": True}), (4, 4, {}),
])
def test_swapped_secret_takes_leak_nothing(players: int, seed: int,
                                           options: dict[str, bool]) -> None:
    """The generic leak check for secret moves: swap the tiles of two takes by
    different seats k and j, replay as long as the moves stay legal, and check that
    every other seat that saw the same piles (and spectators) cannot tell the games
    apart: same view, key and determinization."""
    log = playout(players, seed, **options)
    takes = [i for i, (p, a) in enumerate(log) if isinstance(a, act.Take)]
    checked = 0
    for x, a in enumerate(takes):
        for b in takes[x + 1:]:
            if log[a][0] == log[b][0] or log[a][1] == log[b][1]:
                continue
            swap = {a: log[b][1], b: log[a][1]}
            true = belle.load_game("paris", **options).new_initial_state(players)
            assert isinstance(true, ParisState)
            alt = true.clone()
            for index, (_, action) in enumerate(log):
                other = swap.get(index, action)
                if not alt.is_legal(other) or index > b + 40:
                    break
                true.apply_action(action)
                alt.apply_action(other)
            if true.is_terminal() or true.to_json() == alt.to_json():
                continue
            k, j = log[a][0], log[b][0]
            for viewer in [None, *range(players)]:
                if viewer in (k, j):
                    continue
                if viewer is not None and true.eg_looks[viewer] != alt.eg_looks[viewer]:
                    continue  # it saw the pile in between: it can tell
                assert true.view(viewer) == alt.view(viewer)
                if viewer is None:
                    continue
                assert true.information_state_key(viewer) == alt.information_state_key(viewer)
                assert true.resample(viewer, random.Random(5)).to_json() == alt.resample(
                    viewer, random.Random(5)).to_json()
                checked += 1
            break
    assert checked
