"""The browser client: static files served by `tictac serve`, no build step (see docs/web.md)."""

from __future__ import annotations

from pathlib import Path

STATIC_DIR = Path(__file__).parent / "static"
INDEX_HTML = STATIC_DIR / "index.html"
