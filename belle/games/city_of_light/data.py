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
    """One action postcard (COL-15). `target` names what its action chooses."""

    id: str
    name: str
    set: CardSet
    piece: str | None
    target: str  # see rules.TARGET_KINDS
    text: str  # a short summary shown by the renderers
    first_game: bool  # COL-19 (G-8 reconstructed for the whole set)
    provisional: bool  # G-3: a reconstructed base card whose text is unknown
    has_stamp: bool  # G-9: display only (reconstructed: cards with end-game points)
    stamp_points: int  # COL-89: added to the activator's points; 0 by default (G-9)
    provenance: Provenance


def _card(
    id_: str, name: str, set_: CardSet, piece: str | None, target: str, text: str,
    *, first: bool = False, provisional: bool = False, stamp: bool = False,
    provenance: Provenance = "seed",
) -> PostcardSpec:
    return PostcardSpec(id_, name, set_, piece, target, text, first, provisional, stamp, 0,
                        provenance)


POSTCARDS: Final[tuple[PostcardSpec, ...]] = (
    _card("PEINTRE", "Le Peintre", "base", "painter", "own_free",
          "Painter on a free space of your colour; at the end 2 per streetlight lighting "
          "his surroundings.", first=True, stamp=True, provenance="reconstructed"),
    _card("MOULIN_ROUGE", "Moulin Rouge", "base", "dancer", "own_free",
          "Dancer on a free space of your colour; at the end 1 per unbuilt space of her "
          "surroundings.", first=True, stamp=True),
    _card("FONTAINE", "Fontaine des Mers", "base", "fountain", "own_or_purple_free",
          "Fountain on a free space of your colour or purple; at the end 3 per building "
          "of yours next to it.", first=True, stamp=True),
    _card("PENSEUR", "Le Penseur", "base", "statue", "statue",
          "Statue on a free space of your colour, facing a free street space; at the end "
          "2 per free orthogonal and 1 per free diagonal street space, 0 if the front is "
          "taken.", first=True, stamp=True),
    _card("GRANDE_LUMIERE", "La Grande Lumière", "base", "large streetlight", "lamp",
          "Large streetlight on a streetlight: it lights every space of its pattern "
          "(buildings block the light).", first=True),
    _card("SACRE_COEUR", "Sacré-Cœur", "base", None, "use",
          "You lose no points for unbuilt buildings.", first=True, stamp=True,
          provenance="reconstructed"),
    _card("METROPOLITAIN", "Métropolitain", "base", None, "metro",
          "Place a building from your reserve at once; it may cover streetlights, which "
          "then go dark.", first=True, provenance="reconstructed"),
    _card("BASE_STREETLIGHT", "(unknown base card: streetlight)", "base", "streetlight",
          "own_or_purple_free",
          "Streetlight tile on a free space of your colour or purple: the space becomes a "
          "streetlight.", first=True, provisional=True, provenance="reconstructed"),
    _card("BASE_MIXED", "(unknown base card: mixed space)", "base", "mixed space",
          "colour_free",
          "Mixed tile on a free orange or blue space: the space becomes purple.",
          provisional=True, provenance="reconstructed"),
    _card("BASE_ANNEX", "(unknown base card: annex)", "base", "annex", "annex",
          "Annex on a free space of your colour or purple next to one of your buildings: "
          "that building grows by one space.", provisional=True, provenance="reconstructed"),
    _card("BASE_GARDEN", "(unknown base card: botanical garden)", "base",
          "botanical garden", "own_free",
          "Garden on a free space of your colour; at the end 2 per building of yours next "
          "to it.", provisional=True, stamp=True, provenance="reconstructed"),
    _card("BASE_SWITCH", "(unknown base card: switch)", "base", None, "swap",
          "Exchange a building of your reserve for one of the supply.",
          provisional=True, provenance="reconstructed"),
    _card("OBELISQUE", "Obélisque de Louxor", "eiffel", "obelisk", "own_free",
          "Obelisk on a space of your colour; at the end each player scores 2 per building "
          "of his in its row or column.", stamp=True),
    _card("QUARTIERS_PAUVRES", "Quartiers Pauvres", "eiffel", None, "use",
          "At the end 1, 2, 4 or 8 for your buildings touching 1, 2, 3 or 4 board edges.",
          stamp=True),
    _card("INVALIDES", "Hôtel des Invalides", "eiffel", "Hôtel", "hotel",
          "The Hôtel (a one-space building, with a chimney) on a free space of your colour; "
          "+1 per space between it and the nearest edge.", stamp=True),
    _card("NOTRE_DAME", "Notre-Dame de Paris", "eiffel", "gargoyle", "opponent_building",
          "Gargoyle on an opponent's building: both players count it in their largest "
          "complex."),
    _card("ARC", "Arc de Triomphe", "eiffel", "Arc", "arc",
          "Arc over 3 spaces in a line, both ends on free spaces of your colour; its spaces "
          "count in your largest complex."),
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
FIRST_GAME_SET: Final = tuple(card.id for card in POSTCARDS if card.first_game)

SIDES: Final = ("N", "E", "S", "W")  # board sides and statue facings (G-18)
QUADRANTS: Final = ("NW", "NE", "SW", "SE")  # COL-211
