"""The text of JSON columns (`belle.storage.store.json_text`, orjson's): every value the
store writes reads back as json.dumps's text would (integer keys as strings, integers
past 64 bits, non-ASCII text)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from belle.storage.store import json_text

scalars = st.none() | st.booleans() | st.integers() | st.text() \
    | st.floats(allow_nan=False, allow_infinity=False)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=8) | st.integers(-5, 5), inner, max_size=4),
    max_leaves=20,
)


@given(values)
def test_a_value_reads_back_as_json_dumps_would_have_written_it(value: Any) -> None:
    assert json.loads(json_text(value)) == json.loads(json.dumps(value))


def test_the_text_is_compact_utf8_and_big_integers_still_go_through() -> None:
    assert json_text({"place": "Gare de l'Est", "n": 1}) == '{"place":"Gare de l\'Est","n":1}'
    assert json_text({1: "é"}) == '{"1":"é"}'
    assert json.loads(json_text(2**70)) == 2**70
