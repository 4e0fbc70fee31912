"""What the server tells people in words, as a notice id and its parameters.

A table's own chat lines (someone sat down, the game started, a step was taken back,
the game is over, a rematch is offered), the replies to chat commands and the refusals
that need more than their error code are each a `Notice`: an id from `ENGLISH` and the
values its sentence names. They travel as `"notice": id, "params": {...}` beside an
English `text`; the browser words each notice in its reader's language from its own
catalogue (belle/web/js/chat.js), the English text serves everyone else (the terminal,
other clients, a browser older than the notice).

Parameters are what a person reads: names, seat numbers counted from 1, table numbers,
notation; a list is a list of such values. Nothing internal goes in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

Param = str | int | list[str] | list[int]

ENGLISH: dict[str, str] = {
    # -- a table's own lines (everyone at the table reads them) ----------------------
    "joined": "{name} sat down at seat {seat}.",
    "moved": "{name} moved to seat {seat}.",
    "left": "{name} left seat {seat}.",
    "bot_added": "A bot ({bot}) sat down at seat {seat}.",
    "bot_removed": "The {bot} bot left seat {seat}.",
    "kicked": "{host} asked {name} to leave the table.",
    "new_host": "{name} is the table's host now.",
    "started": "The game has started.",
    "started_fewer": "The game has started with {players} players: the empty seats are "
                     "left out.",
    "took_back": "{name} took back: {action}",
    "resigned": "{name} resigned: a bot plays their seat to the end.",
    "aborted": "{name} aborted the game: it ends without a result.",
    "claimed": "{name} had stopped moving: {by} claimed the seat, and a bot plays it to "
               "the end.",
    "banned_resigned": "{name} was banned by the operator: a bot plays their seat to the "
                       "end.",
    "banned_aborted": "{name} was banned by the operator: the game ends without a result.",
    "closed": "{name} closed the table: it will not start.",
    "over": "The game is over: {winners} won.",
    "over_shared": "The game is over: {winners} share the win.",
    "rematch_offered": "{name} offers a rematch.",
    "rematch_accepted": "{name} accepts the rematch.",
    "rematch_withdrawn": "{name} no longer wants a rematch.",
    "rematch_started": "The rematch has started at table {table}.",
    # -- replies to chat commands (only the sender reads them) -----------------------
    "help_table": "Commands: /join [seat] takes a seat (numbered from 1; the first free "
                  "one without a number) · /leave gives it up · /bot NAME [seat] adds a "
                  "bot ({bots}) · /start starts with everyone seated, the empty seats left "
                  "out · /close closes a table you created that has not started · /claim "
                  "gives a bot the seat of a person silent too long · /help",
    "help_lobby": "Commands name a table by its number (#12 or 12): /join ID [seat] takes "
                  "a seat (numbered from 1; the first free one without a number) · "
                  "/leave ID gives it up · /bot ID NAME [seat] adds a bot ({bots}) · "
                  "/start ID starts with everyone seated, the empty seats left out · "
                  "/close ID closes a table you created that has not started · /help. At "
                  "a table the same commands need no ID.",
    "you_sat": "You sit at seat {seat}.",
    "you_sat_at": "You sit at seat {seat} of table {table}.",
    "you_left": "You left your seat.",
    "you_left_at": "You left your seat at table {table}.",
    "bot_sits": "A bot ({bot}) sits down.",
    "bot_sits_at": "A bot ({bot}) sits down at table {table}.",
    "game_starts": "The game starts.",
    "game_starts_at": "The game at table {table} starts.",
    "you_closed": "You closed the table.",
    "you_closed_at": "You closed table {table}.",
    "you_claimed": "You claimed the seat: a bot plays it to the end.",
    # -- refusals (beside their error code) ------------------------------------------
    "too_few_seated": "At least {fewest} players must be seated to start; {seated} are.",
    "seat_range": "Seats are numbered 1 to {last}; there is no seat {seat}.",
    "seat_taken": "Seat {seat} is taken.",
    "table_full": "Every seat is taken.",
    "no_bot_at": "Seat {seat} has no bot.",
    "unknown_bot": "There is no bot called {bot}; the table offers {bots}.",
    "unknown_command": "There is no command /{command}; type /help to see them.",
    "usage": "Write it as {usage}.",
    "usage_table_id": "Write it as {usage}, where ID is the table's number as the lobby "
                      "shows it.",
    "sign_in_first": "Pick a name first.",
    "not_seated": "You have no seat at this table.",
    "not_host": "Only the table's host may do this (its creator, unless they handed the "
                "table on).",
    "table_closed": "This table was closed by its creator.",
    "game_started": "The game has started: seats can no longer change.",
    "kicked_out": "The host asked you to leave this table: you cannot sit at it again.",
    "nobody_there": "Nobody sits at seat {seat}.",
    "kick_yourself": "You cannot ask yourself to leave: leave your seat instead.",
    "hand_on_person": "Hand the table on to another person seated at it.",
    "claim_nobody": "Only the seat of another person who is to move can be claimed.",
    "claim_too_early_minutes": "{name} has been silent for {waited} min; a seat can be "
                               "claimed after {grace} min of silence.",
    "claim_too_early_hours": "{name} has been silent for {waited} h; a seat can be "
                             "claimed after {grace} h of silence.",
    "rematch_not_over": "A rematch can be offered once the game is over.",
    "rematch_not_player": "Only the people who played at this table can ask for a rematch.",
    "no_planning": "This game has no planning mode.",
    "plan_too_large": "A plan may hold at most {limit} bytes.",
    "plan_not_object": "A plan is a JSON object.",
}


@dataclass(frozen=True, slots=True)
class Notice:
    """One notice: its id (a key of `ENGLISH`) and the values its sentence names."""

    id: str
    params: Mapping[str, Param] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.id not in ENGLISH:
            raise ValueError(f"unknown notice {self.id!r}")

    @property
    def text(self) -> str:
        """The notice in English."""
        shown = {k: english_list(v) if isinstance(v, list) else v
                 for k, v in self.params.items()}
        return ENGLISH[self.id].format(**shown)

    def to_json(self) -> dict[str, Any]:
        """As stored with a chat line: {"id", "params"}."""
        return {"id": self.id, "params": dict(self.params)}

    def fields(self) -> dict[str, Any]:
        """The members a message carries for it: notice, params and the English text."""
        return {"notice": self.id, "params": dict(self.params), "text": self.text}


def notice(notice_id: str, **params: Param) -> Notice:
    return Notice(notice_id, params)


def english_list(items: Sequence[object]) -> str:
    """`a`, `a and b`, `a, b and c`."""
    words = [str(item) for item in items]
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def seats_shown(indexes: Sequence[int]) -> list[int]:
    """Seat indexes as people number them (from 1)."""
    return [index + 1 for index in indexes]
