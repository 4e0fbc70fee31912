"""Screenshots of every game's table at 390 px (a phone) and 1400 px (a desktop).

    .venv/bin/python -m tests.browser.screens                # docs/screens/<game>-<width>.png
    .venv/bin/python -m tests.browser.screens --lang de --out /tmp/screens-de

`make screens` runs the first line. A fresh server (temporary SQLite database, bots
without delay) is started; at each table one person sits with random bots and plays a
few moves by tapping, so the board shows a game under way. The bots are random, so two
runs differ in detail, never in layout.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

from tests.browser.serve import serving
from tests.browser.tables import play_moves, sign_in_api, sit_down

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
ROOT = Path(__file__).resolve().parents[2]
# game -> (players, moves to play before the picture)
GAMES: dict[str, tuple[int, int]] = {
    "paris": (3, 18),
    "paris_connection": (4, 12),
    "city_of_light": (2, 12),
    "paris_paris": (3, 8),
    "bruxelles_1893": (3, 10),
}
DEVICES: dict[int, dict[str, Any]] = {
    390: {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
          "device_scale_factor": 2},
    1400: {"viewport": {"width": 1400, "height": 900}},
}


def shoot(browser: Any, url: str, game: str, width: int, lang: str, out: Path) -> Path:
    players, moves = GAMES[game]
    context = browser.new_context(
        base_url=url, locale=lang, **DEVICES[width], service_workers="block")
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        page.on("pageerror", lambda exc: print(f"{game} {width}: {exc}", file=sys.stderr))
        page.goto("/")
        sign_in_api(page, f"Ana{width}{game[:4]}{random.randrange(1000)}")
        sit_down(page, game, players)
        play_moves(page, moves, rng=random.Random(width), tap=width < 800)
        page.evaluate("() => window.scrollTo(0, 0)")
        page.wait_for_timeout(300)
        path = out / f"{game}-{width}.png"
        page.screenshot(path=str(path))
        return path
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screens")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--widths", default="390,1400")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as workdir, serving(Path(workdir)) as url, \
            sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            for game in args.games.split(","):
                for width in (int(w) for w in args.widths.split(",")):
                    print(shoot(browser, url, game, width, args.lang, args.out))
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
