"""What a table shows for an option's choices (OptionSpec.labels): words, never codes.
City of Light's postcards are chosen by the cards' names (COL-215), and the labels are
what the interface's catalogue translates (belle.i18n.extract)."""

from __future__ import annotations

import re

import pytest

import belle
from belle.engine.options import OptionSpec
from belle.engine.registry import load_game
from belle.i18n.extract import from_registry

CODE = re.compile(r"_|\b[A-Z]{2,}\b")  # "random_eiffel", "BASE_STREETLIGHT", "PEINTRE"


@pytest.mark.parametrize("game", [info.id for info in belle.list_games()])
def test_every_choice_reads_as_words(game: str) -> None:
    for spec in load_game(game).info.options:
        for choice in spec.choices:
            assert not CODE.search(spec.label(choice)), (spec.name, choice)


def test_the_postcards_are_chosen_by_their_names() -> None:
    info = load_game("city_of_light").info
    listed = info.option("postcard_list").to_json()
    assert listed["labels"]["BASE_STREETLIGHT"] == "Streetlight tile (invented card)"  # type: ignore[index]
    assert info.option("postcards").label("random_eiffel") == (
        "8 at random from the base game and Eiffel")
    assert info.option("start_player").label("orange") == "orange"  # no label: its name
    found = {text for text, _ in from_registry()}
    assert {"Le Peintre", "8 at random from all", "first game"} <= found
    assert "BASE STREETLIGHT" not in found and "random eiffel" not in found


def test_a_label_names_a_choice_the_option_has() -> None:
    with pytest.raises(ValueError, match="labels for no choice"):
        OptionSpec("map", "choice", "north", "", choices=("north",), labels={"south": "S"})
