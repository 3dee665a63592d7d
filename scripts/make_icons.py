"""Draw the installable hall's PNG icons from static/icons/icon.svg with headless Chromium (no image library needed).

The SVG keeps its pieces inside the middle 80 %, so the same picture serves as a maskable icon (a phone may cut it
to a circle). Run again after changing the SVG: `.venv/bin/python scripts/make_icons.py`.
"""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"
SIZES = (48, 72, 96, 128, 144, 152, 180, 192, 256, 384, 512)


def main() -> None:
    svg = (ICONS / "icon.svg").read_text()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"))
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            style = f"html,body{{margin:0}}svg{{display:block;width:{size}px;height:{size}px}}"
            page.set_content(f"<style>{style}</style>{svg}")
            page.screenshot(path=str(ICONS / f"icon-{size}.png"), omit_background=False)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
