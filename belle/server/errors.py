"""The server's closed vocabulary of error codes, and the exception that carries one.

Every refusal, over HTTP or a websocket, is a `ServerError(code, message)`; HTTP maps
the code to a status, a websocket sends `{"type": "error", "code", "message"}`.

A message is English, and it is also the key of its translations: `python -m belle.i18n
extract` takes every literal second argument of a `ServerError(...)` call under
belle/server into the interface's catalogue (belle.pot), and the browser shows the
message in its reader's language when its catalogue has it (belle/web/js/ui.js
`errorText`). A message that names values is a template with `params`
(``ServerError("not_found", "there is no table {table}", params={"table": 12})``): the
error carries ``"template"`` and ``"params"`` beside the filled English ``"message"``.
So write a literal (never an f-string) and put what varies in `params` (tests/i18n
checks it); a message kept in a constant is marked `worded("…")` to be extracted too.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from belle.server.announcements import Notice

STATUS: dict[str, int] = {
    "not_signed_in": 401,
    "bad_password": 401,
    "not_seated": 403,
    "not_host": 403,
    "kicked": 403,
    "not_found": 404,
    "not_your_turn": 409,
    "stale": 409,
    "table_full": 409,
    "not_ready": 409,
    "not_open": 409,
    "game_over": 409,
    "away": 409,
    "time_out": 409,
    "forfeited": 409,
    "name_taken": 409,
    "illegal": 400,
    "undo_refused": 409,
    "malformed": 400,
    "unknown_type": 400,
    "bad_options": 400,
    "bad_name": 400,
    "bad_email": 400,
    "not_registered": 403,
    "blocked": 403,  # belle.server.moderation
    "muted": 403,
    "banned": 403,
    "too_large": 413,
    "rate_limited": 429,
    "too_many_tables": 429,
    "unavailable": 503,
    "internal": 500,
}


class ServerError(Exception):
    """A refused request: a code from `STATUS` and a message a person can act on.

    `notice` (belle.server.announcements): the refusal as a notice id and its values,
    so a browser words it in its reader's language; its English text is the message
    when none is given. `refusal`: an engine's refusal of a move (``{"game", "id",
    "params"}``, `GameError.refusal`, belle.engine.errors), which a client words from
    the game's catalogue. `params`: the values the message names (it is a template).
    """

    def __init__(self, code: str, message: str | None = None,
                 notice: Notice | None = None,
                 refusal: dict[str, Any] | None = None, *,
                 params: Mapping[str, str | int] | None = None) -> None:
        if code not in STATUS:
            raise ValueError(f"unknown error code {code!r}")
        self.template = message if params is not None else None
        # A value may quote what was sent: valid UTF-8 like the message (lone surrogates
        # escaped), or the payload could not be encoded.
        self.params: dict[str, Any] = _valid(dict(params or {}))
        if message is None:
            message = notice.text if notice is not None else code
        elif params is not None:
            message = fill(message, self.params)
        message = _valid_text(message)  # it may quote what was sent
        super().__init__(message)
        self.code = code
        self.message = message
        self.notice = notice
        self.refusal = _valid(refusal)

    @property
    def status(self) -> int:
        return STATUS[self.code]

    def to_json(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message, **self.notice_fields()}}

    def notice_fields(self) -> dict[str, Any]:
        """`notice` and `params` for a message carrying this refusal as a notice, else
        `template` and `params` when its message names values; and the engine's
        `refusal` when there is one."""
        fields: dict[str, Any] = {}
        if self.notice is not None:
            fields = {"notice": self.notice.id, "params": dict(self.notice.params)}
        elif self.template is not None:
            fields = {"template": self.template, "params": dict(self.params)}
        if self.refusal is not None:
            fields["refusal"] = self.refusal
        return fields


def _valid_text(text: str) -> str:
    """`text` as valid UTF-8: lone surrogates escaped."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _valid(value: Any) -> Any:
    """A JSON value with every string (keys too) as valid UTF-8 (`_valid_text`)."""
    if isinstance(value, str):
        return _valid_text(value)
    if isinstance(value, dict):
        return {_valid(key): _valid(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_valid(item) for item in value]
    return value


def worded(message: str) -> str:
    """`message`, unchanged: marks a refusal's English kept in a constant (raised as
    `ServerError(code, CONSTANT)`), so `python -m belle.i18n extract` takes it too."""
    return message


_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def fill(template: str, params: Mapping[str, object]) -> str:
    """`template` with each ``{name}`` of `params` replaced (others left as written)."""
    def value(match: re.Match[str]) -> str:
        key = match.group(1)
        return str(params[key]) if key in params else match.group(0)

    return _PLACEHOLDER.sub(value, template)
