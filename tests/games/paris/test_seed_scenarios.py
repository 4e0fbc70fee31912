"""The seed rulebook (shared/seeds/paris.es.txt), statement by statement, where no other
test builds the scenario: each test quotes the seed's words (short) and cites the rule of
shared/rules/paris.md it checks. Positions come from helpers.started (an action log) and
the helpers that lay tiles and keys on it.
"""

from __future__ import annotations

import pytest

import belle
from belle.games.paris import actions as act
from belle.games.paris import data

from .helpers import (
    BE,
    build,
    empty_stacks,
    key,
    legal,
    moves,
    play,
    started,
    step2,
    take_endgame,
)
from .test_scoring import scored


def test_paris_68_not_even_onto_ones_own_key() -> None:
    """"Es posible que el edificio o punto de referencia no contenga ya una clave, ni tuya
    ni de un oponente": without tile 9 a key never joins its owner's own key."""
    state = step2(started(), 0)
    build(state, "MO1", "MO2")
    key(state, 0, "MO1")
    key(state, 0, "bank-MO")
    state.francs[0] = 10
    assert "move bank-MO MO1" not in moves(state)
    assert "move bank-MO MO2" in moves(state)
    with pytest.raises(belle.IllegalActionError):
        play(state, "move bank-MO MO1")


def test_paris_70_71_a_building_key_stays_in_its_district() -> None:
    """"Si mueve una llave de un banco, un edificio o un punto de referencia, solo puede
    moverlo a un edificio ... con un valor de construcción más alto y dentro del mismo
    distrito": from Montmartre's 2, not to Belleville's 4 nor to Montmartre's 1."""
    state = step2(started(), 0)
    build(state, "MO1", "MO2", "MO4", "BE4")
    key(state, 0, "MO2")
    state.francs[0] = 10
    assert {m for m in moves(state) if m.startswith("move MO2")} == {"move MO2 MO4"}


def test_paris_84_the_difference_from_a_lower_building() -> None:
    """"si su llave proviene de otro edificio o punto de referencia, solo debe pagar la
    diferencia en el valor de los dos": 1 → 8 costs 7, and the 8 pays 2 VP."""
    state = step2(started(), 0)
    build(state, "MO1", "MO8")
    key(state, 0, "MO1")
    state.francs[0] = 7
    play(state, "move MO1 MO8")
    assert state.francs[0] == 0 and state.vp_parts[0][0] == data.VALUE_8_VP == 2


def test_paris_57_no_end_game_tile_while_a_stack_holds_a_building() -> None:
    """"Coge una ficha de final de partida (solo se permite cuando todas las pilas de
    fichas de construcción están vacías)": one tile left in one stack is enough."""
    state = step2(started(), 0)
    state.stack_size = [0, 1, 0]
    assert "endgame" not in legal(state)
    empty_stacks(state)
    assert "endgame" in legal(state)


@pytest.mark.parametrize("trigger,order", [
    (0, [1, 2, 3, 0, 1, 2, 3]),  # the start player: the round's 3 others, then a round
    (3, [0, 1, 2, 3]),  # the last of the round: only the final round
])
def test_paris_130_132_the_current_round_then_one_final_round(trigger: int,
                                                             order: list[int]) -> None:
    """"Continúe jugando la ronda actual como de costumbre, asegurándose de que todos los
    jugadores tengan la misma cantidad de turnos de juego. Luego, todos los jugadores
    juegan una ronda final" (4 players, seat 0 starts)."""
    state = started(4, first=0)
    empty_stacks(state)
    state.eg_pile = [0] * len(data.END_TILES)
    state.eg_pile[act.END_BY_CODE["vp7"]] = 1
    take_endgame(state, trigger, "vp7")
    play(state, "end")
    seen = []
    while not state.is_terminal():
        seen.append(state.to_move)
        banks = sorted(t for t in legal(state) if t.startswith("key "))
        play(state, banks[0] if banks else "pass")
        if state.phase == "after":
            play(state, "end")
    assert seen == order


def test_paris_141_exactly_half_of_the_first_scores_the_second_place() -> None:
    """"el jugador con el segundo valor más alto solo obtiene el PV si su valor total
    asciende al menos a la MITAD del valor total del primer jugador": 8 + 4 against 5 + 1
    (exactly half) scores; 5 alone does not."""
    state = started(2)
    build(state, "BE1", "BE4", "BE5", "BE8")
    key(state, 0, "BE8")
    key(state, 0, "BE4")
    key(state, 1, "BE5")
    key(state, 1, "BE1")
    amounts = data.VP_TILES[0]
    assert scored(state, BE, amounts) == [amounts[0], amounts[1]]
    state = started(2)
    build(state, "BE4", "BE5", "BE8")
    key(state, 0, "BE8")
    key(state, 0, "BE4")
    key(state, 1, "BE5")
    assert scored(state, BE, amounts) == [amounts[0], 0]


def test_paris_135_tile_27_scores_the_francs_held_at_the_end() -> None:
    """"Un jugador que posee Bonus Tile 27 obtiene 1 PV por cada franco que posee"."""
    state = started(2)
    state.bonus_held[1] |= 1 << 27
    state.francs = [9, 11]
    state.phase = "over"
    lines = [{line["component"]: line["points"] for line in seat}
             for seat in state.score_breakdown()]
    assert lines[1]["bonus tile 27"] == 11 and "bonus tile 27" not in lines[0]


def test_paris_98_g5_landmark_rewards_are_a_reconstruction() -> None:
    """"Los puntos de referencia también tienen Prestige Rewards D, que se muestra a la
    izquierda": the seed prints no landmark's rewards, so every landmark is tagged
    reconstructed (12 and 13 keep their seed values and the 12's cost, G-5)."""
    assert all(lm.provenance == "reconstructed" for lm in data.LANDMARKS)
    by_value = {lm.value: lm for lm in data.LANDMARKS}
    assert by_value[12].cost == (0, 1, 1) and 13 in by_value  # Julie's, Charlotte's
