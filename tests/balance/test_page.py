"""docs/balance.md and belle/web/rules/balance.json are one command's output: the page's
command writes both, and the summary the rules pages show holds every game at every
player count with the page's own date (issue 15)."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

from belle.engine.registry import list_games

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "balance.md"
SUMMARY = ROOT / "belle" / "web" / "rules" / "balance.json"


def page_command() -> list[str]:
    text = PAGE.read_text(encoding="utf-8")
    return shlex.split(text.split("```sh", 1)[1].split("```", 1)[0])


def test_the_page_is_regenerated_by_one_command_that_also_writes_the_summary() -> None:
    command = page_command()
    assert command[:3] == ["belle", "balance", "--all"]
    assert command[command.index("--markdown") + 1] == "docs/balance.md"
    assert command[command.index("--summary") + 1] == "belle/web/rules/balance.json"
    assert "--note" not in command  # the page names its editions itself


def test_the_summary_holds_every_game_and_player_count_of_the_page() -> None:
    data = json.loads(SUMMARY.read_text(encoding="utf-8"))
    assert data["command"] == shlex.join(page_command())
    assert f"Measured {data['measured']} on commit {data['commit']}" in PAGE.read_text(
        encoding="utf-8")
    for info in list_games():
        counts = data["games"][info.id]
        assert sorted(map(int, counts)) == list(range(info.min_players, info.max_players + 1))
        for runs in counts.values():
            kinds = [run["kind"] for run in runs]
            assert kinds[:2] == ["greedy", "ismcts"] and "strategy" in kinds
            assert all(run["games"] > 0 for run in runs)
