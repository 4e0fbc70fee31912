"""The terminal's language is the environment's (belle.i18n.say.terminal_language): the
CLI tests read English whatever the developer's locale, unless a test says otherwise."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def english_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BELLE_LANG", "en")
