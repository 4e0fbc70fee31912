"""Rules revisions: a record replays under the rules of the engine version that wrote it."""

from __future__ import annotations

import pytest

import belle
from belle.engine import GameInfo, MatchRecord, OptionError, recorded_game
from belle.engine.game import version_key

INFO = GameInfo("demo", "Demo", 2, 4, revisions=("0.2.0", "0.5.1"))


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
    game = recorded_game(record.game, record.engine_version, record.options)
    assert game.revision == game.info.revision
