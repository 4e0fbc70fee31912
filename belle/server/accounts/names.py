"""Player names: what a name may be, the one form it is stored in, and its look-alike key.

A name is normalised first: bidi controls (U+202E and the like, which reorder what is
shown) are removed, then Unicode NFKC folds compatibility forms (fullwidth letters,
ligatures) into the plain ones, and runs of spaces become one. What is left is 1–24
letters, digits, spaces and `_ - .`. Names are unique case-insensitively (the store
keeps `name.casefold()` beside it).

`skeleton` is the name's Unicode TR39 skeleton (disarm's `skeleton_key`, with TR39's
digit classes: `1` ≡ `l`, `0` ≡ `O`): two names with one skeleton look alike. A new
name, or a guest name being kept with a password, whose skeleton is a registered
player's is refused (`name_taken`): `reɡina` (U+0261) or `ｒｅｇｉｎａ` cannot pass for
`regina`.
"""

from __future__ import annotations

import re
import unicodedata

import disarm

from belle.server.errors import ServerError

NAME_PATTERN = re.compile(r"[^\W_]|[ _.\-]")  # letters, digits, space, _-.
MAX_NAME = 24


def strip_bidi(text: str) -> str:
    """`text` without bidirectional controls (UAX #9 embeddings, overrides, isolates,
    marks): shown text is in the order it was typed."""
    return disarm.strip_bidi(text)


def check_name(raw: object) -> str:
    """The name to use, or ServerError("bad_name") saying what names may be."""
    if not isinstance(raw, str):
        raise ServerError("bad_name", "a name is text")
    try:
        raw.encode()
    except UnicodeEncodeError as exc:
        raise ServerError("bad_name", "a name is valid Unicode text") from exc
    name = " ".join(unicodedata.normalize("NFKC", strip_bidi(raw)).split())
    if not 1 <= len(name) <= MAX_NAME or not all(NAME_PATTERN.fullmatch(ch) for ch in name):
        raise ServerError(
            "bad_name",
            "a name has 1–{most} characters: letters, digits, spaces and _ - .",
            params={"most": MAX_NAME},
        )
    return name


def skeleton(name: str) -> str:
    """The TR39 skeleton of a (checked) name: equal for names that look alike."""
    return disarm.skeleton_key(name, digit_policy="tr39")
