"""Engine messages in a reader's language, for the terminal and other Python callers.

The browser words a message with `engineText` (belle/web/js/i18n.js); this is the same
for Python: `say(lang, game, message)` fills the template of the message's id in `lang`
(the games' catalogues, belle.i18n.games; ``engine.`` ids from the engine's) with its
parameters, nested messages worded the same way, a seat as its player's name.
`refusal_text` words a refused move (a `GameError` with a message, belle.engine.errors;
why first when the state said) and falls back to the English sentence for one without.
`Voice(game, lang, names)` is the same for a game's terminal renderer
(belle/games/<id>/render.py): its board words are ids of the game's catalogue like the
rest of its engine text. The terminal's language is `terminal_language()`: $BELLE_LANG,
else the locale's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from belle.engine.errors import GameError
from belle.i18n import LANGUAGES, SOURCE_LANGUAGE
from belle.i18n.catalogue import messages as interface_messages
from belle.i18n.games import domain_messages
from belle.i18n.text import ENGINE_DOMAIN, PLACEHOLDER, SHARED_PREFIX, is_message

LOCALE_VARIABLES = ("BELLE_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def terminal_language(environ: Mapping[str, str] | None = None) -> str:
    """The first language of the environment's variables that Belle speaks ("de_DE.UTF-8"
    and "de:en" find "de"); English when none does."""
    env = os.environ if environ is None else environ
    for name in LOCALE_VARIABLES:
        for tag in env.get(name, "").split(":"):
            code = tag.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
            if code in LANGUAGES:
                return code
    return SOURCE_LANGUAGE


def say(lang: str, game: str, message: Mapping[str, Any],
        names: list[str] | None = None) -> str:
    """`message` ({"id", "params"}) of `game`'s catalogue, in `lang`."""
    message_id = str(message["id"])
    domain = ENGINE_DOMAIN if message_id.startswith(SHARED_PREFIX) else game
    template = _catalogue(lang, domain).get(message_id, message_id)
    params = message.get("params") or {}

    def value(match: Any) -> str:
        key = match.group(1)
        return _param(lang, game, params[key], names) if key in params else str(match.group(0))

    return PLACEHOLDER.sub(value, template)


def _catalogue(lang: str, domain: str) -> dict[str, str]:
    """`domain`'s texts in `lang`; none for a domain that has no catalogue."""
    try:
        return domain_messages(lang, domain)
    except (LookupError, GameError):
        return {}


def _param(lang: str, game: str, value: Any, names: list[str] | None) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(_param(lang, game, item, names) for item in value)
    if is_message(value):
        return say(lang, game, value, names)
    if isinstance(value, dict) and set(value) == {"seat"}:
        number = int(value["seat"])
        if names and number < len(names):
            return names[number]
        template = interface_messages(lang).get("Player {n}", "Player {n}")
        return template.replace("{n}", str(number + 1))
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, int) and not isinstance(value, bool) and value < 0:
        return f"−{-value}"
    return str(value)


def refusal_text(exc: GameError, lang: str, game: str | None = None,
                 names: list[str] | None = None) -> str:
    """What to tell a person of the refusal `exc`, in `lang` (English without a message):
    for a move the rules refuse, why first (its `reason`), then what is possible."""
    refusal = exc.refusal(game)
    if refusal is None:
        return str(exc)
    domain = str(refusal["game"])
    text = say(lang, domain, refusal, names)
    reason = getattr(exc, "reason", None)
    if reason is not None:
        return f"{say(lang, domain, reason, names)} {text}"
    return text


@dataclass(frozen=True, slots=True)
class Voice:
    """One game's messages in `lang`, a seat named by `names` (the terminal's "seat 1")
    or, without, as "Player 1" in `lang`: what a game's terminal renderer says."""

    game: str
    lang: str = SOURCE_LANGUAGE
    names: Sequence[str] | None = None

    def __call__(self, message_id: str, /, **params: Any) -> str:
        """Message `message_id` of the game's catalogue with `params`."""
        return self.text({"id": message_id, "params": params})

    def text(self, message: Mapping[str, Any]) -> str:
        """A message ({"id", "params"}) a view carries."""
        return say(self.lang, self.game, message, self._names())

    def field(self, item: Mapping[str, Any], field: str) -> str:
        """`item[field]` of a view, worded from its `<field>_id` and the item's `params`
        (as the engine wrote it when it has no id: a proper name)."""
        message_id = item.get(f"{field}_id")
        if not isinstance(message_id, str):
            return str(item.get(field, ""))
        return self.text({"id": message_id, "params": item.get("params") or {}})

    def notation_lines(self, forms: Sequence[tuple[str, str]], **params: Any) -> list[str]:
        """A notation help's lines: each form as typed, then what it does (a message id
        of the game's, with `params`), in a column."""
        width = max(len(form) for form, _ in forms) + 2
        return [f"  {form:<{width}}{self(message_id, **params)}" for form, message_id in forms]

    def seat(self, number: int) -> str:
        """Seat `number` (0-based) as the reader knows its player."""
        return _param(self.lang, self.game, {"seat": number}, self._names())

    def _names(self) -> list[str] | None:
        return list(self.names) if self.names is not None else None


def by_verb(texts: Iterable[str]) -> list[tuple[str, list[str]]]:
    """Notation texts of a move-log run grouped by their first word, in order, for a
    renderer's `describe_chance` to say each group once: `top 1 MO`, `top 2 CH`,
    `value 4` → (`top`, [`1 MO`, `2 CH`]), (`value`, [`4`])."""
    runs: list[tuple[str, list[str]]] = []
    for text in texts:
        verb, _, value = text.partition(" ")
        if runs and runs[-1][0] == verb:
            runs[-1][1].append(value)
        else:
            runs.append((verb, [value]))
    return runs
