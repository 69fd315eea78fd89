"""What the games' OpenSpiel observers share: one flat float32 tensor and named views of its
parts, as OpenSpiel's observer interface has them (`tensor`, `dict`)."""

from __future__ import annotations

from math import prod

import numpy as np


class Pieces:
    def __init__(self) -> None:
        self.shapes: list[tuple[str, tuple[int, ...]]] = []

    def add(self, name: str, *shape: int) -> None:
        self.shapes.append((name, shape))

    def build(self) -> tuple[np.ndarray, dict[str, np.ndarray]]:
        tensor = np.zeros(sum(prod(shape) for _, shape in self.shapes), np.float32)
        parts, start = {}, 0
        for name, shape in self.shapes:
            size = prod(shape)
            parts[name] = tensor[start:start + size].reshape(shape)
            start += size
        return tensor, parts
