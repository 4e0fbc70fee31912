"""The websocket vocabulary: client messages parsed in one place, server messages built here.

Client → server: `hello`, `action`, `undo`, `chat`, `ping`, `away`, `back`, `claim`
(docs/protocol.md). `parse` turns a raw frame into one of the pydantic models or raises
`ServerError` with `too_large`,
`malformed` or `unknown_type`; nothing else reaches the tables.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationError

from belle.server.announcements import Notice
from belle.server.errors import ServerError

MAX_MESSAGE = 16 * 1024
MAX_CHAT = 500
MAX_DEPTH = 32  # nesting of a message's JSON (objects and arrays)


class _Message(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class Hello(_Message):
    type: Literal["hello"]
    since: StrictInt | None = None


class Action(_Message):
    """`plan`: the seat's working plan, saved if the action ends its turn (planning
    mode, belle.server.table.plans)."""

    type: Literal["action"]
    version: StrictInt
    action: Any = Field(...)
    plan: Any = None


class Undo(_Message):
    type: Literal["undo"]
    version: StrictInt


class Chat(_Message):
    type: Literal["chat"]
    text: str


class Ping(_Message):
    type: Literal["ping"]


class Away(_Message):
    """Hand my seat to a stand-in bot (`bot`: its level, medium by default)."""

    type: Literal["away"]
    bot: str | None = Field(default=None, max_length=40)


class Back(_Message):
    """Take my seat back from the stand-in bot."""

    type: Literal["back"]


class Claim(_Message):
    """Claim the seat of the person to move, silent too long (a table without a clock)."""

    type: Literal["claim"]


ClientMessage = Hello | Action | Undo | Chat | Ping | Away | Back | Claim
MODELS: dict[str, type[_Message]] = {
    "hello": Hello, "action": Action, "undo": Undo, "chat": Chat, "ping": Ping,
    "away": Away, "back": Back, "claim": Claim,
}


def parse(frame: str | bytes, max_size: int = MAX_MESSAGE) -> ClientMessage:
    """One client frame as a typed message; ServerError for anything else."""
    if len(frame) > max_size or (isinstance(frame, str) and 4 * len(frame) > max_size
                                 and len(frame.encode()) > max_size):
        raise ServerError("too_large", "a message may have at most {most} bytes",
                          params={"most": max_size})
    try:
        data = (_DECODER.decode(frame) if isinstance(frame, str)
                else json.loads(frame, parse_constant=_no_constant))
    except RecursionError as exc:
        raise ServerError("malformed", "a message nests at most {most} levels",
                          params={"most": MAX_DEPTH}) from exc
    except ValueError as exc:  # bad JSON or UTF-8, NaN/Infinity, an integer too long
        raise ServerError("malformed", "a message is one JSON object ({reason})",
                          params={"reason": str(exc)}) from exc
    escapes = isinstance(frame, bytes) or "\\u" in frame
    if escapes or _may_nest_deeper(frame):
        _check_shape(data, escapes)
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ServerError("malformed", "a message is a JSON object with a string 'type'")
    model = MODELS.get(data["type"])
    if model is None:
        known = ", ".join(MODELS)
        raise ServerError("unknown_type", "unknown message type '{type}'; types: {known}",
                          params={"type": data["type"][:40], "known": known})
    try:
        message = model.model_validate(data)
    except ValidationError as exc:
        raise ServerError("malformed", _explain(data["type"], exc)) from exc
    assert isinstance(message, Hello | Action | Undo | Chat | Ping | Away | Back | Claim)
    return message


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


_DECODER = json.JSONDecoder(parse_constant=_no_constant)  # json.loads would build one a call


def _may_nest_deeper(frame: str | bytes) -> bool:
    """Whether `frame` has enough brackets to nest past MAX_DEPTH (a nesting needs one
    each; counting them is a C loop, where walking the parsed message is Python's)."""
    if isinstance(frame, str):
        return frame.count("{") + frame.count("[") > MAX_DEPTH
    return frame.count(b"{") + frame.count(b"[") > MAX_DEPTH


def _check_shape(data: Any, escapes: bool) -> None:
    """Refuse nesting deeper than MAX_DEPTH and, when the frame has `\\u` escapes (or
    came as bytes), strings with lone surrogates: text that cannot be stored, logged
    or sent back as UTF-8."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            if escapes and not _encodable(value):
                raise ServerError("malformed", "a message's text is valid Unicode "
                                               "(no lone surrogates)")
            continue
        if not isinstance(value, dict | list):
            continue
        if depth > MAX_DEPTH:
            raise ServerError("malformed", "a message nests at most {most} levels",
                              params={"most": MAX_DEPTH})
        items = list(value.items()) if isinstance(value, dict) else [(None, v) for v in value]
        for key, item in items:
            if key is not None:
                stack.append((key, depth))
            stack.append((item, depth + 1))


def _encodable(text: str) -> bool:
    try:
        text.encode()
    except UnicodeEncodeError:
        return False
    return True


def _explain(kind: str, exc: ValidationError) -> str:
    problems = "; ".join(
        f"{'.'.join(str(p) for p in err['loc']) or 'message'}: {err['msg']}"
        for err in exc.errors(include_url=False, include_input=False)
    )
    return f"bad {kind} message: {problems}"


def dumps(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def error(code: str, message: str, version: int | None = None) -> str:
    body: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if version is not None:
        body["version"] = version
    return dumps(body)


def refusal(exc: ServerError, version: int | None = None) -> str:
    """The `error` for a refused message, with its notice when it has one."""
    body: dict[str, Any] = {"type": "error", "code": exc.code, "message": exc.message,
                            **exc.notice_fields()}
    if version is not None:
        body["version"] = version
    return dumps(body)


def notice(said: str | Notice) -> str:
    """A reply only the sender sees (chat command help and confirmations); not numbered.
    A `Notice` goes with its id and values, so the browser words it (its English text
    as `text`)."""
    if isinstance(said, Notice):
        return dumps({"type": "notice", **said.fields()})
    return dumps({"type": "notice", "text": said})


PONG = dumps({"type": "pong"})
