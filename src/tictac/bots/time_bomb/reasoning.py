"""Time Bomb's reasoning bot (and the random one): they see only their seat's view, as a
person would.

`random` cuts a random face-down wire and never talks. `reasoning` plays its role: it claims
once a round (a Sherlock tells the truth, unless it holds the bomb, which it keeps quiet; a
Moriarty lies where a lie helps and stays plausible), checks every claim against the wires cut
since, suspects players caught lying or cutting against the claims, and cuts where its estimate
favours its team: a Sherlock where defusing wires are likely, the bomb unlikely and the pliers
go to someone it trusts; a Moriarty towards the bomb and away from defusing wires.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tictac.engine import Action, Rng, View
from tictac.games.time_bomb.table import MORIARTY, ROLE_CARDS, wires_each

# How much a Sherlock fears the bomb against a defusing wire: the bomb loses the game at once,
# a defusing wire is one step of `players`.
BOMB_FEAR = 3.0
# A Moriarty's pull towards the bomb: it wins the game at once.
BOMB_PULL = 3.0
# A Sherlock would rather hand the pliers to someone it trusts.
TRUST_BONUS = 0.2
# A cut against the claims is this many times likelier from a Moriarty than from a Sherlock,
# and "clearly fewer" defusing wires a wire means by this much.
ODD_CUT_LIKELIHOOD = 3.0
ODD_CUT_MARGIN = 0.2


class RandomBot:
    """Cuts a uniformly random face-down wire when it holds the pliers; never claims."""

    def __init__(self, seat: int, rng: Rng) -> None:
        self.seat = seat
        self.rng = rng

    def act(self, view: View, legal: list[Action], must: bool) -> Action | None:
        if not must:
            return None
        return self.rng.choice([action for action in legal if action["type"] == "cut"])


@dataclass
class Estimate:
    """Per face-down wire of one row: the chance it is defusing, the chance it is the bomb."""

    defusing: float
    bomb: float
    suspicion: float  # the chance its owner plays for Moriarty


class ReasoningBot:
    # What it claims for its role and face-down wires (a subclass may speak otherwise).
    says = staticmethod(lambda role, face_down, coin: role_claim(role, face_down, coin))

    def __init__(self, seat: int, rng: Rng) -> None:
        self.seat = seat
        self.rng = rng

    def act(self, view: View, legal: list[Action], must: bool) -> Action | None:
        if not _claimed_this_round(view, self.seat):
            return self._claim(view)
        if not must:
            return None
        return self._cut(view)

    def _claim(self, view: View) -> Action:
        role, face_down = view["you"]["role"], view["you"]["face_down"]
        # The coin is drawn only when the bluff needs it, so seeded games play as they did.
        bluffs = role == MORIARTY and not face_down["bomb"] and not face_down["defusing"]
        return self.says(role, face_down, self.rng.below(2) if bluffs else 0)

    def _cut(self, view: View) -> Action:
        estimates = estimate_rows(view, self.seat)
        moriarty = view["you"]["role"] == MORIARTY
        best: tuple[float, int] | None = None
        for target, guess in estimates.items():
            if moriarty:
                score = BOMB_PULL * guess.bomb - guess.defusing
            else:
                score = guess.defusing - BOMB_FEAR * guess.bomb
                score += TRUST_BONUS * (1.0 - guess.suspicion)
            score += 1e-9 * self.rng.random()  # ties broken at random, not by seat order
            if best is None or score > best[0]:
                best = (score, target)
        assert best is not None, "the holder of the pliers always has a row to cut"
        target = best[1]
        position = self.rng.choice(view["rows"][target]["face_down"])
        return {"type": "cut", "target": target, "position": position}


def role_claim(role: str, face_down: dict[str, int], coin: int) -> Action:
    """What a reasoning player of `role` claims with these face-down wires (counts by kind);
    `coin` (0 or 1) is the Moriarty's bluff when it has nothing to hide."""
    wires = sum(face_down.values())
    defusing, bomb = face_down["defusing"], face_down["bomb"] > 0
    if bomb and role != MORIARTY:
        # Announcing the bomb would guide a Moriarty's pliers to it: keep the row dull.
        return {"type": "claim", "defusing": 0, "bomb": False}
    if role == MORIARTY:
        # Hide the bomb behind a modest promise that draws Sherlock's cuts; hide defusing
        # wires by denying them; with nothing to hide, sometimes lure cuts onto safe wires.
        if bomb:
            defusing = min(max(defusing, 1), wires - 1)
        elif defusing:
            defusing = 0
        else:
            defusing = min(coin, wires)
        bomb = False
    return {"type": "claim", "defusing": defusing, "bomb": bomb}


def _claimed_this_round(view: View, seat: int) -> bool:
    return any(c["seat"] == seat and c["round"] == view["round"] for c in view["claims"])


def estimate_rows(view: View, seat: int) -> dict[int, Estimate]:
    """For every other row with a face-down wire, what `seat` may believe of it from its view."""
    hidden = {row["seat"]: len(row["face_down"]) for row in view["rows"]}
    own = view["you"]["face_down"]
    defusing_left = view["defusing_total"] - view["defusing_found"] - own["defusing"]
    bomb_left = 1 - own["bomb"]
    wires_left = sum(hidden.values()) - hidden[seat]
    caught, suspicion = suspicions(view, seat)

    believed: dict[int, tuple[float, float, float]] = {}  # trust, defusing, bomb still claimed
    for claim in _current_claims(view):
        owner = claim["seat"]
        if owner == seat or owner in caught or not hidden[owner]:
            continue
        since = _cut_since(view, owner, claim)
        defusing = max(0, claim["defusing"] - since.count("defusing"))
        believed[owner] = (1.0 - suspicion[owner], defusing, float(claim["bomb"]))
    # What trusted claims do not account for is spread over the rest of the hidden wires.
    rest_wires = wires_left - sum(trust * hidden[o] for o, (trust, _, _) in believed.items())
    rest_defusing = defusing_left - sum(trust * d for trust, d, _ in believed.values())
    rest_bomb = bomb_left - sum(trust * b for trust, _, b in believed.values())
    base_defusing = _ratio(rest_defusing, rest_wires)
    base_bomb = _ratio(rest_bomb, rest_wires)

    estimates = {}
    for owner, count in hidden.items():
        if owner == seat or not count:
            continue
        if owner in believed:
            trust, defusing, bomb = believed[owner]
            estimates[owner] = Estimate(
                trust * defusing / count + (1 - trust) * base_defusing,
                trust * bomb / count + (1 - trust) * base_bomb,
                suspicion[owner],
            )
        else:
            estimates[owner] = Estimate(base_defusing, base_bomb, suspicion[owner])
    return estimates


def suspicions(view: View, seat: int) -> tuple[set[int], dict[int, float]]:
    """The players whose claims have been proved false, and for every seat the chance that it
    plays for Moriarty as `seat` sees it: the role cards, then the odd cuts and the lies."""
    own = view["you"]["face_down"]
    defusing_left = view["defusing_total"] - view["defusing_found"] - own["defusing"]
    caught = _caught_lying(view, seat, defusing_left, 1 - own["bomb"])
    prior = prior_suspicion(view["players"], view["you"]["role"])
    odd = odd_cuts(view, seat)
    return caught, {
        row["seat"]: 1.0 if row["seat"] in caught else _posterior(prior, odd.get(row["seat"], 0))
        for row in view["rows"]
    }


def _ratio(part: float, whole: float) -> float:
    return min(1.0, max(0.0, part / whole)) if whole > 0 else 0.0


def prior_suspicion(players: int, role: str) -> float:
    """The chance another given player is a Moriarty, from the role cards alone."""
    sherlocks, moriarties = ROLE_CARDS[players]
    others = moriarties - (role == MORIARTY)
    return others / (sherlocks + moriarties - 1)


def _posterior(prior: float, odd: int) -> float:
    """The chance a player is a Moriarty after `odd` cuts a Sherlock would not have made."""
    weight = prior * ODD_CUT_LIKELIHOOD**odd
    return weight / (weight + 1.0 - prior)


def odd_cuts(view: View, seat: int) -> dict[int, int]:
    """For each other player, how many of their cuts went against the claims made at the time:
    a row said to hold the bomb, or a row promising clearly fewer defusing wires than another.
    A Sherlock trusting the claims would not cut there; a Moriarty might."""
    odd: dict[int, int] = {}
    for reveal in view["revealed"]:
        cutter = reveal["cutter"]
        if cutter == seat:
            continue
        rates = claimed_rates(view, reveal)
        chosen = rates.get(reveal["target"])
        best = max((rate for t, rate in rates.items() if t != cutter), default=None)
        if chosen is not None and (
            chosen < 0 or (best is not None and chosen < best - ODD_CUT_MARGIN)
        ):
            odd[cutter] = odd.get(cutter, 0) + 1
    return odd


def claimed_rates(view: View, reveal: dict[str, Any]) -> dict[int, float]:
    """Just before `reveal`, each claiming row's promised defusing wires per face-down wire;
    -1 for a row said to hold the bomb."""
    round_, number = reveal["round"], reveal["cut"]
    earlier = [r for r in view["revealed"] if r["round"] == round_ and r["cut"] < number]
    latest: dict[int, dict[str, Any]] = {}
    for claim in view["claims"]:
        if claim["round"] == round_ and claim["cut"] <= number:
            latest[claim["seat"]] = claim
    rates = {}
    for owner, claim in latest.items():
        if claim["bomb"]:
            rates[owner] = -1.0
            continue
        cut = [r["kind"] for r in earlier if r["target"] == owner]
        since = [r["kind"] for r in earlier if r["target"] == owner and r["cut"] >= claim["cut"]]
        wires = wires_each(round_) - len(cut)
        if wires > 0:
            rates[owner] = max(0, claim["defusing"] - since.count("defusing")) / wires
    return rates


def _current_claims(view: View) -> list[dict[str, Any]]:
    latest: dict[int, dict[str, Any]] = {}
    for claim in view["claims"]:
        if claim["round"] == view["round"]:
            latest[claim["seat"]] = claim
    return list(latest.values())


def _cut_since(view: View, owner: int, claim: dict[str, Any]) -> list[str]:
    """The kinds cut from `owner`'s row in the claim's round since the claim was made."""
    return [
        r["kind"]
        for r in view["revealed"]
        if r["target"] == owner and r["round"] == claim["round"] and r["cut"] >= claim["cut"]
    ]


def _caught_lying(view: View, seat: int, defusing_left: int, bomb_left: int) -> set[int]:
    """Players whose claims the cuts since, or this seat's own wires, have proved false."""
    caught = set()
    for claim in view["claims"]:
        owner = claim["seat"]
        if owner == seat:
            continue
        cut_in_round = sum(
            1 for r in view["revealed"] if r["target"] == owner and r["round"] == claim["round"]
        )
        since = _cut_since(view, owner, claim)
        wires_then = wires_each(claim["round"]) - (cut_in_round - len(since))
        safe_claimed = wires_then - claim["defusing"] - int(claim["bomb"])
        unfound = claim["defusing"] - since.count("defusing")
        current = claim["round"] == view["round"]
        if (
            unfound < 0
            or since.count("safe") > safe_claimed
            or (current and claim["bomb"] and not bomb_left)
            or (current and unfound > defusing_left)
        ):
            caught.add(owner)
    return caught
