"""Game modes beyond the standard competitive game, each a plugin of ``obsession_nb/mode.py``.

The Solo Estate Challenge (UD p.13-14) lives in ``solo_*.py``:

* ``solo_mode`` — the plugin: the hooks the core calls, handing over to the modules below;
* ``solo_market`` — the six category stacks, their market counters and prices, buying;
* ``solo_tableau`` — the columns of the organiser, what a complete tableau is;
* ``solo_ai`` — the d20 scavenging and its critical rule;
* ``solo_rules`` — step 2, the end of a turn, refusals, setup, scenario checks;
* ``solo`` — a new game, scoring against the target, playing whole games, JSON;
* ``solo_strategy`` — a greedy and a random solo player; ``solo_planner`` — the planner, which
  judges its choices by ``solo_estimate``'s outlook (finishing round and final score);
  ``solo_odds`` — many games' odds.

The core never imports this package; it finds a mode by its ``options.mode`` name.
"""

SOLO = "solo-estate-challenge"
