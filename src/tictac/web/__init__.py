"""The browser client: static files in `static/`, served as they are by `tictac serve` (no build
step). See docs/web.md."""
