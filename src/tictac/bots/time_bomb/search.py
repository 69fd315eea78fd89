"""Time Bomb's search bot: expectimax one cut deep over determinized tables, weighted by what
the table has said and done.

What a seat cannot see is the other roles (and the card set aside) and which kinds lie face down
in the other rows. A sample deals the unseen role cards by the bot's belief of who is who
(`belief.py`: the earlier rounds' claims read against the cuts), deals each
player sampled as Sherlock who claimed this round a row that fits the claim, and the rest of
the wires nobody has found (the game's totals less the cut wires and the seat's own) at random.
It weighs itself by how likely this round's claims are under it (the chance of such a deal for a
Sherlock; for a Moriarty, whether the claim fits the way a Moriarty hides its wires). On every
sample the bot makes every cut it may make with the engine, every position of every row, and
judges the table after it (`judge`); the row with the best weighted mean is cut.

The bot claims by `claim_of`: a Sherlock the whole truth, a Moriarty as the reasoning bot lies;
and it reads the others' claims by the same patterns, so its claims mean to its teammates what
theirs mean to it.
"""

from __future__ import annotations

import math
import time
from typing import Any

from tictac.bots.search import Budget, no_time_for_another
from tictac.bots.time_bomb.belief import Deal, claim_of, deal_roles, role_belief
from tictac.bots.time_bomb.reasoning import ReasoningBot
from tictac.engine import Action, Rng, View
from tictac.games.time_bomb.rules import apply
from tictac.games.time_bomb.state import State
from tictac.games.time_bomb.table import (
    BOMB,
    CUT,
    DEFUSING,
    KINDS,
    MORIARTY,
    SHERLOCK,
)

# A Sherlock tells the whole truth: a sample in which a Sherlock's claim cannot be true is this
# unlikely. A Moriarty lies by a known pattern, but
# people lie in many ways: a claim off the pattern only makes the sample this much less likely.
CAUGHT_LYING = 0.001
MORIARTY_MISFIT = 0.05
# What a cut is worth when the game goes on (see `judge`): a defusing wire found is a step of
# `players` towards the win, the bomb loses at once (a Sherlock fears it as five defusing wires),
# and whoever gets the pliers cuts next. PROGRESS was tuned on 400-game runs against reasoning
# Moriarty players; PLIERS (0.02 before) on 200-game runs with search bots in every seat, once
# the belief made it worth more to know who gets the pliers.
PROGRESS = 0.1
PLIERS = 0.06
# A Sherlock also weighs the risk that the next cut, by whoever it hands the pliers to, finds
# the bomb: a loss counted twice over (the game's value is one half), as the cut after that
# may risk it again. Tuned on 200- and 400-game runs with search bots in every seat; a
# Moriarty does not weigh it (its own judgement of where the bomb lies already pulls it there).
NEXT_CUT_FEAR = 1.0
# The least number of samples whatever the budget, so that every row is compared on some.
MIN_SAMPLES = 4


class SearchBot(ReasoningBot):
    says = staticmethod(claim_of)

    def __init__(self, seat: int, rng: Rng, budget: Budget | None = None) -> None:
        super().__init__(seat, rng)
        self.budget = budget or Budget()

    def _cut(self, view: View) -> Action:
        targets = [row["seat"] for row in view["rows"] if row["seat"] != self.seat
                   and row["face_down"]]
        if len(targets) == 1:
            return self._cut_row(view, targets[0])
        team = view["you"]["role"]
        wins = [0.0] * len(targets)
        started, deadline = time.perf_counter(), self.budget.deadline()
        samples = max(MIN_SAMPLES, self.budget.iterations)  # each sample judges every cut
        belief = role_belief(view, self.seat)
        for done in range(samples):
            if done >= MIN_SAMPLES and no_time_for_another(deadline, started, done):
                break
            state, weight = determinize(view, self.seat, self.rng, belief)
            for index, target in enumerate(targets):
                # Every position of the row, not one at random: which wire the cut finds is
                # most of what the move decides, and this takes its chance out of the sums.
                positions = view["rows"][target]["face_down"]
                share = weight / len(positions)
                for position in positions:
                    trial = state.clone()
                    apply(trial, self.seat, {"type": "cut", "target": target,
                                             "position": position}, 0)
                    wins[index] += share * judge(trial, team)
        best = max(range(len(targets)), key=lambda i: (wins[i], -i))
        return self._cut_row(view, targets[best])

    def _cut_row(self, view: View, target: int) -> Action:
        position = self.rng.choice(view["rows"][target]["face_down"])
        return {"type": "cut", "target": target, "position": position}


def determinize(
    view: View, seat: int, rng: Rng, belief: list[Deal] | None = None
) -> tuple[State, float]:
    """A full state that agrees with `view`, and its weight: how likely this round's claims are
    if the sample is the truth. The roles are dealt by `belief` (`role_belief`: what the earlier
    rounds said of them); the rows of players sampled as Sherlock who claimed this round are
    dealt to fit their claim (the weight takes the chance of such a deal), then the others at
    random."""
    own = view["you"]
    roles, set_aside = deal_roles(belief or role_belief(view, seat), rng)

    found = [r["kind"] for r in view["revealed"]]
    pool = {
        "defusing": view["defusing_total"] - found.count("defusing") - own["face_down"]["defusing"],
        "bomb": 1 - found.count("bomb") - own["face_down"]["bomb"],
    }
    hidden = sum(len(row["face_down"]) for row in view["rows"]) - sum(own["face_down"].values())
    pool["safe"] = hidden - pool["defusing"] - pool["bomb"]

    held: dict[int, dict[str, int]] = {seat: dict(own["face_down"])}
    weight = 1.0
    claims = _this_rounds_claims(view, seat)
    for owner, (claim, cut_since) in claims.items():
        if roles[owner] == SHERLOCK:
            fits = _sherlock_rows(claim, cut_since, len(view["rows"][owner]["face_down"]))
            chances = [_deal_chance(pool, counts) for counts in fits]
            total = sum(chances)
            if total > 0:
                weight *= total
                held[owner] = _pick(fits, chances, total, rng)
                for kind, n in held[owner].items():
                    pool[kind] -= n
            else:
                weight *= CAUGHT_LYING
    rest = [KINDS.index(kind) for kind, n in pool.items() for _ in range(n)]
    rng.shuffle(rest)
    rows = []
    for row in view["rows"]:
        owner = row["seat"]
        if owner in held:
            kinds = [KINDS.index(kind) for kind, n in held[owner].items() for _ in range(n)]
            rng.shuffle(kinds)
        else:
            kinds = rest
        slots = [CUT] * view["wires_each"]
        for position in row["face_down"]:
            slots[position] = kinds.pop()
        rows.append(slots)
        if owner not in held:
            held[owner] = _counts(slots)
    for owner, (claim, cut_since) in claims.items():
        if roles[owner] == MORIARTY:
            said = {"type": "claim", "defusing": claim["defusing"], "bomb": claim["bomb"]}
            then = {kind: held[owner][kind] + cut_since[kind] for kind in KINDS}
            # The chance of this claim from a Moriarty with this row: a coin decides its bluff.
            matches = sum(claim_of(MORIARTY, then, coin) == said for coin in (0, 1))
            weight *= matches / 2 or MORIARTY_MISFIT
    state = State(
        roles=roles, set_aside=set_aside, rows=rows, holder=view["holder"], rng=rng.fork(),
        round=view["round"], cuts=view["cuts"],
        revealed=[(r["round"], r["cut"], r["cutter"], r["target"], r["position"],
                   KINDS.index(r["kind"])) for r in view["revealed"]],
        claims=[(c["seat"], c["defusing"], c["bomb"], c["round"], c["cut"])
                for c in view["claims"]],
    )
    return state, weight


def _this_rounds_claims(
    view: View, seat: int
) -> dict[int, tuple[dict[str, Any], dict[str, int]]]:
    """Each other player's latest claim of this round, with the kinds cut from its row since."""
    out = {}
    for row in view["rows"]:
        claim, owner = row["claim"], row["seat"]
        if claim is None or owner == seat or claim["round"] != view["round"]:
            continue
        since = dict.fromkeys(KINDS, 0)
        for r in view["revealed"]:
            if r["target"] == owner and r["round"] == claim["round"] and r["cut"] >= claim["cut"]:
                since[r["kind"]] += 1
        out[owner] = (claim, since)
    return out


def _sherlock_rows(claim: dict[str, Any], cut_since: dict[str, int], wires: int) -> list[
    dict[str, int]
]:
    """The face-down rows (counts by kind) of `wires` wires with which a Sherlock would have
    made `claim`, given what has been cut from the row since."""
    fits = []
    for bomb in (0, 1):
        for defusing in range(wires + 1 - bomb):
            then = {"safe": wires - defusing - bomb + cut_since["safe"],
                    "defusing": defusing + cut_since["defusing"], "bomb": bomb}
            said = claim_of(SHERLOCK, then, 0)
            if said["defusing"] == claim["defusing"] and said["bomb"] == claim["bomb"]:
                fits.append({"safe": wires - defusing - bomb, "defusing": defusing, "bomb": bomb})
    return fits


def _deal_chance(pool: dict[str, int], counts: dict[str, int]) -> float:
    """The chance that a row dealt at random from `pool` holds exactly `counts`."""
    size = sum(counts.values())
    if any(counts[kind] > pool[kind] for kind in counts):
        return 0.0
    ways = math.prod(math.comb(pool[kind], counts[kind]) for kind in counts)
    return ways / math.comb(sum(pool.values()), size)


def _pick(
    options: list[dict[str, int]], chances: list[float], total: float, rng: Rng
) -> dict[str, int]:
    roll = rng.random() * total
    for option, chance in zip(options, chances, strict=True):
        roll -= chance
        if roll < 0:
            return option
    return options[-1]


def _counts(slots: list[int]) -> dict[str, int]:
    counts = dict.fromkeys(KINDS, 0)
    for kind in slots:
        if kind != CUT:
            counts[KINDS[kind]] += 1
    return counts


def judge(state: State, team: str) -> float:
    """How good the table is for `team` just after a cut: 1 or 0 once the game is over, else
    one half, plus or minus `PROGRESS` for a defusing wire just found, and plus or minus
    `PLIERS` as the pliers went to a teammate or not."""
    if state.team is not None:
        return 1.0 if state.team == team else 0.0
    sign = 1.0 if team == SHERLOCK else -1.0
    value = 0.5 + (sign * PROGRESS if state.revealed[-1][5] == DEFUSING else 0.0)
    if team == SHERLOCK:
        value -= NEXT_CUT_FEAR * next_cut_risk(state)
    return value + (PLIERS if state.roles[state.holder] == team else -PLIERS)


def next_cut_risk(state: State) -> float:
    """The chance that the next cut finds the bomb when its cutter does not know where it lies:
    none if the bomb is in the cutter's own row (nobody cuts their own row, so the pliers are
    safest with whoever holds the bomb), else one in the face-down wires the cutter may cut."""
    holder = state.holder
    if BOMB in state.rows[holder]:
        return 0.0
    hidden = sum(kind != CUT for owner, row in enumerate(state.rows) if owner != holder
                 for kind in row)
    return 1.0 / hidden if hidden else 0.0
