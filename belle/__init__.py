"""Belle: engines, bots and an online table for five Belle Époque board games.

>>> import belle
>>> game = belle.load_game("paris_connection")
>>> state = game.new_initial_state(3)
>>> state.current_player() == belle.CHANCE
True
"""

__version__ = "0.2.8"

from belle.engine import (
    CHANCE,
    TERMINAL,
    Game,
    GameError,
    GameInfo,
    IllegalActionError,
    InvalidActionError,
    MatchRecord,
    NotYourTurnError,
    OptionError,
    State,
    list_games,
    load_game,
    play_match,
    replay,
)

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Game",
    "GameError",
    "GameInfo",
    "IllegalActionError",
    "InvalidActionError",
    "MatchRecord",
    "NotYourTurnError",
    "OptionError",
    "State",
    "__version__",
    "list_games",
    "load_game",
    "play_match",
    "replay",
]
