"""The one exception a game raises for bad input."""


class IllegalAction(Exception):
    """An action the game refuses. `code` is stable and documented; the state is untouched."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message

    def to_json(self) -> dict[str, str]:
        return {"type": "error", "code": self.code, "message": self.message}


class Codes:
    """One layer's refusal codes, each declared once with what it means and the HTTP status
    an HTTP call refused with it answers (400 unless declared): docs/protocol.md's tables are
    written from these (`python -m tictac.server.schema`), and the server answers from them."""

    def __init__(self) -> None:
        self.meanings: dict[str, str] = {}
        self.statuses: dict[str, int] = {}

    def __call__(self, code: str, meaning: str, status: int = 400) -> str:
        if code in self.meanings:
            raise ValueError(f"error code {code!r} declared twice")
        self.meanings[code] = meaning
        self.statuses[code] = status
        return code


# Codes every game uses; each game documents its own beside its rules.
GAME_CODES = Codes()
MALFORMED = GAME_CODES("malformed_action", "the action is not an object, or has no string `type`")
UNKNOWN_ACTION = GAME_CODES("unknown_action", "a `type` the game does not know")
MISSING_FIELD = GAME_CODES("missing_field", "the action lacks a field its `type` needs")
BAD_FIELD = GAME_CODES("bad_field", "a field of the wrong type or out of range")
NOT_YOUR_TURN = GAME_CODES("not_your_turn", "the game does not wait for this seat to do that now")
GAME_OVER = GAME_CODES("game_over", "the game has ended")
BAD_SEAT = GAME_CODES("bad_seat", "a seat that does not exist (the acting one, or one a lobby op "
                      "names), or one the op cannot use so")
BAD_OPTION = GAME_CODES("bad_option", "an option the game does not have, or a value it does "
                        "not take")
BAD_SETUP = GAME_CODES("bad_setup", "a player count or stacked order the game cannot use")
