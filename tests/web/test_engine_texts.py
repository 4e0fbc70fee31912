"""Engine text in every language (issue 16 items 3 and 4): what views, score lines and end
reasons say is a message of the game's catalogue, translated in de, fr and es, and never
a rule id, a file path or a bare English sentence."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from belle.bots import make_bot
from belle.engine import load_game, play_match, replay
from belle.engine.registry import game_ids as registered_games
from belle.i18n import TRANSLATED
from belle.i18n.catalogue import payload
from belle.i18n.check import (
    engine_text_problems,
    game_template_problems,
    game_translation_problems,
    internal,
    option_help_problems,
)
from belle.i18n.games import browser_messages, game_ids, texts_of
from belle.i18n.text import TEXT_FIELDS, Texts, messages_in, placeholders

GAMES = game_ids()
PLAYERS = {"paris_connection": 3}
WORDS = re.compile(r"[a-z]{3,}")
# Proper names, the same in every language: places and people (data.py), not words.
PROPER_NAMES = {
    "paris": {".districts[].name"},
    "paris_connection": {".hexes[].name"},
    "paris_paris": {".stops[].name", ".networks.1.stops[].name", ".networks.2.stops[].name"},
    "bruxelles_1893": {".figures[].name"},
    "city_of_light": set(),
}


def board_json(game: str) -> dict[str, Any]:
    import importlib

    views = importlib.import_module(f"belle.games.{game}.views")
    board = getattr(views, "board_json", None)
    return board() if board is not None else {}


def views_of_a_game(game: str, seed: int = 1) -> Iterator[dict[str, Any]]:
    """Every seat's and a spectator's view at several points of a random game."""
    players = PLAYERS.get(game, 2)
    record = play_match(load_game(game), [make_bot("random") for _ in range(players)],
                        seed=seed).record
    total = len(record.actions)
    for upto in sorted({0, total // 4, total // 2, 3 * total // 4, total - 1, total}):
        state = replay(record, upto)
        for seat in [None, *range(players)]:
            yield state.view(seat)
        yield {"breakdown": state.score_breakdown()}


@pytest.fixture(scope="module", params=GAMES)
def game_views(request: pytest.FixtureRequest) -> tuple[str, list[dict[str, Any]]]:
    game = str(request.param)
    return game, [board_json(game), *views_of_a_game(game)]


def test_every_game_declares_its_engine_text() -> None:
    assert sorted(GAMES) == sorted(registered_games())


def test_every_message_a_view_carries_is_in_the_catalogue(
        game_views: tuple[str, list[dict[str, Any]]]) -> None:
    game, views = game_views
    texts = texts_of(game)
    seen = 0
    for view in views:
        for message_id, params in messages_in(view):
            seen += 1
            assert message_id in texts, f"{game}: {message_id} is not in texts.py"
            missing = placeholders(texts.template(message_id)) - set(params)
            assert not missing, f"{game}: {message_id} lacks {missing}"
    assert seen


def _bare_english(data: object, path: str = "", names: frozenset[str] = frozenset()
                  ) -> Iterator[str]:
    """Text fields holding words without their message id beside them (`names`: the
    paths of proper names, `[]` for any index)."""
    if isinstance(data, dict):
        for field in TEXT_FIELDS:
            value = data.get(field)
            if (isinstance(value, str) and WORDS.search(value) and f"{field}_id" not in data
                    and re.sub(r"\[\d+\]", "[]", f"{path}.{field}") not in names):
                yield f"{path}.{field} = {value!r}"
        for key, value in data.items():
            yield from _bare_english(value, f"{path}.{key}", names)
    elif isinstance(data, list):
        for index, item in enumerate(data):
            yield from _bare_english(item, f"{path}[{index}]", names)


def test_no_english_text_reaches_a_view_without_its_message(
        game_views: tuple[str, list[dict[str, Any]]]) -> None:
    game, views = game_views
    names = frozenset(PROPER_NAMES[game])
    found = {problem for view in views for problem in _bare_english(view, names=names)}
    assert not found, f"{game}: {sorted(found)[:10]}"


def test_a_finished_game_says_why_it_ended_in_words(
        game_views: tuple[str, list[dict[str, Any]]]) -> None:
    game, views = game_views
    ended = [v for v in views if v.get("end_reason")]
    assert ended, f"{game}: no view of the end"
    texts = texts_of(game)
    for view in ended:
        assert view["end"]["id"] in texts
        assert view["end_reason"] == texts.english(view["end"])
        assert internal(view["end_reason"]) is None


def test_score_lines_carry_their_messages(
        game_views: tuple[str, list[dict[str, Any]]]) -> None:
    game, views = game_views
    texts = texts_of(game)
    lines = [line for view in views for seat in view.get("breakdown") or []
             for line in seat or []]
    assert lines
    for line in lines:
        assert {"component", "component_id", "points", "detail", "detail_id", "params"} <= set(line)
        assert line["component"] == texts.fill(line["component_id"], line["params"])
        assert line["detail"] == texts.fill(line["detail_id"], line["params"])
    json.dumps(lines)  # JSON-able, as views are


@pytest.mark.parametrize("game", GAMES)
def test_the_catalogue_template_is_up_to_date(game: str) -> None:
    """`python -m belle.i18n extract` has been run after the last change of texts.py."""
    assert game_template_problems(game) == []


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("game", GAMES)
def test_every_engine_text_is_translated(game: str, lang: str) -> None:
    assert game_translation_problems(lang, game) == []


def test_option_help_is_written_for_players() -> None:
    """`belle games` prints the registry's option help: no rule ids (issue 16 item 4)."""
    assert option_help_problems() == []


def test_the_check_sees_what_it_claims_to() -> None:
    assert internal("only one storage board holds locomotives (PC-58)") == "PC-58"
    assert internal("see belle/games/paris/data.py") is not None
    assert internal("Sabine SX-08 of Brussels") is None
    demo = Texts("demo", {"a": "{n} × value {v}", "b": "{who} leads"})
    assert demo.say("a", n=3, v=-2) == "3 × value −2"
    assert demo.english(demo.message("b", who={"seat": 1})) == "player 2 leads"
    assert demo.english(demo.message("b", who=[demo.message("a", n=1, v=2), "x"])) == \
        "1 × value 2, x leads"
    assert demo.counted("a", 1) == "a"
    with pytest.raises(KeyError):
        demo.message("missing")


def test_the_check_fails_on_a_missing_or_broken_translation(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = GAMES[0]
    texts = texts_of(game)
    first, second, *_ = [mid for mid in texts if placeholders(texts.template(mid))] + list(texts)
    po = tmp_path / f"{game}.po"
    english = json.dumps(texts.template(first), ensure_ascii=False)
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n\n'
        f'msgctxt "{first}"\nmsgid {english}\nmsgstr "{{wrong}} PC-58"\n',
        encoding="utf-8")
    monkeypatch.setattr("belle.i18n.check.game_po_path", lambda lang, g: po)
    problems = game_translation_problems("de", game)
    assert any(first in p and "placeholders differ" in p for p in problems)
    assert any(second in p and "untranslated" in p for p in problems)
    assert engine_text_problems()


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
def test_the_browser_gets_every_game_catalogue_in_its_language(lang: str) -> None:
    body = json.loads(payload(lang))
    assert set(body["games"]) == {*GAMES, "engine"}  # the engine's shared refusals too
    for game in [*GAMES, "engine"]:
        texts = texts_of(game)
        assert set(body["games"][game]) == set(texts)
        if lang == "en":
            assert all(body["games"][game][mid] == texts.template(mid) for mid in texts)
    assert body["games"] == browser_messages(lang)  # the terminal's words stay out
