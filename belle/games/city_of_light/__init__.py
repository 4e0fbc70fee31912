"""Paris: La Cité de la Lumière (José Antonio Abascal, Devir 2019), with the Eiffel
expansion and the two promo postcards.

Exactly 2 players (orange, blue); chance (the tile stacks, a random postcard set, the
start player); hidden information (the tile in each hand). Rules:
shared/rules/city_of_light.md (COL-n); data: data.py; notation and decisions:
docs/games/city_of_light.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from belle.engine.errors import OptionError
from belle.engine.game import Game, GameInfo, State
from belle.engine.options import OptionSpec, OptionValue
from belle.engine.registry import register
from belle.games.city_of_light import data
from belle.games.city_of_light.actions import ALL_ACTIONS, Action
from belle.games.city_of_light.state import CityOfLightState

CARD_IDS = tuple(card.id for card in data.POSTCARDS)
RULES_VERSION = 3
"""The current rules edition. 1 is engine 0.1.0's (kept so that its records replay):
Le Penseur did not count free streetlights, and the first-game set held an invented
card. Records of engine 0.1.0 carry no rules_version and are replayed as 1. 2 (engine
0.2.0 to 0.2.3) counted an Arc de Triomphe touching none of its owner's buildings as a
building group of its own, and a streetlight under the Eiffel Tower once for Le Peintre;
3 (engine 0.2.4) adds the Arc only to the groups it touches (COL-182) and counts that
streetlight twice for Le Peintre too (COL-189)."""
REVISIONS = ("0.2.0", "0.2.4")
"""Engine versions from which rules editions 2, … apply (GameInfo.revisions)."""
VARIANTS = (
    "mirror",  # COL-57: buildings may also be mirrored
    "final_pass",  # COL-43: a pass in phase 1 is final
    "painter_ring",  # COL-108: the painter's surroundings are his 8 neighbours
    "metro_lamps_stay_lit",  # G-6: streetlights under a Métropolitain building still light
    "stamp_point",  # COL-89: +1 per activated postcard with a stamp (public sources)
    "statue_lamps_free",  # rules_version 1 only: free streetlights score for Le Penseur
)
V1_ONLY_VARIANTS = frozenset({"statue_lamps_free"})

INFO = GameInfo(
    id="city_of_light",
    title="Paris: La Cité de la Lumière",
    min_players=2,
    max_players=2,
    options=(
        OptionSpec(
            "postcards", "choice", "first_game",
            "which 8 postcards play: first_game (the 8 base cards whose effects are known), "
            "random_base (8 at random from the base game), random_eiffel (8 at random from "
            "the base game and the Eiffel expansion), random_promos (8 at random from the "
            "base game and the promos), random_all (8 at random from the base game, the "
            "Eiffel expansion and the promos) or list (the 8 named in postcard_list)",
            choices=("first_game", "random_base", "random_eiffel", "random_promos",
                     "random_all", "list"),
            labels={"random_base": "8 at random from the base game",
                    "random_eiffel": "8 at random from the base game and Eiffel",
                    "random_promos": "8 at random from the base game and the promos",
                    "random_all": "8 at random from all", "list": "the list below"},
        ),
        OptionSpec(
            "postcard_list", "list", data.FIRST_GAME_SET,
            "the 8 postcards when postcards is list", choices=CARD_IDS,
            labels={card.id: card.name for card in data.POSTCARDS},
        ),
        OptionSpec(
            "start_player", "choice", "random",
            "who starts: random, orange or blue (for a rematch, the loser of the last "
            "game starts)",
            choices=("random", "orange", "blue"),
        ),
        OptionSpec(
            "invented_cards", "bool", False,
            "also play with 4 postcards Belle invented for the base-game cards whose "
            "printed text is not known (a streetlight tile, a mixed space, a botanical "
            "garden, an exchange of buildings): they join the random draws and may be "
            "named in postcard_list",
        ),
        OptionSpec(
            "variants", "list", (),
            "rule switches for readings the rulebook leaves open: mirror (buildings may "
            "also be turned over), final_pass (a pass in the first phase is final), "
            "painter_ring (the painter's surroundings are the 8 spaces around him), "
            "metro_lamps_stay_lit (streetlights under a Métropolitain building still "
            "light), stamp_point (1 more point for each stamped postcard you used); "
            "statue_lamps_free only replays games of rules edition 1",
            choices=VARIANTS,
            labels={"mirror": "buildings may be turned over",
                    "final_pass": "a pass in phase 1 is final",
                    "painter_ring": "the painter's surroundings are his 8 neighbours",
                    "metro_lamps_stay_lit":
                        "streetlights under a Métropolitain building stay lit",
                    "stamp_point": "1 point per stamped postcard used",
                    "statue_lamps_free": "free streetlights count for Le Penseur (edition 1)"},
        ),
        OptionSpec(
            "rules_version", "int", RULES_VERSION,
            "the edition of Belle's rules: 3, the current one; 2 replays games recorded "
            "before an Arc de Triomphe away from its owner's buildings stopped counting as "
            "a group of buildings and before a streetlight under the Eiffel Tower counted "
            "twice for Le Peintre; 1 replays games recorded before free streetlights "
            "counted for Le Penseur and before the first-game postcards held only known "
            "cards",
            minimum=1, maximum=RULES_VERSION,
        ),
    ),
    has_chance=True,
    has_hidden_info=True,
    revisions=REVISIONS,
    summary="Two players light up Paris in 1889: lay cobblestone tiles into a shared "
    "board, then build next to as many streetlights as you can and use the postcards.",
)


POOL_SETS: dict[str, frozenset[str]] = {
    "random_base": frozenset({"base"}),
    "random_eiffel": frozenset({"base", "eiffel"}),
    "random_promos": frozenset({"base", "promo"}),
    "random_all": frozenset({"base", "eiffel", "promo"}),
}


def _pool(mode: str, invented: bool, version: int) -> tuple[int, ...]:
    """COL-215, G-3: the cards a random set is drawn from: the base game's, with the
    Eiffel expansion's, the promos' or both (`POOL_SETS`).

    Invented cards join only with the option invented_cards; without them the base
    game has exactly 8 known cards, so random_base deals all of them. Rules edition 1
    drew random_base from all 12 base cards and left its 5 unknown cards (the annex
    card among them) out of random_all unless invented_cards (its variant provisional).
    """
    def keep(card: data.PostcardSpec) -> bool:
        if card.set not in POOL_SETS[mode]:
            return False
        if version == 1:
            return mode == "random_base" or invented or card.id not in data.UNKNOWN_CARDS_V1
        return invented or not card.invented
    return tuple(i for i, card in enumerate(data.POSTCARDS) if keep(card))


@register
class CityOfLight(Game[Action]):
    info = INFO

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        mode = str(self.option("postcards"))
        self.rules_version = cast(int, self.option("rules_version"))
        self.variants = frozenset(str(v) for v in self.option("variants"))  # type: ignore[union-attr]
        invented = bool(self.option("invented_cards"))
        self._check_variants()
        self.pool: tuple[int, ...] = ()
        self.fixed_cards: tuple[int, ...] = ()
        if mode == "first_game":
            first = data.FIRST_GAME_SET if self.rules_version >= 2 else data.FIRST_GAME_SET_V1
            self.fixed_cards = tuple(data.CARD_INDEX[c] for c in first)
        elif mode == "list":
            self.fixed_cards = self._listed_cards(invented)
        else:
            self.pool = _pool(mode, invented, self.rules_version)
        start = str(self.option("start_player"))
        self.fixed_start = {"random": -1, "orange": 0, "blue": 1}[start]

    def _check_variants(self) -> None:
        legacy = sorted(self.variants & V1_ONLY_VARIANTS)
        if legacy and self.rules_version >= 2:
            raise OptionError(
                f"the variant {legacy[0]} belongs to rules edition 1 only: a free "
                "streetlight always counts for Le Penseur now")

    def _listed_cards(self, invented: bool) -> tuple[int, ...]:
        chosen = tuple(str(c) for c in self.option("postcard_list"))  # type: ignore[union-attr]
        if len(chosen) != data.POSTCARDS_PER_GAME:
            raise OptionError(
                f"postcard_list must name exactly {data.POSTCARDS_PER_GAME} postcards, "
                f"not {len(chosen)}")
        cards = tuple(data.CARD_INDEX[c] for c in chosen)
        made_up = [data.POSTCARDS[c] for c in cards if data.POSTCARDS[c].invented]
        if made_up and not invented and self.rules_version >= 2:
            raise OptionError(
                f"{made_up[0].id} is a card Belle invented (its printed text is not "
                "known); turn on invented_cards to play it")
        return cards

    @classmethod
    def options_for_record(
        cls, options: Mapping[str, object], engine_version: str
    ) -> dict[str, object]:
        """Records of engine 0.1.0 replay with rules edition 1; its variant provisional
        is today's option invented_cards (the same draws)."""
        upgraded = super().options_for_record(options, engine_version)
        if upgraded.get("rules_version") == 1 and "rules_version" not in options:
            variants = upgraded.get("variants")
            if isinstance(variants, (list, tuple)) and "provisional" in variants:
                upgraded["variants"] = [v for v in variants if v != "provisional"]
                upgraded["invented_cards"] = True
        return upgraded

    def rematch_options(self, final: State[Any]) -> dict[str, OptionValue]:
        """The options of the next game between the same players (COL-26): the same,
        but the loser of `final` starts ("Wer die letzte Partie PARIS verloren hat,
        beginnt diese Partie"); after a shared win the start player is drawn (G-10)."""
        if not final.is_terminal():
            raise OptionError("a rematch follows a finished game; this one is still going")
        options = dict(self.options)
        ranking = final.ranking()
        losers = [seat for seat, place in enumerate(ranking) if place > 0]
        options["start_player"] = data.COLOURS[losers[0]] if losers else "random"
        return options

    def _new_initial_state(self, num_players: int) -> CityOfLightState:
        return CityOfLightState(self, num_players)

    def num_distinct_actions(self, num_players: int) -> int:
        return len(ALL_ACTIONS)


__all__ = ["INFO", "CityOfLight", "CityOfLightState"]
