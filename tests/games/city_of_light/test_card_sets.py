"""The postcard sets (COL-18, COL-19, COL-215, COL-216, G-3, G-8), the rules editions
old records replay with, and the start player of a rematch (COL-26).

Seed: "Für eure ersten Partien nehmt ihr am besten die Postkarten, die mit [Stern]
markiert sind." Which 8 carry the star is not known, so the default set is the 8 base
cards whose effects are known (7 from the seed, Bouquinistes sur la Seine from public
sources); the cards Belle invented play only with the option invented_cards.
"""

from __future__ import annotations

import re

import pytest

import belle
from belle.bots import make_bot
from belle.engine import MatchRecord, RecordError, replay
from belle.games.city_of_light import data
from belle.games.city_of_light.state import OVER

from .helpers import BLUE, ORANGE, add, grid, new, play

KNOWN_BASE = {"PEINTRE", "MOULIN_ROUGE", "FONTAINE", "PENSEUR", "GRANDE_LUMIERE",
              "SACRE_COEUR", "METROPOLITAIN", "BASE_ANNEX"}
INVENTED = {"BASE_STREETLIGHT", "BASE_MIXED", "BASE_GARDEN", "BASE_SWITCH"}
INTERNAL = re.compile(r"COL-\d|G-\d|unknown|provisional|placeholder|\(COL|data\.py",
                      re.IGNORECASE)


def picked_pool(**options: object) -> set[str]:
    state = new(start_player="orange", **options)
    return {data.POSTCARDS[a.card].id for a, _ in state.chance_outcomes()}


def test_first_game_set_is_the_8_known_base_cards_col19_g8() -> None:
    """COL-19, G-8: the default set is 8 base cards with known effects; none invented."""
    state = new()
    ids = [data.POSTCARDS[c].id for c in state.cards]
    assert set(ids) == KNOWN_BASE and len(ids) == 8
    assert tuple(ids) == data.FIRST_GAME_SET
    for card in (data.POSTCARDS[data.CARD_INDEX[c]] for c in ids):
        assert card.provenance in ("seed", "public") and not card.invented


def test_bouquinistes_is_the_known_annex_card_col147() -> None:
    """COL-147: Bouquinistes sur la Seine (public sources) places the annex."""
    card = data.POSTCARDS[data.CARD_INDEX["BASE_ANNEX"]]
    assert card.name == "Bouquinistes sur la Seine"
    assert card.piece == "annex" and card.provenance == "public" and card.first_game


def test_every_card_has_a_provenance_and_invented_ones_say_so_g3() -> None:
    """G-3: each card is tagged seed, public or reconstructed; an invented card says in
    its name and text, in words a player reads, that Belle made it up."""
    for card in data.POSTCARDS:
        assert card.provenance in ("seed", "public", "reconstructed")
        assert card.invented == (card.id in INVENTED)
        if card.invented:
            assert "invented" in card.name.lower() and "invented" in card.text.lower()
        assert not INTERNAL.search(card.name) and not INTERNAL.search(card.text)


def test_invented_cards_are_opt_in_col215_g3() -> None:
    """COL-215, G-3: random draws hold only known cards unless invented_cards is on."""
    assert picked_pool(postcards="random_all") == {
        c.id for c in data.POSTCARDS if not c.invented}
    assert picked_pool(postcards="random_all", invented_cards=True) == {
        c.id for c in data.POSTCARDS}
    assert picked_pool(postcards="random_base") == KNOWN_BASE
    assert picked_pool(postcards="random_base", invented_cards=True) == KNOWN_BASE | INVENTED


def test_the_expansion_and_the_promos_join_the_draw_apart_col215() -> None:
    """COL-215: the pool is the base game's known cards with the Eiffel expansion's, the
    promos' or both (the seed: the Eiffel cards "die du mischen und zusammen mit den
    Karten des Grundspiels verwenden kannst")."""
    eiffel = {c.id for c in data.POSTCARDS if c.set == "eiffel"}
    promos = {c.id for c in data.POSTCARDS if c.set == "promo"}
    assert len(eiffel) == 8 and promos == {"SEINE", "LIBERTE"}
    assert picked_pool(postcards="random_eiffel") == KNOWN_BASE | eiffel
    assert picked_pool(postcards="random_promos") == KNOWN_BASE | promos
    assert picked_pool(postcards="random_all") == KNOWN_BASE | eiffel | promos
    assert picked_pool(postcards="random_promos", invented_cards=True) == (
        KNOWN_BASE | INVENTED | promos)


def test_a_listed_invented_card_needs_the_option_col216_g3() -> None:
    """COL-216: a hand-picked list may hold an invented card only with invented_cards;
    the refusal says what to do, in words."""
    cards = ("BASE_GARDEN", *sorted(KNOWN_BASE - {"PEINTRE"}))
    with pytest.raises(belle.OptionError) as refused:
        belle.load_game("city_of_light", postcards="list", postcard_list=cards)
    assert "invented_cards" in str(refused.value) and not INTERNAL.search(str(refused.value))
    game = belle.load_game("city_of_light", postcards="list", postcard_list=cards,
                           invented_cards=True)
    assert "BASE_GARDEN" in [data.POSTCARDS[c].id for c in game.fixed_cards]  # type: ignore[attr-defined]


def test_option_help_is_plain_words() -> None:
    """What a player reads: no rule or gap IDs, no placeholder names in option help."""
    for spec in belle.load_game("city_of_light").info.options:
        assert not INTERNAL.search(spec.help), spec.name


@pytest.mark.parametrize("options", [{}, {"postcards": "random_all"},
                                     {"postcards": "random_base"}])
def test_what_players_see_names_no_placeholder(options: dict[str, object]) -> None:
    """Views and score lines of whole games hold no placeholder or rule ID."""
    game = belle.load_game("city_of_light", **options)
    record = belle.play_match(game, [make_bot("random")] * 2, seed=4).record
    state = replay(record)
    text = repr(state.view(ORANGE)) + repr(state.view(None)) + repr(record.result)
    assert not INTERNAL.search(text)


# -- rules editions: old records keep replaying -----------------------------------
def test_records_of_engine_0_1_0_replay_with_rules_edition_1() -> None:
    """A record of engine 0.1.0 has no rules_version: it replays with edition 1, its
    variant provisional being today's option invented_cards."""
    upgrade = belle.load_game("city_of_light").options_for_record
    old = {"postcards": "random_all", "variants": ["provisional", "mirror"]}
    assert upgrade(old, "0.1.0") == {"postcards": "random_all", "variants": ["mirror"],
                                     "invented_cards": True, "rules_version": 1}
    assert upgrade(old, belle.__version__) == old
    assert upgrade({"rules_version": 2}, "0.1.0") == {"rules_version": 2}


def test_rules_edition_1_first_game_set_and_pools() -> None:
    """Edition 1 (engine 0.1.0): its first-game set held the invented streetlight card,
    random_base drew from all 12 base cards and random_all left out the annex card."""
    state = new(rules_version=1)
    assert [data.POSTCARDS[c].id for c in state.cards] == list(data.FIRST_GAME_SET_V1)
    assert picked_pool(postcards="random_base", rules_version=1) == KNOWN_BASE | INVENTED
    assert "BASE_ANNEX" not in picked_pool(postcards="random_all", rules_version=1)


def test_a_recorded_first_game_of_engine_0_1_0_replays() -> None:
    """The stored first-game record of engine 0.1.0 activates the invented streetlight
    card, which today's first-game set no longer holds: it replays all the same."""
    from .test_golden import GOLDEN
    stored = MatchRecord.load(GOLDEN / "engine-0.1.0" / "city_of_light-first_game-seed1.json")
    assert "card base_streetlight" in [entry.text for entry in stored.actions]
    state = replay(stored)
    assert state.is_terminal() and state.returns() == stored.result["returns"]  # type: ignore[index]
    current = MatchRecord.from_json({**stored.to_json(), "engine_version": belle.__version__})
    with pytest.raises(RecordError):
        replay(current)  # read with today's rules, the log stops being legal


# -- who starts the next game (COL-26) ----------------------------------------------
def test_the_loser_starts_the_rematch_col26() -> None:
    """COL-26: "Wer die letzte Partie PARIS verloren hat, beginnt diese Partie." """
    game = belle.load_game("city_of_light", postcards="random_all")
    st = grid(["OOOOBBBB", "OOLOBBBB"] + ["OOOOBBBB"] * 6)
    add(st, ORANGE, "c1", bid=0)  # lit by c2: orange 1 + 1, blue 0
    st.stage = OVER  # the game is over
    assert st.ranking() == [0, 1]
    rematch = game.rematch_options(st)  # type: ignore[attr-defined]
    assert rematch["start_player"] == "blue" and rematch["postcards"] == "random_all"
    next_game = new(**rematch)
    for _ in range(8):  # the postcards, then no start player to draw
        play(next_game, next_game.action_to_string(next_game.chance_outcomes()[0][0]))
    play(next_game, "draw 1", "draw 2")
    assert next_game.current_player() == BLUE  # COL-28


def test_after_a_shared_win_the_rematch_start_is_drawn_g10() -> None:
    """G-10: nobody lost a shared win, so the start player is drawn again."""
    game = belle.load_game("city_of_light", start_player="orange")
    st = grid(["OOOOBBBB"] * 8)
    st.stage = OVER
    assert st.ranking() == [0, 0]
    assert game.rematch_options(st)["start_player"] == "random"  # type: ignore[attr-defined]


def test_rematch_needs_a_finished_game() -> None:
    """A rematch follows the end of a game."""
    game = belle.load_game("city_of_light")
    state = game.new_initial_state(2)
    with pytest.raises(belle.GameError):
        game.rematch_options(state)  # type: ignore[attr-defined]
