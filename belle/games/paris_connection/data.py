"""Paris Connection: the map of France, the six companies and the component counts.

Pure data, no logic: the engine (rules.py) builds adjacency, the cut-off test and the
Marseille check from these tables, so correcting a value here corrects it everywhere.

Provenance tags (rules reference, section 3 and 4):

- ``seed``: stated by the seed rulebook.
- ``public``: from reviews and rules summaries, not the seed.
- ``reconstructed``: the seed and the public sources are silent (gaps G-1 to G-7);
  the value is our reconstruction. An owner of the physical board should check these
  first, and can correct them here, in this one file (docs/games/paris_connection.md).

The whole map is reconstructed (G-1 to G-5): the hex grid, the cities and their colours,
Marseille's position, the Eiffel Tower and start hexes, and the checkered edges. Each
HexSpec's tag covers its position, kind and value. What is known about the map is in the
comments: one Eiffel Tower hex ringed by six start hexes (PC-4, PC-5, seed), city colours
worth 1 to 4 (PC-7, public), Marseille the only blue city (PC-8, public), and Nîmes and
Béziers, not Montpellier, on the board (G-2, public; PUBLIC_CITY_NAMES). Which colour
starts on which start hex is drawn at setup (PC-19, public), so it is not map data.

Coordinates are axial ``(q, r)`` on pointy-top hexes; ``r`` grows southward. The
neighbours of ``(q, r)`` are ``(q+1, r)``, ``(q-1, r)``, ``(q, r+1)``, ``(q, r-1)``,
``(q+1, r-1)`` and ``(q-1, r+1)``; a neighbour across a BLOCKED_EDGES entry is not
adjacent (PC-39). Drawn on paper, odd rows sit half a hex to the right and the column is
``q + (r - (r & 1)) // 2`` (0 = the far west, Brest; 13 = Strasbourg).
"""

from dataclasses import dataclass
from typing import Final, Literal

Provenance = Literal["seed", "public", "reconstructed"]
HexKind = Literal["rural", "city", "eiffel", "start"]


@dataclass(frozen=True, slots=True)
class CompanySpec:
    """One railway company: one locomotive colour (PC-10)."""

    id: str  # "C1".."C6", neutral ids (G-6)
    name: str  # display name
    letter: str  # one-letter notation; N = brown (B is blue)
    css: str  # display colour for the browser
    ansi: str  # Rich colour name for the terminal
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class HexSpec:
    """One playable hex. Sea and foreign land are absent hexes (G-1)."""

    q: int
    r: int
    kind: HexKind
    value: int  # 0 rural/eiffel/start, 1 beige, 2 purple, 3 red, 4 blue (PC-7)
    name: str | None  # city name; "Paris" on the Eiffel hex; None for rural and start
    provenance: Provenance


# Six colours is seed (PC-10). The colour set red, blue, black, brown, yellow, purple is
# public: three public sources agree (G-6). Which company starts on which start hex is not
# map data: it is drawn at random at setup (PC-19, G-4; state.py). The display colours keep
# the trains apart from the city colours, which the renderers draw as rings.
COMPANIES: Final[tuple[CompanySpec, ...]] = (
    CompanySpec("C1", "red", "R", "#c62828", "red3", "public"),
    CompanySpec("C2", "blue", "B", "#1565c0", "dodger_blue2", "public"),
    CompanySpec("C3", "yellow", "Y", "#f9a825", "gold1", "public"),
    CompanySpec("C4", "black", "K", "#212121", "grey50", "public"),
    CompanySpec("C5", "purple", "P", "#6a1b9a", "purple", "public"),
    CompanySpec("C6", "brown", "N", "#6d4c41", "orange4", "public"),
)

# The map (G-1 to G-5), reconstructed. 138 hexes: 100 rural, 31 cities (13 beige,
# 9 purple, 8 red, 1 blue), the Eiffel Tower hex and its 6 start hexes. Scale: one hex is
# about 70 km; France is 14 hexes across and 14 rows high. Known from public sources: the
# printed board has Nîmes and Béziers and no Montpellier (G-2); their hexes and colours
# are ours.
#
# The Eiffel Tower (Paris) is (6, 3). Its six neighbours are the start hexes, S1 to S6
# clockwise from the north-east (G-4): S1 (7, 2) NE, S2 (7, 3) E, S3 (6, 4) SE,
# S4 (5, 4) SW, S5 (5, 3) W, S6 (6, 2) NW. The start hexes carry no company: the six
# colours are drawn onto them at setup, S1 first (PC-19). Each start hex borders at most
# one city and at least two rural hexes, so every company has two ways out (G-4).
#
# Marseille (4, 13) is 10 hexes from the nearest start hexes (S2, S3), by the Saône to
# Lyon, then down the Rhône or the Durance. Closing the shorter ways in turn: 11 across
# the Massif Central, 12 through Savoy and the high Alps, 13 by the western route past
# Limoges, Toulouse, Béziers and Nîmes (G-3).
#
# Sketch: row r, then the q of the row's first hex; odd rows sit half a hex to the right.
# Cities are a code and their value (MAR4 = Marseille, blue), EIF the Eiffel Tower,
# S1..S6 the start hexes, "." a rural hex. Checkered edges: "|" between two hexes of a
# row, "\" and "/" between rows. The gap in row 13 is the Gulf of Lion.
#
#  0   7                                            AMI1    .   LIL2
#
#  1   3                         .  |HAV2    .     .     .     .     .   CHA1
#                                    \
#  2   2                      .     .     .   ROU1    S6    S1  REI1    .     .   MET2    .
#
#  3  -1       .     .     .     .   CAE1    .     S5   EIF    S2    .     .     .     .   STR3
#                                                                                        /
#  4  -2  BRE3    .     .   REN2    .     .     .     S4    S3    .   TRO1    .   NAN2 |  .
#                                                                                     /
#  5  -2       .     .     .     .   LEM1    .     .   ORL1    .     .     .     .     .
#                      / \
#  6  -1                .   NTS2    .     .   TOU1    .     .   AUX1    .   DIJ2    .
#                                                                               /
#  7  -1                   .     .   POI2    .     .   BOU1    .     .     .  |  .
#                                                          / \   / \   /     /
#  8   0                            .     .   LIM2    .     .     .   LYO3    .     .
#
#  9   0                               .     .     .     .   CLE1    .     .     .  |  .
#                                                                      /           /
# 10  -1                          BDX3    .     .     .     .     .  |  .   GRE1 |  .
#                                                                   /
# 11  -1                               .     .     .     .     .  |  .     .     .
#                                                          /     /
# 12  -2                            .     .   TLS3    .  |  .   NIM3    .     .     .   NIC3
#                                           / \   /       \
# 13  -3                         .     .     .     .   BEZ3    .         MAR4    .     .
HEXES: Final[tuple[HexSpec, ...]] = (
    # r=0: Flanders and Picardy
    HexSpec(7, 0, "city", 1, "Amiens", "reconstructed"),  # beige
    HexSpec(8, 0, "rural", 0, None, "reconstructed"),
    HexSpec(9, 0, "city", 2, "Lille", "reconstructed"),  # purple
    # r=1: Cotentin tip, Pays de Caux, Picardy, Ardennes
    HexSpec(3, 1, "rural", 0, None, "reconstructed"),
    HexSpec(4, 1, "city", 2, "Le Havre", "reconstructed"),  # purple
    HexSpec(5, 1, "rural", 0, None, "reconstructed"),
    HexSpec(6, 1, "rural", 0, None, "reconstructed"),
    HexSpec(7, 1, "rural", 0, None, "reconstructed"),
    HexSpec(8, 1, "rural", 0, None, "reconstructed"),
    HexSpec(9, 1, "rural", 0, None, "reconstructed"),
    HexSpec(10, 1, "city", 1, "Charleville-Mézières", "reconstructed"),
    # r=2: Normandy, Vexin, Champagne, Lorraine
    HexSpec(2, 2, "rural", 0, None, "reconstructed"),
    HexSpec(3, 2, "rural", 0, None, "reconstructed"),
    HexSpec(4, 2, "rural", 0, None, "reconstructed"),
    HexSpec(5, 2, "city", 1, "Rouen", "reconstructed"),  # beige
    HexSpec(6, 2, "start", 0, None, "reconstructed"),  # S6, north-west
    HexSpec(7, 2, "start", 0, None, "reconstructed"),  # S1, north-east
    HexSpec(8, 2, "city", 1, "Reims", "reconstructed"),  # beige
    HexSpec(9, 2, "rural", 0, None, "reconstructed"),
    HexSpec(10, 2, "rural", 0, None, "reconstructed"),
    HexSpec(11, 2, "city", 2, "Metz", "reconstructed"),  # purple
    HexSpec(12, 2, "rural", 0, None, "reconstructed"),
    # r=3: north Brittany, Normandy, Paris, Champagne, Lorraine, Alsace
    HexSpec(-1, 3, "rural", 0, None, "reconstructed"),
    HexSpec(0, 3, "rural", 0, None, "reconstructed"),
    HexSpec(1, 3, "rural", 0, None, "reconstructed"),
    HexSpec(2, 3, "rural", 0, None, "reconstructed"),
    HexSpec(3, 3, "city", 1, "Caen", "reconstructed"),  # beige
    HexSpec(4, 3, "rural", 0, None, "reconstructed"),
    HexSpec(5, 3, "start", 0, None, "reconstructed"),  # S5, west
    HexSpec(6, 3, "eiffel", 0, "Paris", "reconstructed"),
    HexSpec(7, 3, "start", 0, None, "reconstructed"),  # S2, east
    HexSpec(8, 3, "rural", 0, None, "reconstructed"),
    HexSpec(9, 3, "rural", 0, None, "reconstructed"),
    HexSpec(10, 3, "rural", 0, None, "reconstructed"),
    HexSpec(11, 3, "rural", 0, None, "reconstructed"),
    HexSpec(12, 3, "city", 3, "Strasbourg", "reconstructed"),  # red
    # r=4: Finistère, Brittany, Maine, Beauce, Champagne, Vosges, Alsace
    HexSpec(-2, 4, "city", 3, "Brest", "reconstructed"),  # red
    HexSpec(-1, 4, "rural", 0, None, "reconstructed"),
    HexSpec(0, 4, "rural", 0, None, "reconstructed"),
    HexSpec(1, 4, "city", 2, "Rennes", "reconstructed"),  # purple
    HexSpec(2, 4, "rural", 0, None, "reconstructed"),
    HexSpec(3, 4, "rural", 0, None, "reconstructed"),
    HexSpec(4, 4, "rural", 0, None, "reconstructed"),
    HexSpec(5, 4, "start", 0, None, "reconstructed"),  # S4, south-west
    HexSpec(6, 4, "start", 0, None, "reconstructed"),  # S3, south-east
    HexSpec(7, 4, "rural", 0, None, "reconstructed"),
    HexSpec(8, 4, "city", 1, "Troyes", "reconstructed"),  # beige
    HexSpec(9, 4, "rural", 0, None, "reconstructed"),
    HexSpec(10, 4, "city", 2, "Nancy", "reconstructed"),  # purple
    HexSpec(11, 4, "rural", 0, None, "reconstructed"),
    # r=5: south Brittany, Maine, Orléanais, Burgundy, Franche-Comté
    HexSpec(-2, 5, "rural", 0, None, "reconstructed"),
    HexSpec(-1, 5, "rural", 0, None, "reconstructed"),
    HexSpec(0, 5, "rural", 0, None, "reconstructed"),
    HexSpec(1, 5, "rural", 0, None, "reconstructed"),
    HexSpec(2, 5, "city", 1, "Le Mans", "reconstructed"),  # beige
    HexSpec(3, 5, "rural", 0, None, "reconstructed"),
    HexSpec(4, 5, "rural", 0, None, "reconstructed"),
    HexSpec(5, 5, "city", 1, "Orléans", "reconstructed"),  # beige
    HexSpec(6, 5, "rural", 0, None, "reconstructed"),
    HexSpec(7, 5, "rural", 0, None, "reconstructed"),
    HexSpec(8, 5, "rural", 0, None, "reconstructed"),
    HexSpec(9, 5, "rural", 0, None, "reconstructed"),
    HexSpec(10, 5, "rural", 0, None, "reconstructed"),
    # r=6: Loire estuary, Touraine, Nivernais, Burgundy, Haut-Doubs
    HexSpec(-1, 6, "rural", 0, None, "reconstructed"),
    HexSpec(0, 6, "city", 2, "Nantes", "reconstructed"),  # purple
    HexSpec(1, 6, "rural", 0, None, "reconstructed"),
    HexSpec(2, 6, "rural", 0, None, "reconstructed"),
    HexSpec(3, 6, "city", 1, "Tours", "reconstructed"),  # beige
    HexSpec(4, 6, "rural", 0, None, "reconstructed"),
    HexSpec(5, 6, "rural", 0, None, "reconstructed"),
    HexSpec(6, 6, "city", 1, "Auxerre", "reconstructed"),  # beige
    HexSpec(7, 6, "rural", 0, None, "reconstructed"),
    HexSpec(8, 6, "city", 2, "Dijon", "reconstructed"),  # purple
    HexSpec(9, 6, "rural", 0, None, "reconstructed"),
    # r=7: Vendée, Poitou, Berry, Charolais, Bresse, Jura
    HexSpec(-1, 7, "rural", 0, None, "reconstructed"),
    HexSpec(0, 7, "rural", 0, None, "reconstructed"),
    HexSpec(1, 7, "city", 2, "Poitiers", "reconstructed"),  # purple
    HexSpec(2, 7, "rural", 0, None, "reconstructed"),
    HexSpec(3, 7, "rural", 0, None, "reconstructed"),
    HexSpec(4, 7, "city", 1, "Bourges", "reconstructed"),  # beige
    HexSpec(5, 7, "rural", 0, None, "reconstructed"),
    HexSpec(6, 7, "rural", 0, None, "reconstructed"),
    HexSpec(7, 7, "rural", 0, None, "reconstructed"),
    HexSpec(8, 7, "rural", 0, None, "reconstructed"),
    # r=8: Aunis, Limousin, Combrailles, Forez, Lyon, Savoy
    HexSpec(0, 8, "rural", 0, None, "reconstructed"),
    HexSpec(1, 8, "rural", 0, None, "reconstructed"),
    HexSpec(2, 8, "city", 2, "Limoges", "reconstructed"),  # purple
    HexSpec(3, 8, "rural", 0, None, "reconstructed"),
    HexSpec(4, 8, "rural", 0, None, "reconstructed"),
    HexSpec(5, 8, "rural", 0, None, "reconstructed"),
    HexSpec(6, 8, "city", 3, "Lyon", "reconstructed"),  # red
    HexSpec(7, 8, "rural", 0, None, "reconstructed"),
    HexSpec(8, 8, "rural", 0, None, "reconstructed"),
    # r=9: Saintonge, Limousin, Auvergne, Forez, Dauphiné, Savoy Alps
    HexSpec(0, 9, "rural", 0, None, "reconstructed"),
    HexSpec(1, 9, "rural", 0, None, "reconstructed"),
    HexSpec(2, 9, "rural", 0, None, "reconstructed"),
    HexSpec(3, 9, "rural", 0, None, "reconstructed"),
    HexSpec(4, 9, "city", 1, "Clermont-Ferrand", "reconstructed"),  # beige
    HexSpec(5, 9, "rural", 0, None, "reconstructed"),
    HexSpec(6, 9, "rural", 0, None, "reconstructed"),
    HexSpec(7, 9, "rural", 0, None, "reconstructed"),
    HexSpec(8, 9, "rural", 0, None, "reconstructed"),
    # r=10: Bordeaux, Périgord, Cantal, Velay, Rhône valley, Dauphiné Alps
    HexSpec(-1, 10, "city", 3, "Bordeaux", "reconstructed"),  # red
    HexSpec(0, 10, "rural", 0, None, "reconstructed"),
    HexSpec(1, 10, "rural", 0, None, "reconstructed"),
    HexSpec(2, 10, "rural", 0, None, "reconstructed"),
    HexSpec(3, 10, "rural", 0, None, "reconstructed"),
    HexSpec(4, 10, "rural", 0, None, "reconstructed"),
    HexSpec(5, 10, "rural", 0, None, "reconstructed"),
    HexSpec(6, 10, "city", 1, "Grenoble", "reconstructed"),  # beige
    HexSpec(7, 10, "rural", 0, None, "reconstructed"),
    # r=11: Landes, Agenais, Quercy, Rouergue, Gévaudan, Vivarais, Provence Alps
    HexSpec(-1, 11, "rural", 0, None, "reconstructed"),
    HexSpec(0, 11, "rural", 0, None, "reconstructed"),
    HexSpec(1, 11, "rural", 0, None, "reconstructed"),
    HexSpec(2, 11, "rural", 0, None, "reconstructed"),
    HexSpec(3, 11, "rural", 0, None, "reconstructed"),
    HexSpec(4, 11, "rural", 0, None, "reconstructed"),
    HexSpec(5, 11, "rural", 0, None, "reconstructed"),
    HexSpec(6, 11, "rural", 0, None, "reconstructed"),
    # r=12: Gascony, Toulouse, Causses, Languedoc, Provence, Nice
    HexSpec(-2, 12, "rural", 0, None, "reconstructed"),
    HexSpec(-1, 12, "rural", 0, None, "reconstructed"),
    HexSpec(0, 12, "city", 3, "Toulouse", "reconstructed"),  # red
    HexSpec(1, 12, "rural", 0, None, "reconstructed"),
    HexSpec(2, 12, "rural", 0, None, "reconstructed"),
    # Nîmes, not Montpellier, is on the printed board (public sources, G-2); the name is
    # public, the position (Nîmes's true place) and the colour (red, G-2) reconstructed.
    HexSpec(3, 12, "city", 3, "Nîmes", "reconstructed"),  # red
    HexSpec(4, 12, "rural", 0, None, "reconstructed"),
    HexSpec(5, 12, "rural", 0, None, "reconstructed"),
    HexSpec(6, 12, "rural", 0, None, "reconstructed"),
    HexSpec(7, 12, "city", 3, "Nice", "reconstructed"),  # red
    # r=13: Basque coast, Pyrenees foothills, Carcassonne, Béziers, Narbonne; (Gulf of Lion);
    # Marseille, Var
    HexSpec(-3, 13, "rural", 0, None, "reconstructed"),
    HexSpec(-2, 13, "rural", 0, None, "reconstructed"),
    HexSpec(-1, 13, "rural", 0, None, "reconstructed"),
    HexSpec(0, 13, "rural", 0, None, "reconstructed"),
    # Béziers is on the printed board (public sources, G-2); the name is public, the
    # position (near its true place, two hexes south-west of Nîmes, with a rural hex
    # between them) and the colour (red, G-2) reconstructed.
    HexSpec(1, 13, "city", 3, "Béziers", "reconstructed"),  # red
    HexSpec(2, 13, "rural", 0, None, "reconstructed"),
    HexSpec(4, 13, "city", 4, "Marseille", "reconstructed"),  # blue (PC-8)
    HexSpec(5, 13, "rural", 0, None, "reconstructed"),
    HexSpec(6, 13, "rural", 0, None, "reconstructed"),
)

# Cities whose presence on the printed board public sources confirm (G-2, G-3): Marseille
# (the blue city, PC-8), Nîmes and Béziers (and, by the same sources, no Montpellier). Only
# the names are public; every hex position above is reconstructed.
PUBLIC_CITY_NAMES: Final[frozenset[str]] = frozenset({"Marseille", "Nîmes", "Béziers"})

# Checkered edges (PC-6, PC-39, G-5), all reconstructed: 29 edges in 9 short runs, one per
# natural barrier. Each entry is a pair of neighbouring hexes; order does not matter.
BLOCKED_EDGES: Final[tuple[tuple[tuple[int, int], tuple[int, int]], ...]] = (
    # Baie de Seine: no crossing from the Cotentin or the Calvados coast to Le Havre
    ((3, 1), (4, 1)),
    ((4, 1), (3, 2)),
    # Loire estuary: no crossing below Nantes
    ((-1, 5), (-1, 6)),
    ((0, 5), (-1, 6)),
    # Vosges: Lorraine and Alsace meet only at the Saverne gap and the Belfort gap
    ((11, 3), (11, 4)),
    ((10, 4), (11, 4)),
    ((10, 4), (10, 5)),
    # Jura: no way up from the Saône plain and the Bresse into the Jura heights
    ((8, 6), (8, 7)),
    ((7, 7), (8, 7)),
    ((7, 7), (7, 8)),
    # Massif Central, northern rim: Combrailles, Bourbonnais, Charolais
    ((4, 7), (4, 8)),
    ((5, 7), (4, 8)),
    ((5, 7), (5, 8)),
    ((6, 7), (5, 8)),
    ((6, 7), (6, 8)),
    # Massif Central, eastern rim: Vivarais and Cévennes above the Rhône
    ((5, 9), (5, 10)),
    ((4, 10), (5, 10)),
    ((4, 10), (4, 11)),
    ((3, 11), (4, 11)),
    ((3, 11), (3, 12)),
    # Montagne Noire, the Massif's south-western rim: Toulouse to the sea is via Carcassonne
    ((2, 11), (2, 12)),
    ((1, 12), (2, 12)),
    ((2, 12), (1, 13)),
    # Alps: Vanoise and Écrins, no crossing east of Chambéry and Grenoble
    ((7, 9), (8, 9)),
    ((7, 9), (7, 10)),
    ((6, 10), (7, 10)),
    # Pyrenees: the foothills south of Toulouse, entered from the Béarn or the Lauragais
    ((-1, 12), (-1, 13)),
    ((0, 12), (-1, 13)),
    ((0, 12), (0, 13)),
)
BLOCKED_EDGES_PROVENANCE: Final[Provenance] = "reconstructed"

# PC-7, public: the city colours and what each is worth.
CITY_VALUE_NAMES: Final[dict[int, str]] = {1: "beige", 2: "purple", 3: "red", 4: "blue"}
LOCOMOTIVES_PER_COMPANY: Final[int] = 33  # PC-10, seed: 198 locomotives in 6 colours
LOCOMOTIVES_INTO_BAG_PER_COMPANY: Final[int] = 31  # PC-22, seed: 33 less start hex and marker
DRAWN_PER_PLAYER: Final[dict[int, int]] = {3: 10, 4: 8, 5: 6, 6: 5}  # PC-23 seed; 6: PC-24 public
PORTFOLIO_LIMIT: Final[dict[int, int]] = {3: 20, 4: 15, 5: 12, 6: 10}  # PC-56, seed
EXCESS_PENALTY: Final[int] = 20  # PC-64, seed: points lost per locomotive over the limit
MAX_BUILD: Final[int] = 5  # PC-31, seed: locomotives per build action
# PC-71, reconstructed (the seed has no such ending): the game ends once this many rounds
# pass in which no locomotive left the storage boards (only one-for-one trades). Ten is
# the most that keeps every game within 20,000 actions (docs/games/paris_connection.md,
# "Games that end"), far above the longest run of such trades in greedy games.
STALL_ROUNDS: Final[int] = 10
VALUE_TRACK_MAX: Final[int] = 30  # PC-9, public (medium confidence), G-7: display only
