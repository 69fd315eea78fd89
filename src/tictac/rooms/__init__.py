"""Rooms: seats, lobby, the action log and the clock of each table (see docs/architecture.md)."""

from tictac.rooms.chance import Chance, SeededChance, SystemChance
from tictac.rooms.clock import Clock, FakeClock, RealClock
from tictac.rooms.conn import Conn
from tictac.rooms.manager import RoomManager
from tictac.rooms.room import Room
from tictac.rooms.settings import RoomSettings

__all__ = ["Chance", "Clock", "Conn", "FakeClock", "RealClock", "Room", "RoomManager",
           "RoomSettings", "SeededChance", "SystemChance"]
