"""The position as JSON-ready data: what the CLI prints and what the widgets draw.

Names and unverified markers come from the catalog so that no view has to look them up.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from obsession_nb.data.catalog_records import CATEGORIES, Sourced
from obsession_nb.engine.seat.view import seat_view
from obsession_nb.engine.steps import milestones
from obsession_nb.engine.steps.market import RESERVE_PRICE, SPACE_PRICES, offers
from obsession_nb.engine.steps.rounds import space
from obsession_nb.engine.table import Table
from obsession_nb.engine.turn.flow import STEP_NAMES


def _from_your_box(entry: Sourced) -> dict[str, Any]:
    """For a card pack's card only: the fields entered from the owner's box and why it differs
    from a stated value (obsession_nb/data/pack.py); other views keep their shape."""
    if not entry.entered:
        return {}
    return {"entered": list(entry.entered), "printing": entry.printing}


def tile_view(table: Table, tile_id: str, flipped: bool = False) -> dict[str, Any]:
    tile = table.tile(tile_id)
    face = tile.side(flipped)
    return {
        "id": tile.id,
        "name": tile.name,
        "kind": tile.kind,
        "category": face.category,
        "column": tile.column(flipped),
        "flipped": flipped,
        "rose": flipped and tile.flips,
        "flips": tile.flips,
        "activity": face.activity,
        "prestige": face.prestige,
        "vp": face.vp,
        "tsn": tile.tsn,
        "cost_modifier": tile.cost_modifier,
        "servants": list(face.servants),
        "guests": None if face.guests is None else {
            "count": list(face.guests.count), "kind": face.guests.kind},
        "favours": [f.stated() for f in face.favours],
        "ability": face.ability,
        "playable": face.playable,
        "verified": tile.verified,
        "unverified": list(tile.unverified),
        "standin": tile.standin,
        **_from_your_box(tile),
    }


def card_view(table: Table, card_id: str) -> dict[str, Any]:
    card = table.card(card_id)
    return {
        "id": card.id,
        "name": card.name,
        "deck": card.deck,
        "gender": card.gender,
        "prestige": card.prestige,
        "rating": card.rating,
        "vp": card.vp,
        "service": list(card.service),
        "favours": [f.stated() for f in card.favours],
        "traits": list(card.traits),
        "verified": card.verified,
        "unverified": list(card.unverified),
        "standin": card.standin,
        **_from_your_box(card),
        "custom": card_id in table.custom,
    }


PROMPT_WORDS: dict[str, dict[str, str]] = {
    "step": STEP_NAMES,
    "prompt": {"over": "The game is over.", "turn": "{player} (p{seat}): {step}",
               "decide": "{prompt} — decide: {kind}", "decides": "{prompt} — {owner} decides"},
    "kind": {kind: kind for kind in ("screen", "lady", "dismiss", "gossip", "reclaim", "hire")},
}
"""The words of the pending prompt in English: each ``step`` (a mode's own decision in the
mode's words), the prompt's sentences and the ``kind`` of a favour decision waiting.  A view in
another language passes the same sections in it, and ``mode_step``: the words for a mode's own
decisions by their key (``Mode.step_name``; obsession_nb/tutor/views/engine_words.py)."""


def pending(table: Table, words: Mapping[str, Mapping[str, str]] = PROMPT_WORDS
            ) -> dict[str, Any]:
    """Who decides what now: the active seat, the step, the prompt in words (``words``) and the
    seat that answers (a teammate answering a request, in team play)."""
    turn = table.state.turn
    said = words["prompt"]
    if turn is None:
        return {"player": None, "step": "game-over", "prompt": said["over"]}
    player = table.state.players[turn.player]
    mode = table.mode.step_name(table, words.get("mode_step")) if turn.step == "mode" else None
    prompt = said["turn"].format(player=player.name, seat=turn.player + 1,
                                 step=mode or words["step"][turn.step])
    if turn.step == "favours" and turn.choices:
        prompt = said["decide"].format(prompt=prompt, kind=words["kind"][turn.choices[0].kind])
    owner = table.mode.decision_owner(table)
    if owner is None:
        owner = turn.player
    else:  # a teammate answers a request on the active player's turn
        prompt = said["decides"].format(prompt=prompt, owner=table.seat_name(owner))
    return {"player": turn.player, "step": turn.step, "prompt": prompt, "owner": owner}


def position(table: Table, seat: int | None = None) -> dict[str, Any]:
    """The position as ``seat`` may see it (obsession_nb/engine/seat/view.py), or the open view
    (``None``); ``"viewer"`` says which, in the words every surface shows."""
    view = seat_view(table, seat)
    data = _position(table)
    data["viewer"] = view.viewer()
    return view.redact(data)


def _position(table: Table) -> dict[str, Any]:
    state = table.state
    wheel = table.wheel
    round_space = space(table)
    turn = state.turn
    players = []
    for seat, p in enumerate(state.players):
        players.append({
            "seat": seat,
            "name": p.name,
            "family": p.family,
            "family_name": table.catalog.families[p.family].name if p.family else None,
            "family_bonus": table.catalog.families[p.family].bonus if p.family else None,
            "money": p.money,
            "reputation": {"level": wheel.label(p.reputation),
                           "position": wheel.position(p.reputation)},
            "servants": {
                "available": list(p.servants.available),
                "quarters": list(p.servants.quarters),
                "expended": list(p.servants.expended),
            },
            "hand": [card_view(table, c) for c in p.hand],
            "discard": [card_view(table, c) for c in p.discard],
            "organiser": [tile_view(table, t.tile, t.flipped) for t in p.organiser],
            "objectives": len(p.objectives),
            "vp_cards": len(p.vp_cards),
            "removed": list(p.removed),
        })
    supply = state.supply
    activity = None
    if turn is not None and turn.tile is not None:
        owned = state.players[turn.player].owned(turn.tile)
        activity = {
            "tile": tile_view(table, turn.tile, owned.flipped if owned else False),
            "guests": [card_view(table, c) for c in turn.guests],
            "placements": [asdict(p) for p in turn.placements],
        }
    return {
        "title": state.title,
        "round": state.round,
        "length": state.options.length,
        "season": round_space.season,
        "courtship": round_space.courtship,
        "events": [e.kind for e in round_space.events],
        "first_player": state.first_player,
        "pending": pending(table),
        "options": asdict(state.options),
        "players": players,
        "activity": activity,
        "placements": [asdict(p) for p in turn.placements] if turn else [],
        "supply": {
            "market": [
                {"price": SPACE_PRICES[i], "tiles": [tile_view(table, t) for t in stack]}
                for i, stack in enumerate(supply.market)
            ],
            "service_reserve": {"active": supply.service_reserve_active, "price": RESERVE_PRICE,
                                "tiles": [tile_view(table, t) for t in supply.service_reserve]},
            "pr1_reserve": {"active": supply.pr1_reserve_active, "price": RESERVE_PRICE,
                            "tiles": [tile_view(table, t) for t in supply.pr1_reserve]},
            "servants_for_hire": dict(supply.servants_for_hire),
            # What could be bought now and for how much (market.price, ruling.reserve-price).
            "offers": [{"tile": o.tile, "where": o.where, "space": o.space, "price": o.price}
                       for o in offers(table)],
            "draft_display": list(supply.draft_display),
            "decks": {
                "casual": len(supply.casual_deck),
                "prestige": len(supply.prestige_deck),
                "objective": len(supply.objective_deck),
                "vp": len(supply.vp_deck),
                "bag": len(supply.bag),
            },
        },
        "themes": list(state.themes),
        # Drawing aids for the board widgets (obsession_nb/tutor/views, widgets/board.js).
        "theme_categories": [_theme_category(table, t) for t in state.themes],
        "round_track": round_track_view(table),
        "servant_kinds": servant_kinds_view(table),
        "mode": state.options.mode,
        "solo": _solo_view(table),  # the mode's own view (solo, tableau: obsession_nb/modes)
        "milestones": milestones.view(table),
        "choices": [] if turn is None else [
            {"kind": c.kind, "source": c.source, "keep": c.keep, "deck": c.deck,
             "count": c.count, "cards": [card_view(table, x) for x in c.cards]}
            for c in turn.choices
        ],
    }


def _solo_view(table: Table) -> dict[str, Any] | None:
    """The Solo Estate Challenge's stacks, target, tableau needs and scavenging (modes/)."""
    return table.mode.view(table)


def _theme_category(table: Table, theme_id: str) -> str | None:
    theme = table.catalog.themes.get(theme_id) or table.catalog.themes.get(f"theme-{theme_id}")
    if theme is not None:
        return theme.category
    return theme_id if theme_id in CATEGORIES else None


def round_track_view(table: Table) -> list[dict[str, Any]]:
    """The spaces of the round track in play: season, courtship, events (with verification)."""
    track = table.catalog.round_tracks[table.state.options.track]
    reserves = table.mode.market_reserves  # else no reserve to open (the solo challenge's)
    return [
        {"round": s.round, "season": s.season, "courtship": s.courtship,
         "modifier": s.modifier,
         "events": [{"kind": e.kind, "verified": e.verified} for e in s.events
                    if reserves or e.kind != "reserves_activate"]}
        for s in track.rounds
    ]


def servant_kinds_view(table: Table) -> dict[str, dict[str, Any]]:
    """Every servant kind: name, meeple height and colour, as the catalog records them."""
    return {
        k.id: {"name": k.name, "height": k.height, "gender": k.gender, "colour": k.colour,
               "expansion": k.expansion, "verified": k.verified}
        for k in table.catalog.servants.values()
    }
