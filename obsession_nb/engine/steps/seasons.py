"""Seasons and courtship: what happens on a courtship round, where nobody takes a turn.

The courtship is scored at once (season.*, courtship.*); its decisions are pending decisions
like any other: the winner chooses a Fairchild (step ``fairchild``), every player discards one
objective (step ``discard``), and after the final courtship each player may reveal VP cards for
their favours before scoring (step ``reveal``, ruling.vp-card-final-window).  Then the season
ends: the first-player pawn passes (ud.first-player-counterclockwise), the next round's reserve
activation and the next season's theme follow (the sequencer's ``flow.enter_round``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from obsession_nb.data.catalog_records import Category
from obsession_nb.data.rules import Ruling, refuse, ruling
from obsession_nb.engine.mode import Decision, Handler, no_rulings
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records.state import Player, Turn
from obsession_nb.engine.seat import knowledge
from obsession_nb.engine.steps.market import end_of_round
from obsession_nb.engine.table import Table

STEP_NAMES = {
    "fairchild": "the courtship winner's choice of Charles or Elizabeth Fairchild",
    "discard": "the end of the season (discard one objective card)",
    "reveal": "the last chance to reveal VP cards for their favours, before scoring",
    "keep-objective": "keeping one of the two objective cards drawn for a VP card",
    "prestige-limit": "the six-prestige-guest limit (remove one prestige guest)",
}


# ----------------------------------------------------------------- the track


def courtship_rounds(table: Table) -> list[int]:
    track = table.catalog.round_tracks[table.state.options.track]
    return [s.round for s in track.rounds if s.courtship]


def courtship_number(table: Table) -> int:
    """1 to 4: which courtship the current round is (or the last one reached)."""
    return sum(1 for r in courtship_rounds(table) if r <= table.state.round)


def is_final(table: Table) -> bool:
    rounds = courtship_rounds(table)
    return bool(rounds) and table.state.round == rounds[-1]


def season_of(table: Table, round_number: int) -> int:
    track = table.catalog.round_tracks[table.state.options.track]
    # past the last printed space (only the solo challenge plays on): the last season
    return next((s.season for s in track.rounds if s.round == round_number),
                track.rounds[-1].season)


def turn_order(state_first: int, players: int) -> list[int]:
    """Turns run clockwise from the first player (turn.round)."""
    return [(state_first + k) % players for k in range(players)]


# ----------------------------------------------------------------- courtship totals


def column_vp(table: Table, player: Player, category: Category) -> int:
    """VP of the faces showing in one organiser column (courtship.scoring)."""
    return sum(
        table.face(o).vp
        for o in player.organiser
        if table.tile(o.tile).column(o.flipped) == category
    )


def courtship_themes(table: Table) -> list[Category]:
    """The theme of this season, or all revealed themes at the final courtship."""
    themes = [table.catalog.themes[t].category for t in table.state.themes]
    if not themes:
        return []
    return themes if is_final(table) else themes[-1:]


def courtship_total(table: Table, player: Player) -> int:
    """Courtship total: each theme's column once per time the theme was revealed
    (courtship.scoring, courtship.final-scoring)."""
    return sum(column_vp(table, player, c) for c in courtship_themes(table))


def monuments_counted(table: Table, themes: Sequence[str]) -> list[str]:
    """Each monument that adds to a courtship total, with its column and VP (as many times as
    its column's theme was revealed), for the log (ruling.monuments-in-courtship)."""
    found = []
    for player in table.state.players:
        for owned in player.organiser:
            face = table.face(owned)
            column = table.tile(owned.tile).column(owned.flipped)
            times = themes.count(column) if column else 0
            if face.category == "monument" and times:
                found.append(f"{player.name}'s {table.tile_name(owned.tile)} ({column}, "
                             f"{face.vp} VP" + (f" ×{times}" if times > 1 else "") + ")")
    return found


# ----------------------------------------------------------------- the courtship round


def fairchild_holders(table: Table) -> Iterator[tuple[Player, str, list[str]]]:
    for player in table.state.players:
        for pile in (player.hand, player.discard):
            for card in [c for c in pile if table.card(c).deck == "fairchild"]:
                yield player, card, pile


def draw_vp_card(table: Table, player: Player, rule_id: str, why: str) -> Ruling:
    deck = table.state.supply.vp_deck
    if not deck:
        return ruling("ruling.vp-deck-empty", f"{why}: the VP deck is empty, so {player.name} "
                      "draws nothing.")
    player.vp_cards.append(deck.pop(0))
    return ruling(rule_id, f"{why}: {player.name} draws a VP card face down.")


def begin_courtship(table: Table) -> None:
    """Score the courtship of this round; then the Fairchild choice or the discards."""
    state = table.state
    state.turn = None
    number, final = courtship_number(table), is_final(table)
    rulings = [ruling("event.courtship-round",
                      f"Round {state.round} is courtship {number}: nobody takes a turn, service "
                      "does not rotate, no monument reputation, no Servants' Hall, no buying.")]
    if number > 1:
        returned = list(fairchild_holders(table))
        for player, card, pile in returned:
            pile.remove(card)
            knowledge.leaves(table, player, card)
            state.supply.fairchilds.append(card)
            rulings.append(ruling("courtship.fairchild-return",
                                  f"{player.name} returns {table.card_name(card)} to the track.",
                                  (card,)))
        state.supply.fairchilds.sort()
        if not returned:
            rulings.append(ruling("courtship.fairchild-return", "No Fairchild is held, so none "
                                  "is returned."))
    if table.mode.courtship(table, rulings):  # classic solitaire: against the opponent card
        return
    themes = courtship_themes(table)
    totals = [courtship_total(table, p) for p in state.players]
    label = " + ".join(t.upper() for t in themes) or "no theme"
    rule_id = "courtship.final-scoring" if final else "courtship.scoring"
    rulings.append(ruling(rule_id, f"Courtship on {label}: " + ", ".join(
        f"{p.name} {t}" for p, t in zip(state.players, totals, strict=True)) + "."))
    counted = monuments_counted(table, themes)
    if counted:
        rulings.append(ruling("ruling.monuments-in-courtship", "Monuments count in the column "
                              "they sit in; included above: " + "; ".join(counted) + "."))
    best = max(totals)
    tied = [s for s, t in enumerate(totals) if t == best]
    if final and len(tied) > 1:
        top = max(state.players[s].reputation for s in tied)
        leaders = [s for s in tied if state.players[s].reputation == top]
        rulings.append(ruling("courtship.final-tie", "The final courtship is tied at "
                              f"{best}; reputation decides between "
                              f"{', '.join(state.players[s].name for s in tied)}."))
        rulings.append(ruling("ruling.reputation-comparison", "Higher level wins, then the "
                              "higher position: " + ", ".join(
                                  f"{state.players[s].name} {table.wheel.describe(state.players[s].reputation)}"
                                  for s in tied) + "."))
        tied = leaders
    if len(tied) == 1:
        winner = state.players[tied[0]]
        rule_id = "courtship.final-winner" if final else "courtship.winner"
        rulings.append(ruling(rule_id, f"{winner.name} wins the courtship with {best} and "
                              "chooses a Fairchild."))
        rulings.append(draw_vp_card(table, winner, rule_id, "Courtship winner"))
        table.auto(f"courtship {number}", rulings)
        state.turn = Turn.model_construct(player=tied[0], step="fairchild")
        return
    rule_id = "courtship.final-tie" if final else "courtship.tie"
    rulings.append(ruling(rule_id, f"Tied at {best}: "
                          f"{', '.join(state.players[s].name for s in tied)} each draw a VP card "
                          "and nobody takes a Fairchild."))
    rulings += [draw_vp_card(table, state.players[s], rule_id, "Tied courtship") for s in tied]
    table.auto(f"courtship {number}", rulings)
    start_discards(table)


# ----------------------------------------------------------------- decisions


def verify_fairchild(table: Table, card_id: str) -> list[Ruling]:
    if card_id not in table.state.supply.fairchilds:
        raise refuse("courtship.winner", f"'{card_id}' is not a Fairchild waiting on the track.")
    final = is_final(table)
    where = "deck, where it scores 8 VP" if final else "active hand for the next season"
    return [ruling("courtship.final-winner" if final else "courtship.winner",
                   f"{table.me.name} takes {table.card_name(card_id)} into the {where}.",
                   (card_id,))]


def apply_fairchild(table: Table, card_id: str) -> list[Ruling]:
    table.state.supply.fairchilds.remove(card_id)
    table.me.hand.append(card_id)
    rulings = [] if is_final(table) else [ruling(
        "courtship.fairchild-guest", f"{table.card_name(card_id)} attends {table.me.name}'s "
        "activities next season like any guest, counting as prestige 1.", (card_id,))]
    start_discards(table)
    return rulings


def _next_with_objectives(table: Table, after: int | None) -> int | None:
    state = table.state
    order = turn_order(state.first_player, len(state.players))
    rest = order if after is None else order[order.index(after) + 1:]
    for seat in rest:
        if state.players[seat].objectives:
            return seat
        table.auto("end of season", [ruling("ruling.objective-discard-none",
                                            f"{state.players[seat].name} holds no objective "
                                            "card and discards nothing.")])
    return None


def start_discards(table: Table) -> None:
    """Every player discards one objective (season.objective-discard); the cards wait in
    ``turn.offer`` until all have chosen, then go under the deck shuffled.  The 1st printing
    chose the objectives before play and discards none (ud.objectives-during-play)."""
    if table.state.options.objectives == "choose-at-setup":
        table.auto("end of season", [ruling("ud.objectives-during-play", "1st printing: the "
                                            "objectives were chosen before play, so none is "
                                            "discarded after the courtship.")])
        after_discards(table)
        return
    seat = _next_with_objectives(table, None)
    if seat is None:
        after_discards(table)
        return
    table.state.turn = Turn.model_construct(player=seat, step="discard")


def can_discard(table: Table, card_id: str) -> bool:
    """Whether :func:`verify_discard` allows the discard, without its text."""
    return card_id in table.me.objectives


def verify_discard(table: Table, card_id: str) -> list[Ruling]:
    me = table.me
    if not can_discard(table, card_id):
        raise refuse("season.objective-discard", f"{me.name} holds no objective '{card_id}'.")
    name = table.catalog.objectives[card_id].name if card_id in table.catalog.objectives else card_id
    return [ruling("season.objective-discard", f"{me.name} discards the objective {name}.",
                   (card_id,))]


def apply_discard(table: Table, card_id: str) -> list[Ruling]:
    me, turn = table.me, table.turn
    me.objectives.remove(card_id)
    me.objectives_discarded += 1
    turn.offer.append(card_id)
    seat = _next_with_objectives(table, turn.player)
    if seat is not None:
        turn.player = seat
        return []
    discarded = turn.offer
    deck = table.state.supply.objective_deck
    deck += _shuffled(discarded, table.rng())
    turn.offer = []
    rule_id = "season.objective-discard"
    table.auto("end of season", [ruling(rule_id, f"The {len(discarded)} discarded objectives "
                                        "are shuffled and placed under the objective deck.")])
    after_discards(table)
    return []


def _shuffled(cards: list[str], rng: random.Random) -> list[str]:
    cards = list(cards)
    rng.shuffle(cards)
    return cards


def after_discards(table: Table) -> None:
    """After the final courtship comes the VP-card window; otherwise the season ends."""
    if is_final(table):
        start_reveals(table, None)
    else:
        end_season(table)


def start_reveals(table: Table, after: int | None) -> None:
    state = table.state
    order = turn_order(state.first_player, len(state.players))
    rest = order if after is None else order[order.index(after) + 1:]
    seat = next((s for s in rest if state.players[s].vp_cards), None)
    if seat is None:
        finish(table)
        return
    state.turn = Turn.model_construct(player=seat, step="reveal")


def done_revealing(table: Table) -> list[Ruling]:
    me = table.me
    verdict = f"{me.name} keeps {len(me.vp_cards)} VP card(s) face down for scoring."
    start_reveals(table, table.turn.player)
    return [ruling("ruling.vp-card-final-window", verdict)]


def end_season(table: Table) -> None:
    """Pass the first-player pawn after seasons 1–3, then the next season's first round."""

    state = table.state
    n = len(state.players)
    rotation = state.options.first_player_rotation
    before = state.first_player
    state.first_player = (before + (-1 if rotation == "counterclockwise" else 1)) % n
    side = "right" if rotation == "counterclockwise" else "left"
    rulings = [ruling("season.end-sequence", f"Season {courtship_number(table)} ends: "
                      "objectives discarded, then the first-player pawn passes and the next "
                      "season begins.")]
    if state.options.length == "extended":
        rulings.append(ruling("round-track.courtship-reminders", "The courtship space shows "
                              "both reminders: discard an objective, pass the pawn."))
    rulings.append(ruling(
        "ud.first-player-counterclockwise",
        f"The first-player pawn passes {rotation} (to the holder's {side}): "
        f"{state.players[before].name} → {state.players[state.first_player].name}; turns still "
        "run clockwise."))
    rulings += end_of_round(table, courtship=True)  # a market variant's step (market.py)
    table.auto("end of season", rulings)
    state.turn = None
    state.round += 1
    table.then("enter-round")


def finish(table: Table) -> None:
    """The game is over: end-game scoring (scoring.categories)."""
    state = table.state
    state.turn = None
    state.finished = True
    table.auto("end of the game", [ruling("scoring.categories", "After the final courtship "
                                          "the game ends and the seven scoring categories are "
                                          "totalled.")])


KINDS: dict[type[a.Action], Handler] = {
    a.Fairchild: Handler.at({"fairchild"}, verify_fairchild, apply_fairchild),
    a.DiscardObjective: Handler.at({"discard"}, verify_discard, apply_discard,
                                   test=can_discard),  # season.objective-discard
    a.KeepVPCards: Handler.at({"reveal"}, no_rulings, done_revealing),
}
"""The action kinds whose rules live here, each registered once (engine/turn/dispatch.py
gathers them)."""


def _fairchilds(table: Table) -> list[a.Action]:
    return [a.Fairchild(c) for c in dict.fromkeys(table.state.supply.fairchilds)]


def _discards(table: Table) -> list[a.Action]:
    return [a.DiscardObjective(c) for c in dict.fromkeys(table.me.objectives)]


DECISIONS = {"fairchild": Decision(_fairchilds, in_turn=False),
             "discard": Decision(_discards, in_turn=False)}
"""The decisions whose choices are listed here (engine/turn/dispatch.py gathers them)."""
