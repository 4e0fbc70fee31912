"""`belle play`: one match at the terminal, people (hot-seat) against bots.

The loop is the referee's (belle.engine.referee): chance is sampled from the seeded
chance RNG, bots decide through `bot_decision` (a determinization, never the true
state), so a match with only bots replays `play_match` with the same seed exactly.
A person sees the board only through `state.view(seat)` of the person to move, and the
move log never shows a chance outcome that the watching person may not see.
"""

from __future__ import annotations

import dataclasses
import functools
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console, RenderableType
from rich.markup import escape
from rich.rule import Rule
from rich.text import Text

from belle.cli.common import render_module, renderer
from belle.cli.info import element_info
from belle.cli.log import log_lines
from belle.cli.scores import score_table, winners_line
from belle.cli.seats import Seat
from belle.cli.texts import Words
from belle.engine.errors import GameError
from belle.engine.game import CHANCE, Game, State
from belle.engine.record import MatchRecord
from belle.engine.referee import bot_decision, sample_chance, seat_rngs
from belle.engine.texts import TEXTS as ENGINE_TEXTS
from belle.engine.undo import UndoRefused, take_back
from belle.i18n import SOURCE_LANGUAGE
from belle.i18n.say import refusal_text

COMMANDS = (
    ("terminal.help.NUMBER", "terminal.help.number"),
    ("terminal.help.ACTION", "terminal.help.action"),
    ("actions", "terminal.help.actions"),
    ("board", "terminal.help.board"),
    ("log", "terminal.help.log"),
    ("info ID", "terminal.help.info"),
    ("undo", "terminal.help.undo"),
    ("help", "terminal.help.help"),
    ("quit", "terminal.help.quit"),
)
"""The loop's commands (as typed, or a message id for a placeholder word) and their help."""
ENGLISH = Words()
QUIT_WORDS = frozenset({"quit", "exit", "q"})
LOG_LENGTH = 20


def record_path(directory: Path, game_id: str, seed: int) -> Path:
    """A new file name in `directory`: `<game>-<date>-<time>-s<seed>.json`."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = directory / f"{game_id}-{stamp}-s{seed}.json"
    suffix = 1
    while path.exists():
        path = directory / f"{game_id}-{stamp}-s{seed}-{suffix}.json"
        suffix += 1
    return path


def describe_chance_default(
    seen_by: frozenset[int] | None, actions: list[str] | None, count: int,
    words: Words = ENGLISH,
) -> str:
    """How a run of chance outcomes is shown when the game's renderer says nothing."""
    if seen_by is None:
        return words("terminal.chance", outcomes=actions or [])
    seats = [words.seat(s) for s in sorted(seen_by)]
    if actions is None:
        secret = "terminal.chance.secret.one" if count == 1 else "terminal.chance.secret"
        return words(secret, count=count, seats=seats)
    return words("terminal.chance.seen", seats=seats, outcomes=actions)


@dataclass
class TerminalMatch:
    """A match in progress at the terminal: the true state, its record and the seats."""

    game: Game[Any]
    seats: Sequence[Seat]
    seed: int
    record_dir: Path
    console: Console
    lang: str = SOURCE_LANGUAGE
    """The language of the prompts, help and refusals (belle.cli.texts, belle.i18n.say)."""
    resumed: tuple[MatchRecord, State[Any]] | None = None
    """A saved match and its position, to go on from (`belle resume`): chance and bots
    then draw from `seed`, and the record is saved anew with its seats as they are now."""
    resumed_from: str = ""
    """The file it was read from, for the intro."""
    state: State[Any] = field(init=False)
    record: MatchRecord = field(init=False)

    def __post_init__(self) -> None:
        num_players = len(self.seats)
        game_id = self.game.info.id
        specs = [seat.spec for seat in self.seats]
        if self.resumed is None:
            self.state = self.game.new_initial_state(num_players)
            self.record = MatchRecord(game_id, dict(self.game.options), specs, self.seed)
        else:
            saved, self.state = self.resumed
            self.record = dataclasses.replace(saved, seats=specs, actions=list(saved.actions))
        self.chance_rng, self.rngs = seat_rngs(self.seed, num_players)
        self.render = renderer(game_id)
        module = render_module(game_id)
        self.words = Words(self.lang)
        self.voice = self.words.voice(game_id, num_players)
        own = getattr(module, "describe_chance", None)
        self.own_chance = functools.partial(own, voice=self.voice) if own else None
        self.describe_chance = self.own_chance or functools.partial(describe_chance_default,
                                                                    words=self.words)
        notation = getattr(module, "notation_help", None)
        self.notation_help: str = notation(self.voice) if notation else ""
        self.humans = [i for i, seat in enumerate(self.seats) if seat.is_human]
        self.pending: list[tuple[frozenset[int] | None, str]] = []
        self.last_human: int | None = None
        self.since: dict[int, list[tuple[int, str]]] = {seat: [] for seat in self.humans}
        self.echo = not sys.stdin.isatty()

    # -- the loop --------------------------------------------------------
    def run(self) -> Path:
        """Play to the end or until a person quits; return where the record was saved."""
        self.intro()
        try:
            while not self.state.is_terminal():
                if not self.step():
                    self.flush_chance()
                    self.console.print(self.words("terminal.left"))
                    return self.save()
        except KeyboardInterrupt:
            self.console.print("\n" + self.words("terminal.interrupted"))
            self.save()
            raise
        except Exception:
            self.console.print(Text(self.words("terminal.internal_error"), style="bold red"))
            self.save()
            raise
        self.finish()
        return self.save()

    def step(self) -> bool:
        """Make the next move: chance, a bot or a person. False when a person quits."""
        player = self.state.current_player()
        if player == CHANCE:
            action = sample_chance(self.state, self.chance_rng)
            self.note_chance(action)
            self.advance(action)
            return True
        seat = self.seats[player]
        if seat.bot is None:
            return self.human_turn(player)
        action = bot_decision(seat.bot, self.state, player, self.rngs[player])
        self.flush_chance()
        secret = self.state.action_visibility(action) is not None
        text = (self.state.public_action_text(action) if secret
                else self.state.action_to_string(action))
        self.show_move(player, text)
        self.advance(action)
        return True

    def advance(self, action: Any) -> None:
        """Apply `action` (checked) and log it; on an error the state is unchanged."""
        after = self.state.clone()
        after.apply_action(action)
        self.record.append(self.state, action)
        self.state = after

    # -- what everyone sees ----------------------------------------------
    @property
    def viewer(self) -> int | None:
        """Whose private information the move log may show: the only person, if one."""
        return self.humans[0] if len(self.humans) == 1 else None

    def name(self, seat: int) -> str:
        return self.words("terminal.you") if seat == self.viewer else self.seats[seat].spec

    def intro(self) -> None:
        title = self.words.title(self.game.info.id)
        self.console.print(Rule(Text(title, style="bold")))
        words = self.words
        who = [words("terminal.intro.seat", number=i + 1, player=self.name(i))
               for i in range(len(self.seats))]
        self.console.print(words("terminal.intro", count=len(self.seats), seats=who,
                                 seed=self.seed), markup=False)
        if self.resumed is not None:
            self.console.print(words("terminal.resumed", path=self.resumed_from,
                                     count=len(self.resumed[0].actions)),
                               markup=False, soft_wrap=True)
        if self.humans:
            self.console.print(words("terminal.intro.how", help="help"), markup=False)

    def show_move(self, player: int, text: str) -> None:
        """One line per move: `seat 2 (greedy): build R`; remembered for the recap."""
        line = self.move_line(player, text, "bold")
        self.console.print(line)
        for human in self.humans:
            if human == player:
                self.since[human] = []
            else:
                self.since[human].append((player, text))

    def show_recap(self, seat: int) -> None:
        """The others' moves since `seat` last moved, by seat, just above the prompt."""
        moves, self.since[seat] = self.since[seat], []
        runs: list[tuple[int, list[str]]] = []
        for player, text in moves:
            if runs and runs[-1][0] == player:
                runs[-1][1].append(text)
            else:
                runs.append((player, [text]))
        if runs:
            self.console.print(Text(self.words("terminal.since"), style="dim"))
        for player, texts in runs:
            self.console.print(Text.assemble("  ", self.move_line(player, ", ".join(texts)),
                                             style="dim"))

    def move_line(self, player: int, text: str, seat_style: str = "") -> Text:
        """`seat 2 (greedy): build R`, the seat in `seat_style`."""
        line = self.words("terminal.move", seat="\0", player=self.name(player), move=text)
        before, _, after = line.partition("\0")
        return Text.assemble(before, (self.words.seat(player), seat_style), after)

    def note_chance(self, action: Any) -> None:
        """Remember a chance outcome; runs of them are shown together (flush_chance)."""
        seen_by = self.state.chance_visibility(action)
        self.pending.append((seen_by, self.state.action_to_string(action)))

    def flush_chance(self) -> None:
        """Show pending chance outcomes, hiding those the viewer may not see."""
        runs: list[tuple[frozenset[int] | None, list[str]]] = []
        for seen_by, text in self.pending:
            if runs and runs[-1][0] == seen_by:
                runs[-1][1].append(text)
            else:
                runs.append((seen_by, [text]))
        self.pending.clear()
        viewer = self.viewer
        for seen_by, texts in runs:
            visible = seen_by is None or (viewer is not None and viewer in seen_by)
            shown = texts if visible else None
            self.console.print(self.describe_chance(seen_by, shown, len(texts)))

    def show_board(self, seat: int | None) -> None:
        self.console.print(Rule(style="dim"))
        self.console.print(self.render(self.state.view(seat), self.voice))

    # -- a person's turn -------------------------------------------------
    def human_turn(self, seat: int) -> bool:
        self.flush_chance()
        if not self.hand_over(seat):
            return False
        self.show_board(seat)
        self.show_recap(seat)
        self.show_actions()
        while True:
            try:
                line = self.read(f"[bold]{escape(self.words.seat(seat))}[/] › ")
            except EOFError:
                self.console.print()
                return False
            outcome = self.handle(seat, line.strip())
            if outcome is not None:
                return outcome

    def hand_over(self, seat: int) -> bool:
        """Hot-seat: clear the screen between two different people."""
        previous, self.last_human = self.last_human, seat
        if len(self.humans) < 2 or previous in (None, seat):
            return True
        try:
            self.read(escape(self.words("terminal.hand_over", seat=self.words.seat(seat))))
        except EOFError:
            self.console.print()
            return False
        self.console.clear()
        return True

    def read(self, prompt: str) -> str:
        line = self.console.input(prompt)
        if self.echo:
            self.console.print(line, markup=False, highlight=False)
        return line

    def handle(self, seat: int, line: str) -> bool | None:
        """One line of input: True after a move or undo, False to quit, None to ask again."""
        word = line.lower()
        if not line:
            return None
        if word in QUIT_WORDS:
            return False
        if word in ("help", "?"):
            self.show_help()
        elif word in ("actions", "list", "moves"):
            self.show_actions()
        elif word in ("board", "b"):
            self.show_board(seat)
        elif word == "log":
            self.show_log(seat)
        elif word == "info" or word.startswith("info "):
            self.show_info(line[4:].strip())
        elif word == "undo":
            return self.undo(seat) or None
        else:
            return self.play(line) or None
        return None

    def show_info(self, key: str) -> None:
        """`info ID`: the game renderer's description of one element (belle.cli.info)."""
        self.console.print(element_info(self.game.info.id, key, self.words, self.voice,
                                        self.state.view(None)))

    def play(self, line: str) -> bool:
        legal = self.state.legal_actions()
        try:
            if line.isascii() and line.isdigit():
                number = int(line)
                if not 1 <= number <= len(legal):
                    raise ENGINE_TEXTS.error(GameError, "engine.refuse.choose",
                                             count=len(legal))
                action = legal[number - 1]
            else:
                action = self.state.parse_action(line)
            player = self.state.current_player()
            text = self.state.action_to_string(action)
            self.advance(action)
        except GameError as exc:
            self.console.print(Text(refusal_text(exc, self.lang, self.game.info.id),
                                    style="red"))
            return False
        self.show_move(player, text)
        return True

    def undo(self, seat: int) -> bool:
        """Take back `seat`'s last step if the undo policy allows it (belle.engine.undo)."""
        try:
            self.state, entry = take_back(self.record, self.state, seat)
        except UndoRefused as exc:
            self.console.print(Text(refusal_text(exc, self.lang), style="red"))
            return False
        self.console.print(self.words("terminal.took_back", move=entry.text), markup=False)
        return True

    def show_actions(self) -> None:
        texts = [self.state.action_to_string(a) for a in self.state.legal_actions()]
        width = len(str(len(texts)))
        items = [Text.assemble((f"{i:>{width}}", "bold cyan"), " ", t) for i, t in
                 enumerate(texts, 1)]
        self.console.print(Columns(items, padding=(0, 3)))

    def show_help(self) -> None:
        words = self.words
        commands = [(words(cmd) if cmd.startswith("terminal.") else cmd, words(text))
                    for cmd, text in COMMANDS]
        width = max(len(cmd) for cmd, _ in commands) + 2
        lines: list[RenderableType] = [Text(words("terminal.help.commands"), style="bold")]
        lines += [Text.assemble(f"  {cmd:<{width}}", (text, "dim")) for cmd, text in commands]
        if self.notation_help:
            lines += [Text(words("terminal.help.notation"), style="bold"),
                      Text(self.notation_help)]
        for line in lines:
            self.console.print(line)

    def show_log(self, seat: int) -> None:
        entries = self.record.redacted_for(seat).actions
        for line in log_lines(entries, last=LOG_LENGTH, words=self.words,
                              describe=self.own_chance):
            self.console.print(line, markup=False, highlight=False)

    # -- the end ---------------------------------------------------------
    def finish(self) -> None:
        self.flush_chance()
        names = [self.name(i) for i in range(len(self.seats))]
        self.console.print(Rule(Text(self.words("terminal.game_over"), style="bold")))
        self.show_board(self.viewer)
        game = self.game.info.id
        self.console.print(score_table(self.state, names, self.words, game))
        self.console.print(winners_line(self.state, names, self.words), markup=False)

    def save(self) -> Path:
        if self.state.is_terminal():
            self.record.finish(self.state)
        path = record_path(self.record_dir, self.game.info.id, self.seed)
        self.record.save(path)
        self.console.print(self.words("terminal.saved", path=str(path)),
                           markup=False, soft_wrap=True)
        return path
