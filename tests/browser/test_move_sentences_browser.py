"""Every move of every game said as a sentence a player reads (moves.js's describe()),
with the names the renderer gives its pieces: the move list and the log's fallbacks show
these sentences (and so the replay bar, which says a step as the log's line does). Random
games in Python give the notation of every verb (chance's too); a German page says each
one. Nothing internal may show (a bank's code, a snake_case id), and no lowercase word
of the notation may be left in English (a colour, a material, a card's id)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import belle
from belle.i18n.games import game_ids

from .checks import INTERNAL

EXAMPLES_PER_VERB = 6
SNAKE_CASE = re.compile(r"\b[a-z]+_[a-z_]+\b")
NOTATION_WORD = re.compile(r"(?<![\w'])[a-z]{3,}(?![\w'])")


def notation_by_verb(game_id: str, games: int = 4) -> dict[str, list[str]]:
    """A few notations of every verb random games of `game_id` play, chance's included."""
    game = belle.load_game(game_id)
    info = game.info
    found: dict[str, set[str]] = {}
    counts = range(info.min_players, info.max_players + 1)
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_initial_state(counts[seed % len(counts)])
        while not state.is_terminal():
            if state.current_player() == belle.CHANCE:
                outcomes = state.chance_outcomes()
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                action = rng.choice(state.legal_actions())
            text = state.action_to_string(action)
            found.setdefault(text.split()[0], set()).add(text)
            state.apply_action(action)
    return {verb: sorted(texts)[:EXAMPLES_PER_VERB] for verb, texts in found.items()}


def sentences(page: Any, game_id: str, texts: list[str]) -> list[str | None]:
    """describe() of each text on `page`, the game's renderer initialised with its board."""
    return page.evaluate("""async ([game, texts]) => {
      const moves = await import('/static/js/moves.js');
      const renderer = await import(`/static/games/${game}.js`);
      const get = (url) => fetch(url).then((answer) => answer.json());
      if (renderer.init) await renderer.init({ get, game, table: { game, options: {} } });
      const ctx = { names: ['Ana', 'Ben', 'Cleo', 'Dan', 'Eva', 'Fritz'],
                    lookup: renderer.lookup ? (kind, key) => renderer.lookup(kind, key) : null };
      return texts.map((text) => moves.describe(game, text, ctx));
    }""", [game_id, texts])


@pytest.mark.parametrize("game_id", game_ids())
def test_every_move_is_said_with_names(device_page: Any, game_id: str) -> None:
    by_verb = notation_by_verb(game_id)
    texts = [text for examples in by_verb.values() for text in examples]
    page = device_page("desktop", lang="de")
    said = sentences(page, game_id, texts)
    assert page.js_errors == []
    problems = []
    for text, sentence in zip(texts, said, strict=True):
        if not sentence:
            problems.append(f"{text!r}: no sentence")
            continue
        found = [m.group(0) for p in (*INTERNAL, SNAKE_CASE) for m in p.finditer(sentence)]
        english = [w for w in NOTATION_WORD.findall(" ".join(text.split()[1:]))
                   if re.search(rf"(?<![\w']){w}(?![\w'])", sentence)]
        if found or english:
            problems.append(f"{text!r} -> {sentence!r}: {found + english}")
    assert problems == [], "\n".join(problems)


def test_a_held_building_is_named_where_it_is_placed(device_page: Any) -> None:
    """City of Light: "at e2 90" places the building chosen by the move before it. The
    move list and the held move's bar ("Your move: …", REQ-COL-P7) are read alone, so
    with the view they are legal in (ctx.view) they name that building; a log's line,
    under the line that chose it, says "it"."""
    game = belle.load_game("city_of_light")
    state = game.new_initial_state(2)
    rng = random.Random(3)
    while not any(state.action_to_string(a).startswith("at ") for a in state.legal_actions()):
        assert not state.is_terminal()
        if state.current_player() == belle.CHANCE:
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    view = state.view(state.current_player())
    held = view["pending"]["building"]
    text = next(state.action_to_string(a) for a in state.legal_actions()
                if state.action_to_string(a).startswith("at "))
    page = device_page("desktop", lang="de")
    now, logged = page.evaluate("""async ([text, view]) => {
      const moves = await import('/static/js/moves.js');
      return [moves.describe('city_of_light', text, { view }),
              moves.describe('city_of_light', text, {})];
    }""", [text, view])
    space = text.split()[1]
    assert held and held in now and space in now, now
    assert held not in logged and space in logged, logged
    assert page.js_errors == []
