"""A whole Paris Connection game played by clicks in two browsers, with bots, a
spectator, the score display and the replay (issue 3, items 3, 4, 7 and 8).

PC-16: a spectator never sees a portfolio; each seat sees only its own.
"""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import expect

from .tables import tap_move

GAME_SECONDS = 240  # a safety net only: a game with greedy bots takes well under a minute
# on a quiet machine, several times that when the machine is busy


def say(page: Any, text: str) -> None:
    page.fill(".chat-form input", text)
    page.press(".chat-form input", "Enter")


def choose_paris_connection(page: Any) -> None:
    """Pick the game in the create form (other registered games may come first)."""
    page.select_option("#create-game", "paris_connection")
    expect(page.locator("#create-game")).to_have_value("paris_connection")


def test_lobby_offers_every_option_with_its_default_and_a_chat(new_page: Any) -> None:
    page = new_page("Ada")
    choose_paris_connection(page)
    expect(page.locator("#create-players option")).to_have_count(4)  # 3–6 players (PC-1)
    expect(page.locator('input[name="opt:house_tie_break"]')).not_to_be_checked()  # G-8
    expect(page.locator("input[name=mode][value=live]")).to_be_checked()
    other = new_page("Bea")
    line = f"bonsoir, {other.player_name}"
    say(page, line)
    expect(other.locator("#lobby-chat li", has_text=line)).to_contain_text(page.player_name)
    assert page.js_errors == other.js_errors == []


FAKE_GAME = {
    "id": "paris_connection",
    "title": "Paris Connection",
    "min_players": 3,
    "max_players": 6,
    "summary": "",
    "has_chance": True,
    "has_hidden_info": True,
    "options": [
        {"name": "flag", "kind": "bool", "default": True, "help": "a bool"},
        {"name": "rounds", "kind": "int", "default": 7, "minimum": 1, "maximum": 9, "help": ""},
        {
            "name": "map",
            "kind": "choice",
            "default": "south",
            "choices": ["north", "south"],
            "help": "",
        },
        {"name": "decks", "kind": "list", "default": ["b"], "choices": ["a", "b", "c"], "help": ""},
    ],
}


def test_create_form_renders_every_option_kind_with_its_default(new_page: Any) -> None:
    page = new_page("Dora")
    page.route(
        "**/api/games", lambda route: route.fulfill(json={"games": [FAKE_GAME], "bots": ["random"]})
    )
    sent: list[Any] = []

    def refuse(route: Any) -> None:
        sent.append(route.request.post_data_json)
        route.fulfill(status=400, json={"error": {"code": "bad_options", "message": "no"}})

    page.route(
        "**/api/tables",
        lambda route: refuse(route) if route.request.method == "POST" else route.continue_(),
    )
    page.reload()
    expect(page.locator('input[name="opt:flag"]')).to_be_checked()
    expect(page.locator('input[name="opt:rounds"]')).to_have_value("7")
    expect(page.locator('select[name="opt:map"]')).to_have_value("south")
    expect(page.locator('input[name="opt:decks"]:checked')).to_have_count(1)
    page.fill('input[name="opt:rounds"]', "3")
    page.check('input[name="opt:decks"][value="c"]')
    page.check("input[name=mode][value=turn]")
    page.click("#create-submit")
    expect(page.locator(".toast")).to_contain_text("no")
    assert sent == [
        {
            "game": "paris_connection",
            "players": 3,
            "mode": "turn",
            "options": {"flag": True, "rounds": 3, "map": "south", "decks": ["b", "c"]},
            "private": False,
        }
    ]


def test_table_chat_commands_run_the_table(new_page: Any) -> None:
    page = new_page("Cy")
    choose_paris_connection(page)
    page.uncheck("#create-sit")
    page.click("#create-submit")  # 3 players by default
    page.wait_for_url("**/table/*")
    seat = page.locator("#seats li.seat")
    expect(page.locator("#seats li.me")).to_have_count(0)
    say(page, "/help")
    expect(page.locator("#chat li.system", has_text="/bot NAME").last).to_be_visible()
    say(page, "/join 1")  # seats count from 1 in chat commands
    expect(seat.nth(0)).to_have_class(re.compile(r"\bme\b"))
    say(page, "/bot random")
    expect(seat.nth(1)).to_have_class(re.compile("seat-bot"))
    say(page, "/leave")
    expect(page.locator("#seats li.me")).to_have_count(0)
    say(page, "/join")
    expect(seat.nth(0)).to_have_class(re.compile(r"\bme\b"))
    say(page, "/bot greedy 3")
    expect(seat.nth(2)).to_have_class(re.compile("seat-bot"))
    say(page, "a word for the table")
    expect(page.locator("#chat li", has_text="a word for the table")).to_contain_text(
        page.player_name
    )
    say(page, "/start")
    expect(page.locator(".pc-map")).to_be_visible()
    expect(page.locator("#private-hand")).to_be_visible()
    assert page.js_errors == []


def table_id(url: str) -> str:
    match = re.search(r"/table/([^/?#]+)", url)
    assert match, url
    return match.group(1)


def over(page: Any) -> bool:
    return bool(page.evaluate("() => !!document.querySelector('#turn.over')"))


def my_turn(page: Any) -> bool:
    return bool(
        page.evaluate("() => !!document.querySelector('#legal button.legal:not([disabled])')")
    )


READ_MOVES = """() => [
    [...new Set([...document.querySelectorAll("#legal button.legal")]
        .map((b) => b.dataset.action))],
    Object.fromEntries([...document.querySelectorAll(".pc-store")].map((card) => [
        card.dataset.company, Number(card.querySelector(".pc-store-count").textContent),
    ])),
]"""


def choose(page: Any, trade: bool = False) -> str:
    """The notation of the move to click: build when possible, else a trade that drains
    the smallest storage board (greedy bots that cannot build trade 1-for-1 forever, so
    the humans steer the game to its supply end, PC-58)."""
    texts, supply = page.evaluate(READ_MOVES)
    for verb in ("place ", "build "):
        found = [t for t in texts if t.startswith(verb) and not trade]
        if found:
            return found[0]
    for count in ("2", "1"):
        takes = [t for t in texts if t.startswith(f"take {count} ")]
        if takes:
            return min(takes, key=lambda t: supply[t.split()[-1]])
    returns = [t for t in texts if t.startswith("return ")]
    if returns:
        return max(returns, key=lambda t: supply[t.split()[-1]])
    return texts[0]


def click_on_board(page: Any, move: str) -> None:
    """Play `move` by clicking the board, not the list of moves."""
    words = move.split()
    if words[0] == "place":
        page.locator(".pc-map .hex.legal:not(.start-build)").first.click()
    elif words[0] == "build":
        page.locator(f'.pc-store[data-company="{words[1]}"]').click()
    elif words[0] == "take":
        store = page.locator(f'.pc-store[data-company="{words[2]}"]')
        store.locator(f'.pc-take[data-count="{words[1]}"]').click()
    elif words[0] == "return":
        page.locator(f'.pc-share[data-company="{words[1]}"]').click()
    else:
        page.locator(".pc-stop").click()


def settle(page: Any) -> None:
    """Wait until the action just sent is answered (the buttons are enabled again)."""
    page.wait_for_selector("#legal button.legal[disabled]", state="detached")


def check_spectator(spectator: Any, player: Any) -> None:
    expect(spectator.locator(".pc-map")).to_be_visible()
    expect(spectator.locator(".pc-hand.spectator")).to_be_visible()
    expect(spectator.locator("#private-hand")).to_have_count(0)
    expect(spectator.locator(".pc-share")).to_have_count(0)
    expect(spectator.locator("#actions")).to_be_hidden()
    expect(player.locator("#private-hand")).to_be_visible()
    expect(player.locator("#private-hand .pc-share")).to_have_count(6)


def test_two_players_and_bots_play_a_whole_game(new_page: Any) -> None:
    alice = new_page("Alice")
    choose_paris_connection(alice)
    alice.select_option("#create-players", "4")
    alice.click("#create-submit")
    alice.wait_for_url("**/table/*")
    tid = table_id(alice.url)
    expect(alice.locator('#seats li[data-seat="0"]')).to_have_class(re.compile(r"\bme\b"))

    bob = new_page("Bob")
    card = bob.locator(f'.table-card[data-table="{tid}"]')
    card.locator('li[data-seat="1"] button.join').click()
    expect(card.locator("li.me")).to_have_count(1)
    bob.goto(f"/table/{tid}")
    expect(bob.locator("#seats li.me")).to_have_count(1)

    expect(alice.locator('#seats li[data-seat="1"]')).to_contain_text("Bob")
    alice.locator('#seats li[data-seat="2"] button.add-bot').click()
    expect(alice.locator('#seats li[data-seat="2"]')).to_have_class(re.compile("seat-bot"))
    alice.locator('#seats li[data-seat="3"] button.add-bot').click()
    expect(alice.locator('#seats li[data-seat="3"]')).to_have_class(re.compile("seat-bot"))
    alice.locator("#seats button.start").click()
    expect(alice.locator(".pc-map")).to_be_visible()
    expect(bob.locator(".pc-map")).to_be_visible()

    spectator = None
    alice_traded = False  # Alice's first turn is a trade, by clicks on the board
    clicks = 0
    deadline = time.monotonic() + GAME_SECONDS
    while not (over(alice) and over(bob)):
        assert time.monotonic() < deadline, "the game did not end in time"
        acted = False
        for page in (alice, bob):
            if over(page) or not my_turn(page):
                continue
            if spectator is None:  # the first human turn: the game waits for us
                expect(page).to_have_title("● Your turn — Paris Connection — Belle")
                expect(page.locator("#turn")).to_have_class(re.compile("mine"))
                # the renderer's scoreTitle names the running score box (table.js)
                expect(page.locator("#score h2")).to_have_text("Your shares are worth")
                spectator = new_page("Carol")
                spectator.goto(f"/table/{tid}")
                check_spectator(spectator, page)
            move = choose(page, trade=page is alice and not alice_traded)
            alice_traded |= page is alice
            if page is alice:
                click_on_board(alice, move)
            else:
                tap_move(bob, move, tap=False, list_only=True)
            settle(page)
            clicks += 1
            acted = True
        if not acted:
            alice.wait_for_timeout(30)
    assert clicks > 5
    print(f"{clicks} clicks in {GAME_SECONDS - (deadline - time.monotonic()):.1f} s")
    assert spectator is not None

    # The end: reason, screens lifted, final scores with an expandable breakdown.
    expect(alice.locator("#turn")).to_contain_text("Game over")
    expect(alice.locator(".pc-final-table tbody tr:not(.values)")).to_have_count(4)
    scores = alice.locator("#score details.score-seat")
    expect(scores).to_have_count(4)
    first = scores.first
    first.locator("summary").click()
    expect(first).to_have_attribute("open", "")
    expect(first.locator(".score-line").first).to_be_visible()
    expect(first.locator(".score-line", has_text="over the portfolio limit")).to_be_visible()
    expect(spectator.locator("#score details.score-seat")).to_have_count(4)

    check_replay(alice)
    for page in (alice, bob, spectator):
        assert page.js_errors == []


def step_text(page: Any) -> Any:
    return page.locator("#replay-step")


def check_steps_read_as_the_log(page: Any, total: int) -> None:
    """A step in the replay bar says the log's line for its turn so far, after the seat's
    name ("Bob traded: returned a blue share, took 1 black"), not the step's imperative
    description ("Bob Take 1 share(s) of company black"); at a turn's last step, word for
    word the log's line. The last steps of the game, walked back from the end."""
    seen = compared = 0
    for step in range(total, max(total - 12, 0), -1):
        page.locator("#replay-slider").fill(str(step))
        expect(step_text(page)).to_contain_text(f"Move {step} of {total}")
        if step_text(page).locator("b").count() == 0:  # chance alone: no name before it
            continue
        meaning = step_text(page).locator(".move-desc").inner_text()
        assert meaning[:1] == meaning[:1].lower(), meaning
        seen += 1
        line = page.locator(f'#log li[data-last="{step}"]')
        if line.count():
            assert meaning == line.locator(".line-text").inner_text(), step
            compared += 1
    assert seen > 0 and compared > 0


def check_replay(page: Any) -> None:
    expect(page.locator("#replay")).to_be_visible()
    text = step_text(page).inner_text()
    total = int(re.search(r"Move (\d+) of (\d+)", text).group(2))  # type: ignore[union-attr]
    expect(step_text(page)).to_contain_text(f"Move {total} of {total}")
    expect(page.locator("#log li").last).to_have_attribute("data-last", str(total))

    expect(page.locator("#turn")).to_contain_text("Game over")  # the last position
    page.locator(".replay-prev").click()
    expect(step_text(page)).to_contain_text(f"Move {total - 1} of {total}")
    # an earlier position: the banner says it is the replay's, not "Game over" above a
    # board whose prompt names the seat that was to move then
    expect(page.locator("#turn")).to_have_text(f"Replay — Move {total - 1} of {total}")
    page.locator(".replay-first").click()
    expect(step_text(page)).to_contain_text(f"Move 0 of {total}")
    # PC-19: the colours are drawn onto the start hexes at setup, one chance move each.
    expect(page.locator(".pc-map .loco")).to_have_count(0)
    page.locator(".replay-next").click()
    expect(step_text(page)).to_contain_text(f"Move 1 of {total}")
    expect(page.locator(".pc-map .loco")).to_have_count(1)
    page.keyboard.press("End")
    expect(step_text(page)).to_contain_text(f"Move {total} of {total}")
    expect(page.locator("#turn")).to_contain_text("Game over")

    check_steps_read_as_the_log(page, total)

    # Mid-game, each seat's viewpoint shows that seat's shares; a spectator's none.
    middle = total // 2
    page.locator("#replay-slider").fill(str(middle))
    expect(step_text(page)).to_contain_text(f"Move {middle} of {total}")
    expect(page.locator("#private-hand")).to_be_visible()
    page.select_option("#replay-seat", "1")
    expect(page.locator("#replay-seat")).to_have_value("1")
    expect(step_text(page)).to_contain_text(f"Move {middle} of {total}")
    expect(page.locator("#private-hand")).to_be_visible()
    page.select_option("#replay-seat", "")
    expect(page.locator("#private-hand")).to_have_count(0)
    expect(page.locator(".pc-hand.spectator")).to_be_visible()
