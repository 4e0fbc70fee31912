"""Typed game options: the schema a game declares, and validation of user input.

A game declares `OptionSpec`s in its `GameInfo`; `resolve_options` checks a mapping of
values against them (filling defaults) and `OptionSpec.parse` turns command-line or
form text into a typed value.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from belle.engine.errors import OptionError
from belle.engine.texts import OPTION_ALLOWED, TEXTS, typed

OptionKind = Literal["bool", "int", "choice", "list"]
OptionValue = bool | int | str | tuple[str, ...]

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a game: its name, kind, default and allowed values. `labels`: the
    English words a table shows for choices whose names do not read as words
    (postcards' codes, "random_eiffel"); the others show as their names, "_" a space."""

    name: str
    kind: OptionKind
    default: OptionValue
    help: str
    choices: tuple[str, ...] = field(default=())
    minimum: int | None = None
    maximum: int | None = None
    labels: Mapping[str, str] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        stray = set(self.labels) - set(self.choices)
        if stray:
            raise ValueError(f"option {self.name!r}: labels for no choice: {sorted(stray)}")

    def label(self, choice: str) -> str:
        """The English words for `choice` (its label, else its name with spaces)."""
        return self.labels.get(choice) or choice.replace("_", " ")

    def describe_allowed(self) -> str:
        if self.kind == "bool":
            return "true or false"
        if self.kind == "int":
            return f"an integer from {self.minimum} to {self.maximum}"
        if self.kind == "choice":
            return "one of " + ", ".join(self.choices)
        return "a comma-separated list of " + ", ".join(self.choices)

    def allowed(self) -> dict[str, object]:
        """`describe_allowed` as a message of the engine's catalogue (belle.engine.texts)."""
        if self.kind == "int":
            return TEXTS.message(OPTION_ALLOWED["int"], low=self.minimum, high=self.maximum)
        if self.kind == "bool":
            return TEXTS.message(OPTION_ALLOWED["bool"])
        return TEXTS.message(OPTION_ALLOWED[self.kind], choices=list(self.choices))

    def refusal(self, value: object) -> OptionError:
        """The refusal of `value` (text typed or a value sent) for this option."""
        shown = value if isinstance(value, str) else repr(value)
        return TEXTS.error(
            OptionError, "engine.option.bad_value",
            f"option {self.name!r}: {value!r} is not {self.describe_allowed()}",
            option=self.name, value=typed(shown), allowed=self.allowed())

    def parse(self, text: str) -> OptionValue:
        """Turn user text into a value of this option, or raise OptionError."""
        raw = text.strip()
        if self.kind == "bool":
            if raw.lower() in _TRUE:
                return True
            if raw.lower() in _FALSE:
                return False
        elif self.kind == "int":
            try:
                return self.check(int(raw))
            except ValueError:
                pass
        elif self.kind == "choice":
            return self.check(raw)
        else:
            return self.check(tuple(p.strip() for p in raw.split(",") if p.strip()))
        raise self.refusal(text)

    def check(self, value: object) -> OptionValue:
        """Validate an already-typed value (from JSON or Python)."""
        if self._valid(value):
            return value  # type: ignore[return-value]
        if self.kind == "list" and isinstance(value, list):
            return self.check(tuple(value))
        raise self.refusal(value)

    def _valid(self, value: object) -> bool:
        if self.kind == "bool":
            return isinstance(value, bool)
        if self.kind == "int":
            return (
                isinstance(value, int)
                and not isinstance(value, bool)
                and (self.minimum is None or value >= self.minimum)
                and (self.maximum is None or value <= self.maximum)
            )
        if self.kind == "choice":
            return isinstance(value, str) and value in self.choices
        return (
            isinstance(value, tuple)
            and all(isinstance(v, str) and v in self.choices for v in value)
            and len(set(value)) == len(value)
        )

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "name": self.name,
            "kind": self.kind,
            "default": list(self.default) if isinstance(self.default, tuple) else self.default,
            "help": self.help,
        }
        if self.choices:
            data["choices"] = list(self.choices)
        if self.labels:
            data["labels"] = dict(self.labels)
        if self.minimum is not None:
            data["minimum"] = self.minimum
        if self.maximum is not None:
            data["maximum"] = self.maximum
        return data


def resolve_options(
    specs: tuple[OptionSpec, ...], given: Mapping[str, object]
) -> dict[str, OptionValue]:
    """Check `given` against `specs` and return every option with defaults filled in."""
    by_name = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        raise unknown_option(unknown[0], by_name)
    resolved: dict[str, OptionValue] = {}
    for spec in specs:
        resolved[spec.name] = spec.check(given[spec.name]) if spec.name in given else spec.default
    return resolved


def parse_option_assignments(
    specs: tuple[OptionSpec, ...], assignments: list[str]
) -> dict[str, OptionValue]:
    """Parse `k=v` strings (command line) into typed option values."""
    by_name = {spec.name: spec for spec in specs}
    values: dict[str, OptionValue] = {}
    for item in assignments:
        name, sep, text = item.partition("=")
        if not sep:
            raise TEXTS.error(OptionError, "engine.option.assignment",
                              f"option {item!r} must look like name=value", typed=typed(item))
        spec = by_name.get(name.strip())
        if spec is None:
            raise unknown_option(name.strip(), by_name)
        values[spec.name] = spec.parse(text)
    return values


def unknown_option(name: str, by_name: Mapping[str, OptionSpec]) -> OptionError:
    """The refusal of an option the game does not have (listing those it has)."""
    known = sorted(by_name)
    english = f"unknown option {name!r}; this game's options: {', '.join(known) or 'none'}"
    if not known:
        return TEXTS.error(OptionError, "engine.option.unknown.none", english,
                           option=typed(name))
    return TEXTS.error(OptionError, "engine.option.unknown", english, option=typed(name),
                       known=known)
