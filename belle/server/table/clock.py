"""Clocks: the settings chosen at a table's creation, the clock arithmetic, and time itself.

`ClockSettings.parse` checks the create-table payload (`clock`, `on_timeout`) and says
what is allowed. `ClockState` is the running clock of a table (per seat the remaining
time, the seat whose time runs, its deadline), pure arithmetic on times it is given,
stored as JSON with the table so a restart or another worker continues it.

A "move" of a per-move clock is a turn: the time runs while the same seat keeps
deciding (a turn of several atomic actions) and stops when another seat is to move.
Only seats a person plays have a running clock; the time stops while a bot plays.

Time comes from a `Clock` object: `RealClock` (the wall clock, timers on the event
loop) in the server, `FakeClock` in tests (advanced by hand, firing due timers), so no
test sleeps.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from belle.server.errors import ServerError

KINDS = ("none", "per-move", "game")
OUTCOMES = ("bot-moves", "forfeit")
MIN_SECONDS = 10
MAX_SECONDS = 30 * 24 * 3600  # 30 days
MAX_INCREMENT = 24 * 3600  # a day

Callback = Callable[[], Coroutine[Any, Any, None]]


@dataclass(frozen=True, slots=True)
class ClockSettings:
    """What the table's creator chose: the kind of clock and what a timeout does."""

    kind: str = "none"
    seconds: int = 0
    increment: int = 0
    on_timeout: str = "bot-moves"

    @property
    def active(self) -> bool:
        return self.kind != "none"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seconds": self.seconds, "increment": self.increment,
                "on_timeout": self.on_timeout}

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> ClockSettings:
        """Settings stored with a table (already checked); None: no clock."""
        if not data:
            return cls()
        return cls(str(data.get("kind", "none")), int(data.get("seconds", 0)),
                   int(data.get("increment", 0)), str(data.get("on_timeout", "bot-moves")))

    @classmethod
    def parse(cls, clock: Any, on_timeout: Any) -> ClockSettings:
        """The create-table payload's `clock` and `on_timeout`, checked (ServerError)."""
        outcome = "bot-moves" if on_timeout is None else on_timeout
        if outcome not in OUTCOMES:
            raise _bad(f"on_timeout is one of {', '.join(OUTCOMES)}, not {on_timeout!r}")
        if clock is None:
            return cls(on_timeout=outcome)
        if not isinstance(clock, dict):
            raise _bad("clock is an object: {\"kind\": \"none\" | \"per-move\" | \"game\", …}")
        kind = clock.get("kind", "none")
        if kind not in KINDS:
            raise _bad(f"clock kind is one of {', '.join(KINDS)}, not {kind!r}")
        allowed = {"none": {"kind"}, "per-move": {"kind", "seconds"},
                   "game": {"kind", "seconds", "increment"}}[kind]
        extra = sorted(set(clock) - allowed)
        if extra:
            raise _bad(f"a {kind} clock takes {', '.join(sorted(allowed))}, not {', '.join(extra)}")
        if kind == "none":
            return cls(on_timeout=outcome)
        seconds = _whole(clock.get("seconds"), "seconds", MIN_SECONDS, MAX_SECONDS)
        increment = 0
        if kind == "game":
            increment = _whole(clock.get("increment", 0), "increment", 0, MAX_INCREMENT)
        return cls(kind, seconds, increment, outcome)


def _bad(message: str) -> ServerError:
    return ServerError("bad_options", message)


def _whole(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(f"clock {name} is a whole number of seconds, not {value!r}")
    if not low <= value <= high:  # a player's choice in the new-table panel: translated
        bounds = {"low": low, "high": high, "value": value}
        if name == "increment":
            raise ServerError("bad_options", "a clock's increment is from {low} to {high} "
                              "seconds, not {value}", params=bounds)
        raise ServerError("bad_options", "a clock's time is from {low} to {high} seconds, "
                          "not {value}", params=bounds)
    return value


@dataclass(slots=True)
class ClockState:
    """A table's running clock: per seat the time left, and whose time runs until when.

    Times are seconds since the epoch (the server's wall clock). For a per-move clock
    `remaining` is the full period but for a turn interrupted by a hand-over to a bot
    (`away`): taking the seat back in the same turn continues from what was left, so
    away-and-back cannot buy a fresh period. `turn` is the seat whose turn the clock
    last saw (running or not), which tells a new turn from a resumed one. `shift` is
    the moment of the last outage shift the running time includes (`shifted`).
    """

    remaining: list[float]
    seat: int | None = None
    started: float | None = None
    deadline: float | None = None
    version: int = 0
    timeouts: list[int] = field(default_factory=list)  # seats whose time ran out, in order
    turn: int | None = None
    shift: float | None = None

    @classmethod
    def fresh(cls, settings: ClockSettings, players: int) -> ClockState:
        return cls([float(settings.seconds)] * players)

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None, settings: ClockSettings,
                  players: int) -> ClockState:
        if not data:
            return cls.fresh(settings, players)
        return cls([float(x) for x in data["remaining"]], data.get("seat"),
                   data.get("started"), data.get("deadline"), int(data.get("version", 0)),
                   [int(s) for s in data.get("timeouts", [])], data.get("turn"),
                   data.get("shift"))

    def to_json(self) -> dict[str, Any]:
        return {"remaining": self.remaining, "seat": self.seat, "started": self.started,
                "deadline": self.deadline, "version": self.version, "timeouts": self.timeouts,
                "turn": self.turn, "shift": self.shift}

    def expired(self, now: float) -> bool:
        return self.deadline is not None and now >= self.deadline

    def left(self, now: float) -> float | None:
        """Seconds left to the running seat (None when no time runs)."""
        return None if self.deadline is None else max(0.0, self.deadline - now)

    def run(self, settings: ClockSettings, seat: int, now: float) -> None:
        """Start `seat`'s time."""
        self.seat, self.started, self.deadline = seat, now, now + self.remaining[seat]

    def stop(self, settings: ClockSettings, now: float, *, moved: bool) -> None:
        """Stop the running time. A game clock keeps what is left, plus the increment
        when the seat completed its move (`moved`); a per-move clock is full again after
        a move, and keeps what is left of a turn handed to a bot."""
        seat, started = self.seat, self.started
        if seat is None or started is None:
            return
        left = max(0.0, self.remaining[seat] - (now - started))
        if settings.kind == "game":
            self.remaining[seat] = left + (settings.increment if moved else 0)
        else:
            self.remaining[seat] = float(settings.seconds) if moved else left
        self.seat = self.started = self.deadline = None

    def follow(self, settings: ClockSettings, mover: int | None, clocked: bool,
               now: float, version: int) -> bool:
        """Bring the clock to the table: `mover` is the seat to move (None: nobody) and
        `clocked` whether a person plays it. True when the clock changed."""
        changed = False
        if self.seat is not None and (self.seat != mover or not clocked):
            self.stop(settings, now, moved=self.seat != mover)
            changed = True
        if mover != self.turn:  # a new turn: a per-move clock starts it with a full period
            if settings.kind == "per-move" and self.turn is not None:
                self.remaining[self.turn] = float(settings.seconds)
            self.turn = mover
            changed = True
        if mover is not None and clocked and self.seat is None:
            self.run(settings, mover, now)
            changed = True
        if changed:
            self.version = version
        return changed

    @staticmethod
    def shifted(stored: Mapping[str, Any], until: float, seconds: float) -> dict[str, Any]:
        """A stored clock after an outage (no server up, or storage not answering) that
        a heartbeat settled at `until`, `seconds` after the last beat before it: nobody
        could move meanwhile, so the running time moves on by what of those seconds it
        ran through (from the last beat, or from its start if later), once. Unchanged
        when it includes that shift already (its `shift` is that one or a later one: a
        shift moves every stored clock), or started after it."""
        started, done = stored.get("started"), stored.get("shift")
        if started is None or float(started) >= until or (done is not None and done >= until):
            return dict(stored)
        seconds = until - max(until - seconds, float(started))
        moved = dict(stored, shift=until)
        for key in ("started", "deadline"):
            if moved.get(key) is not None:
                moved[key] = float(moved[key]) + seconds
        return moved

    def public(self, settings: ClockSettings, now: float) -> dict[str, Any]:
        """What clients get: the settings, and per seat the time left now (the running
        seat's counts down from `left` as the client receives it)."""
        remaining = [round(x, 3) for x in self.remaining]
        left = self.left(now)
        if self.seat is not None and left is not None:
            remaining[self.seat] = round(left, 3)
        return {**settings.to_json(), "seat": self.seat, "remaining": remaining,
                "left": None if left is None else round(left, 3)}


# -- time ---------------------------------------------------------------------
class Timer(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    """The server's time and its timers (injectable: tests use FakeClock)."""

    def time(self) -> float:
        """Seconds since the epoch."""

    def call_at(self, when: float, callback: Callback) -> Timer:
        """Run `callback()` once `time()` reaches `when`, unless cancelled first."""


class _LoopTimer:
    def __init__(self, delay: float, callback: Callback) -> None:
        self.callback = callback
        self.task: asyncio.Task[None] | None = None
        self.handle = asyncio.get_running_loop().call_later(delay, self._fire)

    def _fire(self) -> None:
        self.task = asyncio.create_task(self.callback())

    def cancel(self) -> None:
        """Cancel a timer not yet due; a callback already running re-checks by itself."""
        self.handle.cancel()


class RealClock:
    """The wall clock; timers run on the event loop (they re-check the deadline, so a
    loop clock a little out of step with the wall clock only makes them re-arm)."""

    def time(self) -> float:
        return time.time()

    def call_at(self, when: float, callback: Callback) -> Timer:
        return _LoopTimer(max(0.0, when - self.time()), callback)


@dataclass(slots=True)
class _FakeTimer:
    when: float
    callback: Callback
    done: bool = False

    def cancel(self) -> None:
        self.done = True


class FakeClock:
    """A clock for tests: time stands still until `advance`, which runs each due timer's
    callback to its end (in deadline order, including timers they set that are due)."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start
        self.timers: list[_FakeTimer] = []

    def time(self) -> float:
        return self.now

    def call_at(self, when: float, callback: Callback) -> Timer:
        timer = _FakeTimer(when, callback)
        self.timers.append(timer)
        return timer

    def pending(self) -> list[float]:
        """The deadlines of the timers not yet fired nor cancelled."""
        return sorted(t.when for t in self.timers if not t.done)

    async def advance(self, seconds: float) -> None:
        self.now += seconds
        while True:
            due = [t for t in self.timers if not t.done and t.when <= self.now]
            if not due:
                break
            timer = min(due, key=lambda t: t.when)
            timer.done = True
            await timer.callback()
        self.timers = [t for t in self.timers if not t.done]
