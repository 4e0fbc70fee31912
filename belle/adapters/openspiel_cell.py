"""The Python side of a `belle_<id>` OpenSpiel state (belle.adapters.openspiel).

`Cell` is the state's one attribute: the Belle state, made on first use, and the
current node's legal ints. pyspiel's `Clone()` deep-copies each Python attribute of a
state, and a Cell copies itself with Belle's `clone()`. `Codec` turns a game's action
lists into ints by the identity of its prebuilt action objects.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, NamedTuple

import pyspiel  # type: ignore[import-not-found]

from belle.engine.game import State

KNOWN_LISTS = 20_000
"""Legal lists a game's codec remembers before it starts afresh (memory bound)."""


class Node(NamedTuple):
    """One list of legal actions (or chance outcomes) as OpenSpiel ints."""

    ints: list[int]  # in the list's order
    legal: dict[int, Any]  # int → Belle action
    ordered: list[int]  # sorted
    ascending: bool  # ints == ordered


class Codec:
    """Belle's dense int codec of one game, looked up by object identity first.

    Games hand out prebuilt action objects (the codec's own), so `id(action)` finds
    the int without hashing the action; any other object falls back to the codec.
    Prebuilt actions live as long as the codec, so no other object shares their id,
    and a list made only of them is remembered by its ids: the same legal list (the
    same chance outcomes) recurs all through a game and a search.
    """

    def __init__(self, state: State[Any]) -> None:
        self.by_id = {id(action): i for i, action in enumerate(state.notation.dense.actions)}
        self.to_int = state.action_to_int
        self.known: dict[tuple[int, ...], Node] = {}

    def node(self, actions: list[Any]) -> Node:
        key = tuple(map(id, actions))
        found = self.known.get(key)
        if found is not None:
            return found
        get = self.by_id.get
        ints: list[Any] = [get(i) for i in key]
        prebuilt = None not in ints
        if not prebuilt:
            ints = [self.to_int(action) for action in actions]
        ordered = sorted(ints)
        node = Node(ints, dict(zip(ints, actions, strict=True)), ordered, ordered == ints)
        if prebuilt:
            if len(self.known) >= KNOWN_LISTS:
                self.known.clear()
            self.known[key] = node
        return node


class Cell:
    """The one Python attribute of an OpenSpiel state: the Belle state and a cache of
    the current node's legal ints. pyspiel's `Clone()` deep-copies every attribute;
    this one copies itself with Belle's `clone()`. The Belle state is made on first use,
    since pyspiel's `Clone()` first asks for a new initial state it then overwrites."""

    __slots__ = ("codec", "game", "legal", "ordered", "players", "state")

    def __init__(self, game: Any, state: State[Any] | None = None) -> None:
        self.game = game  # the pyspiel game: its Belle game, player count and codec
        self.codec: Codec = game.codec
        self.players: int = game.num_belle_players
        self.state = state
        self.legal: dict[int, Any] | None = None  # int → Belle action at this node
        self.ordered: list[int] = []

    def belle(self) -> State[Any]:
        if self.state is None:
            self.state = self.game.belle.new_initial_state(self.players)
        return self.state

    def __deepcopy__(self, memo: dict[int, Any]) -> Cell:
        copy = Cell.__new__(Cell)  # every slot set here: no __init__ on the hot path
        copy.game, copy.codec, copy.players = self.game, self.codec, self.players
        copy.state = (self.state or self.belle()).clone()
        copy.legal, copy.ordered = self.legal, self.ordered  # same node, never mutated
        return copy

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (OpenSpiel's `serialize()`) as the game's parameters and the Belle
        state, without the cache: a state serializes the same whether or not its legal
        actions were asked for."""
        return (_unpickle_cell, (self.game.get_type().short_name,
                                 self.game.get_parameters(), self.belle()))

    def node(self, actions: list[Any] | None = None) -> dict[int, Any]:
        """The legal ints of the current node (chance outcomes at a chance node);
        `actions`: the node's legal actions when the caller already has them."""
        if self.legal is None:
            node = self.codec.node(self.belle().legal_actions() if actions is None else actions)
            self.legal, self.ordered = node.legal, node.ordered
        return self.legal

    def moved(self) -> None:
        self.legal = None
        self.ordered = []


first, second = itemgetter(0), itemgetter(1)


def _unpickle_cell(short: str, params: dict[str, Any], state: State[Any]) -> Cell:
    from belle.adapters.openspiel import register_all

    register_all()  # an unpickler may not have imported the adapter yet
    return Cell(pyspiel.load_game(short, params), state)


__all__ = ["Cell", "Codec", "Node", "first", "second"]
