"""The engine: game protocol, errors, options, registry, referee and match records.

No I/O happens here except reading and writing record files on request.
"""

from belle.engine.errors import (
    GameError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    OptionError,
    RecordError,
    SeatError,
    UnknownGameError,
)
from belle.engine.game import (
    CHANCE,
    TERMINAL,
    Game,
    GameInfo,
    ScoreLine,
    State,
    rank_by_keys,
    rules_version_option,
)
from belle.engine.options import OptionSpec, OptionValue, parse_option_assignments
from belle.engine.record import MatchRecord, RecordEntry, new_state, replay
from belle.engine.referee import (
    Bot,
    MatchResult,
    bot_decision,
    play_match,
    sample_chance,
    seat_rngs,
)
from belle.engine.registry import game_ids, list_games, load_game, load_recorded_game, register
from belle.engine.undo import UndoRefused, may_take_back, take_back, undo_refusal

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Bot",
    "Game",
    "GameError",
    "GameInfo",
    "IllegalActionError",
    "InvalidActionError",
    "MatchRecord",
    "MatchResult",
    "NotYourTurnError",
    "OptionError",
    "OptionSpec",
    "OptionValue",
    "RecordEntry",
    "RecordError",
    "ScoreLine",
    "SeatError",
    "State",
    "UndoRefused",
    "UnknownGameError",
    "bot_decision",
    "game_ids",
    "list_games",
    "load_game",
    "load_recorded_game",
    "may_take_back",
    "new_state",
    "parse_option_assignments",
    "play_match",
    "rank_by_keys",
    "register",
    "replay",
    "rules_version_option",
    "sample_chance",
    "seat_rngs",
    "take_back",
    "undo_refusal",
]
