"""The seed rulebook (shared/seeds/bruxelles_1893.es.txt), statement by statement, where
no other test builds the scenario: each test quotes the seed's words and cites the rule
of shared/rules/bruxelles_1893.md it checks. Positions are action logs (helpers.start).

Board of helpers.start (strips dealt in order, 3 players, SX-05, shield 1,2 opens rows
2–5 × columns C–E):
    row 2  C M  D C  E W / row 3  C C  D W  E S / row 4  C W  D S  E T / row 5  C S  D T  E M
Seat 0 is first with 5 BF; the needles start on wood and "any".
"""

from __future__ import annotations

import pytest

from belle.engine import CHANCE, IllegalActionError
from belle.games.bruxelles_1893 import Bruxelles1893, data
from belle.games.bruxelles_1893.state import BruxellesState

from .helpers import give, legal, play, set_needles, start

FIG = {f.id: i for i, f in enumerate(data.FIGURES)}


def game(players: int = 3) -> BruxellesState:
    return start(players=players, first=0, shield="1,2")


def through_resolution(state: BruxellesState) -> None:
    """Play the Turn Resolution's decisions (decline what may be declined, keep bonus
    cards under "money") until a chance node or another seat's shield choice."""
    while state.current_player() != CHANCE and state.phase in ("resolution", "end_of_round"):
        moves = legal(state)
        play(state, "decline" if "decline" in moves else
             "keep bonus money" if "keep bonus money" in moves else moves[0])


def test_components_counts_brx_12_and_table_3_1() -> None:
    """"26 cartas de figura pública", "25 cartas de bonificación", "12 tarjetas de Bolsa",
    "30 fichas de obras de arte en cinco [colores]", "5 fichas de conteo de turnos de
    exposición", "30 materiales nobles", "6 fichas de brújula", "35 peones de asistente
    (7 por color)", "30 fichas de construcción" (6 per colour)."""
    assert sum(f.copies for f in data.FIGURES) == 26
    assert sum(b.copies for b in data.BONUS_CARDS) == 25
    assert len(data.STOCK_CARDS) == 12
    assert data.ART_PER_COLOUR * len(data.ART_COLOURS) == 30
    assert len(data.EXHIBITION_YEARS) == data.ROUNDS == 5
    assert data.MATERIAL_SUPPLY * len(data.MATERIALS_NAMES) == 30
    assert len(data.COMPASS_TILES) == 6
    assert data.ASSISTANTS_AVAILABLE + data.ASSISTANTS_COURTHOUSE == 7
    assert data.TILES * data.MAX_PLAYERS == 30


def test_brx_42_202_five_players_start_with_5_to_9_bf_clockwise() -> None:
    """"Elija un primer jugador, que recibe el peón del Manneken Pis y 5 BF. Los jugadores
    sentados a su izquierda reciben 6 BF, 7 BF, 8 BF y 9 BF, respectivamente." """
    state = start(players=5, first=3)
    assert [state.money[(3 + k) % 5] for k in range(5)] == [5, 6, 7, 8, 9]
    assert state.view(None)["first_player"] == 3


def test_brx_30_31_203_two_players_two_brugmann_cards_none_in_the_deck() -> None:
    """"Cada jugador recibe una carta de figura pública que le puede otorgar 5 BF (Georges
    Brugmann) ... Con menos de 5 jugadores, las cartas de Georges Brugmann no utilizadas
    se devuelven a la caja." """
    state = start(players=2)
    assert state.kept == [1 << FIG["brugmann"]] * 2
    assert state.ready == [1 << FIG["brugmann"]] * 2  # usable from the first round
    assert state.fig_deck[FIG["brugmann"]] == 0 and state.fig_discard[FIG["brugmann"]] == 0
    assert FIG["brugmann"] not in state.theatre


def test_brx_32_33_37_exhibition_poster_cursor_centre_and_a_coloured_work() -> None:
    """"Dé la vuelta a la primera tarjeta para mostrar el cartel de la exposición";
    "Coloque el cursor del taller en el centro"; "Cada jugador comienza el juego con una
    Obra de Arte de color dibujada al azar"."""
    state = Bruxelles1893().new_initial_state(3)
    assert isinstance(state, BruxellesState)
    log = [f"strip {i}" for i in range(1, 6)]
    log += [f"compass {t}" for t in ("wood", "money", "stone", "any", "iron", "empty")]
    log += ["bonus free"] * 5 + ["figure solvay", "figure picard", "figure buls", "figure maus"]
    play(state, *log)
    assert state.current_player() == CHANCE  # the first player's work of art
    drawn = {state.action_to_string(a) for a, _ in state.chance_outcomes()}
    assert drawn == {"draw blue", "draw red", "draw yellow", "draw green"}  # never black
    play(state, "draw green", "draw green", "draw red", "first 0", "stock SX-05")
    assert state.cursor == [4, 4]
    assert state.view(None)["exhibition"]["year"] == 1893


@pytest.mark.parametrize("players,line", [
    (2, ["shield 2,2", "shield 2,3"]),
    (3, ["shield 2,4", "shield 3,2"]),
    (4, ["shield 3,1", "shield 3,4"]),
    (5, ["shield 2,1", "shield 4,1"]),
])
def test_brx_46_47_48_the_line_of_the_player_count(players: int, line: list[str]) -> None:
    """"Cada línea de la tarjeta de la Bolsa de Valores corresponde a un número diferente
    de jugadores ... Lea solo la línea que corresponde al número de jugadores"; "El primer
    jugador debe elegir un escudo de los dos propuestos" (SX-01: 2,2/2,3 | 3,2/2,4 |
    3,1/3,4 | 2,1/4,1)."""
    state = start(players=players, first=players - 1, stock="SX-01")
    assert state.current_player() == players - 1
    assert legal(state) == line


def test_brx_67_167_bids_add_up_over_a_column_and_win_its_bonus_card() -> None:
    """"el jugador que ofertó más dinero en una columna gana la subasta de esta columna y
    su carta de bonificación": seat 0 bids 1 + 2 in column C, seat 1 bids 2 there."""
    state = game()
    play(state, "place C2", "bid 1", "take wood", "take wood")  # seat 0, column C
    play(state, "place C4", "bid 2", "draw red")  # seat 1, column C
    play(state, "pass")  # seat 2
    play(state, "place C5", "bid 2", "sell blue")  # seat 0 again: 3 BF in column C
    play(state, "pass", "pass")
    through_resolution(state)
    assert state.bonus_kept[0] == [1, 0, 0, 0]  # the card below C went to seat 0
    assert state.bonus_kept[1] == [0, 0, 0, 0] and state.bonus_kept[2] == [0, 0, 0, 0]
    # all bids are spent (BRX-172); the blue sale at the centred cursor paid 4 BF
    assert state.money == [5 - 3 + 4, 6 - 2, 7]


def test_brx_85_the_covered_colour_can_be_sold_again() -> None:
    """"podrá elegir el espacio que desee, cubriendo la obra de su elección ... el color
    de la obra cubierta nuevamente podrá venderse en la próxima venta": red is covered."""
    state = game()
    state.shop = [[data.RED], [data.BLUE]]
    state.sales = 2
    give(state, 0, works={"green": 1})
    give(state, 1, works={"red": 1, "green": 1})
    play(state, "place E3", "bid 1", "sell green", "cover 1")
    assert state.shop == [[data.RED, data.GREEN], [data.BLUE]]
    play(state, "place D4", "bid 1")  # seat 1 sells
    assert [m for m in legal(state) if m.startswith("sell")] == ["sell red"]


def test_brx_88_98_the_fourth_card_costs_3_bf_and_the_deck_refills_its_space() -> None:
    """"la cuarta cuesta 3 BF ... revela la carta superior del mazo que coloca en el
    espacio de 3 BF" (Maus: draw 2 works, keep 1)."""
    state = game()
    play(state, "place E4", "bid 1", "hire 4")
    assert state.money[0] == 5 - 1 - 3
    play(state, "draw red", "draw blue", "keep red", "discard figure", "figure tassel")
    assert [data.FIGURES[f].id for f in state.theatre] == ["solvay", "picard", "buls", "tassel"]
    assert state.works[0][data.RED] == 1


def test_brx_91_96_97_153_183_kept_figures_rest_this_round_and_wake_the_next() -> None:
    """"la guarda ... girada 90° ... la Figura Pública se ha utilizado este turno";
    "La cantidad de cartas de Figura Pública ... es ilimitada"; "En rondas posteriores,
    cada carta de Figura pública se puede activar de nuevo mediante la acción Gran
    Plaza"."""
    state = game()
    play(state, "place E4", "bid 1", "hire 1", "take wood", "take wood", "keep figure",
         "figure tassel")  # Solvay kept, rotated
    play(state, "pass", "pass")
    play(state, "place D5", "bid 1", "hire 1", "keep figure", "figure van_cutsem")  # Picard
    assert state.kept[0] == (1 << FIG["brugmann"]) | (1 << FIG["solvay"]) | (1 << FIG["picard"])
    play(state, "grand-place")
    assert legal(state) == ["activate brugmann", "decline"]  # the two hired are rotated
    play(state, "decline", "pass")
    assert state.phase == "resolution"
    through_resolution(state)
    assert state.ready[0] == state.kept[0]  # upright again for round 2


def test_brx_101_two_different_materials_and_what_is_left() -> None:
    """"Puede tomar dos materiales diferentes o dos materiales idénticos"; "Si no hay más
    materiales disponibles en el suministro general, simplemente no puede tomarlos"."""
    state = game()
    state.mat_supply = [1, 0, 5]
    play(state, "place C2", "bid 1", "take wood")
    assert legal(state) == ["take iron"]  # the last wood is gone
    play(state, "take iron")
    assert state.mats[0] == [1, 0, 1] and state.mat_supply == [0, 0, 4]


def build_with(needles: tuple[str, str], built: int = 0, **stock: int) -> BruxellesState:
    """Seat 0 places on the Construction space D2 (bid 1) with the needles on `needles`."""
    state = game()
    set_needles(state, *needles)
    state.built[0] = built
    give(state, 0, **stock)
    play(state, "place D2", "bid 1")
    return state


def test_brx_109_138_a_joker_replaces_3_bf_and_costs_the_5_vp() -> None:
    """"Cada unidad de construcción puede ser reemplazada por un cubo Joker blanco (por
    ejemplo, es posible pagar 1 cubo blanco en lugar de 3 BF)"; "Si ha jugado al menos un
    cubo de Joker, no gana los 5 PV"."""
    state = build_with(("money", "stone"), stone=1, jokers=1)
    assert legal(state) == ["pay stone", "pay bf", "pay joker"]
    play(state, "pay joker", "pay stone")
    assert state.money[0] == 4 and state.jokers[0] == 0 and state.vp[0] == 0
    assert state.built[0] == 1


def test_brx_110_134_money_and_stone_without_a_joker_score_5_vp() -> None:
    """"Si tiene que pagar 2 unidades de construcción, tiene que pagar 1 unidad de un tipo
    y 1 unidad del otro tipo"; "Si el jugador no ha jugado ningún cubo blanco ...
    inmediatamente gana 5 PV"."""
    state = build_with(("money", "stone"), stone=2)
    play(state, "pay stone")
    assert legal(state) == ["pay bf"]  # a second stone would leave money unpaid
    play(state, "pay bf")
    assert state.money[0] == 5 - 1 - 3 and state.mats[0][data.STONE] == 1
    assert state.vp[0] == 5


def test_brx_135_more_than_2_units_any_split_but_both_types() -> None:
    """"Si tiene que pagar más de 2 unidades de construcción, puede pagar lo que desee en
    cada tipo, siempre que pague con ambos tipos": a middle tile (3 units)."""
    state = build_with(("money", "stone"), built=2, stone=3, money=10)
    play(state, "pay stone", "pay stone")
    assert legal(state) == ["pay bf"]
    play(state, "pay bf")
    assert state.built[0] == 3 and state.money[0] == 10 - 1 - 3 and state.vp[0] == 5


def test_brx_136_any_noble_still_needs_the_other_needles_unit() -> None:
    """"Si una aguja apunta a la casilla "1 material noble de su elección", puede pagar esa
    unidad ... con cualquier material noble, pero aún tiene que pagar al menos una de las
    unidades ... indicadas por la otra aguja"."""
    state = build_with(("any", "stone"), built=2, iron=3, stone=1)
    play(state, "pay iron", "pay iron")
    assert legal(state) == ["pay stone"]
    with pytest.raises(IllegalActionError):
        play(state, "pay iron")
    play(state, "pay stone")
    assert state.built[0] == 3


def test_brx_116_the_building_goes_on_an_empty_space_only() -> None:
    """"coloca la loseta de Edificio construida en un espacio de Acción vacío ... no debe
    haber ningún Asistente en este espacio": neither an assistant nor a building."""
    state = game()
    state.building[0] = 1  # A1 holds seat 1's building
    give(state, 0, wood=2)
    play(state, "place D2", "bid 1", "pay wood", "pay wood", "needle A")
    builds = legal(state)
    assert "build A1" not in builds and "build D2" not in builds
    assert len(builds) == 25 - 2


def test_brx_143_177_brussels_actions_are_free_and_the_most_there_loses_one() -> None:
    """"Las acciones de la junta de Bruselas ... son gratuitas ... el jugador que jugó más
    peones de Asistente en este tablero pierde uno, que debe explicarse en el Palacio de
    Justicia"; the next round's first player then chooses the area."""
    state = game()
    play(state, "market")  # seat 0: 1 assistant
    play(state, "market")  # seat 1: 2 assistants
    assert state.money[:2] == [5, 6]  # nothing paid
    play(state, "pass", "pass", "pass")
    through_resolution(state)
    assert state.court == [2, 3, 2]
    assert state.assistants == [5, 4, 5]
    play(state, *[f"bonus {b}" for b in ("vp", "vp", "art", "art", "free")],
         "figure tassel", "stock SX-01")
    assert state.round == 2 and state.current_player() == 1  # the Manneken Pis moved on
    play(state, "shield 2,4")
    assert state.current_player() == 1 and state.phase == "action"


# -- BRX-75: "Si la pila de Obra de arte de color disponible y / o la pila de Obra de arte
# negra se vacía, haz dos nuevas pilas de las fichas boca arriba en la tienda,
# asegurándote de dejar las 2 fichas superiores en su lugar" (rules revision 4) --------
def test_brx_75_the_draw_that_empties_the_pile_rebuilds_it_at_once() -> None:
    state = game()
    state.coloured = [0, 1, 0, 0]
    state.shop = [[data.BLUE, data.BLACK, data.GREEN], [data.YELLOW]]
    play(state, "place E2", "bid 1", "draw red")
    assert state.works[0][data.RED] == 1
    assert state.coloured == [1, 0, 0, 0] and state.black == 7  # rebuilt now
    assert state.shop == [[data.GREEN], [data.YELLOW]]  # the two visible works stay
    assert state.view(None)["piles"] == {"coloured": 1, "black": 7}


def test_brx_75_revision_3_rebuilt_only_when_a_later_draw_fell_short() -> None:
    """Records of engines 0.2.1 and 0.2.2 (rules revision 3) keep their old timing."""
    state = start(players=3, first=0, shield="1,2", rules_version=3)
    state.coloured = [0, 1, 0, 0]
    state.shop = [[data.BLUE, data.BLACK, data.GREEN], [data.YELLOW]]
    play(state, "place E2", "bid 1", "draw red")
    assert state.coloured == [0, 0, 0, 0] and state.black == 6
    assert state.shop == [[data.BLUE, data.BLACK, data.GREEN], [data.YELLOW]]


def test_brx_75_211_a_draw_runs_the_pile_out_and_goes_on_from_the_rebuilt_one() -> None:
    """Three works to draw (two exhibition tiles), one left in the pile: the last one is
    drawn, the pile is rebuilt, the rest come from the rebuilt pile; the black pile keeps
    its works and gains the black one from the shop (BRX-211)."""
    state = game()
    state.exh[0] = 2
    state.coloured = [0, 1, 0, 0]
    state.shop = [[data.BLUE, data.BLACK, data.GREEN], [data.YELLOW]]
    play(state, "place E2", "bid 1")
    assert [state.action_to_string(a) for a, _ in state.chance_outcomes()] == ["draw red"]
    play(state, "draw red")
    assert state.coloured == [1, 0, 0, 0] and state.black == 7
    play(state, "draw blue")  # the rebuilt pile held one work: two drawn, not three
    assert legal(state) == ["keep blue", "keep red"]
    play(state, "keep blue")
    assert state.coloured == [0, 1, 0, 0] and state.works[0][data.BLUE] == 1 + 1


def test_brx_75_taking_the_last_black_work_rebuilds_the_piles() -> None:
    """The Workshop secondary action takes the top black work (BRX-124); taking the
    last one runs the black pile out."""
    state = game()
    state.building[state.parse_action("place E2").arg] = 1
    state.black = 1
    state.shop = [[data.BLACK, data.RED, data.GREEN], [data.YELLOW]]
    play(state, "place E2", "bid 1", "draw blue", "accept")
    assert state.works[1][data.BLACK] == 1
    assert state.black == 1 and state.coloured[data.RED] == 6 + 1 - 1  # red back
    assert state.shop == [[data.GREEN], [data.YELLOW]]


def test_brx_75_resample_keeps_a_draw_that_ran_the_pile_out_consistent() -> None:
    """Another seat's private draw that ran the pile out: its first draws are the whole
    pile, the rest come from the rebuilt pile and hold the kept work."""
    import random

    for kept, later in (("yellow", {"yellow"}), ("blue", {"green", "yellow"})):
        state = game()
        state.exh[0] = 2
        state.coloured = [1, 1, 0, 0]
        state.shop = [[data.GREEN, data.YELLOW, data.GREEN, data.RED], [data.BLUE]]
        play(state, "place E2", "bid 1")
        start_at = len(state.history)
        play(state, "draw red", "draw blue")
        assert state.coloured == [0, 0, 1, 2]  # rebuilt: yellow, green, green
        play(state, f"draw {kept if kept != 'blue' else 'green'}", f"keep {kept}")
        for seed in range(20):
            other = state.resample(1, random.Random(seed))
            draws = [other.action_to_string(a) for a in other.history[start_at:start_at + 3]]
            assert sorted(draws[:2]) == ["draw blue", "draw red"]
            assert draws[2][5:] in later
            assert f"draw {kept}" in draws


def test_brx_75_resample_of_a_pending_draw_that_ran_the_pile_out() -> None:
    """Before the drawer keeps one: the whole old pile stays drawn; only the works from
    the rebuilt pile are redrawn, and the pile is what is left of it."""
    import random

    state = game()
    state.exh[0] = 2
    state.coloured = [1, 1, 0, 0]
    state.shop = [[data.GREEN, data.YELLOW, data.GREEN, data.RED], [data.BLUE]]
    play(state, "place E2", "bid 1", "draw red", "draw blue", "draw green")
    assert state.current_player() == 0 and state.view(1)["drawn"] is None
    for seed in range(20):
        other = state.resample(1, random.Random(seed))
        assert sorted(other.drawn[:2]) == [data.BLUE, data.RED]
        assert other.drawn[2] in (data.YELLOW, data.GREEN)
        assert sum(other.coloured) == 2
        pile = [c for c, n in enumerate(other.coloured) for _ in range(n)]
        assert sorted([*pile, other.drawn[2]]) == [data.YELLOW, data.GREEN, data.GREEN]


def test_brx_189_g4_what_each_figure_is_owed_is_a_reconstruction() -> None:
    """"tendrá que pagar la cantidad indicada en la tarjeta": the seed prints no amount,
    so every public figure, Brugmann too (his 5 BF effect is the seed's), is tagged
    reconstructed; so is the bonus card whose 3 BF stand in for a freed assistant."""
    assert all(f.provenance == "reconstructed" for f in data.FIGURES)
    assert data.FIGURES[FIG["brugmann"]].effect == ("money", 5)
    assert {b.id: b.provenance for b in data.BONUS_CARDS}["free"] == "reconstructed"
