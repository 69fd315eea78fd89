"""Every message and HTTP body, as pydantic models: the server validates incoming messages with
them and `tictac.server.schema` writes their JSON Schemas into docs/protocol.md."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter, model_validator
from pydantic_core import PydanticCustomError

from tictac.engine import IllegalAction
from tictac.rooms.names import MAX_NAME
from tictac.rooms.places import MOST_EXTRA_S
from tictac.rooms.prefs import Prefs
from tictac.server.media_models import MediaIn, MediaOut, MediaSignalOut
from tictac.server.strict import Strict
from tictac.server.text import clean

MAX_CHAT = 300


# -- client -> server ------------------------------------------------------------------------


class HelloIn(Strict):
    """The first message of every WebSocket, and only the first: the place's token."""

    type: Literal["hello"]
    token: str = Field(max_length=256)


class ActionIn(Strict):
    """A game action for the sender's seat; `id` comes back in the `ack` or `error`. `seen` is
    the `version` of the view the action answers: a move the game says depends on what was
    shown is refused (`stale_view`) once a newer view exists."""

    type: Literal["action"]
    action: dict[str, Any]
    id: int | None = None
    seen: int | None = None


class ChatIn(Strict):
    type: Literal["chat"]
    text: str = Field(min_length=1, max_length=MAX_CHAT)


class SyncIn(Strict):
    """Asks for the room and the current view again."""

    type: Literal["sync"]


class PingIn(Strict):
    type: Literal["ping"]
    t: float


class VoteIn(Strict):
    """An audience member's vote (docs/rulings.md, "The audience"): `choice` is one of the
    open ballot's, named by the ballot's `key`; a new vote replaces the member's last."""

    type: Literal["vote"]
    ballot: str = Field(max_length=40)
    choice: int


class _Lobby(Strict):
    type: Literal["lobby"]


class SetOptions(_Lobby):
    op: Literal["set_options"]
    options: dict[str, Any]


class Start(_Lobby):
    op: Literal["start"]


class AddBot(_Lobby):
    op: Literal["add_bot"]
    kind: str | None = None


class RemoveSeat(_Lobby):
    op: Literal["remove_seat"]
    seat: int


class Kick(_Lobby):
    op: Literal["kick"]
    seat: int


class TransferHost(_Lobby):
    op: Literal["transfer_host"]
    seat: int


class SetTeams(_Lobby):
    op: Literal["set_teams"]
    teams: list[list[int]]


class SetPolicy(_Lobby):
    op: Literal["set_policy"]
    policy: Literal["wait", "bot", "skip"]
    after_s: int | None = None


class SetTimer(_Lobby):
    op: Literal["set_timer"]
    turn_s: int | None


class SetBotPause(_Lobby):
    op: Literal["set_bot_pause"]
    ms: int


class Rename(_Lobby):
    op: Literal["rename"]
    name: str = Field(max_length=4 * MAX_NAME)


class PlayAgain(_Lobby):
    op: Literal["play_again"]


class ChooseGame(_Lobby):
    """The room's next game and its options (host, in the lobby): an evening in one room."""

    op: Literal["choose_game"]
    game: str = Field(max_length=64)
    options: dict[str, Any] | None = None


class Sit(_Lobby):
    """A spectator takes a free seat (in the lobby)."""

    op: Literal["sit"]


class EndEvening(_Lobby):
    """The host ends the evening: the TV shows its podium; the next game opens a new one."""

    op: Literal["end_evening"]


class KickSpectator(_Lobby):
    op: Literal["kick_spectator"]
    name: str = Field(max_length=4 * MAX_NAME)


class SetReplays(_Lobby):
    op: Literal["set_replays"]
    public: bool


class Pause(_Lobby):
    op: Literal["pause"]


class Resume(_Lobby):
    op: Literal["resume"]


class Skip(_Lobby):
    op: Literal["skip"]
    seat: int


class Replace(_Lobby):
    op: Literal["replace"]
    seat: int


class CloseWriting(_Lobby):
    op: Literal["close_writing"]


class SetStreamer(_Lobby):
    """Streamer mode on or off (host): the TVs are told no code, so they show none."""

    op: Literal["set_streamer"]
    on: bool


class ShowCode(_Lobby):
    """Streamer mode: the TV shows the code, its link and QR for 15 s (host)."""

    op: Literal["show_code"]


class SetWordFilter(_Lobby):
    """The word filter on or off (host): names, chat lines and written names it catches are
    refused (`filtered_word`)."""

    op: Literal["set_word_filter"]
    on: bool


class UseDeck(_Lobby):
    """The host loads a shared deck by its code (Time's Up deals from it), or unloads it."""

    op: Literal["use_deck"]
    code: str | None = Field(max_length=16)


class SaveDeck(_Lobby):
    """The host saves the names the players wrote, once the game is over: `deck_saved` answers
    with its code."""

    op: Literal["save_deck"]
    # A bound on what is read (four times the 80 characters a deck's title keeps, for the
    # spacing it tidies away); the game's deck format checks the title itself.
    title: str | None = Field(default=None, max_length=320)


class SetPrefs(_Lobby):
    """The sender's own accommodations (docs/web.md, "Accommodations"), kept with their place:
    any place may set its own, in any status."""

    op: Literal["set_prefs"]
    prefs: Prefs


class SetExtraTime(_Lobby):
    """Extra seconds on a seat's own turns (host, in the lobby; docs/rulings.md, "Extra time
    for a seat"): everyone sees them beside the seat."""

    op: Literal["set_extra_time"]
    seat: int
    extra_s: int = Field(ge=0, le=MOST_EXTRA_S, multiple_of=5)


LobbyIn = Annotated[
    SetOptions | Start | AddBot | RemoveSeat | Kick | TransferHost | SetTeams | SetPolicy
    | SetTimer | SetBotPause | Rename | PlayAgain | ChooseGame | Sit | EndEvening
    | KickSpectator | SetReplays | Pause | Resume | Skip | Replace | CloseWriting
    | SetStreamer | ShowCode | SetWordFilter | UseDeck | SaveDeck | SetPrefs | SetExtraTime,
    Field(discriminator="op"),
]
ClientMessage = Annotated[ActionIn | ChatIn | SyncIn | PingIn | VoteIn | LobbyIn | MediaIn,
                          Field(discriminator="type")]
CLIENT_TYPES = ("action", "chat", "sync", "ping", "vote", "lobby", "media")
client_message: TypeAdapter[Any] = TypeAdapter(ClientMessage)


# -- server -> client ------------------------------------------------------------------------


class SeatInfo(Strict):
    seat: int
    name: str
    bot: bool
    connected: bool
    gone: bool
    presence: Literal["connected", "away", "gone"]
    gone_at: int | None  # server ms an away person will count as gone (null unless away)
    stand_in: bool  # someone else (a bot, the automatic move) plays the seat for now
    for_: str | None = Field(alias="for")  # whom a bot or an emptied seat stands in for
    extra_s: int  # seconds the host added to this seat's turns


class Credit(Strict):
    """Who made a move: a person (`for` null), a bot standing in for a person, nobody (an
    emptied seat played by the room's policy, `name` null), or the host's skip for a person
    (`skip` true, the one move)."""

    name: str | None
    for_: str | None = Field(alias="for")
    skip: bool = False


class Mover(Credit):
    from_: int = Field(alias="from")  # the index of the first action of the game that is theirs


class You(Strict):
    seat: int | None
    host: bool
    spectator: bool
    name: str
    prefs: Prefs  # this person's own accommodations


class EveningGame(Strict):
    index: int  # the game's number in the room (its replay's)
    game: str
    winners: list[str]  # their names when the game began


class EveningRow(Strict):
    name: str
    points: float
    games: int  # games of the evening this place played


class Evening(Strict):
    """The evening so far (docs/rulings.md, "The evening scoreboard")."""

    games: list[EveningGame]  # its latest 30 finished games, in order
    played: int  # its finished games, all of them
    standings: list[EveningRow]  # best first (its 50 best)
    over: bool  # the host ended it: the TV shows the podium


class Streamer(Strict):
    """Streamer mode (docs/server.md, "Streamer mode")."""

    on: bool
    filter: bool  # the word filter is on
    code_until: int | None  # server ms the code shows on the TV until (null: it does not)


class DeckShown(Strict):
    """A shared deck as anyone in the room sees it: never its cards, nor its code."""

    title: str
    language: Literal["en", "fr"]
    cards: int


class DeckHeader(DeckShown):
    code: str


class RoomSummary(Strict):
    code: str | None  # null to a TV screen in streamer mode, but while the host shows it
    game: str
    title: str
    status: Literal["lobby", "playing", "finished"]
    host: int | None
    options: dict[str, Any]
    policy: Literal["wait", "bot", "skip"]
    gone_after_s: int
    turn_s: int | None
    bot_pause_ms: int
    seats: list[SeatInfo]
    spectators: int
    games: int
    paused: bool
    paused_by: str | None  # the name of whoever paused the game (null unless paused)
    bots: bool  # false: no bot plays this game, not even for the gone (Time's Up)
    you: You | None
    movers: list[list[Mover]] | None  # by seat, everyone who played it this game, in order
    evening: Evening
    streamer: Streamer
    deck: DeckShown | None  # the shared deck the host loaded (null: none)


class RoomOut(Strict):
    type: Literal["room"]
    room: RoomSummary


class ViewOut(Strict):
    type: Literal["view"]
    version: int
    server_time: int
    game_time: int  # the game's clock: it stands still while the game is paused
    paused: bool
    deadline: int | None
    events: list[dict[str, Any]]
    view: dict[str, Any]


class AckOut(Strict):
    type: Literal["ack"]
    id: int
    version: int


class ChatOut(Strict):
    type: Literal["chat"]
    seat: int | None
    name: str
    text: str
    server_time: int


class ErrorOut(Strict):
    type: Literal["error"]
    code: str
    message: str
    id: int | None = None


class NoticeOut(Strict):
    """Something the room did to the receiver (`unseated`: the host chose a game with fewer
    seats, and this place watches it)."""

    type: Literal["notice"]
    code: Literal["unseated"]
    message: str


class PongOut(Strict):
    type: Literal["pong"]
    t: float
    server_time: int


class WhileAwayOut(Strict):
    """To a seated person's device that connects when none of theirs was: the moves made for
    their seat meanwhile (rooms/away.py)."""

    type: Literal["while_away"]
    seat: int
    moves: int  # how many in all
    events: list[list[dict[str, Any]]]  # the public events of each of the latest (at most 10)


class Ballot(Strict):
    key: str  # the game's: "round-N" (Time Bomb, Time's Up), "first-out" (Timo's Twist)
    kind: str  # the game's: "moriarty", "funniest", "first_out" for the built-in games
    choices: list[dict[str, int]]  # each `id` (what a vote names), its `seat`, a turn's `team`


class AudienceState(Strict):
    """Where the audience stands: counts only until the game is over, then its `results`
    (docs/rulings.md, "The audience")."""

    members: int  # audience members connected now
    voted: int  # members who voted on the open ballot
    ballot: Ballot | None  # what may be voted on now (null: nothing)
    results: dict[str, Any] | None  # how the audience did, once the game is over


class AudienceOut(Strict):
    """To every connection when a ballot opens or changes and when the game ends; to a voter,
    as the answer to their vote; to the TVs, the counts at most once a second. `yours`, an
    audience member's own vote on the open ballot, goes to that member alone, and only a
    connection that may vote hears it (not one whose seat in this game was taken from them)."""

    type: Literal["audience"]
    audience: AudienceState
    yours: int | None = None


class DeckSavedOut(Strict):
    """To the host's phones alone, answering `save_deck`: the saved deck and its code."""

    type: Literal["deck_saved"]
    deck: DeckHeader


ServerMessage = Annotated[RoomOut | ViewOut | AckOut | ChatOut | ErrorOut | NoticeOut | PongOut
                          | WhileAwayOut | AudienceOut | DeckSavedOut | MediaOut
                          | MediaSignalOut,
                          Field(discriminator="type")]
server_message: TypeAdapter[Any] = TypeAdapter(ServerMessage)


# -- HTTP ------------------------------------------------------------------------------------


class Body(Strict):
    """An HTTP request body: its strings pass the same `clean` as a WebSocket message's."""

    @model_validator(mode="before")
    @classmethod
    def _clean_text(cls, data: Any) -> Any:
        try:
            return clean(data)
        except IllegalAction as refusal:
            raise PydanticCustomError(refusal.code, refusal.message) from None


class CreateRoom(Body):
    game: str
    name: str = Field(max_length=4 * MAX_NAME)
    options: dict[str, Any] | None = None


class JoinRoom(Body):
    name: str = Field(max_length=4 * MAX_NAME)
    spectator: bool = False
    tv: bool = False  # a TV screen's place: it watches, and is no member of the audience


class Rejoin(Body):
    rejoin: str = Field(max_length=256)  # a rejoin code, from POST .../rejoin-code


# The instance admin's calls (server/admin.py).
MAX_CLOSING = 120  # characters of a closing message: it is shown on a phone's screen
MAX_BAN_HOURS = 24 * 365


class CloseRoom(Body):
    message: str = Field(min_length=1, max_length=MAX_CLOSING)


class BanIn(Body):
    network: str = Field(min_length=1, max_length=64)  # an address or a CIDR
    hours: float = Field(gt=0, le=MAX_BAN_HOURS)
    reason: str = Field(default="", max_length=200)


class LiftBan(Body):
    network: str = Field(min_length=1, max_length=64)


class ReportIn(Body):
    what: Literal["name", "chat", "written", "deck"]
    text: str = Field(default="", max_length=400)  # as shown (a deck's is the room's)


class ResolveReport(Body):
    # what the admin did about it: nothing, or one of the actions the queue offers
    outcome: Literal["dismissed", "room_closed", "banned", "deck_taken_down"]


class RejoinCode(Strict):
    rejoin: str
    expires_in_s: int


class Joined(Strict):
    code: str
    token: str
    seat: int | None
    room: RoomSummary


class GameInfo(Strict):
    name: str
    title: str
    min_players: int
    max_players: int
    options: list[dict[str, Any]]
    bots: list[str]
    module: str  # the URL of the game's JS module (its screens)
    rules: str | None  # rules pages: this + ".<lang>.json"; null when the game has none
    texts: str | None  # the game's words, a catalog: this + ".<lang>.json"; null: none
    client_info: dict[str, Any]  # what the game's screens need from its Python side


class ReplayStep(Strict):
    version: int
    now_ms: int
    seat: int | None
    action: dict[str, Any] | None
    by: Credit | None  # who made the action (null with the actions hidden)
    view: dict[str, Any]


class Replay(Strict):
    code: str
    game: str
    index: int
    players: list[str]
    options: dict[str, Any]
    finished: bool
    steps: list[ReplayStep]


class Health(Strict):
    ok: bool
    rooms: int
    connections: int
