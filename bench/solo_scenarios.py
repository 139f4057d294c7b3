"""Write the Solo Estate Challenge scenarios (content/scenarios/solo-*.yaml).

Run by hand after a change to the solo setup: ``.venv/bin/python bench/solo_scenarios.py``.
Each position is built with ``obsession_nb.modes.solo.game.solo_position`` from a seeded new game,
its decks shortened to keep the file readable, and written with a header saying what it shows.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from obsession_nb.engine.positions.scenario import Scenario, dump
from obsession_nb.modes.solo.game import solo_position

OUT = Path(__file__).resolve().parents[1] / "content" / "scenarios"
START = ["bowling-green", "butlers-room", "front-parlour", "gazebo", "private-study"]
SHORT = {"casual_deck": 8, "prestige_deck": 6, "objective_deck": 6, "vp_deck": 6}


def write(name: str, header: str, title: str, description: str, notes: list[str],
          game, actions: list[str]) -> None:
    state = game.state
    for deck, n in SHORT.items():
        setattr(state.supply, deck, getattr(state.supply, deck)[:n])
    state.title, state.description, state.notes = title, description, notes
    text = dump(Scenario(state, [], actions))
    comment = "".join(f"# {line}\n" if line else "#\n" for line in header.splitlines())
    (OUT / f"{name}.yaml").write_text(comment + text, encoding="utf-8")
    yaml.safe_load(text)
    print(f"wrote {name}.yaml ({len(text.splitlines())} lines)")


def main() -> None:
    flipped = [(t, True) for t in START]
    page14 = ("The Solo Estate Challenge's AI scavenging examples (UD p.14 AI Scavenging). The\n"
              "position (round 6, step 7 done) is a seeded new game with a few tiles bought; the\n"
              "decks are shortened. Playing 'done' ends the turn and the pinned d20 roll decides.")
    game = solo_position(
        14, round=6, step="buy", money=200, reputation=9,
        organiser=[*flipped, "brushing-room", ("riding-stables", True)], rolls=[6])
    write("solo-scavenge-roll-6", page14,
          "Solo Estate Challenge: a roll of 6 takes the top Essentials tile",
          "Example 1 of UD p.14: 6 is the first number of the Essentials range 6-8, so the top "
          "tile of the £500 Essentials stack leaves the game.",
          ["UD p.14 AI Scavenging, example 1", "The d20 result is pinned in chance.next_rolls."],
          game, [])
    game = solo_position(
        14, round=6, step="buy", money=200, reputation=9,
        organiser=[*flipped, "brushing-room", ("riding-stables", True)],
        stacks={"prestige": ["music-room"]}, rolls=[13])
    write("solo-scavenge-roll-13", page14,
          "Solo Estate Challenge: a roll of 13 with one Prestige tile takes nothing",
          "Example 2 of UD p.14: 13 is the second number of the Prestige range 12-14; the £700 "
          "Prestige stack holds a single tile, so position 13 is empty and nothing is taken.",
          ["UD p.14 AI Scavenging, example 2",
           "The Prestige stack was cut to one tile (the Music Room) for the example."],
          game, [])
    critical = ("The critical rule (UD p.14 Critical Rule) in an extended game: the player has two\n"
                "Service tiles (the Butler's Room and the Brushing Room) and must finish with four,\n"
                "so the Service stack may never drop below two tiles. It holds exactly two; the AI\n"
                "rolls 2 (the second Service tile) and takes nothing.")
    game = solo_position(
        21, extended=True, round=9, step="buy", money=300, reputation=12,
        organiser=[*flipped, "brushing-room"],
        stacks={"service": ["butlers-pantry", "servants-quarters"]}, rolls=[2])
    write("solo-critical-rule", critical,
          "Solo Estate Challenge: the critical rule keeps the Service stack",
          "Extended game, round 9. Two Service tiles in the tableau, four needed: the Service "
          "stack keeps its last two tiles, so a roll of 2 scavenges nothing.",
          ["UD p.14 Critical Rule",
           "The Service stack was cut to two tiles (Butler's Pantry, Servants' Quarters)."],
          game, [])


if __name__ == "__main__":
    main()
