"""Rules revisions: a record replays under the rules of the engine version that wrote it
(one way for every game: the option rules_version, filled in from GameInfo.revisions)."""

from __future__ import annotations

import pytest

import belle
from belle.engine import (
    GameInfo,
    MatchRecord,
    OptionError,
    OptionSpec,
    load_recorded_game,
    new_state,
    rules_version_option,
)
from belle.engine.game import version_key

REVISIONS = ("0.2.0", "0.5.1")
INFO = GameInfo("demo", "Demo", 2, 4, (rules_version_option(REVISIONS, "editions"),),
                revisions=REVISIONS)


def test_version_keys_compare_numerically() -> None:
    assert version_key("0.10.0") > version_key("0.9.3")  # type: ignore[operator]
    assert version_key("0.2.0") == (0, 2, 0)
    assert version_key("unknown") is None


@pytest.mark.parametrize("version,revision", [
    ("0.1.0", 1), ("0.1.9", 1), ("0.2.0", 2), ("0.2.0rc1", 2), ("0.5.0", 2), ("0.5.1", 3),
    ("1.0.0", 3), ("unknown", 3),
])
def test_revision_for_an_engine_version(version: str, revision: int) -> None:
    assert INFO.revision == 3
    assert INFO.revision_for(version) == revision


def test_a_game_without_revisions_is_always_revision_1() -> None:
    plain = GameInfo("plain", "Plain", 2, 2)
    assert plain.revision == 1 and plain.revision_for("0.0.1") == 1


@pytest.mark.parametrize("game_id", belle.engine.game_ids())
def test_at_revision_checks_its_argument(game_id: str) -> None:
    game = belle.load_game(game_id)
    assert game.revision == game.info.revision
    assert game.at_revision(1).revision == 1
    assert game.revision == game.info.revision  # a copy: the original is unchanged
    for bad in (0, game.info.revision + 1, "1", None):
        with pytest.raises(OptionError):
            game.at_revision(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", belle.engine.game_ids())
def test_new_records_play_the_current_revision(game_id: str) -> None:
    record = MatchRecord(game_id, {}, ["a", "b"])
    assert record.engine_version == belle.__version__
    game = load_recorded_game(record.game, record.options, record.engine_version)
    assert game.revision == game.info.revision


@pytest.mark.parametrize("game_id", [g for g in belle.engine.game_ids()
                                     if belle.load_game(g).info.revisions])
def test_a_record_of_an_older_engine_replays_its_revision(game_id: str) -> None:
    game = belle.load_game(game_id)
    upgrade = game.options_for_record
    assert upgrade({}, "0.1.0")["rules_version"] == 1
    assert "rules_version" not in upgrade({}, belle.__version__)  # the default: current
    assert upgrade({"rules_version": 1}, belle.__version__)["rules_version"] == 1
    seats = [f"p{i}" for i in range(game.info.min_players)]
    old = MatchRecord(game_id, {}, seats, engine_version="0.1.0")
    assert new_state(old).game.revision == 1
    assert game.at_revision(1).options["rules_version"] == 1


def test_revisions_and_the_rules_version_option_go_together() -> None:
    with pytest.raises(ValueError, match="rules_version"):
        GameInfo("x", "X", 2, 2, revisions=("0.2.0",))
    with pytest.raises(ValueError, match="rules_version"):
        GameInfo("x", "X", 2, 2, (rules_version_option(("0.2.0",), "e"),))
    stale = OptionSpec("rules_version", "int", 1, "e", minimum=1, maximum=2)
    with pytest.raises(ValueError, match="rules_version"):
        GameInfo("x", "X", 2, 2, (stale,), revisions=("0.2.0",))
