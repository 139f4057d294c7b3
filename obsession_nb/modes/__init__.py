"""Game modes beyond the standard competitive game, each a plugin of ``obsession_nb/mode.py``.

The Solo Estate Challenge (UD p.13-14) lives in ``solo_*.py``:

* ``solo_mode`` — the plugin: the hooks the core calls, handing over to the modules below;
* ``solo_market`` — the six category stacks, their market counters and prices, buying;
* ``solo_tableau`` — the columns of the organiser, what a complete tableau is;
* ``solo_ai`` — the d20 scavenging and its critical rule;
* ``solo_rules`` — step 2, refusals, setup, scenario checks;
* ``solo_end`` — the target score and the end of a turn;
* ``solo`` — a new game, scoring against the target, playing whole games, JSON;
* ``solo_strategy`` — a greedy and a random solo player; ``solo_planner`` — the planner, which
  judges its choices by ``solo_estimate``'s outlook (finishing round and final score);
  ``solo_odds`` — many games' odds.

Classic solitaire, the base game's solo mode (Facts §6), lives in ``classic*.py``:

* ``classic_mode`` — the plugin; ``classic_ai`` — the AI card's d20 scavenging;
* ``classic_courtship`` — courtship against the opponent card, the opponent's score;
* ``classic`` — a new game, the result, whole seeded games (``obsession_nb.classic_solo``);
* ``classic_strategy`` — the greedy and random players;
* ``solo_exceptions`` — the solo rule exceptions both solo modes use.

Competitive Team Play (UD p.12) lives in ``team*.py``: ``team_mode`` (the plugin), ``team``
(seating, the requests a teammate answers, lent servants and gentry, favour routing) and
``team_scoring`` (the teams' scoresheet and the winning team).

The core never imports this package; it finds a mode by its ``options.mode`` name.
"""

SOLO = "solo-estate-challenge"
