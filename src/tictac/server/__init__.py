"""HTTP + WebSocket transport, static files, tokens and limits; the rules live in the games."""

from tictac.server.app import create_app
from tictac.server.settings import ServerSettings

__all__ = ["ServerSettings", "create_app"]
