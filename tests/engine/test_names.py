"""Names in every game's notation (docs/notation.md): case, accents, ligatures, spaces,
hyphens, apostrophes and underscores do not count, and a name that ends an action may
have several words (`key La Villette`, `lay Sacre-Coeur green`, `card Moulin Rouge`).
Property tests (Hypothesis) over every name each game's notation knows."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import belle
from belle.engine.texts import name_key
from belle.games.bruxelles_1893 import actions as brx
from belle.games.city_of_light import actions as col
from belle.games.city_of_light import data as col_data
from belle.games.paris import data as paris_data
from belle.games.paris_connection import actions as pc
from belle.games.paris_paris import actions as pp


def _state(game: str, players: int) -> Any:
    return belle.load_game(game).new_initial_state(players)


Named = tuple[str, str, str, str, str]


def _named_actions() -> list[Named]:
    """(game, verb, name, what follows the name, the action's written form) for every
    name of every game."""
    found: list[Named] = []
    for d in paris_data.DISTRICTS:
        found += [("paris", "key", name, "", f"key {d.code}") for name in (d.name, d.code)]
    for hex_name in pc.BOARD.names:
        if hex_name:
            found.append(("paris_connection", "place", hex_name, "", f"place {hex_name}"))
    pps = _state("paris_paris", 2)
    for action in pp.TAKE:
        text = pps.action_to_string(action)  # take <stop> <line>: the line stays a word
        stop, line = text[len("take "):].rsplit(" ", 1)
        found.append(("paris_paris", "take", stop, f" {line}", text))
    cols = _state("city_of_light", 2)
    for card, spec in enumerate(col_data.POSTCARDS):
        found.append(("city_of_light", "card", spec.name, "",
                      cols.action_to_string(col.ACTIVATE[card])))
    for spelling, card_id in col.SEED_SPELLINGS.items():  # the seed's own spelling
        found.append(("city_of_light", "card", spelling, "",
                      cols.action_to_string(col.ACTIVATE[col_data.CARD_INDEX[card_id]])))
    for figure_id in brx.FIGURE_IDS:
        found.append(("bruxelles_1893", "activate", figure_id.replace("_", " "), "",
                      f"activate {figure_id}"))
    return found


NAMED = _named_actions()
STATES = {game: _state(game, belle.load_game(game).info.min_players)
          for game in {game for game, *_ in NAMED}}


def _plain(text: str) -> str:
    text = text.replace("œ", "oe").replace("Œ", "OE")
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()


@st.composite
def written(draw: Callable[..., Any]) -> tuple[str, str, str]:
    """A named action as a person might type it: any case, accents or not, words joined
    by a space, a hyphen, an underscore or nothing."""
    game, verb, name, tail, expected = draw(st.sampled_from(NAMED))
    words = re.split(r"[\s\-_']+", name)
    if draw(st.booleans()):
        words = [_plain(word) for word in words]
    glue = [draw(st.sampled_from([" ", "-", "_", ""])) for _ in words[1:]]
    text = words[0] + "".join(g + w for g, w in zip(glue, words[1:], strict=True))
    text = "".join(c.upper() if draw(st.booleans()) else c.lower() for c in text)
    return game, f"{verb} {text}{tail}", expected


@settings(max_examples=400, deadline=None)
@given(written())
def test_a_name_is_read_whatever_its_case_accents_and_separators(
        case: tuple[str, str, str]) -> None:
    game, text, expected = case
    state = STATES[game]
    assert state.action_to_string(state.parse_action(text)) == expected, text


def test_no_two_names_of_a_kind_fold_to_one_key() -> None:
    """name_key would otherwise read one name as another."""
    for game in STATES:
        names = [(verb, name_key(name + tail), expected)
                 for g, verb, name, tail, expected in NAMED if g == game]
        meaning: dict[tuple[str, str], str] = {}
        for verb, key, expected in names:
            assert meaning.setdefault((verb, key), expected) == expected, (game, key)


def test_name_key_examples() -> None:
    assert name_key("Sacré-Cœur") == name_key("sacre coeur") == name_key("SACRECOEUR")
    assert name_key("La Villette") == name_key("la-villette") == "lavillette"
    assert name_key("L'Opéra") == "lopera"
    assert name_key("Straße") == "strasse"
