"""The whole-turn plans of a decision, each with a cheap first value (``practice.plans`` compares
them; ruling.ai-hidden-information).

* **The plans** (:func:`candidates`).  At the start of a turn: a pass with rents, a pass hiring
  servants, and the hosting of every tile the engine allows with each of its best parties
  (:data:`PARTIES` per tile, ranked by the heuristic player's value of the position before
  step 7); each of those with no purchase and with each of the heuristic player's best
  purchases (:data:`BUYS`).  Later in the turn the plans are those still open (the tiles at
  ``host``, the parties at ``invite``, the purchases at ``buy``); at any other decision each
  legal action, followed by the heuristic player.
* **Cheap samples first.**  Every plan is first valued by the heuristic player's value of the
  position it reaches on one sample; the best ``most`` go on, always keeping the best plan of
  every hostable tile and of every pass option (so no tile is left out unseen).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import partial

from obsession_nb.engine.records import actions as a
from obsession_nb.engine.table import Table
from obsession_nb.engine.turn import dispatch as engine
from obsession_nb.modes.solo.actions import BuyInto
from obsession_nb.practice.determinise import copy_position, sample
from obsession_nb.practice.opponents import HeuristicPlayer, PlayoutPolicy, margin, worth
from obsession_nb.practice.turn_plan import PASS_KINDS, Plan, own_turn, owner

PARTIES = 8
"""Parties kept per hostable tile (the heuristic player's best by the position they reach)."""
BUYS = 2
"""Purchases tried with every plan (the heuristic player's best), beside buying nothing."""


@dataclass(frozen=True)
class Candidate:
    """A plan and its cheap value: the heuristic player's value of the position it reaches
    before the next turn on one sample."""

    plan: Plan
    cheap: float


def candidates(table: Table, seat: int, rng: random.Random, *, most: int,
               policy: HeuristicPlayer | None = None) -> list[Candidate]:
    """The decision's plans (see the module docstring), best cheap value first: at most
    ``most``, but always the best plan of each hostable tile and of each pass option."""
    policy = policy or PlayoutPolicy(0)
    policy.rng = random.Random(rng.getrandbits(64))
    base = sample(table, seat, rng)
    turn = base.state.turn
    step = turn.step if turn is not None and turn.player == owner(base) else None
    if step in ("begin", "host", "invite", "pass-option", "step2"):
        mains = _mains(base, seat, policy)
        found = [c for main in mains for c in _with_buys(main, seat, policy)]
    elif step == "buy":
        found = [c for c in _with_buys((Plan("line"), copy_position(base)), seat, policy)]
        found = [Candidate(Plan("line", actions=(c.plan.buy or a.Done(),)), c.cheap)
                 for c in found]
    else:
        found = []
        for action in engine.legal_actions(base):
            plan = Plan("line", actions=(action,))
            sim = copy_position(base)
            own_turn(sim, seat, plan, policy, until=("buy",))
            found.append(Candidate(plan, _cheap(sim, seat)))
    return prune(found, most)


def prune(found: list[Candidate], most: int) -> list[Candidate]:
    """The ``most`` best by cheap value, and the best of each tile and pass option besides."""
    ranked = sorted(found, key=lambda c: -c.cheap)
    kept: list[Candidate] = []
    seen: set[tuple[str, str | None]] = set()
    for c in ranked:  # the best of each tile and each pass option
        key = (c.plan.kind, c.plan.tile)
        if c.plan.kind != "line" and key not in seen:
            seen.add(key)
            kept.append(c)
    for c in ranked:
        if len(kept) >= most:
            break
        if c not in kept:
            kept.append(c)
    return sorted(kept, key=lambda c: -c.cheap)


def _cheap(sim: Table, seat: int) -> float:
    return margin(sim, seat)


def _mains(base: Table, seat: int, policy: HeuristicPlayer) -> list[tuple[Plan, Table]]:
    """Each pass option and each (tile, party) still open, played to step 7 on the sample."""
    turn = base.turn
    out: list[tuple[Plan, Table]] = []
    if turn.step in ("begin", "pass-option") or (turn.step == "step2" and turn.passing):
        for kind in PASS_KINDS:
            plan = Plan(kind)
            sim = copy_position(base)
            own_turn(sim, seat, plan, policy, until=("buy",))
            if _reached_buy(sim, seat) and (kind == "rents" or _hired(base, sim, seat)):
                out.append((plan, sim))
    if turn.step == "pass-option" or turn.passing:
        return out
    start = copy_position(base)
    if turn.step != "invite":
        own_turn(start, seat, Plan("host"), policy, until=("host",))
        if start.state.turn is None or start.state.turn.step != "host":
            return out
        tiles = [h.tile for h in engine.legal_actions(start, (a.Host,), any_time=False)]
    else:
        tiles = [] if turn.tile is None else [turn.tile]
    for tile in tiles:
        hosted = copy_position(start)
        if hosted.turn.step == "host":
            engine.play_decided(hosted, partial(a.Host, tile))
        parties = []
        for party in _parties(hosted, seat):
            plan = Plan("host", tile, party)
            sim = copy_position(hosted)
            own_turn(sim, seat, plan, policy, until=("buy",))
            if _reached_buy(sim, seat):
                now = sim.state.turn
                parties.append((worth(sim) if now is not None and now.player == seat else -math.inf,
                                plan, sim))
        parties.sort(key=lambda r: -r[0])
        out += [(plan, sim) for _v, plan, sim in parties[:PARTIES]]
    return out


def _hired(before: Table, after: Table, seat: int) -> bool:
    """A pass that hired: the hire plan differs from collecting rents only if it hired."""
    return len(after.state.players[seat].servants.all()) > len(
        before.state.players[seat].servants.all())


def _reached_buy(sim: Table, seat: int) -> bool:
    turn = sim.state.turn
    return turn is None or turn.player != seat or turn.step in ("buy", "begin")


PARTY_NODES = 400
"""Positions the search for parties visits at most (the hand's subsets, in card order)."""


def _parties(hosted: Table, seat: int) -> list[tuple[str, ...]]:
    """Every party the engine allows from the seat's hand (each set once, in hand order); one
    empty party if the activity invites nobody."""
    turn = hosted.state.turn
    if turn is None or turn.step != "invite":
        return [()]
    found: list[tuple[str, ...]] = []
    stack: list[tuple[Table, tuple[str, ...], int]] = [(hosted, (), -1)]
    hand = list(hosted.state.players[seat].hand)
    visited = 0
    while stack and visited < PARTY_NODES:
        sim, party, last = stack.pop()
        visited += 1
        invites = {x.card for x in engine.legal_actions(sim, (a.Invite,), any_time=False)}
        if engine.can(sim, a.Done()) and party:
            found.append(party)
        for i in range(len(hand) - 1, last, -1):
            card = hand[i]
            if card in invites and card not in party:
                nxt = copy_position(sim)
                engine.perform(nxt, a.Invite(card))
                if nxt.state.turn is not None and nxt.state.turn.step == "invite":
                    stack.append((nxt, (*party, card), i))
                else:
                    found.append((*party, card))
    return list(dict.fromkeys(found)) or [()]


def _with_buys(main: tuple[Plan, Table], seat: int,
               policy: HeuristicPlayer) -> list[Candidate]:
    """The plan buying nothing and buying each of the heuristic player's best purchases."""
    plan, sim = main
    turn = sim.state.turn
    if turn is None or turn.player != seat or turn.step != "buy":
        return [Candidate(plan, _cheap(sim, seat))]
    out = [Candidate(_buying(plan, None), _cheap(sim, seat))]
    for gain, buy in policy.purchases(sim)[:BUYS]:
        out.append(Candidate(_buying(plan, buy), _cheap(sim, seat) + gain))
    return out


def _buying(plan: Plan, buy: a.Buy | BuyInto | None) -> Plan:
    return Plan(plan.kind, plan.tile, plan.party, buy, plan.actions)
