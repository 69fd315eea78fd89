"""Who plays for whom, as one seat of Time Bomb may believe it: a distribution over the ways the
unseen role cards may lie, weighted by how well each explains the table so far.

Every claim of an earlier round is judged against the wires cut from the claimant's row after
it: for each row the claimant may have held then (counts by kind, as likely as a random deal
from the wires hidden at that moment), the chance that its role would have said what it said
(`claim_of`: a Sherlock tells the whole truth, a Moriarty lies by `role_claim`'s pattern; either
may now and then say something else) times the chance that the cuts since found
what they found (cuts take face-down wires at random). The claims of the round under way are
left to the samples, which deal the claimants' rows to fit them (`search.py`). The cuts
against the claims count as the reasoning bot finds them, with weights of their own.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from itertools import permutations
from typing import Any

from tictac.bots.time_bomb.reasoning import claimed_rates, odd_cuts, role_claim
from tictac.engine import Action, Rng, View
from tictac.games.time_bomb.table import KINDS, MORIARTY, SHERLOCK, role_cards, wires_each

# A Sherlock's claim that no row it may have held explains is a slip, this unlikely; a claim
# off the Moriarty pattern is another lie, this much less likely than the pattern's own.
SHERLOCK_SLIP = 0.001
MORIARTY_MISFIT = 0.05
# A cut into a row said to hold the bomb is this many times likelier from a Moriarty (on top of
# its count as an odd cut).
BOMB_CUT_LIKELIHOOD = 10.0
# A cut against the claims (`odd_cuts`) is this much likelier from a Moriarty: less than the
# reasoning bot assumes, since the search bots' own cuts weigh the pliers and the next cut as
# well as the claims (in 200-game runs 3.0 gave Sherlock 28 % to 35 %, 1.5 gave 35 % to 41.5 %).
ODD_CUT_LIKELIHOOD = 1.5

# (the roles of every seat, the card set aside or None, the chance of it)
Deal = tuple[tuple[str, ...], str | None, float]


def claim_of(role: str, face_down: dict[str, int], coin: int) -> Action:
    """What a search bot of `role` claims, and what it expects a player of that role to claim:
    a Sherlock the whole truth, the bomb too, so that its teammates keep away from that row (a
    Moriarty learns where the bomb lies, but gets to cut only when handed the pliers, and the
    claims that a Moriarty cannot make truthfully are what tell the teams apart); a Moriarty lies
    as the reasoning bot does (`role_claim`), `coin` being its bluff."""
    if role == SHERLOCK:
        return {"type": "claim", "defusing": face_down["defusing"], "bomb": face_down["bomb"] > 0}
    return role_claim(MORIARTY, face_down, coin)


def role_belief(view: View, seat: int) -> list[Deal]:
    """Every way the unseen role cards may lie, with its chance given the table so far."""
    players = view["players"]
    own = view["you"]["role"]
    evidence = role_likelihoods(view, seat)
    unseen = role_cards(players)
    unseen.remove(own)
    deals: list[Deal] = []
    for order in sorted(set(permutations(unseen))):
        roles = (*order[:seat], own, *order[seat : players - 1])
        weight = math.prod(evidence[other][roles[other] == MORIARTY]
                           for other in range(players) if other != seat)
        deals.append((roles, order[players - 1] if len(order) >= players else None, weight))
    total = sum(weight for _, _, weight in deals)
    return [(roles, aside, weight / total) for roles, aside, weight in deals]


def deal_roles(belief: list[Deal], rng: Rng) -> tuple[list[str], str | None]:
    roll = rng.random()
    for roles, aside, chance in belief:
        roll -= chance
        if roll < 0:
            return list(roles), aside
    roles, aside, _ = belief[-1]
    return list(roles), aside


def role_likelihoods(view: View, seat: int) -> dict[int, tuple[float, float]]:
    """For every other seat, how likely its past claims and its cuts are if it plays for
    Sherlock and if it plays for Moriarty (relative to each other)."""
    odd = odd_cuts(view, seat)
    bomb_cuts = cuts_into_the_bomb(view, seat)
    out = {}
    for other in range(view["players"]):
        if other == seat:
            continue
        as_sherlock = 1.0
        as_moriarty = (ODD_CUT_LIKELIHOOD ** odd.get(other, 0)
                       * BOMB_CUT_LIKELIHOOD ** bomb_cuts.get(other, 0))
        for claim in _past_claims(view, other):
            sherlock, moriarty = _claim_likelihood(view, claim)
            as_sherlock *= sherlock
            as_moriarty *= moriarty
            scale = max(as_sherlock, as_moriarty)
            as_sherlock, as_moriarty = as_sherlock / scale, as_moriarty / scale
        out[other] = (as_sherlock, as_moriarty)
    return out


def cuts_into_the_bomb(view: View, seat: int) -> dict[int, int]:
    """For each other player, how many of its cuts went into a row whose owner had just said
    it holds the bomb: what a Sherlock, who believes its teammates, does only when it has no
    other row to cut."""
    counts: dict[int, int] = {}
    for reveal in view["revealed"]:
        cutter = reveal["cutter"]
        if cutter != seat and claimed_rates(view, reveal).get(reveal["target"]) == -1.0:
            counts[cutter] = counts.get(cutter, 0) + 1
    return counts


def _past_claims(view: View, owner: int) -> Iterator[dict[str, Any]]:
    """The last claim `owner` made in each round before this one."""
    latest: dict[int, dict[str, Any]] = {}
    for claim in view["claims"]:
        if claim["seat"] == owner and claim["round"] < view["round"]:
            latest[claim["round"]] = claim
    return iter(latest.values())


def _claim_likelihood(view: View, claim: dict[str, Any]) -> tuple[float, float]:
    owner, round_, number = claim["seat"], claim["round"], claim["cut"]
    in_round = [r for r in view["revealed"] if r["round"] == round_]
    before = [r for r in in_round if r["cut"] < number]
    after = [r["kind"] for r in in_round if r["cut"] >= number and r["target"] == owner]
    wires = wires_each(round_) - sum(r["target"] == owner for r in before)
    # The wires hidden when the claim was made: the round's deal less the cuts before it.
    found_before = [r["kind"] for r in view["revealed"]
                    if (r["round"], r["cut"]) < (round_, number)]
    hidden = wires_each(round_) * view["players"] - len(before)
    defusing = view["defusing_total"] - found_before.count("defusing")
    bomb = 1 - found_before.count("bomb")
    sherlock = moriarty = anyhow = 0.0
    said = {"type": "claim", "defusing": claim["defusing"], "bomb": claim["bomb"]}
    for has_bomb in range(min(bomb, 1) + 1):
        for has_defusing in range(min(defusing, wires - has_bomb) + 1):
            row = {"safe": wires - has_defusing - has_bomb, "defusing": has_defusing,
                   "bomb": has_bomb}
            chance = (math.comb(defusing, has_defusing) * math.comb(bomb, has_bomb)
                      * math.comb(hidden - defusing - bomb, row["safe"])
                      / math.comb(hidden, wires)) * _cuts_chance(row, after)
            anyhow += chance
            sherlock += chance * (claim_of(SHERLOCK, row, 0) == said)
            moriarty += chance * sum(claim_of(MORIARTY, row, coin) == said
                                     for coin in (0, 1)) / 2
    # Either role may say anything now and then (a slip, an unusual lie): a claim that its
    # pattern does not explain weighs against a role without ruling it out.
    return sherlock + SHERLOCK_SLIP * anyhow, moriarty + MORIARTY_MISFIT * anyhow


def _cuts_chance(row: dict[str, int], cut: list[str]) -> float:
    """The chance that cuts at random from `row` found the kinds in `cut` (as a multiset)."""
    if len(cut) > sum(row.values()):
        return 0.0
    ways = math.prod(math.comb(row[kind], cut.count(kind)) for kind in KINDS)
    return ways / math.comb(sum(row.values()), len(cut))
