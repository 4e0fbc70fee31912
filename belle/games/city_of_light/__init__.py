"""Paris: La Cité de la Lumière (José Antonio Abascal, Devir 2019), with the Eiffel
expansion and the two promo postcards.

Exactly 2 players (orange, blue); chance (the tile stacks, a random postcard set, the
start player); hidden information (the tile in each hand). Rules:
shared/rules/city_of_light.md (COL-n); data: data.py; notation and decisions:
docs/games/city_of_light.md.
"""

from __future__ import annotations

from belle.engine.errors import OptionError
from belle.engine.game import Game, GameInfo
from belle.engine.options import OptionSpec
from belle.engine.registry import register
from belle.games.city_of_light import data
from belle.games.city_of_light.actions import ALL_ACTIONS, Action
from belle.games.city_of_light.state import CityOfLightState

CARD_IDS = tuple(card.id for card in data.POSTCARDS)
VARIANTS = (
    "mirror",  # COL-57: buildings may also be mirrored
    "final_pass",  # COL-43: a pass in phase 1 is final
    "painter_ring",  # COL-108: the painter's surroundings are his 8 neighbours
    "statue_lamps_free",  # COL-126: free streetlight spaces score for Le Penseur
    "metro_lamps_stay_lit",  # G-6: streetlights under a Métropolitain building still light
    "stamp_point",  # COL-89: +1 per activated postcard with a stamp (public sources)
    "provisional",  # G-3: the reconstructed base cards join the random_all pool
)

INFO = GameInfo(
    id="city_of_light",
    title="Paris: La Cité de la Lumière",
    min_players=2,
    max_players=2,
    options=(
        OptionSpec(
            "postcards", "choice", "first_game",
            "which 8 postcards play (COL-18, COL-19, COL-215, COL-216): the first-game set, "
            "8 at random from the base game, 8 at random from base + Eiffel + promos, or "
            "the explicit postcard_list",
            choices=("first_game", "random_base", "random_all", "list"),
        ),
        OptionSpec(
            "postcard_list", "list", data.FIRST_GAME_SET,
            "the 8 postcards when postcards=list", choices=CARD_IDS,
        ),
        OptionSpec(
            "start_player", "choice", "random",
            "who starts phase 1 (COL-26, G-10): random, or the loser of the last game",
            choices=("random", "orange", "blue"),
        ),
        OptionSpec(
            "variants", "list", (),
            "rule switches for the ambiguous readings (COL-218); none by default",
            choices=VARIANTS,
        ),
    ),
    has_chance=True,
    has_hidden_info=True,
    summary="Two players light up Paris in 1889: lay cobblestone tiles into a shared "
    "board, then build next to as many streetlights as you can and use the postcards.",
)


def _pool(mode: str, variants: frozenset[str]) -> tuple[int, ...]:
    """COL-215, G-3: the cards a random set is drawn from.

    The base game alone has only 7 known cards, so `random_base` draws from all 12
    (the 5 reconstructed ones included); `random_all` leaves them out unless the
    variant `provisional` is on.
    """
    if mode == "random_base":
        return tuple(i for i, c in enumerate(data.POSTCARDS) if c.set == "base")
    keep_provisional = "provisional" in variants
    return tuple(i for i, c in enumerate(data.POSTCARDS)
                 if keep_provisional or not c.provisional)


@register
class CityOfLight(Game[Action]):
    info = INFO

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        mode = str(self.option("postcards"))
        self.variants = frozenset(str(v) for v in self.option("variants"))  # type: ignore[union-attr]
        self.pool: tuple[int, ...] = ()
        self.fixed_cards: tuple[int, ...] = ()
        if mode == "first_game":
            self.fixed_cards = tuple(data.CARD_INDEX[c] for c in data.FIRST_GAME_SET)
        elif mode == "list":
            chosen = tuple(str(c) for c in self.option("postcard_list"))  # type: ignore[union-attr]
            if len(chosen) != data.POSTCARDS_PER_GAME:
                raise OptionError(
                    f"postcard_list must name exactly {data.POSTCARDS_PER_GAME} postcards "
                    f"(COL-18), not {len(chosen)}")
            self.fixed_cards = tuple(data.CARD_INDEX[c] for c in chosen)
        else:
            self.pool = _pool(mode, self.variants)
        start = str(self.option("start_player"))
        self.fixed_start = {"random": -1, "orange": 0, "blue": 1}[start]

    def _new_initial_state(self, num_players: int) -> CityOfLightState:
        return CityOfLightState(self, num_players)

    def num_distinct_actions(self, num_players: int) -> int:
        return len(ALL_ACTIONS)


__all__ = ["INFO", "CityOfLight", "CityOfLightState"]
