"""The one exception a game raises for bad input."""


class IllegalAction(Exception):
    """An action the game refuses. `code` is stable and documented; the state is untouched."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message

    def to_json(self) -> dict[str, str]:
        return {"type": "error", "code": self.code, "message": self.message}


# Codes every game uses; each game documents its own beside its rules.
MALFORMED = "malformed_action"  # not an object, or no string "type"
UNKNOWN_ACTION = "unknown_action"  # a "type" the game does not know
MISSING_FIELD = "missing_field"
BAD_FIELD = "bad_field"  # a field of the wrong type or out of range
NOT_YOUR_TURN = "not_your_turn"
GAME_OVER = "game_over"
BAD_SEAT = "bad_seat"  # the acting seat does not exist
BAD_OPTION = "bad_option"
BAD_SETUP = "bad_setup"  # player count or stacked order the game cannot use
