"""Paris: La Cité de la Lumière — component data: tiles, buildings, postcards, constants.

Pure data, no logic (rules.py builds bitmasks and placements from these tables), so an
owner of the box corrects a value here and nowhere else. Provenance tags
(rules/city_of_light.md, section 0):

- ``seed``: stated by the seed rulebook (the German online rules);
- ``public``: from reviews and rules summaries, not the seed;
- ``reconstructed``: neither source gives it; our reconstruction (gaps G-1 … G-18),
  listed in docs/games/city_of_light.md.

Coordinates: a space is ``(row, col)`` with 0..7 each, row 0 at the top. A street tile
pattern is written for its owner: ``O`` own colour, ``R`` rival colour, ``M`` purple
(mixed), ``L`` streetlight, in the order top-left, top-right, bottom-left, bottom-right.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

Provenance = Literal["seed", "public", "reconstructed", "derived"]
CardSet = Literal["base", "eiffel", "promo"]

COLOURS: Final = ("orange", "blue")  # COL-2, seed
BOARD_SIZE: Final = 8  # COL-6, public (derived from the 4×4 slots of 2×2 tiles)
SLOTS_PER_SIDE: Final = 4  # COL-4, public
TILES_PER_PLAYER: Final = 8  # COL-8, seed
CHIMNEYS_PER_PLAYER: Final = 7  # COL-10, seed
MARKERS_PER_PLAYER: Final = 4  # COL-11, seed
POSTCARDS_PER_GAME: Final = 8  # COL-18, seed

# Space kinds (COL-7, seed). Orange = 0 and blue = 1 match the seat numbers.
ORANGE, BLUE, PURPLE, LAMP = 0, 1, 2, 3
KIND_LETTERS: Final = "OBML"  # for notation, views and tests


@dataclass(frozen=True, slots=True)
class TileSpec:
    """One street tile of a player's fixed set (COL-9), written for its owner."""

    pattern: str  # 4 letters of O R M L: TL TR BL BR
    provenance: Provenance


# G-1 (reconstructed, the guidance default): 8 streetlights, 16 own, 5 purple and
# 3 rival spaces per set; the blue set is the colour swap of the orange set (fairness).
TILES: Final[tuple[TileSpec, ...]] = (
    TileSpec("LOOO", "reconstructed"),
    TileSpec("LOOO", "reconstructed"),
    TileSpec("LOOM", "reconstructed"),
    TileSpec("LMOO", "reconstructed"),
    TileSpec("LOOR", "reconstructed"),
    TileSpec("LROO", "reconstructed"),
    TileSpec("LMRO", "reconstructed"),
    TileSpec("LOMM", "reconstructed"),
)


@dataclass(frozen=True, slots=True)
class BuildingSpec:
    """One building of the shared supply (COL-12, COL-13)."""

    id: str
    cells: tuple[tuple[int, int], ...]  # (row, col) of the printed orientation
    provenance: Provenance  # of the shape; every size is public (COL-13)


# COL-13 sizes 3,3,4,4,4,4,5,5,5,5,6,6 are public; the shapes are G-2 (reconstructed).
BUILDINGS: Final[tuple[BuildingSpec, ...]] = (
    BuildingSpec("S3a", ((0, 0), (0, 1), (0, 2)), "reconstructed"),
    BuildingSpec("S3b", ((0, 0), (1, 0), (1, 1)), "reconstructed"),
    BuildingSpec("S4a", ((0, 0), (0, 1), (1, 0), (1, 1)), "reconstructed"),
    BuildingSpec("S4b", ((0, 0), (1, 0), (2, 0), (2, 1)), "reconstructed"),
    BuildingSpec("S4c", ((0, 0), (0, 1), (0, 2), (1, 1)), "reconstructed"),
    BuildingSpec("S4d", ((0, 1), (0, 2), (1, 0), (1, 1)), "reconstructed"),
    BuildingSpec("S5a", ((0, 0), (0, 1), (1, 0), (1, 1), (2, 0)), "reconstructed"),
    BuildingSpec("S5b", ((0, 0), (1, 0), (2, 0), (3, 0), (3, 1)), "reconstructed"),
    BuildingSpec("S5c", ((0, 0), (0, 2), (1, 0), (1, 1), (1, 2)), "reconstructed"),
    BuildingSpec("S5d", ((0, 0), (0, 1), (0, 2), (1, 1), (2, 1)), "reconstructed"),
    BuildingSpec("S6a", ((0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)), "reconstructed"),
    BuildingSpec("S6b", ((0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (2, 0)), "reconstructed"),
)
HOTEL_ID: Final = "HOTEL"  # the Hôtel des Invalides piece is a building (COL-168)
HOTEL_CELLS: Final = ((0, 0),)  # G-14 (reconstructed): one space

ALLOW_ROTATION: Final = True  # COL-57, public (likely)
ALLOW_MIRROR: Final = False  # COL-57, G-2 reconstructed (pieces are single-sided);
# the variant "mirror" allows it.

# -- scoring constants (section 3.2) -----------------------------------------------
UNBUILT_PENALTY: Final = 3  # COL-86, seed
COMPLEX_POINTS_PER_SPACE: Final = 1  # COL-82, seed
EIFFEL_LAMP_WEIGHT: Final = 2  # COL-189, seed
EIFFEL_POINTS_PER_SPACE: Final = 2  # COL-190, seed
PEINTRE_POINTS_PER_LAMP: Final = 2  # COL-107, seed example (4 for 2), linear reading
MOULIN_POINTS_PER_SPACE: Final = 1  # COL-112, seed
FONTAINE_POINTS_PER_BUILDING: Final = 3  # COL-118, seed
PENSEUR_POINTS_ORTHOGONAL: Final = 2  # COL-124, seed
PENSEUR_POINTS_DIAGONAL: Final = 1  # COL-124, seed
OBELISK_POINTS_PER_BUILDING: Final = 2  # COL-159, seed
QUARTIERS_POINTS: Final = {0: 0, 1: 1, 2: 2, 3: 4, 4: 8}  # COL-164, seed
INVALIDES_POINTS_PER_SPACE: Final = 1  # COL-170, seed
LOUVRE_POINTS_PER_SPACE: Final = 1  # COL-196, seed
CATACOMBES_DIVISOR: Final = 2  # COL-203, seed (rounded down)
SEINE_POINTS_PER_BUILDING: Final = 3  # COL-208, seed
LIBERTE_POINTS_FULL: Final = 3  # COL-212, seed
LIBERTE_POINTS_PARTIAL: Final = 2  # COL-213, seed
GARDEN_POINTS_PER_BUILDING: Final = 2  # COL-150, reconstructed placeholder (G-3)
ARC_LENGTH: Final = 3  # COL-177, G-15 reconstructed: straight 1×3

# G-7 (reconstructed): the large streetlight lights every space within Manhattan
# distance 2; each entry is (offset, offsets that must ALL hold another building to
# block it). Enter the printed pattern here; no code change is needed.
LARGE_LAMP_PATTERN: Final[tuple[tuple[tuple[int, int], tuple[tuple[int, int], ...]], ...]] = (
    ((-1, 0), ()), ((1, 0), ()), ((0, -1), ()), ((0, 1), ()),
    ((-2, 0), ((-1, 0),)), ((2, 0), ((1, 0),)), ((0, -2), ((0, -1),)), ((0, 2), ((0, 1),)),
    ((-1, -1), ((-1, 0), (0, -1))), ((-1, 1), ((-1, 0), (0, 1))),
    ((1, -1), ((1, 0), (0, -1))), ((1, 1), ((1, 0), (0, 1))),
)


@dataclass(frozen=True, slots=True)
class PostcardSpec:
    """One action postcard (COL-15). `target` names what its action chooses.

    `provenance` is where the card and its effect come from: ``seed`` (the rulebook
    names it and says what it does), ``public`` (only public sources do) or
    ``reconstructed`` (a card Belle invented for a printed card whose text is not
    known; it plays only with the option invented_cards, G-3). `reconstructed` says
    what of a known card's rules is our reconstruction ("" when nothing is).
    """

    id: str
    name: str
    set: CardSet
    piece: str | None
    target: str  # what its action chooses: see cards.targets
    text: str  # a sentence a player reads
    first_game: bool  # in the default set (COL-19, G-8: which 8 are starred is unknown)
    has_stamp: bool  # G-9: display only (reconstructed: cards with end-game points)
    stamp_points: int  # COL-89: added to the activator's points; 0 by default (G-9)
    provenance: Provenance
    reconstructed: str

    @property
    def invented(self) -> bool:
        """A card Belle made up (G-3): opt-in, never in a default or random set alone."""
        return self.provenance == "reconstructed"


def _card(
    id_: str, name: str, set_: CardSet, piece: str | None, target: str, text: str,
    *, first: bool = False, stamp: bool = False, provenance: Provenance = "seed",
    reconstructed: str = "",
) -> PostcardSpec:
    return PostcardSpec(id_, name, set_, piece, target, text, first, stamp, 0, provenance,
                        reconstructed)


INVENTED_NOTE: Final = "Invented card (the printed one is not known): "

POSTCARDS: Final[tuple[PostcardSpec, ...]] = (
    _card("PEINTRE", "Le Peintre", "base", "painter", "own_free",
          "Painter on a free space of your colour; at the end 2 per streetlight lighting "
          "his surroundings.", first=True, stamp=True,
          reconstructed="where the painter may stand, what his surroundings are and the "
          "points per streetlight (the seed gives 4 for 2 streetlights), G-4"),
    _card("MOULIN_ROUGE", "Moulin Rouge", "base", "dancer", "own_free",
          "Dancer on a free space of your colour; at the end 1 per unbuilt space of her "
          "surroundings.", first=True, stamp=True),
    _card("FONTAINE", "Fontaine des Mers", "base", "fountain", "own_or_purple_free",
          "Fountain on a free space of your colour or purple; at the end 3 per building "
          "of yours next to it.", first=True, stamp=True),
    _card("PENSEUR", "Le Penseur", "base", "statue", "statue",
          "Statue on a free space of your colour, facing a free space (a streetlight "
          "counts); at the end 2 per free space next to it and 1 per free diagonal space, "
          "0 if the space in front is taken.", first=True, stamp=True),
    _card("GRANDE_LUMIERE", "La Grande Lumière", "base", "large streetlight", "lamp",
          "Large streetlight on a streetlight: it lights every space of its pattern "
          "(buildings block the light).", first=True,
          reconstructed="the printed pattern, G-7"),
    _card("SACRE_COEUR", "Sacré-Cœur", "base", None, "use",
          "You lose no points for unbuilt buildings.", first=True, stamp=True,
          reconstructed="that it does nothing else, G-5"),
    _card("METROPOLITAIN", "Métropolitain", "base", None, "metro",
          "Place a building from your reserve at once; it may cover streetlights, which "
          "then go dark.", first=True,
          reconstructed="all but its being the exception that lets a building stand on "
          "streetlights, G-6"),
    _card("BASE_STREETLIGHT", "Streetlight tile (invented card)", "base", "streetlight",
          "own_or_purple_free",
          INVENTED_NOTE + "a streetlight tile on a free space of your colour or purple: "
          "the space becomes a streetlight.", provenance="reconstructed"),
    _card("BASE_MIXED", "Mixed space (invented card)", "base", "mixed space",
          "colour_free",
          INVENTED_NOTE + "a mixed tile on a free orange or blue space: the space "
          "becomes purple.", provenance="reconstructed"),
    _card("BASE_ANNEX", "Bouquinistes sur la Seine", "base", "annex", "annex",
          "Annex on a free space of your colour or purple next to one of your buildings: "
          "that building grows by one space.", first=True, provenance="public",
          reconstructed="the colours of the annex's space, G-3"),
    _card("BASE_GARDEN", "Botanical garden (invented card)", "base", "botanical garden",
          "own_free",
          INVENTED_NOTE + "a garden on a free space of your colour; at the end 2 per "
          "building of yours next to it.", stamp=True, provenance="reconstructed"),
    _card("BASE_SWITCH", "Exchange (invented card)", "base", None, "swap",
          INVENTED_NOTE + "exchange a building of your reserve for one of the supply.",
          provenance="reconstructed"),
    _card("OBELISQUE", "Obélisque de Louxor", "eiffel", "obelisk", "own_free",
          "Obelisk on a space of your colour; at the end each player scores 2 per building "
          "of his in its row or column.", stamp=True),
    _card("QUARTIERS_PAUVRES", "Quartiers Pauvres", "eiffel", None, "use",
          "At the end 1, 2, 4 or 8 for your buildings touching 1, 2, 3 or 4 board edges.",
          stamp=True),
    _card("INVALIDES", "Hôtel des Invalides", "eiffel", "Hôtel", "hotel",
          "The Hôtel (a one-space building, with a chimney) on a free space of your colour; "
          "+1 per space between it and the nearest edge.", stamp=True,
          reconstructed="its size of one space, G-14"),
    _card("NOTRE_DAME", "Notre-Dame de Paris", "eiffel", "gargoyle", "opponent_building",
          "Gargoyle on an opponent's building: both players count it in their largest "
          "complex."),
    _card("ARC", "Arc de Triomphe", "eiffel", "Arc", "arc",
          "Arc over 3 spaces in a line, both ends on free spaces of your colour; its spaces "
          "count in your largest complex.",
          reconstructed="its straight 1×3 shape, G-15"),
    _card("TOUR_EIFFEL", "Tour Eiffel", "eiffel", "Eiffel Tower", "eiffel",
          "Tower on 4 free spaces around a crossing, one a streetlight: streetlights under "
          "it count double; 2 per space of your colour under it, for each player.",
          stamp=True),
    _card("LOUVRE", "Musée du Louvre", "eiffel", "Louvre", "own_building",
          "Louvre on one of your buildings: +1 per space next to it not covered by another "
          "building.", stamp=True),
    _card("CATACOMBES", "Catacombes de Paris", "eiffel", "skull", "opponent_free",
          "Skull on a free space of the opponent's colour; if he builds on it, you get half "
          "of that building's points (rounded down).", stamp=True),
    _card("SEINE", "La Seine", "promo", None, "side",
          "Choose a board side: each player scores 3 per building of his touching it.",
          stamp=True),
    _card("LIBERTE", "La Liberté éclairant le monde", "promo", None, "quadrant",
          "Choose a quadrant: each player scores 3 per building of his fully inside, 2 per "
          "building partly inside.", stamp=True),
)
CARD_INDEX: Final = {card.id: i for i, card in enumerate(POSTCARDS)}
# COL-19, G-8 (reconstructed: which 8 cards carry the first-game star is not known):
# the 8 base cards whose effects are known, from the seed (7) and public sources (1).
FIRST_GAME_SET: Final = tuple(card.id for card in POSTCARDS if card.first_game)

# rules_version 1 (engine 0.1.0), kept so that games recorded then keep replaying:
# its first-game set held the invented streetlight card, and the annex card counted as
# an unknown card (drawn only with the old variant "provisional").
FIRST_GAME_SET_V1: Final = ("PEINTRE", "MOULIN_ROUGE", "FONTAINE", "PENSEUR",
                            "GRANDE_LUMIERE", "SACRE_COEUR", "METROPOLITAIN",
                            "BASE_STREETLIGHT")
UNKNOWN_CARDS_V1: Final = frozenset(("BASE_STREETLIGHT", "BASE_MIXED", "BASE_ANNEX",
                                     "BASE_GARDEN", "BASE_SWITCH"))

SIDES: Final = ("N", "E", "S", "W")  # board sides and statue facings (G-18)
QUADRANTS: Final = ("NW", "NE", "SW", "SE")  # COL-211
