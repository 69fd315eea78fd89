"""Renders the web client's icon (src/tictac/web/static/icons/icon.svg, drawn by hand) to the
PNG sizes the web app manifest and iOS ask for, with Debian's Chromium through Playwright (the
browser tests' own tools: no image library needed). Run it after changing the SVG:

    uv run --group dev python scripts/make_icons.py
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parent.parent / "src" / "tictac" / "web" / "static" / "icons"
SIZES = (180, 192, 512)  # iOS's apple-touch-icon, then the manifest's two


def main() -> None:
    svg = (ICONS / "icon.svg").read_text()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                             args=["--headless", "--no-sandbox"])
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(f"<style>html,body{{margin:0}} svg{{display:block;width:{size}px;"
                             f"height:{size}px}}</style>{svg}")
            page.screenshot(path=str(ICONS / f"icon-{size}.png"), omit_background=False)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
