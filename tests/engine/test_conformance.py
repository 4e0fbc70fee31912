"""The conformance suite: generic checks every registered game must pass, at every
player count and option combination (design.md, "Quality bar")."""

from __future__ import annotations

import dataclasses
import functools
import json
import math
import pickle
import random
from typing import Any, NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import belle
from belle.engine import CHANCE, MatchRecord, SeatError, replay, sample_chance
from belle.engine.game import State
from tests.engine import twins


def random_playout(config: tuple[str, int, dict[str, Any]], seed: int) -> MatchRecord:
    game_id, players, options = config
    game = belle.load_game(game_id, **options)
    state = game.new_initial_state(players)
    record = MatchRecord(game_id, options, [f"random{i}" for i in range(players)], seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal, f"no legal action at step {len(record.actions)} but not terminal"
        if state.current_player() == CHANCE:
            action = sample_chance(state, rng)
        else:
            action = rng.choice(legal)
        record.append(state, action)
        state.apply_action(action)
        assert len(record.actions) < 100_000
    return record


def states_along(record: MatchRecord, every: int = 1) -> list[State[Any]]:
    """The states after each `every`-th prefix of the record (the initial one too)."""
    state = belle.engine.new_state(record)
    states = [state.clone()]
    for index, entry in enumerate(record.actions):
        state.apply_action(state.action_from_json(entry.action))
        if index % every == 0:
            states.append(state.clone())
    return states


@pytest.fixture
def playout(config: Any) -> tuple[Any, MatchRecord]:
    return config, random_playout(config, seed=7)


def test_random_playouts_reach_the_end(config: Any) -> None:
    for seed in range(3):
        record = random_playout(config, seed)
        state = replay(record)
        assert state.is_terminal()
        assert state.legal_actions() == []
        assert len(state.returns()) == config[1]
        places = state.ranking()
        assert min(places) == 0 and all(0 <= p < config[1] for p in places)


def test_chance_outcomes_are_distributions(playout: Any) -> None:
    _, record = playout
    for state in states_along(record, every=3):
        if state.current_player() == CHANCE:
            outcomes = state.chance_outcomes()
            assert outcomes and abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            assert all(p > 0 for _, p in outcomes)
            assert [a for a, _ in outcomes] == state.legal_actions()


def test_sample_chance_draws_the_chance_outcomes(playout: Any) -> None:
    """State.sample_chance (the search's draw, a game may override it) gives only legal
    outcomes, with the probabilities of chance_outcomes() (seeded: deterministic)."""
    _, record = playout
    chance_states = [s for s in states_along(record) if s.current_player() == CHANCE]
    rng = random.Random(11)
    for state in chance_states[:: max(1, len(chance_states) // 8)]:
        before = json.dumps(state.to_json(), sort_keys=True)
        probability = dict(state.chance_outcomes())
        draws = 600
        counts: dict[Any, int] = {}
        for _ in range(draws):
            outcome = state.sample_chance(rng)
            assert outcome in probability, state.action_to_string(outcome)
            counts[outcome] = counts.get(outcome, 0) + 1
        for outcome, p in probability.items():
            spread = 5 * math.sqrt(p * (1 - p) / draws) + 0.01
            assert abs(counts.get(outcome, 0) / draws - p) <= spread
        assert json.dumps(state.to_json(), sort_keys=True) == before


def test_heuristics_agree_with_heuristic(playout: Any) -> None:
    """State.heuristics (search asks several seats at once; games may share the work)
    gives each seat's heuristic(seat)."""
    config, record = playout
    for state in states_along(record, every=13):
        seats = list(range(config[1]))
        assert state.heuristics(seats) == {s: state.heuristic(s) for s in seats}
        assert state.heuristics([seats[-1]]) == {seats[-1]: state.heuristic(seats[-1])}


def test_illegal_and_malformed_actions_change_nothing(playout: Any) -> None:
    _, record = playout
    for state in states_along(record, every=5):
        if state.is_terminal():
            continue
        before = json.dumps(state.to_json(), sort_keys=True)
        legal = set(state.legal_actions())
        all_actions = (state.action_from_int(i) for i in range(state.game.num_distinct_actions(
            state.num_players)))
        illegal = next((a for a in all_actions if a not in legal), None)
        if illegal is not None:
            with pytest.raises(belle.IllegalActionError):
                state.apply_action(illegal)
        for junk in ("", "fly to the moon", "\x00", "place", "take 9 Q"):
            with pytest.raises(belle.InvalidActionError):
                state.parse_action(junk)
        for junk_json in (None, 3, "build", {}, {"type": "nope"}, {"type": 5}, []):
            with pytest.raises(belle.InvalidActionError):
                state.action_from_json(junk_json)
        with pytest.raises(belle.InvalidActionError):
            state.action_from_int(-1)
        player = state.current_player()
        if player >= 0:
            wrong_seat = (player + 1) % state.num_players
            with pytest.raises(belle.NotYourTurnError):
                state.apply_action_for(wrong_seat, state.legal_actions()[0])
        assert json.dumps(state.to_json(), sort_keys=True) == before


class _Liar:
    """Claims to equal everything, with the hash of a real action."""

    def __init__(self, like: Any) -> None:
        self.like = like

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return hash(self.like)


class _Explosive:
    """Fails whenever it is hashed or compared."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("compared")

    def __hash__(self) -> int:
        raise RuntimeError("hashed")


def _fixed_junk(action: Any) -> list[Any]:
    """Things that are not one of the game's actions, built around a legal `action`."""
    junk: list[Any] = [object(), None, 0, -1, 10**30, math.nan, math.inf, "x", b"x", (), [],
                       {}, (action,), (action, action), [action], {"action": action},
                       _Liar(action), _Explosive(), type(action), object.__new__(type(action))]
    if dataclasses.is_dataclass(action):
        junk.append(dataclasses.astuple(action))
        for f in dataclasses.fields(action):
            for value in (None, -1, 10**30, math.nan, "0", (0,), True, 1.0, object()):
                junk.append(dataclasses.replace(action, **{f.name: value}))
    return junk


_PRINTED: dict[int, set[tuple[type, str]]] = {}


def _is_game_action(state: State[Any], value: Any) -> bool:
    """The oracle: `value` prints like one of the game's actions and has its type."""
    dense = state.notation.dense
    printed = _PRINTED.get(id(dense))
    if printed is None:
        printed = _PRINTED[id(dense)] = {(type(a), repr(a)) for a in dense.actions}
    try:
        return (type(value), repr(value)) in printed
    except Exception:
        return False


def _refuses_cleanly(state: State[Any], junks: list[Any]) -> None:
    """Each of `junks` raises a GameError; the state is the same afterwards."""
    before = json.dumps(state.to_json(), sort_keys=True)
    for junk in junks:
        if _is_game_action(state, junk):
            continue
        with pytest.raises(belle.GameError):
            state.apply_action(junk)
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_apply_action_refuses_anything_that_is_not_an_action(playout: Any) -> None:
    """Issue 14 item 14: junk raises a GameError subclass and changes nothing."""
    _, record = playout
    for state in states_along(record, every=23):
        if not state.is_terminal():
            _refuses_cleanly(state, _fixed_junk(state.legal_actions()[0]))


_JUNK = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6)
    | st.binary(max_size=3) | st.builds(object) | st.complex_numbers(),
    lambda inner: st.lists(inner, max_size=3) | st.tuples(inner, inner)
    | st.tuples(inner, inner, inner) | st.dictionaries(st.text(max_size=3), inner, max_size=2)
    | st.frozensets(st.integers() | st.text(max_size=2), max_size=3),
    max_leaves=8,
)


def _junk_states(game_id: str) -> list[State[Any]]:
    info = belle.load_game(game_id).info
    record = random_playout((game_id, info.max_players, {}), seed=3)
    states = [s for s in states_along(record, every=17) if not s.is_terminal()]
    return states[:: max(1, len(states) // 6)]


JUNK_STATES = {info.id: _junk_states(info.id) for info in belle.list_games()}


@pytest.mark.parametrize("game_id", sorted(JUNK_STATES))
@settings(max_examples=120, deadline=None)
@given(data=st.data())
def test_apply_action_refuses_generated_junk(game_id: str, data: st.DataObject) -> None:
    """Issue 14 item 14 (property): any Python value, or a legal action with one field
    swapped for junk or packed in a tuple, raises a GameError and changes nothing."""
    state = data.draw(st.sampled_from(JUNK_STATES[game_id]))
    action = data.draw(st.sampled_from(state.legal_actions()))
    value = data.draw(_JUNK)
    candidates: list[Any] = [value, (action, value), (value, action)]
    if dataclasses.is_dataclass(action) and dataclasses.fields(action):
        field = data.draw(st.sampled_from(dataclasses.fields(action)))
        candidates.append(dataclasses.replace(action, **{field.name: value}))
    _refuses_cleanly(state, candidates)


def test_clone_is_independent(playout: Any) -> None:
    _, record = playout
    for state in states_along(record, every=7):
        if state.is_terminal():
            continue
        before = json.dumps(state.to_json(), sort_keys=True)
        copy = state.clone()
        rng = random.Random(1)
        while not copy.is_terminal():
            copy.apply_action(rng.choice(copy.legal_actions()))
        assert json.dumps(state.to_json(), sort_keys=True) == before


def test_record_replays_to_identical_state(playout: Any) -> None:
    _, record = playout
    original = states_along(record)[-1]
    loaded = MatchRecord.from_json(json.loads(record.dumps()))
    rebuilt = replay(loaded)
    assert rebuilt.to_json() == original.to_json()
    assert rebuilt.returns() == original.returns()
    assert rebuilt.ranking() == original.ranking()
    assert rebuilt.score_breakdown() == original.score_breakdown()


def test_codecs_round_trip(playout: Any) -> None:
    _, record = playout
    for state in states_along(record, every=2):
        for action in state.legal_actions():
            assert state.parse_action(state.action_to_string(action)) == action
            wire = json.loads(json.dumps(state.action_to_json(action)))
            assert state.action_from_json(wire) == action
            index = state.action_to_int(action)
            assert 0 <= index < state.game.num_distinct_actions(state.num_players)
            assert state.action_from_int(index) == action


def test_dense_int_lists_match_the_actions(playout: Any) -> None:
    """legal_action_ints / chance_outcome_ints (the AI adapters' lists; games build some
    from int tables) are the legal actions' and chance outcomes' ints, in order."""
    _, record = playout
    for state in states_along(record):
        assert state.legal_action_ints() == [state.action_to_int(a) for a in
                                             state.legal_actions()]
        assert state.chance_outcome_ints() == [(state.action_to_int(a), p) for a, p in
                                               state.chance_outcomes()]


def test_pickles_do_not_depend_on_what_was_asked_before(playout: Any) -> None:
    """A state pickles the same before and after its views, scores and legal actions were
    asked for: memoized values stay out of the pickle (`__getstate__`), so OpenSpiel's
    serialize() of a state (belle.adapters.openspiel) does not depend on them either."""
    config, record = playout
    for state in [*states_along(record, every=7), replay(record)]:
        before = pickle.dumps(state)
        state.legal_actions()
        state.chance_outcomes()
        for seat in [*range(config[1]), None]:
            state.view(seat)
            if seat is not None:
                state.information_state_key(seat)
                state.heuristic(seat)
        state.to_json()
        state.returns()
        state.ranking()
        state.score_breakdown()
        assert pickle.dumps(state) == before, f"after {len(state.history)} actions"


def test_views_are_json_and_seat_specific(playout: Any) -> None:
    config, record = playout
    for state in states_along(record, every=9):
        for seat in [None, *range(config[1])]:
            view = state.view(seat)
            assert json.loads(json.dumps(view)) == view


TWIN_SEEDS = range(7, 19)  # 7 is the playout fixture's; a Bruxelles game may deal no secret
TWIN_POSITIONS = 24  # per configuration, spread over the games


class Twin(NamedTuple):
    """A position and its twin, and who must not tell them apart."""

    blind: list[int | None]
    state: State[Any]
    twin: State[Any]


@functools.cache
def _twin_positions(game_id: str, players: int, options: tuple[tuple[str, Any], ...]
                    ) -> tuple[list[Twin], bool]:
    """Positions whose twins differ only in a secret of seat k swapped with one of seat
    j (tests/engine/twins.py), both swapped entries played and neither game over; and
    whether the games held a secret at all. Seeded random games from seed 7 on until
    there are TWIN_POSITIONS (or the seeds run out), spread over the games."""
    config = (game_id, players, dict(options))
    found: list[Twin] = []
    secrets = False
    for seed in TWIN_SEEDS:
        record = random_playout(config, seed)
        secrets = secrets or any(e.visible_to is not None for e in record.actions)
        for k, j in _secret_pairs(players):
            for a, b in twins.swap_pairs(record, k, j)[:3]:
                blind = twins.blind_to(record, a, b, players)
                found += _after_both(record, twins.swapped(record, a, b), max(a, b), blind)
        if len(found) >= TWIN_POSITIONS:
            break
    step = max(1, len(found) // TWIN_POSITIONS)
    return found[::step][:TWIN_POSITIONS], secrets


def _after_both(record: MatchRecord, altered: dict[int, Any], last: int,
                blind: list[int | None]) -> list[Twin]:
    """Positions after entry `last` (both swapped entries played) until the twin stops
    being legal or the game ends (everything is revealed at the end)."""
    kept = []
    for n, true_state, alt_state in twins.twins(record, altered):
        if n <= last:
            continue
        if true_state.is_terminal() or len(kept) == TWIN_POSITIONS:
            break
        kept.append(Twin(blind, true_state.clone(), alt_state.clone()))
    return kept


def _secret_pairs(players: int) -> list[tuple[int, int]]:
    return [(k, (k + 1) % players) for k in range(players)] if players > 2 else [(0, 1)]


def _twins_of(config: Any) -> list[Twin]:
    game_id, players, options = config
    game = belle.load_game(game_id, **options)
    found, secrets = _twin_positions(game_id, players, tuple(sorted(options.items())))
    # Issue 14 item 15, no silent skip: games that deal secrets have positions to compare.
    # Only an option that removes every secret (Paris Paris's dm, PP-71) may leave none,
    # and a game's default options never do.
    if game.info.has_hidden_info and (secrets or options == _defaults(game_id)):
        assert found, f"{config}: no position with another seat's secret to compare"
    return found


def _defaults(game_id: str) -> dict[str, Any]:
    return {spec.name: spec.default for spec in belle.load_game(game_id).info.options}


def test_no_leak_of_other_seats_secrets(config: Any) -> None:
    """Two states that differ only in seats k and j's secrets look the same to the
    others: at positions along the game, after both swapped secrets were played."""
    for blind, state, twin in _twins_of(config):
        assert state.to_json() != twin.to_json()
        for viewer in blind:
            assert state.view(viewer) == twin.view(viewer), f"viewer {viewer}"
            if viewer is not None:
                assert state.information_state_key(viewer) == (
                    twin.information_state_key(viewer))


def test_view_is_the_public_part_and_the_seats_own(playout: Any) -> None:
    """view(seat) is public_view() beside private_view(seat), their keys apart (the server
    sends the public part's one encoding to every viewer with each one's own part)."""
    config, record = playout
    for state in states_along(record, every=9):
        public = state.public_view()
        assert json.loads(json.dumps(public)) == public
        for seat in [None, *range(config[1])]:
            private = state.private_view(seat)
            assert private["seat"] == seat
            assert not set(private) & set(public), f"seat {seat}"
            assert state.view(seat) == {**public, **private}


def test_a_view_of_a_seat_the_game_does_not_have_is_refused(playout: Any) -> None:
    """view(-1) is not the last seat's view: a seat out of range (or not an int) raises
    SeatError, never another seat's secrets or an IndexError."""
    config, record = playout
    state = replay(record)
    for seat in (-1, -config[1], config[1], config[1] + 7, True, 1.0, "0"):
        with pytest.raises(SeatError) as refused:
            state.view(seat)  # type: ignore[arg-type]
        assert refused.value.refusal() is not None  # a sentence the reader's catalogue words


def test_what_a_seat_knows_is_asked_only_for_a_seat_of_the_game(playout: Any) -> None:
    """information_state_key, resample and resampler answer for a seat of the game only
    (a spectator has no determinization): -1 is not the last seat there either."""
    config, record = playout
    state = replay(record)
    for seat in (-1, config[1], None, True, "0"):
        for ask in (state.information_state_key, state.resampler,
                    lambda s: state.resample(s, random.Random(1))):
            with pytest.raises(SeatError):
                ask(seat)  # type: ignore[arg-type]


def test_public_part_holds_no_secret(playout: Any) -> None:
    """The part every viewer shares is the same in states that differ only in secrets
    (each seat's determinization redeals all it may not see; two seats' secrets
    swapped): whatever tells such states apart is in the per-seat parts."""
    config, record = playout
    players = config[1]
    for state in states_along(record, every=6):
        for seat in range(players):
            sample = state.resample(seat, random.Random(11 + seat))
            assert sample.public_view() == state.public_view(), f"resample({seat})"
    for blind, true_state, alt_state in _twins_of(config):  # two seats' secrets swapped
        assert true_state.public_view() == alt_state.public_view()
        for viewer in [None, *range(players)]:
            if true_state.view(viewer) != alt_state.view(viewer):
                assert viewer not in blind
                assert true_state.private_view(viewer) != alt_state.private_view(viewer)
            else:
                assert true_state.private_view(viewer) == alt_state.private_view(viewer)


def test_resample_keeps_the_seats_view(playout: Any) -> None:
    config, record = playout
    for state in states_along(record, every=6):
        for seat in range(config[1]):
            sample = state.resample(seat, random.Random(seat))
            assert sample.view(seat) == state.view(seat)
            assert sample.view(None) == state.view(None)
            assert sample.information_state_key(seat) == state.information_state_key(seat)
            if state.current_player() == seat:
                assert sample.legal_actions() == state.legal_actions()


def test_resampler_draws_what_resample_draws(playout: Any) -> None:
    """Search draws its determinizations from `resampler(seat)` (worked out once per
    search): draw after draw, each is `resample(seat, rng)`'s for the same generator,
    and drawing changes neither the state nor the next draw."""
    config, record = playout
    for state in states_along(record, every=7):
        before = state.to_json()
        for seat in range(config[1]):
            draw = state.resampler(seat)
            for seed in (3, 4, 3):
                drawn = draw(random.Random(seed)).to_json()
                assert drawn == state.resample(seat, random.Random(seed)).to_json(), \
                    f"seat {seat}, seed {seed}"
        assert state.to_json() == before


def test_resample_depends_only_on_what_the_seat_knows(config: Any) -> None:
    """A bot handed resample(seat) cannot tell states apart that the seat cannot."""
    positions = _twins_of(config)
    for blind, state, twin in positions[::max(1, len(positions) // 6)]:
        for seat in blind:
            if seat is not None:
                a = state.resample(seat, random.Random(5)).to_json()
                b = twin.resample(seat, random.Random(5)).to_json()
                assert a == b, f"seat {seat}"
