"""The dense int codec every game offers its AI adapters: each action has a fixed index.

A game lists all its (prebuilt) actions once, in a fixed order; `DenseCodec` turns an
action into its position and back, refusing anything else with InvalidActionError.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from belle.engine.errors import InvalidActionError
from belle.engine.texts import TEXTS

A = TypeVar("A", bound=Hashable)


class DenseCodec(Generic[A]):
    """Actions ↔ ints 0..n-1 in the order of `actions`."""

    def __init__(self, actions: Sequence[A], game_title: str) -> None:
        self.actions = tuple(actions)
        self.index = {action: i for i, action in enumerate(self.actions)}
        self.by_id = {id(action): action for action in self.actions}
        """The prebuilt actions by identity: the fast test that a value is one of them
        (they live as long as the codec, so their ids are never reused)."""
        self.int_by_id = {id(action): i for i, action in enumerate(self.actions)}
        """The int of each prebuilt action, by identity."""
        self._int_of_id = self.int_by_id.__getitem__
        self.game_title = game_title

    def __len__(self) -> int:
        return len(self.actions)

    def to_int(self, action: A) -> int:
        try:
            index = self.index.get(action)
        except TypeError:  # unhashable: not an action at all
            index = None
        if index is None:
            raise InvalidActionError(f"{action!r} is not a {self.game_title} action",
                                     message=TEXTS.message("engine.refuse.not_action",
                                                      game=self.game_title))
        return index

    def ints(self, actions: Sequence[A]) -> list[int]:
        """The ints of `actions`, in their order: by identity for the prebuilt actions
        (two C-level maps, no Python loop: AI adapters convert every legal list)."""
        try:
            return list(map(self._int_of_id, map(id, actions)))
        except KeyError:  # not only the game's own objects: look each up by value
            return [self.to_int(action) for action in actions]

    def from_int(self, index: int) -> A:
        if not isinstance(index, int) or isinstance(index, bool) or not (
            0 <= index < len(self.actions)
        ):
            last = len(self.actions) - 1
            raise InvalidActionError(f"action index must be from 0 to {last}",
                                     message=TEXTS.message("engine.refuse.index", last=last))
        return self.actions[index]


@dataclass(frozen=True, slots=True)
class ActionNotation(Generic[A]):
    """A game's four action codecs in one place: text, wire JSON and dense int.

    A State subclass names its game's notation once (`notation = NOTATION`) and the base
    State's `action_to_string`, `parse_action`, `action_to_json`, `action_from_json`,
    `action_to_int` and `action_from_int` use it.
    """

    to_string: Callable[[A], str]
    parse: Callable[[str], A]
    to_json: Callable[[A], Any]
    from_json: Callable[[Any], A]
    dense: DenseCodec[A]
