"""Paris's engine text: the English templates of what views, score lines and the end say
to a player, keyed by id (belle.i18n.text): bonus and end-game tile effects come from
data.py. Translations are in belle/locale/<lang>/LC_MESSAGES/paris.po.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from belle.games.paris import data, legacy
from belle.i18n.text import Texts

PARTS: Final = ("value8", "prestige", "bonus", "endgame")
"""The running VP parts, in the order of state.vp_parts."""

REFUSALS: Final[dict[str, str]] = {
    # action text that names nothing of the game (actions.py); the shared ones are the
    # engine's (belle/engine/texts.py)
    "refuse.district": "There is no district “{text}”. Districts: {names}.",
    "refuse.kind": "“{text}” cannot be chosen here. Possible: {names}.",
    "refuse.key_place": "No key can stand on “{text}”: write a bank (bank-MO), the arc "
                        "(arc), a building (MO5) or a landmark (L12).",
    "refuse.space": "There is no space “{text}”: write a building (MO5) or a landmark (L12).",
    "refuse.not_landmark": "“{text}” is not a landmark: landmarks are L9 to L16.",
    "refuse.not_built": "{landmark} is not built yet: no key stands on it.",
    "refuse.say_district": "Say the district, for example: {example}",
    "refuse.bonus_use": "Bonus tile {number} is used like this: {uses}.",
    "refuse.end_use": "End-game tile {tile} is played like this: {uses}.",
    "refuse.play": "Write it like this: play vp6 or play res wood. End-game tiles: {codes}.",
    "refuse.end_tile": "There is no end-game tile “{text}”. Tiles: {codes}.",
    "refuse.value": "Building values are 1, 2, 3, 4, 5 and 8.",
}
"""Refusals of action text; shown beside the engine's shared ones."""

BOARD: Final[dict[str, str]] = {
    # the terminal's board (render.py): headings, labels, prompts, the notation help
    "board.col.space": "sp",
    "board.col.type": "type",
    "board.col.cost": "cost",
    "board.col.token": "tok",
    "board.col.keys": "keys",
    **{f"board.type.{kind}": kind for kind in data.BUILDING_TYPES},
    "board.kind.wood": "wood",
    "board.kind.marble": "marble",
    "board.kind.gold": "gold",
    "board.kind.bronze": "bronze prestige",
    "board.kind.silver": "silver prestige",
    "board.kind.pgold": "gold prestige",
    "board.amount": "{count} {kind}",
    "board.kinds": "Costs and tokens: {kinds}",
    "board.bank": "bank {francs}F",
    "board.vp_tile": "VP tile {amounts}",
    "board.keys_on_spaces": "{count}/4 keys",
    "board.landmark": "{name}, value {value}; costs {cost}; rewards: {slots}",
    "board.reward": "{kind} → {vp} VP",
    "board.nothing": "nothing",
    "board.info.bonus": "bonus tile {number}: {text}",
    "board.info.endgame": "end-game tile {code}: {text}",
    "board.track": "Bonus track:",
    "board.arc": "Arc de Triomphe:",
    "board.stacks": "Stacks:",
    "board.stack_top": "{size} ({top} on top)",
    "board.pile": "End-game pile:",
    "board.supply": "Supply:",
    "board.empty": "empty",
    "board.vp_tiles_left": "VP tiles left:",
    "board.none": "none",
    "board.landmarks_left": "Landmarks to build:",
    "board.info_hint": "Type info and a tile number, code or landmark (info 18, info vp6, "
                       "info L12) for its effect and cost.",
    "board.removed": "Removed (no space):",
    "board.players": "Players",
    "board.col.seat": "seat",
    "board.col.vp": "VP",
    "board.col.meeple": "meeple",
    "board.col.reserve": "reserve keys",
    "board.col.endgame": "end-game tiles",
    "board.col.bonus_used": "bonus used",
    "board.start": "(start)",
    "board.your_screen": "Your screen ({seat})",
    "board.screen_of": "Screen of {seat}",
    "board.francs": "Francs",
    "board.keys": "Keys",
    "board.tokens": "Tokens",
    "board.no_tokens": "no tokens",
    "board.pile_take": "The end-game pile (take <tile>): {tiles}",
    "board.prompt.step1": "step 1: draw a building tile (draw 1-3)",
    "board.prompt.step2": "step 2: one action: key (A), move (B) or endgame (C)",
    "board.prompt.put": "free districts: choose the district for the drawn tile",
    "board.prompt.pick": "choose the end-game tile to take (take vp6); the others will not "
                         "see it",
    "board.prompt.take_any": "bonus tile 17: take any tile from the track",
    "board.prompt.after": "use tiles or exchange, then end",
    "board.prompt.bonus": "take a bonus tile or nobonus",
    "board.prompt.bonus_fee": "take a bonus tile (fee {fee} F) or nobonus",
    "board.prompt.prestige": "hand in prestige on landmark {landmark} or done",
    "board.prompt.vptile": "place a VP tile (vptile T D) or novptile",
    "board.prompt.put_tile": "choose a district for {space} ({type})",
    "board.game_over": "Game over",
    "board.chance": "Chance draws the tiles.",
    # chance in the move log (render.describe_chance)
    "board.log.chance": "chance: {outcomes}",
    "board.log.first": "{seat} is the start player",
    "board.log.top": "stack {stack} shows {district}",
    "board.log.value": "the tile drawn is worth {value}",
    "board.log.tokens": "tokens laid out: {tokens}",
    "board.log.track": "bonus track laid out: {numbers}",
    "board.to_move": "{seat} to move: {prompt}",
    "board.end_triggered": "(the end is triggered: turns left after this one: {turns})",
    "board.help.draw": "step 1: turn over the top tile of stack 2",
    "board.help.key": "action A: a key from your screen to a bank (francs) or the Arc",
    "board.help.move": "action B: a key to a building (MO3 = Montmartre value 3) …",
    "board.help.move_landmark": "… or to a built landmark, or build one first:",
    "board.help.build": "(from the Arc: move arc build L12 LV)",
    "board.help.endgame": "action C (stacks empty): search the pile, take a tile (secret)",
    "board.help.bonus": "take (or not) the bonus tile on track space 18",
    "board.help.give": "hand in a prestige token on a landmark's reward slot 1",
    "board.help.vptile": "put VP tile 3 on Chaillot (or: novptile)",
    "board.help.exchange": "exchanges; prestige: bronze, silver, pgold",
    "board.help.use": "play a bonus tile",
    "board.help.play": "play an end-game tile",
    "board.help.end": "end your turn; pass: when no action A, B or C is possible",
    "board.help.districts": "Districts: {districts}. Values 1 2 3 4 5 8; landmarks L9 to L16.",
}
"""What the terminal's board says (render.py), besides the data's names and effects."""

WHY: Final[dict[str, str]] = {
    # why a move is refused now (refusals.py; State.why_illegal)
    "why.step1_first": "First place a building: draw the top tile of a stack (draw 1, 2 "
                       "or 3).",
    "why.already_built": "You have placed this turn's building already: now take your "
                         "action (a key, a move, or an end-game tile).",
    "why.end_early": "Take this turn's action first (a key, a move, or an end-game tile); "
                     "then you may end your turn.",
    "why.action_done": "You have taken this turn's action already: use tiles, exchange, or "
                       "end your turn (end).",
    "why.benefit_first": "First finish what your move earned you: a bonus tile, prestige "
                         "tokens or a VP tile (or decline it).",
    "why.stack_empty": "Stack {stack} is empty: draw from another one.",
    "why.no_keys": "You have no key left behind your screen.",
    "why.bank_taken": "You already have a key on the bank of {district}: one key per bank.",
    "why.arc_taken": "You already have a key on the Arc de Triomphe: one key there at a "
                     "time.",
    "why.no_key_there": "You have no key on {place}.",
    "why.not_built": "{space} has no building yet: its tile has not been drawn.",
    "why.landmark_not_built": "Landmark {space} is not built yet: build it with this move "
                              "(move … build {space} and the district).",
    "why.landmark_built": "Landmark {space} is built already: move a key onto it without "
                          "building it again.",
    "why.landmark_low": "{district} has a landmark worth {top} already: a new one there must "
                        "be worth more than {top}, and {space} is not.",
    "why.other_district": "A key on {place} moves only within {district}.",
    "why.not_higher": "A key only moves up: {space} is worth {value}, not more than the "
                      "{base} it leaves.",
    "why.taken": "{space} is taken: another key is on it.",
    "why.francs": "Not enough francs: this costs {cost}, you have {have}.",
    "why.resources": "This also costs {cost}: you lack {short}.",
    "why.stacks_left": "End-game tiles can be taken only once the three building stacks are "
                       "empty.",
    "why.pile_empty": "No end-game tile is left.",
    "why.must_act": "You may pass only when no action is possible: place a key, move one, "
                    "or take an end-game tile.",
    "why.nothing_to_sell": "You have no {kind} to sell.",
    "why.supply_empty": "The general supply has no {kind} to buy: only spent or sold "
                        "resources are for sale.",
    "why.tile_not_held": "You do not hold bonus tile {number}.",
    "why.end_tile_not_held": "You do not hold the end-game tile {tile}.",
    "why.tile27": "Bonus tile 27 is not played: it scores your francs at the end.",
    "why.reserve_empty": "The general reserve has no key of your colour left.",
    "why.meeple_past": "Your bonus meeple is on space {space} or beyond: it only moves "
                       "forward.",
    "why.track_empty": "Space {space} of the bonus track has no tile left.",
    "why.same_number": "You have had a bonus tile {number} already: never two of one number.",
    "why.no_prestige": "You have no {kind} token to hand in.",
    "why.district_has_tile": "{district} has a VP tile already.",
    "why.vp_tile_used": "VP tile {tile} is placed already.",
}
"""Why a move is refused (refusals.py)."""


def _legacy_bonus_ids() -> dict[tuple[int, str], str]:
    """(number, text) -> message id of each bonus tile text an older edition printed
    and today's does not: "bonus.25.text.e7" is tile 25 as the last edition that had
    that text (here 7) wrote it, so that an old record shows its own tiles."""
    ids: dict[tuple[int, str], str] = {}
    for edition, ruleset in sorted(legacy.EDITIONS.items()):
        for spec, today in zip(ruleset.bonus, data.BONUS, strict=True):
            if spec.text != today.text:
                ids[spec.number, spec.text] = f"bonus.{spec.number}.text.e{edition}"
    return ids


LEGACY_BONUS_IDS: Final = _legacy_bonus_ids()


def bonus_text_id(bonus: Sequence[data.BonusSpec], number: int) -> str:
    """The message id of bonus tile `number`'s text in the edition of these tiles."""
    return LEGACY_BONUS_IDS.get((number, bonus[number - 1].text), f"bonus.{number}.text")


_TEMPLATES: Final[dict[str, str]] = {
    **REFUSALS,
    **BOARD,
    **WHY,
    # why the game ended (PARIS-131..134)
    "end.final_round": "the last tiles were taken and the final round is played",
    # score lines (PARIS-135..142)
    "score.value8": "value-8 buildings",
    "score.prestige": "landmark prestige",
    "score.bonus": "bonus tiles",
    "score.endgame": "end-game tiles",
    "score.tile27": "bonus tile 27",
    "score.majority": "{district} majority",
    "detail.during_play": "during play",
    "detail.tile27": "{francs} francs × 1 VP",
    "detail.majority": "strength {strength} (highest {highest}), VP tile {tile}",
    # the tiles (data.py)
    **{f"bonus.{tile.number}.text": tile.text for tile in data.BONUS},
    **{message_id: text for (_, text), message_id in LEGACY_BONUS_IDS.items()},
    **{f"endgame.{tile.code}.text": tile.text for tile in data.END_TILES},
    **{f"district.{d.code}": d.name for d in data.DISTRICTS},
    **{f"landmark.{index}.name": lm.name for index, lm in enumerate(data.LANDMARKS)},
}


TEXTS: Final = Texts("paris", _TEMPLATES)


def tile_fields(kind: str, key: object) -> dict[str, Any]:
    """A bonus (`kind` "bonus", key its number) or end-game tile's effect, by id."""
    return TEXTS.fields(text=f"{kind}.{key}.text")


def edition_bonus_fields(bonus: Sequence[data.BonusSpec]) -> dict[str, dict[str, Any]]:
    """The bonus tiles of an edition (`Ruleset.bonus`) whose text is not today's: number
    -> fields as `tile_fields` gives (empty for today's edition)."""
    return {str(spec.number): TEXTS.fields(text=bonus_text_id(bonus, spec.number))
            for spec, today in zip(bonus, data.BONUS, strict=True) if spec.text != today.text}
