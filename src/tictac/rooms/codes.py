"""Room codes that are easy to read aloud and type on a phone: no 0/O, no 1/I."""

from __future__ import annotations

import secrets
from collections.abc import Container

ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
LENGTH = 5


def new_code(taken: Container[str]) -> str:
    while True:
        code = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
        if code not in taken:
            return code


def normalize(code: str) -> str | None:
    """The canonical (upper-case) code, or None if `code` cannot be one."""
    code = code.strip().upper()
    if len(code) != LENGTH or any(c not in ALPHABET for c in code):
        return None
    return code
