"""Turn Resolution (BRX-161..179), End of Round (BRX-180..188), final scoring
(BRX-189..197) and tie-breaks (BRX-198..200)."""

from __future__ import annotations

import pytest

import belle
from belle.engine import CHANCE
from belle.games.bruxelles_1893 import Bruxelles1893, data, rules, steps
from belle.games.bruxelles_1893.state import BruxellesState

from .helpers import give, legal, play, refresh, start


def run(state: BruxellesState, step: str) -> None:
    steps.AUTOMATIC[step](state, (step,))


def test_brx_167_169_172_example_5_8_column_tie_goes_lowest() -> None:
    """Column B: seat 0 bids 1 (B2) and 3 (B4), seat 1 bids 4 (B3): 4–4, B4 is lower."""
    assistant, bid = [-1] * 25, [0] * 25
    for label, seat, amount in (("B2", 0, 1), ("B4", 0, 3), ("B3", 1, 4)):
        space = (int(label[1]) - 1) * 5 + "ABCDE".index(label[0])
        assistant[space], bid[space] = seat, amount
    assert rules.column_winner(1, assistant, bid, 2) == 0
    assert rules.column_winner(2, assistant, bid, 2) == -1  # BRX-168


def test_brx_172_bids_are_spent_when_placed() -> None:
    state = start(players=3, shield="1,2")
    play(state, "place C2", "bid 3", "take wood", "take wood")
    assert state.money[0] == 2  # all-pay (G-12): never refunded


def test_brx_167_170_auction_winner_chooses_use_or_keep() -> None:
    state = start(players=2, stock="SX-05", shield="3,3")  # rows 1–3 × columns A–C
    play(state, "place A1", "bid 2", "draw red")  # seat 0, column A
    play(state, "place A2", "bid 1", "sell red")  # seat 1, column A, lower row
    play(state, "pass", "pass")
    assert state.phase == "resolution"
    while state.tasks[-1][0] != "bonus":  # exhibition sales are optional
        play(state, "decline")
    assert state.current_player() == 0  # 2 BF beat 1 BF
    assert legal(state) == ["use bonus", "keep bonus money", "keep bonus assistants",
                            "keep bonus materials", "keep bonus art"]
    play(state, "keep bonus art")
    assert state.bonus_kept[0] == [0, 0, 0, 1]  # BRX-171
    assert state.bonus_strip[0] == -1


def test_brx_170_using_a_bonus_card_applies_its_effect() -> None:
    state = start(players=2)
    push_bonus(state, seat=1, card="architect")
    play(state, "use bonus")
    assert state.tracks[1][0] == 1 and state.bonus_kept[1] == [0, 0, 0, 0]


def push_bonus(state: BruxellesState, seat: int, card: str) -> None:
    state.tasks.append(("bonus", seat, [b.id for b in data.BONUS_CARDS].index(card)))
    refresh(state)


def test_brx_173_174_175_53_shield_majorities() -> None:
    state = start(players=3)
    state.shield = rules.shield_index(1, 1)  # the bracket's shield does not score
    for label, seat in (("A1", 0), ("B1", 0), ("A2", 1), ("C1", 2), ("C2", 2), ("D2", 1)):
        state.assistant[(int(label[1]) - 1) * 5 + "ABCDE".index(label[0])] = seat
    state.tracks[2][1] = 3  # City Hall value 3
    run(state, "majorities")
    # (1,1) is under the bracket; seat 2 wins (1,2) (1,3) (2,2); seat 1 wins (1,4) (2,1)
    # (2,4); (2,3) is tied 1–1 and scores nothing (BRX-175)
    assert state.vp == [0, 3 * 1, 3 * 3]


def test_brx_176_buildings_do_not_count_for_majorities() -> None:
    state = start(players=2)
    state.building[0] = 0
    state.assistant[1] = 1
    run(state, "majorities")
    assert state.vp == [0, 2]  # shields (1,1) and (1,2): the A1 building never counts


def test_brx_177_178_example_5_14_courthouse() -> None:
    state = start(players=2)
    state.brussels[0][0], state.brussels[1][0] = 1, 2  # seat 0: 3 on the Brussels board
    state.brussels[2][1] = 1
    state.out = [3, 1]
    state.assistants = [2, 4]
    run(state, "courthouse")
    assert state.court == [3, 2]
    run(state, "end_round")
    assert state.assistants == [4, 5]  # only 2 of the 3 come back (BRX-180)


def test_brx_178_courthouse_tie_each_loses_one() -> None:
    state = start(players=3)
    state.brussels[0] = [2, 2, 0]
    state.out = [2, 2, 0]
    run(state, "courthouse")
    assert state.court == [3, 3, 2]


def test_brx_179_nobody_on_the_brussels_board() -> None:
    state = start(players=2)
    run(state, "courthouse")
    assert state.court == [2, 2]


def test_brx_162_163_164_exhibition() -> None:
    state = start(players=3)
    state.round = 1
    give(state, 0, works={"blue": 2})
    give(state, 1, works={"red": 1})
    give(state, 2, works={})
    state.tasks.clear()
    run(state, "exhibition")
    assert state.exh == [1, 0, 0] and state.exhibition_owner[0] == 0
    assert [t[1] for t in state.tasks] == [2, 1, 0]  # seat 0 first, then 1 and 2
    state.works[1] = [2, 0, 0, 0, 0]
    run(state, "exhibition")
    assert state.exh == [1, 0, 0]  # tie: nobody (BRX-163)


def test_brx_180_187_end_of_round_upkeep() -> None:
    state = start(players=2, shield="3,3")
    play(state, "place A1", "bid 1", "draw red", "pass", "pass")
    while state.phase == "resolution" and state.current_player() != CHANCE:
        play(state, legal(state)[-1] if "decline" in legal(state) else legal(state)[0])
    assert state.round == 1 and state.current_player() == CHANCE
    assert state.assistant == [-1] * 25 and state.bid == [0] * 25
    assert state.first == 1  # BRX-186: the Manneken Pis moves on
    # BRX-184: the free card (solvay) is discarded, the others slide right
    solvay = [f.id for f in data.FIGURES].index("solvay")
    assert state.fig_discard[solvay] == 1
    assert state.tasks[-1] == ("bonus_deal", 0)  # BRX-182: 5 new bonus cards
    play(state, "bonus vp", "bonus vp", "bonus art", "bonus art", "bonus free", "figure tassel")
    assert [data.FIGURES[f].id for f in state.theatre] == ["picard", "buls", "maus", "tassel"]
    assert state.round == 2 and state.view(None)["phase"] == "stock"  # BRX-187: next round


def test_brx_192_example_5_16_building_score() -> None:
    state = start(players=2)
    state.built[0] = 4
    state.tracks[0][0] = 2  # architect value 3
    lines = {line["component"]: line["points"] for line in final(state)[0]}
    assert lines["buildings"] == 12
    assert lines["masterpiece completion"] == data.COMPLETION_VP[3][4] == 16  # issue 15


def final(state: BruxellesState) -> list[list[dict[str, object]]]:
    state.tasks = [("final",)]
    from belle.games.bruxelles_1893 import flow

    flow.advance(state)
    while state.tasks:
        play(state, legal(state)[0])
    return state.score_breakdown()


FIG = {f.id: i for i, f in enumerate(data.FIGURES)}


def at_final(state: BruxellesState, money: int, vp: int, *figures: str) -> BruxellesState:
    """Seat 0 at the end of round 5 with Brugmann and `figures` kept."""
    for fig in figures:
        state.kept[0] |= 1 << FIG[fig]
    state.money[0] = money
    state.vp[0] = vp
    state.tasks = [("final",)]
    from belle.games.bruxelles_1893 import flow

    flow.advance(state)
    return state


def lines_of(state: BruxellesState, seat: int = 0) -> dict[str, object]:
    return {line["component"]: line["points"] for line in state.score_breakdown()[seat]}


def finish(state: BruxellesState) -> None:
    while state.tasks:
        play(state, legal(state)[0])


def test_brx_189_191_example_5_15_payable_figures_are_paid_in_the_order_chosen() -> None:
    """Example 5.15: Brugmann (5 BF) and Maus (3 BF) with 6 BF: either can be paid, not
    both; the seat chooses which, cannot decline, and the other costs 5 VP."""
    state = at_final(start(players=2), 6, 20, "maus")
    assert state.current_player() == 0 and state.phase == "scoring"
    assert legal(state) == ["settle brugmann", "settle maus"]  # no "decline" (BRX-191)
    play(state, "settle maus")
    assert state.money[0] == 3 and state.unpaid[0] == 1 << FIG["brugmann"]
    finish(state)
    lines = lines_of(state)
    assert lines["public figures unpaid"] == -5
    assert state.vp[0] == 20 + 0 + 0 + 0 - 5  # 3 BF left score no money VP


def test_brx_191_decline_is_refused_for_a_payable_figure() -> None:
    state = at_final(start(players=2), 6, 20, "maus")
    with pytest.raises(belle.IllegalActionError):
        state.apply_action(state.parse_action("decline"))
    assert state.unpaid[0] == (1 << FIG["brugmann"]) | (1 << FIG["maus"])


def test_brx_189_example_5_15_with_8_bf_both_are_paid() -> None:
    """With 8 BF both cards must be paid: nothing to choose, nothing lost."""
    state = at_final(start(players=2), 8, 20, "maus")
    assert state.phase == "over" and state.money[0] == 0 and state.unpaid[0] == 0
    assert lines_of(state)["public figures unpaid"] == 0


def test_brx_191_a_single_payable_figure_is_paid_without_asking() -> None:
    """Brugmann (5 BF) and Tassel (4 BF) with 5 BF: Tassel could be paid first, so the
    seat chooses; after paying Brugmann nothing is left to pay."""
    state = at_final(start(players=2), 5, 10, "tassel")
    assert legal(state) == ["settle brugmann", "settle tassel"]
    play(state, "settle brugmann")
    finish(state)
    assert state.money[0] == 0 and lines_of(state)["public figures unpaid"] == -5
    # 4 BF: only Tassel is payable, so it is paid at once (BRX-191) and Brugmann is not.
    state = at_final(start(players=2), 4, 10, "tassel")
    assert state.phase == "over" and state.money[0] == 0
    assert state.unpaid[0] == 1 << FIG["brugmann"]


def test_brx_190_example_5_15_the_loss_comes_off_the_final_total() -> None:
    """2 VP from play, 12 VP from steps 2 to 5 and one unpaid card: 9 VP, not 12
    (the example's figures with 2 tiles: 2 × architect 1 + completion 8, and 2 VP of
    bonus cards kept under assistants)."""
    state = start(players=2)
    state.built[0] = 2  # architect value 1: 2 × 1 = 2 VP
    assert data.COMPLETION_VP[3][2] == 8
    state.bonus_kept[0] = [0, 1, 0, 0]  # 1 VP per assistant outside the Courthouse
    state.assistants[0] = 2
    at_final(state, 4, 2)  # Brugmann (5 BF) cannot be paid; 4 BF score no money VP
    lines = lines_of(state)
    steps_2_to_5 = sum(int(lines[k]) for k in  # type: ignore[call-overload]
                       ("buildings", "masterpiece completion", "bonus cards: assistants"))
    assert steps_2_to_5 == 12
    assert lines["public figures unpaid"] == -5
    assert state.vp[0] == 2 + 12 - 5


def test_brx_5_the_final_total_never_drops_below_zero() -> None:
    state = at_final(start(players=2), 0, 2)
    lines = lines_of(state)
    assert lines["public figures unpaid"] == -5 and lines["score floor"] == 3
    assert state.vp[0] == 0


def test_revision_1_records_keep_the_old_settlement() -> None:
    """Records of engines before 0.2.0 replay with their rules: `decline` forfeits the
    payable figures, and the loss is floored at the VP scored during play."""
    game = Bruxelles1893().at_revision(1)
    state = game.new_initial_state(2)
    assert isinstance(state, BruxellesState)
    play(state, *SETUP_LOG)
    at_final(state, 6, 20, "maus")
    assert legal(state) == ["settle brugmann", "settle maus", "decline"]
    play(state, "decline")
    assert state.unpaid[0] == (1 << FIG["brugmann"]) | (1 << FIG["maus"])
    finish(state)
    assert lines_of(state)["public figures unpaid"] == -10
    state = game.new_initial_state(2)
    assert isinstance(state, BruxellesState)
    play(state, *SETUP_LOG)
    at_final(state, 0, 2)
    assert lines_of(state)["public figures unpaid"] == -2 and state.vp[0] == 0


def test_older_records_keep_their_scoring_tables() -> None:
    """Issue 15's recalibrations are revisions 2 and 3: records of engines before 0.2.0
    (revision 1) and of 0.2.0 (revision 2) score the masterpiece and the materials
    category with the tables they were played with; revision 3 scores 4 VP a tile."""
    for version, completion, materials in ((1, 5, 3), (2, 8, 1), (3, 16, 1), (4, 16, 1)):
        state = start(players=2, rules_version=version)
        state.built[0] = 4
        state.bonus_kept[0] = [0, 0, 1, 0]
        state.mats[0] = [1, 1, 0]
        state.jokers[0] = 1
        at_final(state, 6, 0)
        lines = lines_of(state)
        assert lines["masterpiece completion"] == completion
        assert lines["bonus cards: materials"] == materials


def test_records_name_the_revision_their_engine_played() -> None:
    """A record without `rules_version` replays under its engine's revision: 1 before
    0.2.0, 2 for 0.2.0 (golden/legacy/*-engine-0.2.0.json), 3 for 0.2.1 and 0.2.2, 4
    from 0.2.3 on."""
    upgrade = Bruxelles1893.options_for_record
    assert upgrade({}, "0.1.0")["rules_version"] == 1
    assert upgrade({}, "0.2.0")["rules_version"] == 2
    assert upgrade({}, "0.2.1")["rules_version"] == 3
    assert upgrade({}, "0.2.2")["rules_version"] == 3
    assert "rules_version" not in upgrade({}, "0.2.3")
    assert Bruxelles1893().revision == 4


SETUP_LOG = ("strip 1", "strip 2", "strip 3", "strip 4", "strip 5", "compass wood",
             "compass money", "compass stone", "compass any", "compass iron", "compass empty",
             "bonus free", "bonus architect", "bonus city_hall", "bonus palace", "bonus money",
             "figure solvay", "figure picard", "figure buls", "figure maus", "draw blue",
             "draw red", "first 0")


def test_brx_194_195_bonus_categories_and_money() -> None:
    state = start(players=2)
    state.bonus_kept[0] = [1, 1, 1, 2]
    state.money[0] = 5 + 12  # Brugmann paid: 12 BF left
    state.mats[0] = [1, 1, 0]
    state.jokers[0] = 1
    lines = {line["component"]: line["points"] for line in final(state)[0]}
    assert lines["bonus cards: money"] == 2
    assert lines["bonus cards: assistants"] == 5
    assert lines["bonus cards: materials"] == 1  # 3 cubes, 1 VP per 3 (issue 15)
    assert lines["bonus cards: art"] == 2 * 2 * 1
    assert lines["money"] == 2  # BRX-196: the money is kept
    assert state.money[0] == 12


def test_brx_198_199_200_tie_breaks() -> None:
    state = start(players=3)
    state.vp = [10, 10, 10]
    state.money = [4, 4, 3]
    state.built = [2, 1, 5]
    assert state.ranking() == [0, 1, 2]
    state.built = [2, 2, 5]
    assert state.ranking() == [0, 0, 2]  # BRX-200: shared


def test_brx_2_the_end_of_round_phase_is_shown_as_such() -> None:
    """BRX-2: the round's fourth phase, "Fin de Turno" (End of Round), is what players
    see while its deals run: in every view, the prompt-free status and the terminal."""
    from rich.console import Console

    from belle.games.bruxelles_1893 import render

    state = start(players=2, shield="3,3")
    seen = [state.view(0)["phase"]]
    play(state, "place A1", "bid 1", "draw red", "pass")
    seen.append(state.view(0)["phase"])
    play(state, "pass")
    while state.current_player() != CHANCE:
        seen.append(state.view(0)["phase"])
        play(state, legal(state)[-1] if "decline" in legal(state) else legal(state)[0])
    assert state.tasks[-1] == ("bonus_deal", 0)  # the end of round's new bonus cards
    for seat in (None, 0, 1):
        view = state.view(seat)
        assert view["phase"] == "end_of_round" and view["phase_title"] == "End of Round"
        assert view["round"] == 1 and view["decision"] is None
    assert seen[:2] == ["action", "action"] and "resolution" in seen
    console = Console(width=200, record=True)
    console.print(render.status(state.view(0)))
    assert "Round 1/5 (exhibition 1893), End of Round phase." in console.export_text()
    play(state, "bonus vp", "bonus vp", "bonus art", "bonus art", "bonus free",
         "figure tassel")
    assert state.view(0)["phase_title"] == "Stock Exchange" and state.round == 2
