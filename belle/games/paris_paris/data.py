"""Paris Paris: the bus network of Paris, the line and player colours, the counts.

Pure data, no logic: rules.py derives the crossings, neighbours and the 60-card deck
(P-4) from LINES, so correcting a route here corrects the deck and the scoring too.

Provenance tags (shared/rules/paris_paris.md, sections 3 and 5):

- ``seed``: stated by the seed rulebook (shared/seeds/paris_paris.fr.txt).
- ``public``: from reviews and rules summaries, not the seed.
- ``derived``: follows from seed or public facts by arithmetic or logic.
- ``reconstructed``: nobody tells us; our reconstruction (gaps P-1 to P-9). An owner of
  the box should check these first and correct them here, in this one file
  (the full list is in docs/games/paris_paris.md, "Reconstructions").
- ``withdrawn``: an earlier reconstruction found wrong; kept only so that records of the
  engines that used it replay under their own rules (rules revision 1, before 0.2.0).
"""

from dataclasses import dataclass
from typing import Final, Literal

Provenance = Literal["seed", "public", "derived", "reconstructed", "withdrawn"]


@dataclass(frozen=True, slots=True)
class LineSpec:
    """One bus line: its colour and its 7 stops in route order (PP-2, PP-4)."""

    colour: str  # notation name: green, blue, red, orange, brown
    letter: str  # one-letter code
    css: str  # display colour in the browser
    ansi: str  # Rich colour for the terminal
    stops: tuple[str, ...]  # stop ids, terminus to terminus
    provenance: Provenance  # of the colour and the route


@dataclass(frozen=True, slots=True)
class StopSpec:
    """One stop of the map: id, printed name, map position (P-5)."""

    id: str  # three-letter code used in notation
    name: str
    x: int  # schematic map, 0..1000 west to east
    y: int  # 0..760 north to south
    provenance: Provenance  # of the name


@dataclass(frozen=True, slots=True)
class PlayerColour:
    """A player's shop colour (P-6)."""

    name: str
    css: str
    ansi: str
    provenance: Provenance


# P-1: 25 stops. Eight names are in the seed, four in public sources, the other 13 are
# Paris landmarks placed where they really are (reconstructed). Coordinates (P-5) are
# a schematic map with the real relative positions (north up, the Seine through the
# middle); geometry has no effect on the rules.
STOPS: Final[tuple[StopSpec, ...]] = (
    StopSpec("SCO", "Sacré-Cœur", 575, 50, "reconstructed"),
    StopSpec("CLI", "Clichy", 300, 60, "reconstructed"),
    StopSpec("MMA", "Montmartre", 465, 150, "seed"),
    StopSpec("REP", "République", 850, 175, "reconstructed"),
    StopSpec("GDE", "Gare de l'Est", 730, 105, "reconstructed"),
    StopSpec("OPE", "Opéra", 360, 255, "public"),
    StopSpec("SNI", "St-Nicolas", 740, 230, "seed"),
    StopSpec("POM", "Pompidou", 620, 300, "seed"),
    StopSpec("HAL", "Les Halles", 500, 345, "public"),
    StopSpec("TRO", "Trocadéro", 70, 340, "reconstructed"),
    StopSpec("HDV", "Hôtel de Ville", 660, 420, "seed"),
    StopSpec("PNF", "Pont Neuf", 480, 450, "seed"),
    StopSpec("INV", "Invalides", 220, 440, "reconstructed"),
    StopSpec("TEI", "Tour Eiffel", 80, 530, "reconstructed"),
    StopSpec("NDA", "Notre-Dame", 700, 500, "seed"),
    StopSpec("SGE", "Saint-Germain", 350, 530, "reconstructed"),
    StopSpec("ODE", "Odéon", 470, 575, "public"),
    StopSpec("QLA", "Quartier Latin", 650, 600, "seed"),
    StopSpec("LUX", "Luxembourg", 560, 660, "seed"),
    StopSpec("SSU", "Saint-Sulpice", 400, 660, "reconstructed"),
    StopSpec("VAU", "Vaugirard", 170, 690, "reconstructed"),
    StopSpec("MPA", "Montparnasse", 300, 730, "public"),
    StopSpec("JDP", "Jardin des Plantes", 810, 590, "reconstructed"),
    StopSpec("GDL", "Gare de Lyon", 930, 470, "reconstructed"),
    StopSpec("AUS", "Gare d'Austerlitz", 900, 700, "reconstructed"),
)

# P-2, P-3: 5 lines of 7 stops (PP-3, PP-4 public), 4 crossings each (PP-7 public), every
# pair of lines crossing exactly once. Green's crossings are the seed's example
# (Montmartre, Pompidou, Hôtel de Ville, Quartier Latin); every statement of both seed
# examples holds literally on this network (issue 14 item 4, rules P-3, section 6):
# - Montmartre's neighbours are empty in the green-line example ("les emplacements
#   voisins sont vides") while the other three crossings hold shops, so Montmartre sits
#   between the terminus and green's one ordinary stop;
# - purple's shops at Hôtel de Ville (2 points) and Quartier Latin ("un autre") earn
#   each other nothing, so Pompidou lies between them;
# - St-Nicolas and Pont Neuf, yellow's two neighbours of Pompidou, are on its other line;
# - Notre-Dame is no crossing and not next to Montmartre (a grey shop there scores
#   nothing); Luxembourg is an ordinary stop between two crossings at equal distance.
# Those statements force green's order up to its mirror image (T, Montmartre, ordinary,
# Hôtel de Ville, Pompidou, Quartier Latin, T); the names of its terminus and ordinary
# stop, and every other route, are reconstructed (rules section 5, P-3 default).
LINES: Final[tuple[LineSpec, ...]] = (
    LineSpec("green", "G", "#2e8b3a", "green3",
             ("SCO", "MMA", "GDE", "HDV", "POM", "QLA", "NDA"), "reconstructed"),
    LineSpec("blue", "B", "#1f63c6", "dodger_blue2",
             ("REP", "SNI", "POM", "PNF", "SGE", "INV", "TEI"), "reconstructed"),
    LineSpec("red", "R", "#d2302c", "red3",
             ("CLI", "MMA", "OPE", "PNF", "ODE", "SSU", "VAU"), "reconstructed"),
    LineSpec("orange", "O", "#f08a1c", "dark_orange",
             ("TRO", "INV", "OPE", "HAL", "HDV", "JDP", "GDL"), "reconstructed"),
    LineSpec("brown", "N", "#8a5a2b", "orange4",
             ("MPA", "SGE", "ODE", "LUX", "QLA", "JDP", "AUS"), "reconstructed"),
)

# Rules revision 1 (engines before 0.2.0): the first reconstruction put Montmartre next
# to Pompidou on the green line, against the seed's example. Withdrawn; kept so that
# records of those engines replay under the network they were played on.
WITHDRAWN_STOPS: Final[tuple[StopSpec, ...]] = (
    StopSpec("PAN", "Panthéon", 690, 720, "withdrawn"),
)
REVISION_1_ROUTES: Final[dict[str, tuple[str, ...]]] = {
    "green": ("SCO", "MMA", "POM", "HDV", "NDA", "QLA", "PAN"),
    "blue": ("REP", "SNI", "POM", "PNF", "SGE", "INV", "TEI"),
    "red": ("CLI", "MMA", "OPE", "PNF", "ODE", "SSU", "VAU"),
    "orange": ("TRO", "INV", "OPE", "HAL", "HDV", "JDP", "GDL"),
    "brown": ("MPA", "SGE", "ODE", "LUX", "QLA", "JDP", "AUS"),
}

# P-6: the seed's examples name these four shop colours; seat i plays colour i.
PLAYER_COLOURS: Final[tuple[PlayerColour, ...]] = (
    PlayerColour("green", "#3fae49", "bright_green", "seed"),
    PlayerColour("grey", "#8d8d8d", "grey62", "seed"),
    PlayerColour("purple", "#8e44ad", "medium_purple1", "seed"),
    PlayerColour("yellow", "#f2c616", "yellow1", "seed"),
)

MIN_PLAYERS: Final = 2  # PP-1, seed
MAX_PLAYERS: Final = 4  # PP-1, seed
ROUNDS: Final[dict[int, int]] = {2: 20, 3: 15, 4: 12}  # PP-20, seed
CAPACITY_CROSSING: Final = 2  # PP-27, seed
CAPACITY_OTHER: Final = 1  # PP-27, seed
SHOPS_PER_PLAYER: Final = 19  # PP-12, public: 20 minus the score marker (P-8)
DECK_SIZE: Final = 60  # PP-11, derived and public; rules.py checks the derived deck
SMALL_EXCURSION_POINTS: Final = 1  # PP-38, seed
CROSSING_SHOP_POINTS: Final = 1  # PP-50, seed
ADJACENT_SHOP_POINTS: Final = 1  # PP-51, seed
BAG_POINTS_PER_SHOP: Final = 1  # PP-62, seed
BAG_MIN_PLAYERS: Final = 3  # PP-64, seed: no bag scoring with 2 players
