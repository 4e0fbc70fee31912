"""JSON as orjson's compact UTF-8, integer keys written as strings (as json.dumps
writes them): what the server sends and stores.

orjson's option for keys other than text doubles an encoding's time, and no game's
view has such keys, so it is used only when the plain encoding refuses a value.
"""

from __future__ import annotations

from typing import Any

import orjson


def dumps(value: Any) -> bytes:
    """`value` as JSON; orjson.JSONEncodeError (a TypeError) for what orjson cannot
    write even so (integers past 64 bits, unknown types)."""
    try:
        return orjson.dumps(value)
    except TypeError:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)
