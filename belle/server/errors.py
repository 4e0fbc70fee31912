"""The server's closed vocabulary of error codes, and the exception that carries one.

Every refusal, over HTTP or a websocket, is a `ServerError(code, message)`; HTTP maps
the code to a status, a websocket sends `{"type": "error", "code", "message"}`.
"""

from __future__ import annotations

from typing import Any

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
    "too_large": 413,
    "rate_limited": 429,
    "too_many_tables": 429,
    "unavailable": 503,
    "internal": 500,
}


class ServerError(Exception):
    """A refused request: a code from `STATUS` and a message a person can act on."""

    def __init__(self, code: str, message: str) -> None:
        if code not in STATUS:
            raise ValueError(f"unknown error code {code!r}")
        # A message may quote what was sent: keep it valid UTF-8 (lone surrogates escaped).
        message = message.encode("utf-8", "backslashreplace").decode("utf-8")
        super().__init__(message)
        self.code = code
        self.message = message

    @property
    def status(self) -> int:
        return STATUS[self.code]

    def to_json(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message}}
