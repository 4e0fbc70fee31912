"""Every option of every registered game has its player-facing help in the browser's own
catalogue (belle/web/js/options.js, issue 16 item 4): the registry's help text cites rule
numbers and is written for developers, so the lobby never shows it."""

from __future__ import annotations

import re
from pathlib import Path

import belle

OPTIONS_JS = Path(__file__).resolve().parents[2] / "belle" / "web" / "js" / "options.js"
RULE_ID = re.compile(r"\b(?:PARIS|PC|COL|PP|BRX|REQ|G)(?:-[A-Z]+)*-[A-Z]?\d+")


def catalogue() -> dict[str, set[str]]:
    """game -> option names, read from the HELP table of options.js."""
    source = OPTIONS_JS.read_text(encoding="utf-8")
    start = source.index("const HELP = {")
    table = source[start:source.index("\n};", start)]
    found: dict[str, set[str]] = {}
    game = None
    for line in table.splitlines():
        if m := re.match(r"^  (\w+): \{$", line):
            game = m.group(1)
            found[game] = set()
        elif (m := re.match(r"^    (\w+): \(\) => t\(", line)) and game:
            found[game].add(m.group(1))
    return found


def test_every_registry_option_has_a_help_text_for_players() -> None:
    known = catalogue()
    missing = [
        f"{info.id}.{spec.name}"
        for info in belle.list_games()
        for spec in info.options
        if spec.name not in known.get(info.id, set())
    ]
    assert not missing, f"add these options to belle/web/js/options.js: {missing}"


def test_the_catalogue_names_only_options_that_exist_and_cites_no_rule() -> None:
    real = {info.id: {spec.name for spec in info.options} for info in belle.list_games()}
    for game, names in catalogue().items():
        assert names <= real.get(game, set()), f"{game}: {names - real.get(game, set())}"
    assert not RULE_ID.search(OPTIONS_JS.read_text(encoding="utf-8").split("const HELP = {")[1])
