"""Bruxelles 1893: every number of the game as plain tables, each tagged with provenance.

Pure data, no logic. Provenance tags (shared/rules/bruxelles_1893.md, section 3):

- ``seed``: stated by the seed rulebook (the Spanish text we were given);
- ``public``: from published reviews and descriptions, not the seed;
- ``reconstructed``: given by neither (gaps G-1 .. G-22); our most plausible value.

An owner of the physical box corrects a value here, in this one file; the list of
reconstructions is in docs/games/bruxelles_1893.md. Indices used everywhere:

- Art Nouveau board: space = (row - 1) * 5 + (col - 1), row 1 at the top (next to the
  Brussels board's edge), row 5 at the bottom next to the bonus strip (BRX-11, G-17).
- Shields: shield = (r - 1) * 4 + (c - 1) for r, c in 1..4 (BRX-10).
- Compass spaces 0..5 clockwise (spaces 1..6 of the rules, table 3.6).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

Provenance = Literal["seed", "public", "reconstructed"]

ROUNDS: Final = 5  # BRX-1, seed
ROWS: Final = 5  # BRX-7, public
COLS: Final = 5
SPACES: Final = ROWS * COLS

# -- Art Nouveau actions (BRX-8) ---------------------------------------------
WORKSHOP, SALE, THEATRE, MATERIALS, CONSTRUCTION = range(5)
AN_ACTIONS: Final = ("workshop", "sale", "theatre", "materials", "construction")  # seed
AN_LETTERS: Final = "WSTMC"

# Strip contents left to right (table 3.7): all reconstructed (G-17). The basic
# strips are cyclic shifts, so every column holds every action in any order (BRX-8).
STRIPS_BASIC: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(AN_LETTERS.index(ch) for ch in row)
    for row in ("WSTMC", "STMCW", "TMCWS", "MCWST", "CWSTM")
)
STRIPS_EXPERT: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(AN_LETTERS.index(ch) for ch in row)
    for row in ("WSTMC", "WTSCM", "SWMTC", "TMCSW", "CMWTS")
)
STRIPS_PROVENANCE: Final[Provenance] = "reconstructed"

# -- works of art (BRX-18, G-2) -----------------------------------------------
BLUE, RED, YELLOW, GREEN, BLACK = range(5)
ART_COLOURS: Final = ("blue", "red", "yellow", "green", "black")
ART_CSS: Final = ("#2f6db5", "#c0392b", "#e5b626", "#3f9a4a", "#222222")
COLOURED: Final = (BLUE, RED, YELLOW, GREEN)
ART_PER_COLOUR: Final = 6  # 30 tokens in five colours: seed; 6 each reconstructed

# -- materials (BRX-13..15, G-20) -------------------------------------------
WOOD, STONE, IRON = range(3)
MATERIALS_NAMES: Final = ("wood", "stone", "iron")
MATERIAL_SUPPLY: Final = 10  # per kind; 30 cubes is seed, 10 each reconstructed
JOKER_SUPPLY: Final = 15  # BRX-14, public

# -- the compass (BRX-130..140, table 3.6, G-3) --------------------------------
C_WOOD, C_STONE, C_IRON, C_MONEY, C_ANY, C_EMPTY = range(6)
COMPASS_TILES: Final = ("wood", "stone", "iron", "money", "any", "empty")
COMPASS_PROVENANCE: Final = {
    "any": "seed", "empty": "seed", "money": "seed",
    "wood": "reconstructed", "stone": "reconstructed", "iron": "reconstructed",
}
BF_PER_MONEY_UNIT: Final = 3  # BRX-138, seed (a joker replaces 3 BF)
NEEDLE_START: Final = (0, 3)  # BRX-39: opposite spaces 1 and 4, reconstructed
# The first-game layout (option first_game_compass): a fixed, printed-style order
# instead of a random one; reconstructed. Needles start on wood and "any".
FIRST_GAME_COMPASS: Final = (C_WOOD, C_MONEY, C_STONE, C_ANY, C_IRON, C_EMPTY)

# Payment kinds for a construction unit (Pay actions).
P_WOOD, P_STONE, P_IRON, P_MONEY, P_JOKER = range(5)
PAY_NAMES: Final = ("wood", "stone", "iron", "bf", "joker")

# -- construction (BRX-105..117, table 3.4, seed) -----------------------------
TILE_COST: Final = (2, 2, 3, 3, 4, 4)  # by tile number built (bottom, middle, top)
TOP_TILE_VP: Final = 5
NO_JOKER_VP: Final = 5
TILES: Final = 6

# -- workshop grid and cursor (BRX-77..86, table 3.8, G-1) ---------------------
GRID: Final = 7
MONEY_BY_ROW: Final = (6, 5, 4, 3, 4, 5, 6)  # reconstructed (V-shaped)
VP_BY_COL: Final = (5, 4, 3, 2, 3, 4, 5)  # reconstructed
CURSOR_START: Final = (4, 4)  # seed (centre); 1-based cell of the cursor centre
# Offset (drow, dcol) of each colour's point from the cursor centre: corners public,
# which colour on which corner and black in the centre reconstructed (BRX-82).
CURSOR_POINTS: Final = ((-1, -1), (-1, 1), (1, -1), (1, 1), (0, 0))
SHOP_FIRST_SALES: Final = 2  # BRX-84, seed

# -- tracks (table 3.9, G-9): values per space, all start on space 1 (seed) ----
ARCHITECT_TRACK: Final = (1, 2, 3, 4, 5, 6)  # reconstructed values
CITY_HALL_TRACK: Final = (1, 2, 2, 3, 3, 4)  # reconstructed
PALACE_TRACK: Final = (1, 2, 2, 3, 3, 4)  # reconstructed
TRACKS: Final = ("architect", "city_hall", "palace")

# -- players (BRX-12, BRX-25, BRX-42, seed) ------------------------------------
ASSISTANTS_AVAILABLE: Final = 5
ASSISTANTS_COURTHOUSE: Final = 2
START_MONEY: Final = (5, 6, 7, 8, 9)
MAX_PLAYERS: Final = 5
MAX_BID: Final = 99  # engine cap for the dense codec (BRX-66 sets no limit; G-12)

# -- exhibitions (table 3.12, G-8) --------------------------------------------
EXHIBITION_YEARS: Final = (1893, 1897, 1900, 1905, 1910)  # ends seed, middle reconstructed

# -- effects shared by public figures and bonus cards --------------------------
# (kind, amount). Kinds: money, materials (choose N), free (free an assistant, else
# `amount` BF), architect / city_hall / palace (move up), art (draw N keep 1), vp.
Effect = tuple[str, int]


@dataclass(frozen=True, slots=True)
class FigureSpec:
    """A public figure card (BRX-87..100, table 3.15)."""

    id: str
    name: str
    copies: int
    effect: Effect
    payment: int  # BF owed at the end of the game (BRX-189)
    provenance: Provenance


FIGURES: Final[tuple[FigureSpec, ...]] = (
    # Brugmann and his 5 BF: seed; the 5 BF he is owed at the end: reconstructed
    FigureSpec("brugmann", "Georges Brugmann", 5, ("money", 5), 5, "reconstructed"),
    FigureSpec("solvay", "Ernest Solvay", 3, ("materials", 2), 3, "reconstructed"),
    FigureSpec("picard", "Edmond Picard", 3, ("free", 3), 4, "reconstructed"),
    FigureSpec("buls", "Charles Buls", 3, ("city_hall", 1), 4, "reconstructed"),
    FigureSpec("tassel", "Émile Tassel", 3, ("architect", 1), 4, "reconstructed"),
    FigureSpec("van_eetvelde", "Edmond van Eetvelde", 3, ("palace", 1), 4, "reconstructed"),
    FigureSpec("maus", "Octave Maus", 3, ("art", 2), 3, "reconstructed"),
    FigureSpec("van_cutsem", "Henri Van Cutsem", 3, ("vp", 3), 3, "reconstructed"),
)
BRUGMANN: Final = 0
THEATRE_SLOTS: Final = 4  # BRX-88: prices 0, 1, 2, 3 BF from the right (seed)
UNPAID_FIGURE_VP: Final = 5  # BRX-189, seed

# BRX-2, seed: "Cada ronda consta de cuatro fases: la fase de Bolsa, la fase de Acción,
# la fase de Resolución de Turno y la fase de Fin de Turno" (state.phase ids → titles).
PHASE_TITLES: Final[dict[str, str]] = {
    "setup": "Setup",
    "stock": "Stock Exchange",
    "action": "Action",
    "resolution": "Turn Resolution",
    "end_of_round": "End of Round",
    "scoring": "Final scoring",
    "over": "Game over",
}


@dataclass(frozen=True, slots=True)
class BonusSpec:
    """A bonus card type (table 3.14): its immediate effect (G-5)."""

    id: str
    text: str
    copies: int
    effect: Effect
    provenance: Provenance


BONUS_CARDS: Final[tuple[BonusSpec, ...]] = (
    # freeing an assistant: public; the 3 BF when none is in the Courthouse: reconstructed
    BonusSpec("free", "free 1 assistant (else 3 BF)", 5, ("free", 3), "reconstructed"),
    BonusSpec("architect", "+1 architect", 4, ("architect", 1), "reconstructed"),
    BonusSpec("city_hall", "+1 City Hall", 4, ("city_hall", 1), "reconstructed"),
    BonusSpec("palace", "+1 Royal Palace", 4, ("palace", 1), "reconstructed"),
    BonusSpec("money", "5 BF", 2, ("money", 5), "reconstructed"),
    BonusSpec("materials", "2 materials", 2, ("materials", 2), "reconstructed"),
    BonusSpec("art", "draw 2 works, keep 1", 2, ("art", 2), "reconstructed"),
    BonusSpec("vp", "4 VP", 2, ("vp", 4), "reconstructed"),
)
# End-game categories for kept bonus cards (public); values reconstructed (G-5).
BONUS_CATEGORIES: Final = ("money", "assistants", "materials", "art")
BONUS_CATEGORY_TEXT: Final = (
    "1 VP per 5 BF", "1 VP per assistant outside the Courthouse",
    "1 VP per 3 cubes", "2 VP per work of art",
)  # revision 1: "1 VP per cube"
# Cubes (jokers included) per VP of a card kept under "materials", by rules revision:
# revision 1 (engines before 0.2.0) scored 1 VP per cube; reconstructed (issue 15).
CUBES_PER_VP: Final = {1: 1, 2: 3, 3: 3, 4: 3}

# -- stock exchange cards (table 3.13, G-6): all reconstructed -----------------
# Per card: for 2, 3, 4, 5 players the two shields ((r, c), (r, c)); then the payout.
StockLine = tuple[tuple[int, int], tuple[int, int]]


@dataclass(frozen=True, slots=True)
class StockCard:
    id: str
    lines: tuple[StockLine, StockLine, StockLine, StockLine]
    payout: int
    provenance: Provenance


def _card(cid: str, text: str, payout: int) -> StockCard:
    lines = []
    for part in text.split("|"):
        a, b = part.split("/")
        ra, ca = a.split(",")
        rb, cb = b.split(",")
        lines.append(((int(ra), int(ca)), (int(rb), int(cb))))
    return StockCard(cid, (lines[0], lines[1], lines[2], lines[3]), payout, "reconstructed")


STOCK_CARDS: Final[tuple[StockCard, ...]] = (
    _card("SX-01", "2,2/2,3|3,2/2,4|3,1/3,4|2,1/4,1", 5),
    _card("SX-02", "2,2/3,2|3,2/2,1|3,1/4,2|2,4/1,1", 6),
    _card("SX-03", "2,2/3,3|2,3/4,2|2,1/4,2|4,3/4,4", 5),
    _card("SX-04", "2,3/3,2|3,2/3,1|2,1/3,4|1,2/1,4", 4),
    _card("SX-05", "2,3/3,3|3,3/1,2|1,3/4,3|3,1/4,4", 4),
    _card("SX-06", "3,2/3,3|2,3/3,1|1,3/4,2|4,2/1,4", 5),
    _card("SX-07", "2,2/2,3|3,3/3,1|4,2/4,3|1,3/4,4", 5),
    _card("SX-08", "2,2/3,2|3,2/3,4|1,2/4,3|3,4/4,4", 3),
    _card("SX-09", "2,2/3,3|2,2/3,4|1,3/3,4|3,1/1,4", 3),
    _card("SX-10", "2,3/3,2|3,3/2,4|2,1/2,4|3,4/4,1", 4),
    _card("SX-11", "2,3/3,3|2,2/2,4|1,2/2,4|3,1/4,1", 6),
    _card("SX-12", "3,2/3,3|2,2/1,3|1,2/3,4|1,3/1,4", 6),
)

# -- Brussels board (BRX-141..155, table 3.10) ---------------------------------
MARKET, BOURSE, GRAND_PLACE, PARC = range(4)
BRUSSELS: Final = ("market", "bourse", "grand_place", "parc")
BRUSSELS_TITLES: Final = ("Market", "Stock Exchange", "Grand-Place", "Art Nouveau copy")
MARKET_JOKERS: Final = 3  # BRX-149, public

# -- secondary actions (BRX-120..128, table 3.11) ------------------------------
# Per Art Nouveau action: (kind, amount) for the building's owner.
SECONDARY: Final[tuple[Effect, ...]] = (
    ("black_art", 1),  # workshop: reconstructed
    ("money", 2),  # sale: reconstructed
    ("activate", 1),  # theatre: seed
    ("materials", 1),  # materials: reconstructed
    ("architect", 1),  # construction: reconstructed
)

# -- final scoring (section 2.19, table 3.16) ----------------------------------
# Masterpiece completion VP by tiles built, by rules revision; reconstructed (issue 15).
# Revision 3 (engine 0.2.1): 4 VP for each tile, the part of the masterpiece it funds
# (seed, Construction: "el mosaico representa una parte de la obra maestra"), so the
# first tiles count as much as the last (docs/games/bruxelles_1893.md). Revision 2
# (engine 0.2.0) had (0, 1, 3, 5, 8, 11, 15); revision 1 (before 0.2.0) had
# (0, 0, 2, 2, 5, 5, 10).
COMPLETION_VP: Final = {1: (0, 0, 2, 2, 5, 5, 10), 2: (0, 1, 3, 5, 8, 11, 15),
                        3: (0, 4, 8, 12, 16, 20, 24), 4: (0, 4, 8, 12, 16, 20, 24)}
BF_PER_VP: Final = 5  # reconstructed (G-15)
ART_CATEGORY_VP: Final = 2  # VP per work under the "art" category

# -- display (presentation only) ------------------------------------------------
PLAYER_CSS: Final = ("#d35400", "#2471a3", "#229954", "#8e44ad", "#7f8c8d")
PLAYER_ANSI: Final = ("dark_orange", "dodger_blue2", "green3", "medium_purple", "grey62")
PLAYER_NAMES: Final = ("orange", "blue", "green", "purple", "grey")
ART_ANSI: Final = ("blue", "red", "yellow", "green", "white")
