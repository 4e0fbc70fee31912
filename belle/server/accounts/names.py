"""Player names: what a name may be, and the one form it is stored in.

A name is 1–24 letters, digits, spaces and `_ - .`, runs of spaces folded to one.
Names are unique case-insensitively (the store keeps `name.casefold()` beside it).
"""

from __future__ import annotations

import re

from belle.server.errors import ServerError

NAME_PATTERN = re.compile(r"[^\W_]|[ _.\-]")  # letters, digits, space, _-.
MAX_NAME = 24


def check_name(raw: object) -> str:
    """The name to use, or ServerError("bad_name") saying what names may be."""
    if not isinstance(raw, str):
        raise ServerError("bad_name", "a name is text")
    name = " ".join(raw.split())
    if not 1 <= len(name) <= MAX_NAME or not all(NAME_PATTERN.fullmatch(ch) for ch in name):
        raise ServerError(
            "bad_name",
            f"a name has 1–{MAX_NAME} characters: letters, digits, spaces and _ - .",
        )
    return name
