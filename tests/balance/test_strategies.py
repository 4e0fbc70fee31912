"""The scripted strategies do what they say: walked through a random game, at every
decision of their seat where the script has a say, the strategy bot picks what its
script prefers. (Whether they win is for `belle balance --strategy`, not for a test.)"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from belle.balance.runner import make_player
from belle.balance.strategies import (
    STRATEGIES,
    Choice,
    StrategyBot,
    hoard_francs,
    make_strategy,
)
from belle.engine.errors import OptionError
from belle.engine.game import State
from belle.engine.referee import sample_chance
from belle.engine.registry import load_game

# (state, seat, legal texts) -> the texts the script must choose among, or None when the
# script has no say at this decision
Rule = Callable[[State[Any], int, list[str]], set[str] | None]


def _split(legal: list[str], preferred: Callable[[str], bool]) -> set[str] | None:
    wanted = {t for t in legal if preferred(t)}
    return wanted if wanted and len(wanted) < len(legal) else None


def only_trade(state: State[Any], seat: int, legal: list[str]) -> set[str] | None:
    return _split(legal, lambda t: not t.startswith("build "))


def buildings_first(state: State[Any], seat: int, legal: list[str]) -> set[str] | None:
    return _split(legal, lambda t: t.startswith("take "))


def secret_line_only(state: State[Any], seat: int, legal: list[str]) -> set[str] | None:
    secret = state.view(seat)["secret_line"]
    return _split(legal, lambda t: t.startswith("take ") and t.endswith(" " + secret))


def never_build(state: State[Any], seat: int, legal: list[str]) -> set[str] | None:
    if "keep bonus materials" in legal:
        return {"keep bonus materials"} if len(legal) > 1 else None
    spaces = state.view(seat)["board"]["spaces"]
    building = {f"place {s['label']}" for s in spaces if s["action"] == "construction"}
    return _split(legal, lambda t: t not in building and t != "copy construction")


CASES = [
    ("paris_connection", "only-trade", only_trade, 3),
    ("city_of_light", "buildings-first", buildings_first, 2),
    ("paris_paris", "secret-line-only", secret_line_only, 2),
    ("bruxelles_1893", "never-build", never_build, 2),
]


@pytest.mark.parametrize(("game", "name", "rule", "players"), CASES)
def test_the_strategy_follows_its_script(game: str, name: str, rule: Rule,
                                         players: int) -> None:
    bot = StrategyBot(STRATEGIES[game][name], samples=1)
    state = load_game(game).new_initial_state(players)
    rng, checked = random.Random(4), 0
    while not state.is_terminal() and checked < 6:
        player = state.current_player()
        if player < 0:
            state.apply_action(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        texts = [state.action_to_string(a) for a in legal]
        wanted = rule(state, player, texts) if player == 0 else None
        if wanted is not None:
            chosen = state.action_to_string(bot.choose(state.clone(), player, rng))
            assert chosen in wanted, (chosen, sorted(wanted))
            checked += 1
        state.apply_action(rng.choice(legal))
    assert checked, "the script never had a say in a whole game"


class _Seen:
    """A stand-in for a state after an action: only its view is read."""

    def __init__(self, bonus: list[int], francs: int) -> None:
        self.me = {"bonus": bonus, "francs": francs}

    def view(self, seat: int) -> dict[str, Any]:
        return {"me": self.me}


def _hoard_key(bonus: list[int], francs: int, value: float) -> tuple[float, ...]:
    after: Any = _Seen(bonus, francs)
    return hoard_francs(Choice("move", after, after, 0, value, {}))


def test_hoard_francs_takes_27_first_then_never_spends() -> None:
    assert _hoard_key([27], 0, -50.0) > _hoard_key([3], 40, 50.0)  # 27 above all
    assert _hoard_key([27], 12, -5.0) > _hoard_key([27], 11, 30.0)  # then francs only
    assert _hoard_key([], 10, 1.0) > _hoard_key([], 2, 5.0)  # before: francs count as VP


def test_every_game_has_a_strategy_and_unknown_names_are_refused() -> None:
    assert set(STRATEGIES) == {"paris", "paris_connection", "city_of_light", "paris_paris",
                               "bruxelles_1893"}
    with pytest.raises(OptionError, match="unknown strategy 'x' for paris; its strategies: "
                                          "hoard-francs"):
        make_strategy("paris", "x")
    assert make_player("strategy:only-trade", "paris_connection").name == "strategy:only-trade"
