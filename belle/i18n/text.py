"""Engine text: what a game says to a player, as a message (an id and its parameters).

A view, a score line, a prompt or an end reason carries a message, never only an English
sentence, so every reader gets it in their language (design.md: "Text a player reads comes
from catalogues"). A message is the JSON object ``{"id": "end.marseille", "params": {}}``;
a field that also keeps its English text for the terminal and the API names its message
by a sibling ``<field>_id`` with the object's shared ``params`` (a score line's
``component`` / ``component_id``, ``detail`` / ``detail_id`` and ``params``).

Each game package declares its English templates in ``texts.py`` as ``TEXTS``, a `Texts`
(id → template with ``{placeholders}``); data names and effects are gathered there from
data.py under ids derived from the element's id. The translations live in
belle/locale/<lang>/LC_MESSAGES/<game>.po (msgctxt = id, msgid = the English template),
written by ``python -m belle.i18n extract`` and checked by ``check``.

A parameter is a number, a string shown as it is (a space label, a proper name, a code
of the notation), a nested message, ``{"seat": n}`` (the seat's player, named by the
reader's table), or a list of these (shown joined by commas). Rule ids and file paths
never appear in a template.

Ids under ``engine.`` belong to the engine's own catalogue (belle/engine/texts.py: the
refusals every game shares, such as "it is not your turn"); any game's `Texts` finds
them, so a game's message may name one and a nested parameter is still the game's.
Refusals are exceptions carrying their message: ``raise TEXTS.error(InvalidActionError,
"refuse.district", text=word, names=CODES)`` (belle.engine.errors).

>>> texts = Texts("demo", {"score.shares": "{company} shares", "company.R": "red",
...                        "detail.shares": "{count} × value {value}"})
>>> line = texts.score_line("score.shares", 12, "detail.shares",
...                         company=texts.message("company.R"), count=3, value=4)
>>> line["component"], line["detail"], line["component_id"]
('red shares', '3 × value 4', 'score.shares')
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any, TypeVar

from belle.engine.errors import GameError

Message = dict[str, Any]
"""``{"id": str, "params": {name: value}}``: JSON-able, as views carry it."""

PLACEHOLDER = re.compile(r"\{(\w+)\}")
TEXT_FIELDS = ("component", "detail", "name", "text", "reason", "label", "note", "where",
               "effect", "cost", "title", "prompt")
"""Fields that keep an English text beside their message id (``<field>_id``)."""
SHARED_PREFIX = "engine."
"""Ids of the engine's catalogue, which every game's `Texts` finds too."""
E = TypeVar("E", bound=GameError)


def placeholders(template: str) -> set[str]:
    return set(PLACEHOLDER.findall(template))


def seat(number: int) -> dict[str, int]:
    """A parameter naming a seat's player (0-based here; the reader sees a name)."""
    return {"seat": number}


def is_message(value: object) -> bool:
    return (isinstance(value, dict) and set(value) == {"id", "params"}
            and isinstance(value["id"], str) and isinstance(value["params"], dict))


class Texts:
    """One game's English templates, and the messages and English sentences made of them."""

    def __init__(self, game: str, templates: Mapping[str, str]) -> None:
        self.game = game
        self.templates: dict[str, str] = dict(templates)

    def __contains__(self, message_id: object) -> bool:
        if self._shared(message_id):
            return message_id in shared_texts()
        return message_id in self.templates

    def _shared(self, message_id: object) -> bool:
        return (isinstance(message_id, str) and message_id.startswith(SHARED_PREFIX)
                and self.game != ENGINE_DOMAIN)

    def __iter__(self) -> Iterator[str]:
        return iter(self.templates)

    def __len__(self) -> int:
        return len(self.templates)

    def template(self, message_id: str) -> str:
        if self._shared(message_id):
            return shared_texts().template(message_id)
        try:
            return self.templates[message_id]
        except KeyError:
            raise KeyError(f"{self.game} has no text {message_id!r}") from None

    def message(self, message_id: str, /, **params: Any) -> Message:
        """The message `message_id` with `params` (KeyError for an unknown id)."""
        self.template(message_id)
        return {"id": message_id, "params": params}

    def error(self, kind: type[E], message_id: str, /, english: str | None = None,
              **params: Any) -> E:
        """The exception `kind` refusing with message `message_id`: its English sentence
        as ``str()`` (or `english`, a developer's fuller one, such as an action's Python
        form), its message, and this catalogue for a client to word it."""
        message = self.message(message_id, **params)
        text = english if english is not None else self.english(message)
        return kind(text, message=message, domain=self.game)

    def english(self, message: Message, names: list[str] | None = None) -> str:
        """The English sentence of `message`; a seat is "player n" unless `names` names it."""
        return self.fill(message["id"], message.get("params") or {}, names)

    def fill(self, message_id: str, params: Mapping[str, Any],
             names: list[str] | None = None) -> str:
        parts = template_parts(self.template(message_id))
        if len(parts) == 1:
            return parts[0]
        out = [parts[0]]
        for i in range(1, len(parts), 2):  # placeholder key, then the literal after it
            key = parts[i]
            out.append(self.param_text(params[key], names) if key in params else f"{{{key}}}")
            out.append(parts[i + 1])
        return "".join(out)

    def param_text(self, value: Any, names: list[str] | None = None) -> str:
        if isinstance(value, list | tuple):
            return ", ".join(self.param_text(item, names) for item in value)
        if is_message(value):
            return self.english(value, names)
        if isinstance(value, dict) and set(value) == {"seat"}:
            number = int(value["seat"])
            return names[number] if names and number < len(names) else f"player {number + 1}"
        if isinstance(value, float) and value.is_integer():
            return str(int(value))
        if isinstance(value, int) and value < 0:
            return f"−{-value}"
        return str(value)

    def counted(self, base: str, count: int) -> str:
        """`base`, or its singular form `base.one` when `count` is 1 and there is one (the
        English rule; German, French and Spanish say the same forms for other counts)."""
        one = f"{base}.one"
        return one if count == 1 and one in self.templates else base

    def say(self, message_id: str, /, **params: Any) -> str:
        """The English sentence of message `message_id` with `params`."""
        return self.fill(message_id, params)

    def fields(self, params: Mapping[str, Any] | None = None, **ids: str) -> dict[str, Any]:
        """English fields beside their ids, sharing `params`: ``fields(name="card.X.name")``
        gives ``{"name": "…", "name_id": "card.X.name", "params": {}}``."""
        shared = dict(params or {})
        result: dict[str, Any] = {}
        for field, message_id in ids.items():
            result[field] = self.fill(message_id, shared)
            result[f"{field}_id"] = message_id
        result["params"] = shared
        return result

    def end_fields(self, reason: str | None,
                   patterns: Mapping[str, str]) -> dict[str, Any]:
        """A view's ``end_reason`` (English, without rule ids) and ``end`` (its message),
        from the engine's English reason: `patterns` maps a regular expression matched at
        its start (named groups become integer parameters) to a message id."""
        if not reason:
            return {"end_reason": None, "end": None}
        for pattern, message_id in patterns.items():
            found = re.match(pattern, reason)
            if found:
                params = {k: int(v) for k, v in found.groupdict().items()}
                message = self.message(message_id, **params)
                return {"end_reason": self.english(message), "end": message}
        raise ValueError(f"{self.game}: no text for the end reason {reason!r}")

    def score_line(self, component_id: str, points: int | float, detail_id: str,
                   **params: Any) -> dict[str, Any]:
        """A score line: {component, component_id, points, detail, detail_id, params}."""
        return {
            "component": self.fill(component_id, params), "component_id": component_id,
            "points": points,
            "detail": self.fill(detail_id, params), "detail_id": detail_id,
            "params": params,
        }


_PARTS: dict[str, tuple[str, ...]] = {}


def template_parts(template: str) -> tuple[str, ...]:
    """`template` split at its placeholders: literal, key, literal, …, literal (odd
    length). Worked out once per template: filling is on every view's score lines."""
    parts = _PARTS.get(template)
    if parts is None:
        parts = _PARTS[template] = tuple(PLACEHOLDER.split(template))
    return parts


ENGINE_DOMAIN = "engine"
"""The domain of the engine's catalogue (belle/locale/engine.pot and its .po files)."""


def shared_texts() -> Texts:
    """The engine's catalogue (imported late: belle.engine.texts is built on this module)."""
    from belle.engine.texts import TEXTS

    return TEXTS


def messages_in(data: object) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """Every (id, params) a JSON structure refers to: messages and ``<field>_id`` fields
    (with their object's ``params``), nested parameters included."""
    if isinstance(data, dict):
        if is_message(data):
            yield data["id"], data["params"]
            yield from messages_in(data["params"])
            return
        shared = data.get("params")
        params: Mapping[str, Any] = shared if isinstance(shared, dict) else {}
        for field in TEXT_FIELDS:
            message_id = data.get(f"{field}_id")
            if isinstance(message_id, str):
                yield message_id, params
        for value in data.values():
            yield from messages_in(value)
    elif isinstance(data, list | tuple):
        for item in data:
            yield from messages_in(item)
