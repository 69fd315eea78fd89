"""tictac: a self-hosted game-night server for Time's Up, Timo's Twist and Time Bomb."""

__version__ = "0.1.0"
