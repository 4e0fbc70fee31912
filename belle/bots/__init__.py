"""Bots that play any registered game: `random`, `greedy` and `ismcts`, made from a spec.

A spec is a name with optional `key=value` settings: `random`, `greedy`,
`greedy:samples=5`, `ismcts:iterations=2000`, `ismcts:seconds=1,rollout=heuristic`.
The web table offers levels, aliases of specs (`LEVELS`): easy = random,
medium = greedy, hard = ISMCTS 1 s per move, expert = ISMCTS 5 s per move.
Every bot sees only a determinization of the state (see belle.engine.referee), never
the true hidden state. A bad spec is refused with an `OptionError` carrying its message
(``engine.bot.*``, belle/engine/texts.py), worded in the reader's language where a
person reads it (`belle play --seat`); its str() stays the developer's English, which
the research tools (simulate, tournament, balance) print.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from belle.bots.greedy import GreedyBot
from belle.bots.ismcts import ROLLOUTS, IsmctsBot
from belle.bots.random_bot import RandomBot
from belle.engine.errors import OptionError
from belle.engine.referee import Bot
from belle.engine.texts import TEXTS, typed

LEVELS: dict[str, str] = {
    "easy": "random",
    "medium": "greedy",
    "hard": "ismcts:seconds=1",
    "expert": "ismcts:seconds=5",
}
"""Bot levels offered at the web table, and the spec each one stands for."""

BOT_NAMES = (*LEVELS, "random", "greedy")
"""The bots offered at the web table (levels first); `make_bot` accepts more specs."""

_KNOWN = [*LEVELS, "random", "greedy", "ismcts"]


def _refuse(message_id: str, english: str, **params: Any) -> OptionError:
    """The refusal `message_id`; `english` stays its str() for the research tools."""
    return TEXTS.error(OptionError, message_id, english, **params)


def _settings(text: str, allowed: dict[str, Callable[[str], Any]]) -> dict[str, Any]:
    settings: dict[str, Any] = {}
    for item in filter(None, text.split(",")):
        key, sep, value = item.partition("=")
        if not sep or key not in allowed:
            known = ", ".join(allowed) or "none"
            english = f"bad bot setting {item!r}; settings: {known}"
            if not allowed:
                raise _refuse("engine.bot.setting.none", english, setting=typed(item))
            raise _refuse("engine.bot.setting", english, setting=typed(item),
                          known=list(allowed))
        try:
            settings[key] = allowed[key](value)
        except ValueError as exc:
            raise _refuse("engine.bot.value", f"bad value for bot setting {key!r}: {value!r}",
                          setting=key, value=typed(value)) from exc
    return settings


def _rollout(value: str) -> str:
    if value not in ROLLOUTS:
        raise ValueError(value)
    return value


def _ismcts(rest: str) -> IsmctsBot:
    settings = _settings(rest, {
        "iterations": int, "seconds": float, "rollout": _rollout, "depth": int,
    })
    if "iterations" in settings and "seconds" in settings:
        raise _refuse("engine.bot.both", "ismcts takes iterations or seconds, not both")
    if settings.get("iterations", 1) < 1:
        raise _refuse("engine.bot.iterations", "ismcts iterations must be at least 1")
    seconds = settings.get("seconds", 1.0)
    if not 0 < seconds <= 600:
        raise _refuse("engine.bot.seconds",
                      "ismcts seconds must be more than 0 and at most 600")
    if settings.get("depth", 0) < 0:
        raise _refuse("engine.bot.depth", "ismcts depth must not be negative")
    return IsmctsBot(**settings)


def make_bot(spec: str) -> Bot:
    """Build a bot from its spec or level; raise OptionError naming the known bots."""
    text = spec.strip()
    text = LEVELS.get(text, text)
    name, _, rest = text.partition(":")
    if name == "random":
        _settings(rest, {})
        return RandomBot()
    if name == "greedy":
        samples = _settings(rest, {"samples": int}).get("samples", 3)
        if samples < 1:
            raise _refuse("engine.bot.samples", "greedy samples must be at least 1")
        return GreedyBot(samples)
    if name == "ismcts":
        return _ismcts(rest)
    raise _refuse("engine.bot.unknown", f"unknown bot {name!r}; bots: {', '.join(_KNOWN)}",
                  bot=typed(name), bots=_KNOWN)


__all__ = ["BOT_NAMES", "LEVELS", "GreedyBot", "IsmctsBot", "RandomBot", "make_bot"]
