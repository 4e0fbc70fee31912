"""Refusals are sentences in the reader's language (issue 16 items 3, 4 and 6): every
refusal an engine raises names a message of the catalogues, every .po translates it, and
what a player reads of it has no Python, no placeholder left and nothing hidden."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from belle.engine import load_game
from belle.engine.errors import GameError, IllegalActionError, InvalidActionError
from belle.engine.game import CHANCE, State
from belle.engine.referee import sample_chance
from belle.i18n import PACKAGE, TRANSLATED
from belle.i18n.check import internal
from belle.i18n.games import TERMINAL_DOMAIN, domains, texts_of, translations
from belle.i18n.say import refusal_text, say, terminal_language
from belle.i18n.text import ENGINE_DOMAIN, PLACEHOLDER

GAMES = [domain for domain in domains() if domain not in (ENGINE_DOMAIN, TERMINAL_DOMAIN)]
REFUSING = [ENGINE_DOMAIN, *GAMES]
"""The catalogues that hold refusals (the terminal's words are none)."""
PLAYERS = {"paris_connection": 3}
REFUSAL_ID = re.compile(r"""["']((?:engine\.)?refuse\.[\w.]+)["']""")
# What a player must never read: Python names and reprs, placeholders, seat indexes.
PYTHON = re.compile(r"Error\b|<class|\bNone\b|\\x|\bseat \d")


def sources() -> dict[str, list[Path]]:
    """Where each domain's refusals are raised: the engine's modules, each game's parser."""
    found = {ENGINE_DOMAIN: sorted((PACKAGE / "engine").glob("*.py"))}
    found[ENGINE_DOMAIN] += [PACKAGE / "cli" / "play.py"]
    for game in GAMES:
        found[game] = [PACKAGE / "games" / game / "actions.py"]
    return found


def raised_ids(domain: str) -> set[str]:
    return {found for path in sources()[domain]
            for found in REFUSAL_ID.findall(path.read_text(encoding="utf-8"))}


def refusal_ids(domain: str) -> set[str]:
    return {mid for mid in texts_of(domain) if ".refuse." in f".{mid}"}


@pytest.mark.parametrize("domain", REFUSING)
def test_every_refusal_raised_is_in_its_catalogue(domain: str) -> None:
    texts = texts_of(domain)
    raised = raised_ids(domain)
    assert raised, f"{domain}: no refusal found in its sources"
    missing = {mid for mid in raised if mid not in texts}
    assert not missing, missing
    if domain != ENGINE_DOMAIN:  # a game's own ids are its own, not dead entries
        assert refusal_ids(domain) <= raised, refusal_ids(domain) - raised


def test_every_engine_refusal_is_raised_somewhere() -> None:
    everywhere = set().union(*(raised_ids(domain) for domain in REFUSING))
    unused = refusal_ids(ENGINE_DOMAIN) - everywhere
    assert not unused, unused


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("domain", REFUSING)
def test_every_refusal_is_translated(domain: str, lang: str) -> None:
    texts = texts_of(domain)
    translated = translations(lang, domain)
    for mid in refusal_ids(domain):
        assert mid in translated, f"{lang}: {domain} {mid} is not translated"
        assert translated[mid] != texts.template(mid), f"{lang}: {domain} {mid} is English"
        assert not internal(translated[mid])


def words_of(exc: GameError, game: str, typed: str = "") -> dict[str, str]:
    """The refusal in every language, checked: a sentence with nothing left unfilled.
    What the player `typed` may come back quoted ("“None” cannot be read"): its words
    are taken out before the sentence is checked."""
    assert exc.message is not None, f"{game}: {exc!r} carries no message"
    refusal = exc.refusal(game)
    assert refusal is not None and refusal["game"] == game
    worded = {lang: refusal_text(exc, lang, game) for lang in ("en", *TRANSLATED)}
    for lang, text in worded.items():
        for word in sorted(typed.split(), key=len, reverse=True):
            text = text.replace(word, "")
        assert not PLACEHOLDER.search(text), (lang, text)
        assert not PYTHON.search(text), (lang, text)
        assert not internal(text), (lang, text)
    return worded


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=25, deadline=None)
@given(text=st.one_of(
    st.text(max_size=30),
    st.lists(st.sampled_from(["take", "build", "move", "play", "use", "tile", "card", "on",
                              "1", "99", "R", "MO", "L12", "zz", "pass", "value"]),
             max_size=4).map(" ".join)))
@example(text="None")  # typed words come back quoted; they are the player's, not ours
def test_action_text_is_read_or_refused_in_words(game: str, text: str) -> None:
    state = load_game(game).new_initial_state(PLAYERS.get(game, 2))
    try:
        state.parse_action(text)
    except InvalidActionError as exc:
        words = words_of(exc, game, text)
        assert all(words[lang] != words["en"] for lang in TRANSLATED), words


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("payload", [None, 5, [], {"type": 3}, {"type": "no such move"},
                                     {"type": "take", "count": True}])
def test_wire_actions_are_refused_in_words(game: str, payload: Any) -> None:
    state = load_game(game).new_initial_state(PLAYERS.get(game, 2))
    with pytest.raises(InvalidActionError) as refused:
        state.action_from_json(payload)
    words_of(refused.value, game)


def at_a_turn(game: str, seed: int = 3) -> State[Any]:
    import random

    state = load_game(game).new_initial_state(PLAYERS.get(game, 2))
    rng = random.Random(seed)
    while state.current_player() == CHANCE:
        state.apply_action(sample_chance(state, rng))
    return state


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_move_names_only_the_movers_legal_moves(game: str) -> None:
    state = at_a_turn(game)
    mover = state.current_player()
    legal = {state.action_to_string(a) for a in state.legal_actions()}
    illegal = next(a for a in state.notation.dense.actions if not state.is_legal(a))
    before = state.to_json()
    with pytest.raises(IllegalActionError) as refused:
        state.apply_action_for(mover, illegal)
    assert state.to_json() == before
    message = refused.value.message
    assert message is not None and message["id"].startswith("engine.refuse.not_legal")
    assert set(message["params"]["legal"]) <= legal  # the mover's own moves: nothing hidden
    words = words_of(refused.value, game)
    # why first (the state's reason, in German), then the refusal naming the legal moves
    reason = say("de", game, state.why_illegal(illegal))  # type: ignore[arg-type]
    assert words["de"].startswith(
        f"{reason} „{state.action_to_string(illegal)}“ ist jetzt nicht möglich")


@pytest.mark.parametrize("game", GAMES)
def test_out_of_turn_names_the_player_to_move_not_a_seat_index(game: str) -> None:
    state = at_a_turn(game)
    mover = state.current_player()
    other = (mover + 1) % state.num_players
    with pytest.raises(IllegalActionError) as refused:
        state.apply_action_for(other, state.legal_actions()[0])
    assert refused.value.message == {"id": "engine.refuse.not_your_turn",
                                     "params": {"player": {"seat": mover}}}
    words = words_of(refused.value, game)
    assert words["de"] == f"Du bist nicht am Zug: Spieler {mover + 1} ist dran."
    names = ["Ana", "Bruno", "Chloé"]
    named = refusal_text(refused.value, "fr", game, names=names)
    assert named == f"Ce n'est pas votre tour : c'est à {names[mover]} de jouer."


def test_a_refusal_words_its_game_nouns_in_each_language() -> None:
    state = load_game("city_of_light").new_initial_state(2)
    with pytest.raises(InvalidActionError) as refused:
        state.parse_action("card nowhere")
    words = words_of(refused.value, "city_of_light")
    assert words["en"].startswith("There is no postcard “nowhere”. Postcards: peintre, ")
    assert words["de"].startswith("Es gibt keine Postkarte „nowhere“. Postkarten: peintre, ")
    assert words["fr"].startswith("Il n'y a pas de carte postale « nowhere ». ")
    assert words["es"].startswith("No hay ninguna postal «nowhere». Postales: ")
    state = load_game("paris_paris").new_initial_state(2)
    with pytest.raises(InvalidActionError) as refused:
        state.parse_action("take Pompidou red")
    assert words_of(refused.value, "paris_paris")["de"] == (  # a nested message: the colour
        "Die Linie Rot hält nicht in Pompidou: Diese Karte gibt es nicht.")


def test_what_a_player_typed_is_quoted_short_and_on_one_line() -> None:
    state = load_game("paris").new_initial_state(2)
    with pytest.raises(InvalidActionError) as refused:
        state.parse_action("fly\n" + "x" * 500)
    text = refused.value.message["params"]["text"]  # type: ignore[index]
    assert "\n" not in text and len(text) == 40 and text.endswith("…")


def test_an_error_without_a_message_is_shown_as_it_is() -> None:
    assert refusal_text(GameError("plain English"), "de") == "plain English"
    assert GameError("x").refusal() is None


def test_say_words_nested_messages_and_seats() -> None:
    message = {"id": "note.majority", "params": {"player": {"seat": 1}, "shield": 3,
                                                 "points": 2}}
    english = say("en", "bruxelles_1893", message)
    assert "player 2" in english.lower() or "Player 2" in english
    assert say("de", "bruxelles_1893", message, names=["Ana", "Ben"]).startswith("Ben")


@pytest.mark.parametrize(("environ", "lang"), [
    ({"BELLE_LANG": "fr", "LANG": "de_DE.UTF-8"}, "fr"),
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANGUAGE": "pt_BR:es", "LANG": "C.UTF-8"}, "es"),
    ({"LC_ALL": "C", "LANG": "fr_FR"}, "fr"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({}, "en"),
])
def test_the_terminal_speaks_the_language_of_its_environment(
        environ: dict[str, str], lang: str) -> None:
    assert terminal_language(environ) == lang
