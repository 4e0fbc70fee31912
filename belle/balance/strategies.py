"""Scripted degenerate strategies, one or more per game: `belle balance --strategy NAME`.

A strategy is a bot (the `belle.engine.referee.Bot` protocol): it sees only the
determinization the referee gives it, looks one action ahead, and takes the action with
the best script key, breaking ties by the greedy bot's value (the game's heuristic
averaged over the same number of determinizations, then at random). A script reads only
the action's notation and the seat's own view, so a strategy never sees what its seat
may not. If a strategy wins more than its fair share against greedy, a reconstructed
value (or a rule) rewards a one-track plan the printed game would not (issue 15).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from belle.engine.errors import OptionError
from belle.engine.game import State

STRATEGY_PREFIX = "strategy:"
"""Player specs of strategies in a line-up: "strategy:hoard-francs"."""

Key = tuple[float, ...]
Script = Callable[["Choice"], Key]


@dataclass(frozen=True, slots=True)
class Choice:
    """One candidate action, as a script sees it."""

    text: str
    """The action's notation."""
    before: State[Any]
    after: State[Any]
    """The determinization after the action (look, do not change)."""
    seat: int
    value: float
    """The greedy value of `after` (mean heuristic over the bot's determinizations)."""
    memo: dict[str, Any]
    """Shared by the candidates of one decision (see `view_before`)."""

    def view_before(self) -> dict[str, Any]:
        """The seat's view before the action, computed once per decision."""
        if "view" not in self.memo:
            self.memo["view"] = self.before.view(self.seat)
        view: dict[str, Any] = self.memo["view"]
        return view


@dataclass(frozen=True, slots=True)
class Strategy:
    game: str
    name: str
    summary: str
    script: Script


class StrategyBot:
    """Plays a `Strategy`: the best (script key, greedy value) after one ply."""

    def __init__(self, strategy: Strategy, samples: int = 3) -> None:
        self.strategy = strategy
        self.name = STRATEGY_PREFIX + strategy.name
        self.samples = samples

    def choose(self, state: State[Any], seat: int, rng: random.Random) -> Any:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        worlds = [state] + [state.resample(seat, rng) for _ in range(self.samples - 1)]
        best: list[Any] = []
        best_key: Key | None = None
        memo: dict[str, Any] = {}
        for action in legal:
            children = [_after(world, action) for world in worlds]
            value = sum(child.heuristic(seat) for child in children) / len(children)
            choice = Choice(state.action_to_string(action), state, children[0], seat, value, memo)
            key = (*self.strategy.script(choice), round(value, 9))
            if best_key is None or key > best_key:
                best, best_key = [action], key
            elif key == best_key:
                best.append(action)
        return rng.choice(best)


def _after(world: State[Any], action: Any) -> State[Any]:
    child = world.clone()
    child._apply(action)  # an action of legal_actions() of this very state
    return child


def _own(view: dict[str, Any], seat: int) -> dict[str, Any]:
    """A Paris seat's screen in its own view (`me`; `screens` once the game is over)."""
    me = view.get("me")
    return me if isinstance(me, dict) else dict(view["screens"][seat])


# -- the scripts ------------------------------------------------------------------
def hoard_francs(choice: Choice) -> Key:
    """Paris: take bonus tile 27 (1 VP per franc at the end) whenever it can, count every
    franc as a VP before, and once it holds 27 never spend a franc."""
    me = _own(choice.after.view(choice.seat), choice.seat)
    has_27 = 27 in me["bonus"]
    francs = float(me["francs"])
    return (float(has_27), francs if has_27 else choice.value + francs)


def never_build(choice: Choice) -> Key:
    """Bruxelles 1893: never build (no assistant on a construction space, no copied
    construction) and keep every bonus card under materials."""
    words = choice.text.split()
    spaces = choice.view_before()["board"]["spaces"]
    construction = {s["label"] for s in spaces if s["action"] == "construction"}
    builds = (words[0] == "place" and words[1] in construction) or choice.text == (
        "copy construction") or words[0] in ("pay", "build")
    return (float(choice.text == "keep bonus materials"), float(not builds))


def only_trade(choice: Choice) -> Key:
    """Paris Connection: only ever trade shares; build only when no trade is legal."""
    return (float(not choice.text.startswith("build ")),)


def buildings_first(choice: Choice) -> Key:
    """City of Light: take a building whenever one can be taken; lay a tile only when
    no building can be (so never early)."""
    return (float(choice.text.startswith("take ")),)


def secret_line_only(choice: Choice) -> Key:
    """Paris Paris: take a card of the own secret line whenever one lies face up."""
    secret = choice.view_before().get("secret_line")
    words = choice.text.split()
    return (float(words[0] == "take" and secret is not None and words[-1] == secret),)


STRATEGIES: dict[str, dict[str, Strategy]] = {}


def _register(game: str, name: str, script: Script) -> None:
    summary = " ".join((script.__doc__ or "").split(":", 1)[-1].split())
    STRATEGIES.setdefault(game, {})[name] = Strategy(game, name, summary, script)


_register("paris", "hoard-francs", hoard_francs)
_register("bruxelles_1893", "never-build", never_build)
_register("paris_connection", "only-trade", only_trade)
_register("city_of_light", "buildings-first", buildings_first)
_register("paris_paris", "secret-line-only", secret_line_only)


def strategies_for(game: str) -> list[Strategy]:
    return list(STRATEGIES.get(game, {}).values())


def make_strategy(game: str, name: str) -> StrategyBot:
    """The bot playing strategy `name` of `game`; OptionError names the known ones."""
    known = STRATEGIES.get(game, {})
    if name not in known:
        listed = ", ".join(known) if known else "none"
        raise OptionError(f"unknown strategy {name!r} for {game}; its strategies: {listed}")
    return StrategyBot(known[name])
