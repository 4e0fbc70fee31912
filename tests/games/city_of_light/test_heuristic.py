"""The greedy bot's judgement in City of Light (state.heuristic): what it hopes for from
the buildings in its reserve (issue 15: the scripted strategy buildings-first beat it)."""

from __future__ import annotations

import random

from belle.bots.greedy import GreedyBot
from belle.games.city_of_light import data
from belle.games.city_of_light.state import BUILDABLE_SECTIONS

from .helpers import ORANGE, play, started


def test_a_seat_can_build_on_29_sections_of_its_colour_and_purple_col50() -> None:
    """COL-50: own-colour sections on both sets of tiles and purple ones on both."""
    own = sum(t.pattern.count("O") for t in data.TILES)
    rival = sum(t.pattern.count("R") for t in data.TILES)  # ours, on the rival's tiles
    purple = sum(t.pattern.count("M") for t in data.TILES)
    assert (own, rival, purple) == (16, 3, 5)
    assert BUILDABLE_SECTIONS == own + rival + 2 * purple == 29


def test_greedy_takes_a_building_its_sections_can_still_hold() -> None:
    """Orange holds 24 sections of buildings: a size-5 building still fits in 29 and
    greedy takes it (the hope used to stop at 26 sections, so greedy saw only the
    unbuilt penalty of COL-86 and let the rival collect the rest); the size-6 building
    would not fit, so it is not the one taken."""
    state = started()
    play(state, "take S6a", "take S3a", "take S5a", "take S3b", "take S5c", "take S4c",
         "take S4a", "take S4d", "take S4b", "take S5d")
    assert state.current_player() == ORANGE
    choice = GreedyBot(samples=1).choose(state, ORANGE, random.Random(1))
    assert state.action_to_string(choice) == "take S5b"
