"""Every argument of a typed action must name something that exists: a servant, gentry card,
objective or VP card, tile, family or seat of this game.

An argument that names nothing is bad notation (:class:`BadNotation`), refused before any rule
is asked, so no rule needs to guard against ids missing from the catalog (DESIGN principle 3:
bad notation and illegal actions are separate errors).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields

from obsession_nb.data.rules import BadNotation
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records import variant_actions as va
from obsession_nb.engine.steps.service import available_counts, filler_rule, open_slots
from obsession_nb.engine.table import Table

RULED = {(a.Invite, "card")}
"""Arguments whose verifier refuses an unknown value with its rule (invite.active-hand-only);
the fixed choices (``church money``, ``lady screen``, ``carriage ... more``, ``double 1``, a
solo column) are refused by their verifiers with their rules too."""
OBJECTIVE_CARDS = (a.DiscardObjective, a.KeepObjective, va.ChooseObjective)
VP_CARDS = (a.Reveal, a.RevealHire, a.RevealReclaim)


def check(table: Table, action: a.Action) -> None:
    """Raise :class:`BadNotation` naming the first argument of ``action`` that names nothing."""
    catalog = table.catalog
    for f in fields(action):
        value = getattr(action, f.name)
        if f.type == "Seat":
            players = len(table.state.players)
            if not 0 <= value < players:
                raise BadNotation("no_player", seat=value + 1, players=players)
            continue
        if (type(action), f.name) in RULED:
            continue
        if f.name == "servant":
            _known(table, "servant", value, catalog.servants)
        elif f.name == "tile":
            _known(table, "tile", value, catalog.tiles)
        elif f.name == "family":
            _known(table, "family", value, catalog.families)
        elif f.name == "card" and isinstance(action, OBJECTIVE_CARDS):
            _known(table, "objective card", value, catalog.objectives)
        elif f.name == "card" and isinstance(action, VP_CARDS):
            _known(table, "VP card", value, catalog.vp_cards)
        elif f.name == "card" and isinstance(action, va.Milestone):
            _known(table, "milestone card", value, catalog.milestones)
        elif f.name in ("card", "guest") and not table.has_card(value):
            raise table.names.unknown("gentry card", value,
                                      [*table.catalog.gentry, *table.custom])


def _known(table: Table, what: str, value: str, known: Mapping[str, object]) -> None:
    """"did you mean" by the names players see as well as by ids."""
    if value not in known:
        raise table.names.unknown(what, value, known)


def natural(table: Table, action: a.Action) -> a.Action:
    """``serve CARD SERVANT`` (or ``serve tile SERVANT``) as the free icon of the card the
    servant can fill now: the first icon when it is free and his to fill, else the first other
    free one that is (``serve CARD:2 SERVANT``).  Any other action, an explicit ``CARD:N``, or a
    serve no icon fits is returned as written (its verifier then says why)."""
    if not isinstance(action, a.Serve) or ":" in action.slot or table.state.turn is None \
            or table.state.turn.step != "service":
        return action
    free = [s for s in open_slots(table) if s.target == action.slot]
    available = available_counts(table)
    fits = [s for s in free if filler_rule(table, s, action.servant, available) is not None]
    if not fits or any(s.id == action.slot for s in fits):
        return action
    return a.Serve(fits[0].id, action.servant)


def natural_form(table: Table, action: a.Action) -> str | None:
    """The natural notation that means ``action`` too (``serve CARD SERVANT`` for ``serve
    CARD:2 SERVANT``), or None when there is none other than its own."""
    if not isinstance(action, a.Serve) or ":" not in action.slot:
        return None
    short = a.Serve(action.slot.split(":")[0], action.servant)
    return short.notation if natural(table, short) == action else None
