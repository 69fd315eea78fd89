"""What each person sets for themselves on their own phone (docs/web.md, "Accommodations"):
larger text, high contrast, reduced motion, captions for the sound cues, a buzz on their turn,
a slower refusal bubble. Kept with their place in the room's record, so a reconnect, another
device opening the seat's link or a server restart finds them as set; only their own place is
told them (the `room` message's `you`). One model checks them wherever they come from: the
`set_prefs` message and a stored record."""

from __future__ import annotations

import logging
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

log = logging.getLogger(__name__)

TEXT_SCALES = (100, 125, 150, 175, 200)  # per cent of the normal text size


class Prefs(BaseModel):
    """A person's accommodations; every field has the default a phone starts with."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    text: int = Field(default=100, ge=TEXT_SCALES[0], le=TEXT_SCALES[-1], multiple_of=25)
    contrast: bool = False  # high contrast colours
    still: bool = False  # no animation (as the system's "reduce motion" does)
    captions: bool = False  # every sound cue is also written on screen
    vibrate: bool = True  # the phone buzzes when it becomes your turn (and at time's up)
    slow_refusals: bool = False  # a refusal's bubble stays three times as long


DEFAULT = Prefs()


def stored_prefs(record: dict[str, Any] | None, where: str) -> Prefs:
    """A place's prefs as its record holds them: one a newer or older server wrote that no
    longer passes gives way to the defaults (logged), so the room still comes back."""
    if not record:
        return DEFAULT
    try:
        return Prefs.model_validate(record)
    except ValidationError:
        log.warning("%s: stored prefs no longer valid, defaults used", where)
        return DEFAULT
