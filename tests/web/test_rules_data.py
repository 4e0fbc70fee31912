"""The rules pages' data (belle/web/rules/<id>.json, issue 10 item 1) against the rest
of the project:

- every row of the reconstruction table in docs/games/<id>.md has its "Printed value not
  known" box, with the same value (or is listed under "not_reconstructed" with a reason);
- every action type a player can be offered has an anchor, and every anchor is a section.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import belle

ROOT = Path(__file__).resolve().parents[2]
GAMES = ["paris", "paris_connection", "city_of_light", "paris_paris", "bruxelles_1893"]
# The heading over each docs page's reconstruction table, and the column holding our value.
TABLES = {
    "paris": ("Reconstructed data", 2),
    "city_of_light": ("Reconstructed data", 1),
    "paris_connection": ("What we reconstructed", 1),
    "paris_paris": ("Reconstructions", 1),
    "bruxelles_1893": ("Reconstructions", 1),
}


def rules(game: str) -> dict[str, Any]:
    return json.loads((ROOT / "belle" / "web" / "rules" / f"{game}.json").read_text())


def clean(text: str) -> str:
    return text.replace("`", "").strip()


def doc_rows(game: str) -> dict[str, str]:
    """First cell -> value cell of the table; a repeated first cell gets " (2)", " (3)"…"""
    heading, column = TABLES[game]
    lines = (ROOT / "docs" / "games" / f"{game}.md").read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("#") and heading in line)
    table: list[list[str]] = []
    for line in lines[start + 1 :]:
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if not set(cells[0]) <= set("-: "):
                table.append(cells)
        elif table:
            break
    rows: dict[str, str] = {}
    for cells in table[1:]:
        key, n = clean(cells[0]), 1
        while (key if n == 1 else f"{key} ({n})") in rows:
            n += 1
        rows[key if n == 1 else f"{key} ({n})"] = clean(cells[column])
    return rows


def anchors(sections: list[dict[str, Any]]) -> set[str]:
    found: set[str] = set()
    for section in sections:
        found.add(section["id"])
        found |= anchors(section.get("children", []))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_reconstructed_value_of_the_docs_has_its_box(game: str) -> None:
    data = rules(game)
    boxes = {item["row"]: item for item in data["reconstructed"] if item.get("row")}
    rows = doc_rows(game)
    assert rows, f"no reconstruction table found in docs/games/{game}.md"
    for row, value in rows.items():
        if row in data.get("not_reconstructed", {}):
            continue
        assert row in boxes, f"docs/games/{game}.md row {row!r} has no box in rules/{game}.json"
        assert boxes[row]["value"] == value, (
            f"{game}: {row!r} differs between docs/games/{game}.md and belle/web/rules/{game}.json"
        )
    assert set(boxes) <= set(rows), "a box names a row the docs no longer have"
    ids = [item["id"] for item in data["reconstructed"]]
    assert len(ids) == len(set(ids))
    for section_notices in _notices(data["sections"]):
        assert section_notices <= set(ids)


def _notices(sections: list[dict[str, Any]]) -> list[set[str]]:
    out = []
    for section in sections:
        out.append(set(section.get("notices", [])))
        out += _notices(section.get("children", []))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_offered_action_type_links_to_a_rule(game: str) -> None:
    data = rules(game)
    assert set(data["actions"].values()) <= anchors(data["sections"])
    rng = random.Random(7)
    g = belle.load_game(game)
    seen: set[str] = set()
    for players in (g.info.min_players, g.info.max_players):
        state = g.new_initial_state(players)
        for _ in range(3000):
            if state.is_terminal():
                break
            if state.current_player() == belle.CHANCE:
                actions, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, weights)[0])
                continue
            legal = state.legal_actions()
            seen |= {state.action_to_json(a)["type"] for a in legal}
            state.apply_action(rng.choice(legal))
    missing = seen - set(data["actions"])
    assert not missing, f"{game}: action types without a rule anchor: {sorted(missing)}"
