"""Time Bomb as an OpenSpiel game, `tictac_time_bomb` (docs/rl.md, "OpenSpiel").

The engine plays the game; the chance nodes decide what its generator would: the role cards
seat by seat, each seat's wires (how many defusing wires and whether the bomb, with the
probabilities of dealing from the wires left), the first holder of the pliers, and which kind of
wire a cut reveals. Nobody, the owner included, knows where in a row each wire lies, so a cut
names only the row (the seat); the kind comes up with the chances of the row's face-down wires,
and the engine is handed a position holding that kind.

Claims are talk, said at any time at a table: as in `tictac.rl.time_bomb`, each round opens
with a claiming turn (every seat from the holder of the pliers round the table claims or stays
silent), then only the holder acts. Options shrink the game for solvers: `rounds` ends it after
that many rounds (time is up, Moriarty wins), `claims=False` drops the claiming turns.
"""

from __future__ import annotations

import random
from math import comb
from typing import Any

import pyspiel

from tictac.games import time_bomb
from tictac.games.time_bomb.table import (
    BOMB,
    CUT,
    DEFUSING,
    KINDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MORIARTY,
    ROLE_CARDS,
    ROUNDS,
    SAFE,
    SHERLOCK,
    TEAMS,
    WIRES_EACH,
    wires_each,
)
from tictac.rl.openspiel.observing import Pieces

SHORT_NAME = "tictac_time_bomb"
# Actions: 0-7 cut the row of that seat; 8-19 claim 8 + 2 * defusing + bomb; 20 stay silent.
CLAIM, SILENT = MAX_PLAYERS, MAX_PLAYERS + 2 * (WIRES_EACH + 1)
ACTIONS = SILENT + 1
# Chance outcomes: a role (0 Sherlock, 1 Moriarty), a seat's wires (2 * defusing + bomb), the
# first holder (a seat), a cut wire's kind (SAFE, DEFUSING, BOMB).
CHANCE_OUTCOMES = 2 * (WIRES_EACH + 1)
DEFAULTS = {"players": 4, "rounds": ROUNDS, "claims": True}

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="tictac Time Bomb",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=MIN_PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


class TimeBombGame(pyspiel.Game):  # type: ignore[misc]
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        chosen = {**DEFAULTS, **(params or {})}
        self.players = int(chosen["players"])
        self.rounds = int(chosen["rounds"])
        self.claims = bool(chosen["claims"])
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(f"Time Bomb takes {MIN_PLAYERS} to {MAX_PLAYERS} players")
        if not 1 <= self.rounds <= ROUNDS:
            raise ValueError(f"rounds is 1 to {ROUNDS}")
        # Per round: the deal (a seat each, the holder once), a claiming turn, a cut and its
        # reveal per player; before it, the role cards.
        per_round = self.players * (1 + self.claims + 2) + 1
        info = pyspiel.GameInfo(
            num_distinct_actions=ACTIONS,
            max_chance_outcomes=CHANCE_OUTCOMES,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            max_game_length=self.players + self.rounds * per_round,
        )
        super().__init__(GAME_TYPE, info, chosen)

    def new_initial_state(self) -> TimeBombState:
        return TimeBombState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> TimeBombObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return TimeBombObserver(self.players, recall)


class TimeBombState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: TimeBombGame) -> None:
        super().__init__(game)
        self.players = game.players
        self.max_rounds = game.rounds
        self.with_claims = game.claims
        self.roles: list[str] = []
        self.dealt: list[list[tuple[int, int]]] = []  # per round, per seat: (defusing, bomb)
        self.engine: time_bomb.State | None = None
        self.claiming: list[int] = []  # seats still to claim or stay silent this round
        self.said: list[list[int]] = []  # per round, per seat: its claim action, or SILENT
        self.cutting: int | None = None  # the row cut, its wire's kind still to come
        self.time_up = False

    # Whose turn.
    def current_player(self) -> int:
        if self._is_over():
            return int(pyspiel.PlayerId.TERMINAL)
        if self._chance_phase() is not None:
            return int(pyspiel.PlayerId.CHANCE)
        return self.claiming[0] if self.claiming else self._engine().holder

    def _chance_phase(self) -> str | None:
        if len(self.roles) < self.players:
            return "role"
        if self._dealing() is not None:
            return "wires"
        if self.engine is None:
            return "holder"
        if self.cutting is not None:
            return "kind"
        return None

    def _engine(self) -> time_bomb.State:
        assert self.engine is not None, "the wires are not dealt yet"
        return self.engine

    def _is_over(self) -> bool:
        return self.time_up or (self.engine is not None and self.engine.team is not None)

    def _legal_actions(self, player: int) -> list[int]:
        engine = self._engine()
        if self.claiming:
            claims = [_claim_action(a) for a in time_bomb.legal_actions(engine, player)
                      if a["type"] == "claim"]
            return [*sorted(claims), SILENT]
        rows = {a["target"] for a in time_bomb.legal_actions(engine, player) if a["type"] == "cut"}
        return sorted(rows)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        phase = self._chance_phase()
        if phase == "role":
            left = _roles_left(self.players, self.roles)
            total = sum(left.values())
            return [(TEAMS.index(team), count / total) for team, count in left.items() if count]
        if phase == "wires":
            return _deal_chances(self._wire_pool(), self._wires_each())
        if phase == "holder":
            return [(seat, 1.0 / self.players) for seat in range(self.players)]
        row = self._engine().rows[self.cutting]  # type: ignore[index]
        face_down = [kind for kind in row if kind != CUT]
        return [(kind, face_down.count(kind) / len(face_down))
                for kind in (SAFE, DEFUSING, BOMB) if kind in face_down]

    def _apply_action(self, action: int) -> None:
        phase = self._chance_phase()
        if phase == "role":
            self.roles.append(TEAMS[action])
        elif phase == "wires":
            if len(self.dealt) != self._dealing():
                self.dealt.append([])
            self.dealt[-1].append(divmod(action, 2))
            if len(self.dealt[-1]) == self.players and self.engine is not None:
                self._restack()
        elif phase == "holder":
            self._set_up(action)
        elif phase == "kind":
            self._cut(action)
        elif self.claiming:
            self._claim(self.claiming.pop(0), action)
        else:
            self.cutting = action

    # The engine's deals, fixed by the chance nodes.
    def _dealing(self) -> int | None:
        """The round whose wires the chance nodes are dealing, if any."""
        if self.dealt and len(self.dealt[-1]) < self.players:
            return len(self.dealt)
        round_ = 1 if self.engine is None else self.engine.round
        return round_ if len(self.dealt) < round_ else None

    def _wires_each(self) -> int:
        return wires_each(self._dealing() or len(self.dealt))

    def _wire_pool(self) -> dict[int, int]:
        """The wires still to deal this round, by kind: the whole set before the game, then
        the wires left face down (the engine has just gathered them)."""
        if self.engine is None:
            pool = {SAFE: WIRES_EACH * self.players - self.players - 1, DEFUSING: self.players,
                    BOMB: 1}
        else:
            hidden = [kind for row in self.engine.rows for kind in row if kind != CUT]
            pool = {kind: hidden.count(kind) for kind in (SAFE, DEFUSING, BOMB)}
        if len(self.dealt) == self._dealing():
            for defusing, bomb in self.dealt[-1]:
                pool[DEFUSING] -= defusing
                pool[BOMB] -= bomb
                pool[SAFE] -= self._wires_each() - defusing - bomb
        return pool

    def _rows(self) -> list[list[int]]:
        each = wires_each(len(self.dealt))
        return [[DEFUSING] * d + [BOMB] * b + [SAFE] * (each - d - b) for d, b in self.dealt[-1]]

    def _set_up(self, holder: int) -> None:
        set_aside = [team for team, n in _roles_left(self.players, self.roles).items() for _ in
                     range(n)]
        wires = [KINDS[kind] for row in self._rows() for kind in row]
        self.engine = time_bomb.setup(self.players, {"first_holder": holder}, 0,
                                      stacked=[*self.roles, *set_aside, *wires])
        self._open_round()

    def _restack(self) -> None:
        """The engine re-dealt the hidden wires with its own generator: the chance nodes' deal,
        of the same wires, takes its place."""
        self._engine().rows = self._rows()
        self._open_round()

    def _open_round(self) -> None:
        holder = self._engine().holder
        self.said.append([SILENT] * self.players)
        if self.with_claims:
            self.claiming = [(holder + k) % self.players for k in range(self.players)]

    def own_wires(self, seat: int) -> list[int]:
        """The seat's face-down wires, as it knows them: while a new round's wires are being
        dealt, only those the chance nodes have dealt it (the engine's own re-deal, which the
        chance nodes' replaces, is nobody's knowledge)."""
        if self._dealing() is None:
            return [kind for kind in self._engine().rows[seat] if kind != CUT]
        if len(self.dealt) == self._dealing() and len(self.dealt[-1]) > seat:
            defusing, bomb = self.dealt[-1][seat]
            each = wires_each(len(self.dealt))
            return [DEFUSING] * defusing + [BOMB] * bomb + [SAFE] * (each - defusing - bomb)
        return []

    def _claim(self, seat: int, action: int) -> None:
        self.said[-1][seat] = action
        if action != SILENT:
            defusing, bomb = divmod(action - CLAIM, 2)
            time_bomb.apply(self._engine(), seat, {"type": "claim", "defusing": defusing,
                                                   "bomb": bool(bomb)}, 0)

    def _cut(self, kind: int) -> None:
        engine, target = self._engine(), self.cutting
        assert target is not None
        self.cutting = None
        position = engine.rows[target].index(kind)
        round_ = engine.round
        time_bomb.apply(engine, engine.holder, {"type": "cut", "target": target,
                                                "position": position}, 0)
        # A new round's wires are dealt by the chance nodes (`_restack`), unless the rounds
        # this game plays are over: then time is up and Moriarty wins.
        round_over = engine.team is None and engine.round != round_
        if round_over and round_ == self.max_rounds:
            self.time_up = True

    # Sampling what a seat does not know.
    def resample_from_infostate(self, player: int, sampler: Any) -> TimeBombState:
        """A state `player` cannot tell from this one (OpenSpiel's name; ISMCTS calls it):
        the other seats' roles and face-down wires dealt anew at random from what `player`
        does not see, everything public kept (claims are talk: any deal fits them)."""
        return self.determinized(player, random.Random(int(sampler() * 2**32)))

    def determinized(self, player: int, rng: random.Random) -> TimeBombState:
        copy: TimeBombState = self.clone()
        engine = copy._engine()
        others = [seat for seat in range(self.players) if seat != player]
        cards = [*_roles_left(self.players, [self.roles[player]]).items()]
        unseen = [team for team, count in cards for _ in range(count)]
        rng.shuffle(unseen)
        for seat in others:
            copy.roles[seat] = unseen.pop()
        engine.roles = list(copy.roles)
        engine.set_aside = unseen[0] if unseen else None
        hidden = [kind for seat in others for kind in engine.rows[seat] if kind != CUT]
        rng.shuffle(hidden)
        for seat in others:
            row = engine.rows[seat]
            engine.rows[seat] = [CUT if kind == CUT else hidden.pop() for kind in row]
        return copy

    # Results and text.
    def is_terminal(self) -> bool:
        return self._is_over()

    def returns(self) -> list[float]:
        if not self._is_over():
            return [0.0] * self.players
        team = MORIARTY if self.time_up else self._engine().team
        return [1.0 if role == team else -1.0 for role in self.roles]

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            phase = self._chance_phase()
            if phase == "role":
                return f"role:{TEAMS[action]}"
            if phase == "wires":
                defusing, bomb = divmod(action, 2)
                return f"wires:{defusing}d{'+bomb' if bomb else ''}"
            return f"holder:{action}" if phase == "holder" else f"reveal:{KINDS[action]}"
        return _action_name(action)

    def __str__(self) -> str:
        engine = self.engine
        if engine is None:
            return f"roles {self.roles} dealt {self.dealt}"
        rows = " | ".join("".join("-sdb"[kind + 1] for kind in row) for row in engine.rows)
        return (f"roles {self.roles} round {engine.round} cuts {engine.cuts} holder "
                f"{engine.holder} rows {rows} said {self.said} claiming {self.claiming} "
                f"cutting {self.cutting} over {self._is_over()}")


def _claim_action(action: dict[str, Any]) -> int:
    return CLAIM + 2 * int(action["defusing"]) + int(action["bomb"])


def _action_name(action: int) -> str:
    if action < CLAIM:
        return f"cut:{action}"
    if action == SILENT:
        return "silent"
    defusing, bomb = divmod(action - CLAIM, 2)
    return f"claim:{defusing}d{'+bomb' if bomb else ''}"


def _roles_left(players: int, dealt: list[str]) -> dict[str, int]:
    sherlocks, moriarties = ROLE_CARDS[players]
    return {SHERLOCK: sherlocks - dealt.count(SHERLOCK),
            MORIARTY: moriarties - dealt.count(MORIARTY)}


def _deal_chances(pool: dict[int, int], each: int) -> list[tuple[int, float]]:
    """Each (defusing, bomb) a seat may be dealt, `each` wires from `pool`, with its chance."""
    total = comb(sum(pool.values()), each)
    outcomes = []
    for defusing in range(min(each, pool[DEFUSING]) + 1):
        for bomb in range(min(each - defusing, pool[BOMB]) + 1):
            ways = comb(pool[DEFUSING], defusing) * comb(pool[BOMB], bomb) * comb(
                pool[SAFE], each - defusing - bomb)
            if ways:
                outcomes.append((2 * defusing + bomb, ways / total))
    return outcomes


class TimeBombObserver:
    """What a seat knows, as a tensor and a string (OpenSpiel's observer interface).

    Both views carry the seat, its role, its face-down wires by kind, the round, the cuts of the
    round, the holder of the pliers and whether a claiming turn runs. The observation adds, per
    seat, what it said this round and the kinds cut from its row in the game; the information
    state (perfect recall) instead keeps everything in order: the seat's wires at every deal,
    every claim or silence of every round and every cut with its kind.
    """

    def __init__(self, players: int, recall: bool) -> None:
        self.players, self.recall = players, recall
        pieces = Pieces()
        pieces.add("player", MAX_PLAYERS)
        pieces.add("role", 2)
        pieces.add("own_wires", 3)
        pieces.add("round", ROUNDS)
        pieces.add("cuts", MAX_PLAYERS + 1)
        pieces.add("holder", MAX_PLAYERS)
        pieces.add("claiming", 1)
        if recall:
            pieces.add("dealt", ROUNDS, 2 * (WIRES_EACH + 1))
            pieces.add("said", ROUNDS, MAX_PLAYERS, SILENT - CLAIM + 1)
            pieces.add("cut", ROUNDS, MAX_PLAYERS, MAX_PLAYERS + MAX_PLAYERS + len(KINDS))
        else:
            pieces.add("said", MAX_PLAYERS, SILENT - CLAIM + 1)
            pieces.add("lost", MAX_PLAYERS, len(KINDS))
        self.tensor, self.dict = pieces.build()

    def set_from(self, state: TimeBombState, player: int) -> None:
        self.tensor.fill(0)
        parts = self.dict
        parts["player"][player] = 1
        if len(state.roles) > player:
            parts["role"][TEAMS.index(state.roles[player])] = 1
        engine = state.engine
        if engine is None:
            return
        for kind in state.own_wires(player):
            parts["own_wires"][kind] += 1 / WIRES_EACH
        parts["round"][engine.round - 1] = 1
        parts["cuts"][engine.cuts] = 1
        parts["holder"][engine.holder] = 1
        parts["claiming"][0] = bool(state.claiming)
        if self.recall:
            for round_, seats in enumerate(state.dealt):
                if len(seats) > player:
                    parts["dealt"][round_, 2 * seats[player][0] + seats[player][1]] = 1
            for round_, said in enumerate(state.said):
                for seat, action in enumerate(said):
                    if state.with_claims:
                        parts["said"][round_, seat, action - CLAIM] = 1
            for round_, number, cutter, target, _, kind in engine.revealed:
                cut = parts["cut"][round_ - 1, number]
                cut[cutter] = cut[MAX_PLAYERS + target] = cut[2 * MAX_PLAYERS + kind] = 1
            return
        if state.with_claims:
            for seat, action in enumerate(state.said[-1]):
                parts["said"][seat, action - CLAIM] = 1
        for *_, target, _, kind in engine.revealed:
            parts["lost"][target, kind] += 1 / (ROUNDS * self.players)

    def string_from(self, state: TimeBombState, player: int) -> str:
        role = state.roles[player] if len(state.roles) > player else "?"
        engine = state.engine
        if engine is None:
            return f"p{player} {role}"
        own = "".join("sdb"[kind] for kind in sorted(state.own_wires(player)))
        text = [f"p{player} {role} wires:{own} round:{engine.round} cuts:{engine.cuts} "
                f"holder:{engine.holder} claiming:{[] if not state.claiming else state.claiming}"]
        if self.recall:
            text.append("dealt:" + ",".join(f"{s[player][0]}{s[player][1]}" for s in state.dealt
                                            if len(s) > player))
            said = state.said
        else:
            said = state.said[-1:]
        text.extend(" ".join(_action_name(action) for action in round_) for round_ in said)
        text.extend(f"r{r}c{n}:{cutter}>{target}={KINDS[kind]}"
                    for r, n, cutter, target, _, kind in engine.revealed)
        return " ".join(text)


pyspiel.register_game(GAME_TYPE, TimeBombGame)

