"""The report's win counting (belle.balance.report) on hand-made results with shared first
places: a first place shared by k seats is 1/k of a win for each, in the seat, player and
element-holder win rates, so the seats' rates add up to 1 per game."""

from __future__ import annotations

from typing import Any

import pytest

from belle.balance.probe import Element, GameFacts, Probe
from belle.balance.report import build_report, win_shares
from belle.balance.runner import GameResult, Run, lineup
from belle.balance.tables import report_tables

CARD = Element("x", "card", "card X", "reconstructed")


class CardProbe(Probe):
    def elements(self) -> list[Element]:
        return [CARD]


def played(index: int, ranking: list[int], *, start: int = 0, holders: list[int] | None = None,
           seats: list[str] | None = None) -> GameResult:
    players = len(ranking)
    return GameResult(
        index, index, seats or ["greedy"] * players, ranking, [1.0] * players,
        GameFacts(holders={"x": holders} if holders else {}, available=["x"],
                  start_player=start, lengths={}, end_reason="the end", fallback=False,
                  facts={}, components=[[("points", 10.0)] for _ in range(players)]),
        actions=10, decisions=5)


# Four 3-player games, start player seat 0: seat 0 alone; seats 0 and 1 tie; all three
# tie; seat 2 alone. The card is held by seat 1 in games 1 and 2 and by seat 2 in game 3.
GAMES = [
    played(0, [0, 1, 2]),
    played(1, [0, 0, 2], holders=[1]),
    played(2, [0, 0, 0], holders=[1]),
    played(3, [1, 2, 0], holders=[2]),
]


def three_player_report(results: list[GameResult]) -> dict[str, Any]:
    run = Run("test", 3, lineup(3, ["greedy"]), len(results), 1)
    return build_report(run, results, CardProbe())


def test_a_shared_first_place_is_split_between_its_sharers() -> None:
    assert win_shares(GAMES[1]) == [0.5, 0.5, 0.0]
    assert win_shares(GAMES[2]) == pytest.approx([1 / 3] * 3)
    assert win_shares(GAMES[3]) == [0.0, 0.0, 1.0]


def test_seat_win_rates_are_fractional_and_add_up_to_one_per_game() -> None:
    seats = three_player_report(GAMES)["seats"]
    assert [s["value"] for s in seats] == pytest.approx(
        [(1 + 1 / 2 + 1 / 3) / 4, (1 / 2 + 1 / 3) / 4, (1 / 3 + 1) / 4], abs=1e-4)
    assert sum(s["value"] for s in seats) == pytest.approx(1.0, abs=1e-3)
    assert [s["k"] for s in seats] == pytest.approx([1 + 5 / 6, 5 / 6, 4 / 3], abs=1e-4)
    assert [s["shared"] for s in seats] == [2, 2, 1]
    assert all(s["low"] < s["value"] < s["high"] for s in seats)


def test_seat_win_rates_follow_the_turn_order() -> None:
    # the same game, with seat 1 starting: seat 1 is the first player
    [first, second, third] = three_player_report([played(0, [0, 0, 2], start=1)])["seats"]
    assert (first["value"], second["value"], third["value"]) == (0.5, 0.0, 0.5)


def test_holders_win_their_share_of_shared_first_places() -> None:
    [card] = three_player_report(GAMES)["elements"]
    assert card["taken"]["k"] == 3 and card["taken"]["n"] == 4
    assert card["holders_win"]["n"] == 3
    assert card["holders_win"]["value"] == pytest.approx((1 / 2 + 1 / 3 + 1) / 3, abs=1e-4)


def test_each_player_spec_wins_its_share() -> None:
    run = Run("test", 2, ("a", "b"), 3, 1)
    results = [played(0, [0, 0], seats=["a", "b"]), played(1, [0, 1], seats=["b", "a"]),
               played(2, [1, 0], seats=["a", "b"])]
    bots = {r["player"]: r for r in build_report(run, results, CardProbe())["bots"]}
    assert bots["a"]["value"] == pytest.approx(0.5 / 3, abs=1e-4)
    assert bots["b"]["value"] == pytest.approx(2.5 / 3, abs=1e-4)
    assert (bots["a"]["k"], bots["a"]["shared"], bots["b"]["shared"]) == (0.5, 1, 1)


def test_the_mean_number_of_winners_per_game_is_reported_and_shown() -> None:
    report = three_player_report(GAMES)
    assert report["winners_per_game"]["value"] == pytest.approx(7 / 4)
    # Student's t on 4 games reaches 0.23–3.27: kept within 1 and the 3 players
    assert (report["winners_per_game"]["low"], report["winners_per_game"]["high"]) == (1, 3)
    [seats] = [t for t in report_tables(report) if t.title.startswith("Win rate by place")]
    assert "1.75" in seats.note and "winners per game" in seats.note
    assert [row[1] for row in seats.rows] == ["1.8 (2 shared)", "0.8 (2 shared)",
                                              "1.3 (1 shared)"]


def test_without_shared_first_places_the_counts_are_whole_wins() -> None:
    results = [played(g, [0, 1] if g % 3 else [1, 0]) for g in range(30)]
    report = build_report(Run("test", 2, lineup(2, ["greedy"]), 30, 1), results, CardProbe())
    assert [(s["k"], s["shared"]) for s in report["seats"]] == [(20, 0), (10, 0)]
    assert report["winners_per_game"]["value"] == 1.0
    [seats] = [t for t in report_tables(report) if t.title.startswith("Win rate by place")]
    assert [row[1] for row in seats.rows] == ["20", "10"]


SEED_TILE = Element("t", "tile", "tile T", "seed")


class TwoElementProbe(Probe):
    def elements(self) -> list[Element]:
        return [CARD, SEED_TILE]


def companion_games() -> list[GameResult]:
    """40 two-player games: tile T's holder wins 3 games in 4; card X is held in the
    even games, always by T's holder, and changes nothing."""
    games = []
    for g in range(40):
        holder = g % 2
        winner = holder if g % 8 < 6 else 1 - holder
        ranking = [0 if s == winner else 1 for s in range(2)]
        result = played(g, ranking, holders=[holder] if g % 2 == 0 else None)
        assert result.facts is not None
        result.facts.holders["t"] = [holder]
        result.facts.available.append("t")
        games.append(result)
    return games


def test_an_element_held_only_with_another_names_it_as_its_companion() -> None:
    from belle.balance.bounds import evaluate

    run = Run("test", 2, lineup(2, ["greedy"]), 40, 1)
    report = build_report(run, companion_games(), TwoElementProbe())
    card, tile = report["elements"]
    assert card["companion"]["id"] == "t" and card["companion"]["overlap"] == 1.0
    assert card["companion"]["with"]["n"] == 20 and card["companion"]["without"]["n"] == 20
    assert card["companion"]["with"]["value"] == card["companion"]["without"]["value"] == 0.75
    assert tile["companion"] is None  # the card is rarer, and its holders lose too
    [verdict] = [v for v in evaluate(report) if v.bound == "holder-win-rate"]
    assert verdict.status == "undecided"
    assert verdict.sentence.endswith(
        "100% of these holders also hold tile T, whose holders win 75% (95% interval "
        "53%–89%) with it and 75% (95% interval 53%–89%) without it: holding card X adds "
        "nothing measurable to holding tile T.")


def test_too_few_holder_games_look_for_no_companion() -> None:
    run = Run("test", 2, lineup(2, ["greedy"]), 12, 1)
    report = build_report(run, companion_games()[:12], TwoElementProbe())
    assert report["elements"][0]["companion"] is None
