"""Bots that play any registered game: `random` and `greedy`, made from a spec string.

A spec is a name with optional `key=value` settings: `random`, `greedy`,
`greedy:samples=5`. Every bot sees only a determinization of the state (see
belle.engine.referee), never the true hidden state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from belle.bots.greedy import GreedyBot
from belle.bots.random_bot import RandomBot
from belle.engine.errors import OptionError
from belle.engine.referee import Bot

BOT_NAMES = ("random", "greedy")


def _settings(text: str, allowed: dict[str, Callable[[str], Any]]) -> dict[str, Any]:
    settings: dict[str, Any] = {}
    for item in filter(None, text.split(",")):
        key, sep, value = item.partition("=")
        if not sep or key not in allowed:
            known = ", ".join(allowed) or "none"
            raise OptionError(f"bad bot setting {item!r}; settings: {known}")
        try:
            settings[key] = allowed[key](value)
        except ValueError as exc:
            raise OptionError(f"bad value for bot setting {key!r}: {value!r}") from exc
    return settings


def make_bot(spec: str) -> Bot:
    """Build a bot from its spec; raise OptionError naming the known bots."""
    name, _, rest = spec.strip().partition(":")
    if name == "random":
        _settings(rest, {})
        return RandomBot()
    if name == "greedy":
        samples = _settings(rest, {"samples": int}).get("samples", 3)
        if samples < 1:
            raise OptionError("greedy samples must be at least 1")
        return GreedyBot(samples)
    raise OptionError(f"unknown bot {name!r}; bots: {', '.join(BOT_NAMES)}")


__all__ = ["BOT_NAMES", "GreedyBot", "RandomBot", "make_bot"]
