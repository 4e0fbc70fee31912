"""The terminal for players (issue 16 item 8): every game's table reads at 80 columns
and without colour, says nothing internal, and `info ID` describes what is on it."""

from __future__ import annotations

import pytest

from belle.cli.common import renderer
from belle.cli.info import element_info, elements
from belle.cli.texts import Words
from belle.engine import replay
from belle.engine.registry import game_ids
from belle.i18n.check import internal

from .terminal_kit import PLAYERS, WIDTH, plain, record_of

SEED = 5  # the random game its positions come from

TERMINAL_VOICE = Words().voice("bruxelles_1893", 2)
"""Bruxelles's words as `belle play` says them (its seats named "seat 1", "seat 2")."""


def tables(game: str) -> list[str]:
    record = record_of(game, SEED)
    total = len(record.actions)
    drawn = []
    for upto in (total // 3, 2 * total // 3, total):
        state = replay(record, upto)
        drawn += [plain(renderer(game)(state.view(seat)))
                  for seat in range(PLAYERS.get(game, 2))]
    return drawn


@pytest.mark.parametrize("game", game_ids())
def test_every_table_fits_80_columns_without_cutting_words(game: str) -> None:
    for text in tables(game):
        widest = max(len(line) for line in text.splitlines())
        assert widest <= WIDTH, f"{game}: a line of {widest} columns"
        # Paris Paris's word while cards are dealt, Paris's at a chance node
        cut = text.replace("Dealing…", "").replace("chance…", "")
        assert "…" not in cut, f"{game}: something is cut short at 80 columns"


@pytest.mark.parametrize("game", game_ids())
def test_no_rule_id_or_file_path_reaches_the_terminal(game: str) -> None:
    for text in tables(game):
        assert internal(text) is None, f"{game}: {internal(text)!r}"


def test_paris_paris_shows_who_owns_a_shop_without_colour() -> None:
    record = record_of("paris_paris", SEED)
    view = replay(record, len(record.actions) // 2).view(0)
    owners = {seat for seats in view["shops"].values() for seat in seats}
    text = plain(renderer("paris_paris")(view))
    assert owners and "●" not in text
    map_rows = text.split("╰")[0]
    for seat in owners:
        assert str(seat + 1) in map_rows  # the owner's number beside the stop's code


@pytest.mark.parametrize(("game", "key", "words"), [
    ("paris", "L12", ["Opéra Garnier", "value 12", "costs 1 marble, 1 gold"]),
    ("paris", "18", ["5 VP per value-4 building you occupy"]),
    ("paris", "F8", ["+8 francs"]),
    ("bruxelles_1893", "solvay", ["Ernest Solvay", "2 noble materials", "pay 3 BF"]),
    ("bruxelles_1893", "bonus_art", ["draw 2 works, keep 1"]),
    ("city_of_light", "moulin_rouge", ["Moulin Rouge"]),
])
def test_info_describes_an_element_by_its_id(game: str, key: str, words: list[str]) -> None:
    text = plain(element_info(game, key), width=200)
    for word in words:
        assert word in text, text


def test_info_at_an_older_editions_table_describes_its_own_tiles() -> None:
    """G-6: `info 25` at a table of rules edition 7 gives the tile as that edition printed
    it (2 VP per district), at today's table today's (1 VP); the end-game tiles only
    older editions dealt are described too (G-8), and a landmark at its edition's cost
    (PARIS-86: edition 1's Moulin Rouge cost marble only)."""
    import belle

    def info(key: str, **options: object) -> str:
        view = belle.load_game("paris", **options).new_initial_state(2).view(None)
        return plain(element_info("paris", key, view=view), width=200)

    assert "2 VP per district where you occupy" in info("25", rules_version=7)
    assert "1 VP per district where you occupy" in info("25")
    assert "+7 VP" in info("vp7", rules_version=7)
    assert "costs 1 marble;" in info("L9", rules_version=1)  # PARIS-86 in edition 1
    assert "costs 1 marble, 1 gold;" in info("L9")


def test_info_of_an_unknown_id_lists_the_known_ones() -> None:
    text = plain(element_info("paris", "L99"), width=200)
    assert "No element is called “L99”" in text and "L16" in text
    assert "f8" in plain(element_info("paris", ""), width=200)
    assert all(internal(value) is None for game in game_ids()
               for value in elements(game).values())


def test_bruxelles_explains_the_resolution_and_names_the_card_a_prompt_is_about() -> None:
    record = record_of("bruxelles_1893", SEED)
    seen_notes = seen_card = False
    for upto in range(0, len(record.actions), 7):
        state = replay(record, upto)
        view = state.view(None)
        text = plain(renderer("bruxelles_1893")(view, TERMINAL_VOICE), width=200)
        if view["notes"]:
            seen_notes = True
            assert "Last resolution: seat " in text
        decision = view.get("decision") or {}
        if decision.get("card"):
            seen_card = True
            assert ("public figure:" in text) or ("bonus card:" in text)
    assert seen_notes and seen_card
