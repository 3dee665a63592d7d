"""Clicks per game: a person at the table page (headless Chromium) plays against bots, choosing among the moves the
page offers at random, and we count their clicks next to the decisions the page took for them (one-answer decisions
after a one-second pause; Jambo's automatic "No reaction"). Without the page's help a person would click both.

Run: .venv/bin/python bench/bench_clicks.py [--games jambo,goldrush] [--max-clicks 60] [--seed 1]
     (a whole game when it ends within --max-clicks; prints figures, asserts nothing about time)
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.support.servers import Server  # noqa: E402
from tests.support.table_driver import play, start_against_bots  # noqa: E402

GAMES = ["jambo", "river", "goldrush", "goldwest", "istanbul"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--max-clicks", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    chromium = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(database_url=f"sqlite:///{tmp}/clicks.db")
        server.start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium, headless=True, args=["--disable-gpu"])
                print(f"{'game':10} {'clicks':>6} {'by page':>7} {'saved':>6} {'moves':>6}  {'seconds':>7}  end")
                for game in args.games.split(","):
                    page = browser.new_context(viewport={"width": 1366, "height": 800}).new_page()
                    start_against_bots(page, server.url, game, nickname="Bench")
                    started = time.perf_counter()
                    tally = play(page, random.Random(args.seed), args.max_clicks)
                    took = time.perf_counter() - started
                    saved = tally.automatic / max(1, tally.clicks + tally.automatic)
                    print(f"{game:10} {tally.clicks:6} {tally.automatic:7} {saved:6.0%} {tally.versions:6}  {took:7.1f}"
                          f"  {'game over' if tally.finished else f'stopped at {args.max_clicks} clicks'}")
                    page.context.close()
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
