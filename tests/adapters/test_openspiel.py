"""The OpenSpiel adapter on every registered game: checked actions, clones, tensors,
OpenSpiel's own random simulation test and its MCTS and ISMCTS bots (skipped only when
`open_spiel` is not installed)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import belle
from tests.adapters.conftest import GAMES, need

np = need("numpy")
pyspiel = need("pyspiel")
openspiel = need("belle.adapters.openspiel")
ismcts = need("open_spiel.python.algorithms.ismcts")
mcts = need("open_spiel.python.algorithms.mcts")
make_observation = need("open_spiel.python.observation").make_observation

INT64 = st.integers(min_value=-(2**63), max_value=2**63 - 1)


def _advance(state: Any, rng: random.Random, steps: int) -> Any:
    """Play `steps` random actions (chance sampled) unless the game ends first."""
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def _positions(game_id: str) -> list[Any]:
    """A chance node, a decision node and the end of one seeded game."""
    game = pyspiel.load_game(f"belle_{game_id}")
    rng = random.Random(11)
    state = game.new_initial_state()
    found: dict[str, Any] = {}
    while not state.is_terminal():
        kind = "chance" if state.is_chance_node() else "decision"
        if kind not in found and state.move_number() > 3:
            found[kind] = state.clone()
        _advance(state, rng, 1)
    found["terminal"] = state
    return list(found.values())


def _legal_here(state: Any) -> list[int]:
    if state.is_chance_node():
        return [a for a, _ in state.chance_outcomes()]
    return list(state.legal_actions())


def _snapshot(state: Any) -> tuple[Any, ...]:
    return (state.serialize(), state.belle.to_json(), state.history(), state.move_number())


def _assert_refused(state: Any, action: Any) -> None:
    before = _snapshot(state)
    with pytest.raises((pyspiel.SpielError, TypeError)):
        state.apply_action(action)
    assert _snapshot(state) == before


@pytest.mark.parametrize("game_id", GAMES)
def test_load_game_by_name(game_id: str) -> None:
    info = belle.load_game(game_id).info
    game = pyspiel.load_game(f"belle_{game_id}")
    assert game.num_players() == info.min_players
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.provides_information_state_string and kind.provides_observation_tensor
    assert kind.provides_information_state_tensor and kind.provides_observation_string
    bigger = pyspiel.load_game(f"belle_{game_id}", {"players": info.max_players})
    assert bigger.num_players() == info.max_players


@pytest.mark.parametrize("game_id", GAMES)
def test_illegal_ints_are_refused_and_change_nothing(game_id: str) -> None:
    """Ints outside the legal ones (chance outcomes at a chance node), negative, huge and
    non-int actions all raise; serialize() and the Belle state stay as they were."""
    size = pyspiel.load_game(f"belle_{game_id}").num_distinct_actions()
    for state in _positions(game_id):
        legal = set(_legal_here(state))
        outside = [a for a in range(size) if a not in legal]
        for action in [*outside[:3], *outside[-3:], *random.Random(1).sample(outside, 20),
                       -1, -2, -(10**9), size, size + 1, 10**9, 2**62, 2**63 - 1]:
            _assert_refused(state, action)
        for action in ("1", 1.5, None, [0], 2**63, -(2**63) - 1, object()):
            _assert_refused(state, action)
        if legal:  # and a legal action still goes through afterwards
            clone = state.clone()
            clone.apply_action(min(legal))
            assert clone.history() == [*state.history(), min(legal)]


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(action=INT64)
def test_any_int64_outside_the_legal_ones_is_refused(game_id: str, action: int) -> None:
    for state in _POSITIONS.setdefault(game_id, _positions(game_id)):
        if action in _legal_here(state):
            continue
        _assert_refused(state, action)


_POSITIONS: dict[str, list[Any]] = {}


@pytest.mark.parametrize("game_id", GAMES)
def test_python_answers_agree_with_pyspiel(game_id: str) -> None:
    """legal_actions and is_chance_node answered in Python equal pyspiel's own."""
    for state in _positions(game_id):
        players = range(-1, state.num_players()) if state.is_chance_node() else range(
            state.num_players())
        for player in players:
            assert state.legal_actions(player) == pyspiel.State.legal_actions(state, player)
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        assert state.legal_actions() == sorted(state.legal_actions())
        assert state.legal_actions_mask() == [
            int(a in state.legal_actions()) for a in range(len(state.legal_actions_mask()))]


@pytest.mark.parametrize("game_id", GAMES)
def test_clones_are_independent(game_id: str) -> None:
    game = pyspiel.load_game(f"belle_{game_id}")
    state = _advance(game.new_initial_state(), random.Random(2), 30)
    before = state.serialize()
    clone = state.clone()
    assert clone.belle is not state.belle and clone.serialize() == before
    _advance(clone, random.Random(3), 20)
    assert state.serialize() == before
    assert clone.history()[:len(state.history())] == state.history()
    fresh = game.new_initial_state().clone()  # a clone of a state never looked at
    assert fresh.belle.to_json() == game.new_initial_state().belle.to_json()


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiel_random_simulation(game_id: str) -> None:
    game = pyspiel.load_game(f"belle_{game_id}")
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("game_id", GAMES)
def test_game_strings_and_serialized_states_round_trip(game_id: str) -> None:
    game = pyspiel.load_game(f"belle_{game_id}")
    assert str(pyspiel.load_game(str(game))) == str(game)
    for state in _positions(game_id):
        text = pyspiel.serialize_game_and_state(game, state)
        game_again, again = pyspiel.deserialize_game_and_state(text)
        assert str(game_again) == str(game)
        assert again.belle.to_json() == state.belle.to_json()
        assert again.history() == state.history()
        assert again.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("game_id", GAMES)
def test_tensors_through_openspiel(game_id: str) -> None:
    game = pyspiel.load_game(f"belle_{game_id}")
    state = _advance(game.new_initial_state(), random.Random(6), 50)
    coder = game.tensors
    assert game.observation_tensor_shape() == [coder.observation.size]
    assert game.information_state_tensor_shape() == [coder.information_state.size]
    for player in range(game.num_players()):
        assert np.array_equal(np.asarray(state.observation_tensor(player), np.float32),
                              coder.observation_tensor(state.belle, player))
        assert np.array_equal(np.asarray(state.information_state_tensor(player), np.float32),
                              coder.information_state_tensor(state.belle, player))
    observation = make_observation(game)  # OpenSpiel's view of the named segments
    observation.set_from(state, 0)
    assert list(observation.dict) == [s.name for s in coder.observation.segments]
    assert np.array_equal(observation.tensor, coder.observation_tensor(state.belle, 0))
    with pytest.raises(ValueError, match="one seat"):
        game.make_py_observer(pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))


@pytest.mark.parametrize("game_id", GAMES)
def test_resample_from_infostate_keeps_the_information_state(game_id: str) -> None:
    game = pyspiel.load_game(f"belle_{game_id}")
    state = _advance(game.new_initial_state(), random.Random(4), 40)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for player in range(game.num_players()):
        sample = state.resample_from_infostate(player, sampler)
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.observation_string(player) == state.observation_string(player)
        assert sample.information_state_tensor(player) == state.information_state_tensor(player)
        if state.current_player() == player:
            assert sample.legal_actions() == state.legal_actions()


def _plays(game_id: str, make_bot: Any) -> None:
    """Two decisions of `make_bot(game)` at a state with a real choice, legal each time."""
    game = pyspiel.load_game(f"belle_{game_id}")
    bot = make_bot(game)
    rng = random.Random(2)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal() and decisions < 2:
        if state.is_chance_node() or len(state.legal_actions()) == 1:
            _advance(state, rng, 1)
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert decisions == 2


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiel_ismcts_bot_plays(game_id: str) -> None:
    _plays(game_id, lambda game: ismcts.ISMCTSBot(
        game=game, uct_c=2.0, max_simulations=3,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=None),
        random_state=np.random.RandomState(1)))


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiel_mcts_bot_plays(game_id: str) -> None:
    _plays(game_id, lambda game: mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=3,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(2)),
        random_state=np.random.RandomState(1), solve=False))


def test_wrap_checks_the_game() -> None:
    game = pyspiel.load_game("belle_paris_paris", {"players": 3})
    state = belle.load_game("paris_paris").new_initial_state(3)
    assert openspiel.wrap(game, state).belle is state
    with pytest.raises(ValueError):
        openspiel.wrap(game, belle.load_game("paris_paris").new_initial_state(2))


@pytest.mark.parametrize("game_id", GAMES)
def test_python_and_cpp_paths_keep_one_history(game_id: str) -> None:
    """Moves applied from Python (the adapter's own path) and through pyspiel's C++
    `ApplyAction`, interleaved, give one history: pyspiel's C++ copy catches up when C++
    reads it, clones and serialized forms carry it, and pickling round-trips it."""
    import pickle

    game = pyspiel.load_game(f"belle_{game_id}")
    rng = random.Random(8)
    state = game.new_initial_state()
    applied: list[int] = []
    for step in range(40):
        if state.is_terminal():
            break
        legal = _legal_here(state)
        action = rng.choice(legal)
        if step % 3 == 2:
            pyspiel.State.apply_action(state, action)  # what C++ algorithms call
        else:
            state.apply_action(action)
        applied.append(action)
        if step % 7 == 0:
            cpp_clone = pyspiel.State.clone(state)  # pyspiel's own Clone()
            assert cpp_clone.history() == applied
            assert cpp_clone.belle.to_json() == state.belle.to_json()
    assert state.history() == applied and state.move_number() == len(applied)
    assert state.history_str() == ", ".join(map(str, applied))
    assert [(p.player, p.action) for p in state.full_history()] == [
        (p.player, p.action) for p in pyspiel.State.full_history(state)]
    assert pyspiel.State.history(state) == applied  # full_history() flushed it
    for copy in (pickle.loads(pickle.dumps(state)),
                 pyspiel.deserialize_game_and_state(
                     pyspiel.serialize_game_and_state(game, state))[1],
                 game.deserialize_state(state.serialize())):
        assert copy.history() == applied
        assert copy.belle.to_json() == state.belle.to_json()
        if not copy.is_terminal():  # C++ ApplyAction on a copy: its history_ catches up
            clone = copy.clone()
            action = _legal_here(clone)[0]
            pyspiel.State.apply_action(clone, action)
            assert pyspiel.State.history(clone) == [*applied, action] == clone.history()


def _look_at_everything(state: Any) -> None:
    """Every read-only question a caller may ask of a state."""
    belle_state = state.belle
    state.legal_actions()
    state.chance_outcomes()
    state.returns()
    for seat in [*range(state.num_players()), None]:
        belle_state.view(seat)
        if seat is not None:
            belle_state.information_state_key(seat)
            belle_state.heuristic(seat)
            state.observation_tensor(seat)
            state.information_state_tensor(seat)
    belle_state.to_json()
    belle_state.returns()
    belle_state.ranking()
    belle_state.score_breakdown()
    str(belle_state)


@pytest.mark.parametrize("game_id", GAMES)
def test_serialize_does_not_depend_on_what_was_asked_before(game_id: str) -> None:
    """serialize() of a state is the same before and after its views, scores, legal
    actions and tensors were asked for: memoized values are not part of it."""
    game = pyspiel.load_game(f"belle_{game_id}")
    rng = random.Random(12)
    state = game.new_initial_state()
    step = 0
    while True:
        if step % 25 == 0 or state.is_terminal():
            fresh = state.clone()
            before = fresh.serialize()
            _look_at_everything(fresh)
            assert fresh.serialize() == before, f"after {step} actions"
        if state.is_terminal():
            break
        _advance(state, rng, 1)
        step += 1
