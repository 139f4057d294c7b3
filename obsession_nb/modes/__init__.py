"""Game modes beyond the standard competitive game, one package each, every one a plugin of
``obsession_nb/engine/mode.py``:

* ``solo/`` — the Solo Estate Challenge (UD p.13-14): ``mode`` (the plugin), ``market`` (the six
  category stacks), ``tableau`` (the organiser's columns), ``ai`` (the d20 scavenging), ``rules``
  (its hooks into the order of play), ``game`` (a new game, scoring against the target), and its
  players (``strategy``, ``planner``, ``search``, ``estimate``, ``shopping``, ``values``) and
  ``odds``;
* ``classic/`` — classic solitaire, the base game's solo mode (Facts §6): ``mode``, ``ai`` (the AI
  card), ``courtship``, ``game`` (``obsession_nb.classic_solo``), ``strategy``;
* ``team/`` — Competitive Team Play (UD p.12): ``mode``, ``seating``, ``requests``, ``scoring``;
* ``tableau/`` — Tableau Obsession and its Duel (UD p.15): ``mode``, ``rules``, ``play``,
  ``scoring``;
* ``solo_exceptions`` — the base game's solo rule exceptions both solo modes use.

The engine never imports this package (it finds a mode by its ``options.mode`` name), and no mode
imports another (``lint-imports`` checks both).
"""

from typing import Final

SOLO: Final = "solo-estate-challenge"
