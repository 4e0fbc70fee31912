"""Twin games for the hidden-information tests: a record replayed as played beside a copy
whose secrets are changed, position by position (tests/engine/test_conformance.py's leak
and resample checks, tests/bots/test_no_cheating.py's bot check).

A secret is an entry of the record that only some seats see (`visible_to`): a private
chance outcome (a deal, a draw) or a private action of a player (Paris's end-game tile
takes). Two ways to change them:

- `swaps(record, k, j)`: seat k's secrets exchanged, in order, with seat j's, so public
  totals (how many of each kind were dealt in all) stay the same and only k and j could
  tell the twins apart; `swapped(record, a, b)` exchanges one pair (`swap_pairs`). Once
  both entries of a pair are played the twins must look the same to everyone who saw
  neither entry nor a secret of their own in between (`blind_to`); in between they may
  not (Paris: the seat choosing an end-game tile sees the pile, so it sees which tile
  is gone).
- `replacements(record, seat, rng, consistent)`: secrets that `seat` does not see
  replaced by other possible ones.

A change can make a later public action illegal (Bruxelles 1893: the kept work must be
among those drawn; City of Light: a drawn tile is later laid by its number). With
`consistent`, a change is kept only if the whole rest of the record stays legal after it,
so the twin is a whole game and not a prefix cut short; `twins` walks the two games
together and stops where the changed one would need an illegal action.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import belle
from belle.engine import CHANCE, MatchRecord
from belle.engine.game import State

MAX_REPLACEMENTS = 6


def secrets_of(record: MatchRecord, seat: int) -> list[int]:
    """The entries only `seat` sees."""
    return [i for i, e in enumerate(record.actions) if e.visible_to == [seat]]


def swaps(record: MatchRecord, k: int, j: int) -> dict[int, Any]:
    """Seat k's secrets exchanged, in order, with seat j's (entry index → new action)."""
    changed: dict[int, Any] = {}
    for a, b in swap_pairs(record, k, j):
        changed[a], changed[b] = record.actions[b].action, record.actions[a].action
    return changed


def swap_pairs(record: MatchRecord, k: int, j: int) -> list[tuple[int, int]]:
    """The entries `swaps` exchanges, two by two (k's first): those that differ."""
    return [(a, b) for a, b in zip(secrets_of(record, k), secrets_of(record, j), strict=False)
            if record.actions[a].action != record.actions[b].action]


def swapped(record: MatchRecord, a: int, b: int) -> dict[int, Any]:
    """One pair of secrets exchanged."""
    return {a: record.actions[b].action, b: record.actions[a].action}


def blind_to(record: MatchRecord, a: int, b: int, players: int) -> list[int | None]:
    """The viewers (None, the spectator, and seats) who cannot tell the twins of
    `swapped(record, a, b)` apart once both entries are played: those who see neither
    entry and saw nothing private between them. A seat with a secret of its own in
    between may have seen the difference (Paris: a seat taking an end-game tile searches
    the pile, PARIS-103, and finds one tile or the other still there)."""
    low, high = min(a, b), max(a, b)
    seen: set[int] = set()
    for entry in record.actions[low:high + 1]:
        seen.update(entry.visible_to or ())
    return [None, *(s for s in range(players) if s not in seen)]


def replays_from(state: State[Any], record: MatchRecord, start: int,
                 changed: dict[int, Any]) -> bool:
    """Whether entries `start`.. of `record` (with `changed`) are all legal from `state`."""
    state = state.clone()
    for index in range(start, len(record.actions)):
        action = state.action_from_json(changed.get(index, record.actions[index].action))
        if action not in state.legal_actions():
            return False
        state.apply_action(action)
    return True


def replacements(record: MatchRecord, seat: int, rng: random.Random,
                 consistent: bool) -> dict[int, Any]:
    """Private chance outcomes that `seat` does not see, replaced by other possible ones.

    With `consistent`, a replacement is kept only if the rest of the record stays legal
    after it, so the twin is a whole game; without, every hidden outcome is replaced
    and the twin holds until its first illegal move (`twins` stops there). Public
    totals may change (another company dealt), so the twins may differ to `seat` too:
    callers keep the positions where they do not.
    """
    state = belle.engine.new_state(record)
    changed: dict[int, Any] = {}
    for index, entry in enumerate(record.actions):
        hidden = entry.visible_to is not None and seat not in entry.visible_to
        if hidden and state.current_player() == CHANCE and (
                not consistent or len(changed) < MAX_REPLACEMENTS):
            recorded = state.action_from_json(entry.action)
            others = [a for a in state.legal_actions() if a != recorded]
            rng.shuffle(others)
            for other in others if consistent else others[:1]:
                trial = state.clone()
                trial.apply_action(other)
                if not consistent or replays_from(trial, record, index + 1, changed):
                    changed[index] = state.action_to_json(other)
                    break
        if consistent:
            state.apply_action(state.action_from_json(changed.get(index, entry.action)))
        else:
            state.apply_action(state.action_from_json(entry.action))
    return changed


def twins(record: MatchRecord, altered: dict[int, Any]
          ) -> Iterator[tuple[int, State[Any], State[Any]]]:
    """(n, as played, changed) after the first n entries, for n = 0, 1, … until the
    changed game would need an illegal action (the states are live: clone to keep)."""
    true_state = belle.engine.new_state(record)
    alt_state = true_state.clone()
    for index, entry in enumerate(record.actions):
        yield index, true_state, alt_state
        alt_action = alt_state.action_from_json(altered.get(index, entry.action))
        if alt_action not in alt_state.legal_actions():
            return
        true_state.apply_action(true_state.action_from_json(entry.action))
        alt_state.apply_action(alt_action)
    yield len(record.actions), true_state, alt_state
