"""What each seat sees (PARIS-27..29, PARIS-104, G-16), resampling, notation and codecs."""

from __future__ import annotations

import json
import pickle
import random

import pytest

import belle
from belle.games.paris import actions as act
from belle.games.paris import data, legacy, views

from .helpers import build, empty_stacks, key, play, search, started, step2, take_endgame


def test_screens_are_private() -> None:
    """PARIS-27: francs, keys, tokens and held tiles show only on their owner's screen."""
    state = started()
    state.bonus_held[1] = 1 << 12
    assert state.view(1)["me"]["bonus"] == [12]
    assert state.view(0)["me"]["bonus"] == []
    assert "me" not in state.view(None) and "screens" not in state.view(0)
    assert all("francs" not in seat for seat in state.view(0)["seats"])


def test_public_board() -> None:
    """PARIS-29: keys, tiles, tokens, track, meeples, VP and stack sizes are public."""
    state = step2(started(), 0)
    build(state, "MO1")
    key(state, 2, "MO1")
    view = state.view(None)
    assert view["districts"][0]["spaces"][0]["keys"] == [2]
    assert view["districts"][0]["spaces"][0]["token"] == "bronze"
    assert [s["size"] for s in view["stacks"]] == [11, 11, 11]
    assert json.loads(json.dumps(view)) == view


def test_screens_lifted_at_the_end() -> None:
    state = started(2)
    state.phase = "over"
    view = state.view(1)
    assert len(view["screens"]) == 2 and view["scores"] == [0.0, 0.0]


def test_searcher_sees_the_pile_and_resample_keeps_it() -> None:
    """PARIS-103, PARIS-104: while searching, the pile shows in the searcher's view; a
    determinization for the searcher keeps it exactly."""
    state = started()
    empty_stacks(state)
    take_endgame(state, 1, "vp6")
    play(state, "play vp6", "end")
    step2(state, 0)
    search(state)
    sample = state.resample(0, random.Random(3))
    assert sample.view(0) == state.view(0)
    assert sample.eg_pile == state.eg_pile  # seat 0 sees the whole pile now
    other = state.resample(2, random.Random(3))
    assert other.view(2) == state.view(2)
    assert sample.legal_actions() == state.legal_actions()


def test_resample_respects_tiles_used_in_public() -> None:
    """G-16: a used end-game tile is announced, so every determinization gives it to
    the seat that used it."""
    state = started()
    empty_stacks(state)
    take_endgame(state, 1, "stack")
    take_endgame(state, 1, "vp5")
    play(state, "play vp5")
    for seed in range(5):
        sample = state.resample(0, random.Random(seed))
        assert sum(sample.eg_held[1]) == 1  # the other tile, unknown to seat 0
        assert sample.eg_uses == state.eg_uses
        taken = [data.END_TILES[t].code for s, t, _ in sample.eg_takes if s == 1]
        assert "vp5" in taken
        taken = [tile for seat, tile, *_ in sample.eg_takes if seat == 1]
        assert act.END_BY_CODE["vp5"] in taken


def test_turn_ends_by_itself_when_nothing_is_left_to_do() -> None:
    """PARIS-51: after step 2 a player may still use tiles and exchange, then ends; with
    nothing to do the turn ends at once. End-game tiles always ask (G-16: no hint)."""
    state = step2(started(), 0)
    play(state, "key MO")
    assert state.to_move == 1
    empty_stacks(state)
    take_endgame(state, 1, "stack")  # only usable before an action
    assert state.phase == "after" and state.legal_actions() == [act.END]


@pytest.mark.parametrize("text", [
    "draw 2", "put LV", "key MO", "key arc", "move bank-MO MO3", "move arc build L12 LV",
    "move MO8 build L16 MO", "move L12 L13", "endgame", "take f8", "take share", "take vp3",
    "pass", "end", "bonus 30",
    "nobonus", "give 3", "done", "vptile 6 MP", "novptile", "buy gold", "sell pgold",
    "use 18", "use 10 wood", "use 23 wood gold", "play f6", "play res marble", "first 3",
    "token silver", "track 30", "top 3 BE", "value 8",
])
def test_notation_round_trips(text: str) -> None:
    action = act.parse(text)
    assert act.to_string(action) == text
    assert act.from_json(json.loads(json.dumps(act.to_json(action)))) == action
    assert act.from_int(act.to_int(action)) == action


@pytest.mark.parametrize("text", [
    "move MO8", "move arc build MO1 MO", "move L12 build L13", "use 23 wood", "use 18 wood",
    "play vp3 wood", "key XX", "draw 4", "value 6", "sell", "buy silver", "bonus ²",
    "take", "take f9", "take f8 f6", "pick 1", "peek 3", "see 1111112211",
])
def test_notation_refuses_clearly(text: str) -> None:
    with pytest.raises(belle.InvalidActionError):
        act.parse(text)


def test_parse_accepts_names_and_implied_districts() -> None:
    assert act.parse("KEY montmartre") == act.parse("key MO")
    assert act.parse("move bank-LV build L12") == act.parse("move bank-LV build L12 LV")
    assert act.parse("use 23 gold wood") == act.parse("use 23 wood gold")


def test_board_json_has_the_fixed_material() -> None:
    board = views.board_json()
    assert [d["code"] for d in board["districts"]] == ["MO", "SG", "LV", "CH", "BE", "MP"]
    assert len(board["bonus"]) == 30 and sum(t["copies"] for t in board["endgame"]) == 12
    assert board["buy"] == list(data.BUY_PRICE)


def test_the_view_gives_the_tables_own_landmark_costs() -> None:
    """PARIS-86: today every landmark costs marble and gold; edition 1's records built
    the Moulin Rouge (9) and the Grand Palais (11) for marble only and the Panthéon (10)
    for gold only (legacy.py). The view of such a table, which the browser shows, says
    what its own rules charge, not today's price."""
    def costs(**options: object) -> dict[int, list[int]]:
        view = belle.load_game("paris", **options).new_initial_state(2).view(None)
        return {lm["value"]: lm["cost"] for lm in view["landmark_supply"]}

    assert costs(rules_version=1)[9] == [0, 1, 0] and costs(rules_version=1)[10] == [0, 0, 1]
    assert costs()[9] == costs()[10] == [0, 1, 1]
    assert costs(rules_version=1)[12] == costs()[12]


def test_board_json_names_every_editions_end_game_tiles() -> None:
    """G-8: a table of an older edition deals tiles today's pile has none of (vp7,
    f4…); the browser names a tile from the board material, so every kind any edition
    deals is there with its text, and only today's carry copies."""
    board = {t["code"]: t for t in views.board_json()["endgame"]}
    for edition, rules in legacy.EDITIONS.items():
        dealt = [spec.code for spec, copies in zip(data.END_TILES, rules.end_copies,
                                                   strict=True) if copies]
        assert all(board[code]["text_id"] == f"endgame.{code}.text" for code in dealt), edition
    assert {code for code, tile in board.items() if tile["copies"]} == {
        t.code for t in data.END_TILES if t.copies}
    assert board["vp7"]["copies"] == 0 and board["vp7"]["text"] == "+7 VP"


def test_heuristic_prefers_a_lead() -> None:
    state = step2(started(2), 0)
    build(state, "MO8")
    key(state, 0, "MO8")
    assert state.heuristic(0) > 0 > state.heuristic(1)


def test_the_view_gives_the_tables_own_sale_prices() -> None:
    """G-10: the exchange prices shown are the edition the table plays (edition 2's
    records sold for 1, 2, 3 francs; edition 3 for 1, 1, 2)."""
    for edition, sell in ((2, [1, 2, 3, 1, 2, 3]), (3, [1, 1, 2, 1, 1, 2])):
        state = belle.load_game("paris", rules_version=edition).new_initial_state(3)
        prices = state.view(0)["prices"]
        assert prices == {"buy": list(data.BUY_PRICE), "sell": sell}


def test_an_older_edition_shows_its_own_bonus_tiles() -> None:
    """G-6: a record of rules edition 7 (tile 25 paid 2 VP per district, 26 5 VP per
    value-5 building, 28 6 VP per value-8 building) shows those texts, on the screen of
    its holder too, in the reader's language; today's games carry no such list."""
    from rich.console import Console

    from belle.games.paris import render
    from belle.i18n.say import Voice

    assert "bonus_texts" not in started(2).view(0)
    old = started(2, rules_version=7)
    old.bonus_held[0] = 1 << 25 | 1 << 26
    texts = old.view(0)["bonus_texts"]
    assert set(texts) == {"22", "25", "26", "28"}  # 22: +6 VP before edition 9
    assert texts["22"]["text_id"] == "bonus.22.text.e8"
    assert texts["25"]["text"] == "2 VP per district where you occupy a building or landmark"
    assert texts["28"]["text_id"] == "bonus.28.text.e7"
    assert old.view(1)["bonus_texts"] == texts  # public: every seat sees the same tiles

    def shown(lang: str) -> str:
        console = Console(width=200, record=True)
        console.print(render.render(old.view(0), Voice("paris", lang)))
        return console.export_text()

    english = shown("en")
    assert "25: 2 VP per district where you occupy" in english
    assert "26: 5 VP per value-5 building" in english
    assert "1 VP per district" not in english
    assert "2 SP je Viertel" in shown("de")
    # a copied state holds equal tiles, not the same objects: the same view
    assert "bonus_texts" not in pickle.loads(pickle.dumps(started(2))).view(0)
    assert pickle.loads(pickle.dumps(old)).view(0)["bonus_texts"] == texts
    edition_8 = started(2, rules_version=8).view(0)["bonus_texts"]
    assert edition_8 == {"22": {"text": "+6 VP", "text_id": "bonus.22.text.e8",
                                "params": {}}}
    edition_1 = started(2, rules_version=1).view(0)["bonus_texts"]
    assert edition_1["25"]["text"] == "+7 VP" and edition_1["25"]["text_id"] == "bonus.25.text.e1"
