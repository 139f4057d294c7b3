"""obsession-nb: an interactive rules tutor for Obsession and its Upstairs, Downstairs expansion.

This module is the public API: what the tutorials and your own notebooks use (the widgets are in
:mod:`obsession_nb.widgets`).  Every other module path is the package's inside and may change.
``docs/api.md`` lists every name with its docstring.

The rules engine is the single source of truth; notebooks and widgets ask it.  The public names
below load on first use (PEP 562), so ``obsession-nb --help`` and other light commands start
without importing the engine.
"""

from __future__ import annotations

__version__ = "0.1.0"

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (a fast --help)
if TYPE_CHECKING:
    from typing import Any

    from obsession_nb.base.figures import described
    from obsession_nb.data.pack_status import summary as pack_summary
    from obsession_nb.data.rules import BadNotation, IllegalAction, Ruling, rule
    from obsession_nb.engine.explore.explorer import explore, find_line, line_text
    from obsession_nb.engine.game import (
        Game,
        load_json,
        load_position,
        load_scenario,
        load_scenario_text,
        new_game,
    )
    from obsession_nb.engine.positions.option_index import options_with
    from obsession_nb.engine.positions.scenario import ScenarioError
    from obsession_nb.engine.records.actions import Action
    from obsession_nb.engine.records.notation import parse
    from obsession_nb.engine.records.options import Options
    from obsession_nb.engine.records.verdict import Verdict
    from obsession_nb.engine.scoring import score
    from obsession_nb.modes.classic.game import classic_solo
    from obsession_nb.modes.solo.game import new_solo_game, play_solo, solo_position
    from obsession_nb.modes.team.scoring import team_sheet
    from obsession_nb.players.random_player import line_to_round
    from obsession_nb.players.simulate import simulate
    from obsession_nb.practice.arena import arena, standings_text
    from obsession_nb.practice.coach import explore_values
    from obsession_nb.practice.session import Practice
    from obsession_nb.tutor.builder import new_position, set_aside_servants
    from obsession_nb.tutor.casebook import case, cases
    from obsession_nb.tutor.casebook import show as show_case
    from obsession_nb.tutor.compare import (
        at_round,
        choices_side_by_side,
        compare_options,
        first_moment,
        hall_decision,
    )
    from obsession_nb.tutor.compare import play as play_with_options
    from obsession_nb.tutor.rotation import (
        new_season_order,
        play_until,
        scenario_season_order,
        side_by_side,
    )
    from obsession_nb.tutor.solo_odds import (
        compare_strategies,
        counters_frame,
        finals_chart,
        from_position,
        plot_finals,
        plot_top_loss,
        print_stack,
        reasons_frame,
        run_games,
        stacks_frame,
        summary_frame,
        top_loss_chart,
        top_loss_frame,
        top_loss_table,
    )
    from obsession_nb.tutor.solo_whatif import add_to_stack, pin_rolls, scavenged_frame
    from obsession_nb.tutor.suggest import packaged_scenarios
    from obsession_nb.tutor.tableau_play import (
        deal_for_milestones,
        end_at_max,
        keep_first_ball_guests,
        market_names,
        new_tableau_game,
        pass_turn,
        play_to_max,
        play_to_round,
        print_milestones,
        print_reputation_vp,
        print_starter_draft,
        reputation_vp_frame,
        servant_draft_at_random,
        take_starters,
    )
    from obsession_nb.tutor.tableau_play import print_rulings as print_tableau_rulings
    from obsession_nb.tutor.team_play import seating, team_rulings

# Where each public name lives: "module" (under obsession_nb), or "module:name" when the public
# name differs from the one inside.
_HOME = {
    # a game: start one, play it, ask it
    "Game": "engine.game", "Verdict": "engine.records.verdict", "new_game": "engine.game",
    "load_scenario": "engine.game", "load_position": "engine.game",
    "load_scenario_text": "engine.game", "load_json": "engine.game",
    "packaged_scenarios": "tutor.suggest", "new_position": "tutor.builder",
    "set_aside_servants": "tutor.builder",
    "Action": "engine.records.actions", "parse": "engine.records.notation",
    "Options": "engine.records.options", "options_with": "engine.positions.option_index",
    "score": "engine.scoring",
    "Ruling": "data.rules", "rule": "data.rules", "BadNotation": "data.rules",
    "IllegalAction": "data.rules", "ScenarioError": "engine.positions.scenario",
    # what-if lines and seeded play
    "explore": "engine.explore.explorer", "find_line": "engine.explore.explorer",
    "line_text": "engine.explore.explorer", "line_to_round": "players.random_player",
    "simulate": "players.simulate",
    # first-player rotation (tutorial 03)
    "new_season_order": "tutor.rotation", "play_until": "tutor.rotation",
    "scenario_season_order": "tutor.rotation", "side_by_side": "tutor.rotation",
    # the Solo Estate Challenge (tutorial 05)
    "new_solo_game": "modes.solo.game", "play_solo": "modes.solo.game",
    "solo_position": "modes.solo.game", "compare_strategies": "tutor.solo_odds",
    "run_games": "tutor.solo_odds", "from_position": "tutor.solo_odds",
    "summary_frame": "tutor.solo_odds", "reasons_frame": "tutor.solo_odds",
    "counters_frame": "tutor.solo_odds", "stacks_frame": "tutor.solo_odds",
    "top_loss_frame": "tutor.solo_odds", "print_stack": "tutor.solo_odds",
    "plot_finals": "tutor.solo_odds", "plot_top_loss": "tutor.solo_odds",
    "top_loss_table": "tutor.solo_odds", "top_loss_chart": "tutor.solo_odds",
    "finals_chart": "tutor.solo_odds", "scavenged_frame": "tutor.solo_whatif",
    "add_to_stack": "tutor.solo_whatif", "pin_rolls": "tutor.solo_whatif",
    "described": "base.figures",
    # competitive team play (tutorial 06)
    "seating": "tutor.team_play", "team_rulings": "tutor.team_play",
    "team_sheet": "modes.team.scoring",
    # Tableau Obsession (tutorial 07)
    "new_tableau_game": "tutor.tableau_play", "print_milestones": "tutor.tableau_play",
    "print_starter_draft": "tutor.tableau_play", "take_starters": "tutor.tableau_play",
    "servant_draft_at_random": "tutor.tableau_play", "play_to_round": "tutor.tableau_play",
    "pass_turn": "tutor.tableau_play", "keep_first_ball_guests": "tutor.tableau_play",
    "deal_for_milestones": "tutor.tableau_play", "market_names": "tutor.tableau_play",
    "end_at_max": "tutor.tableau_play", "play_to_max": "tutor.tableau_play",
    "print_reputation_vp": "tutor.tableau_play", "reputation_vp_frame": "tutor.tableau_play",
    "print_tableau_rulings": "tutor.tableau_play:print_rulings",
    # variants side by side (tutorial 08)
    "classic_solo": "modes.classic.game", "compare_options": "tutor.compare",
    "choices_side_by_side": "tutor.compare", "first_moment": "tutor.compare",
    "at_round": "tutor.compare", "hall_decision": "tutor.compare",
    "play_with_options": "tutor.compare:play",
    # the rulings casebook (tutorial 10)
    "cases": "tutor.casebook", "case": "tutor.casebook", "show_case": "tutor.casebook:show",
    # practice against the computer (tutorial 11)
    "Practice": "practice.session", "explore_values": "practice.coach",
    "arena": "practice.arena", "standings_text": "practice.arena",
    # your own box (tutorial 12)
    "pack_summary": "data.pack_status:summary",
}

__all__ = [  # the order of _HOME
    "Game",
    "Verdict",
    "new_game",
    "load_scenario",
    "load_position",
    "load_scenario_text",
    "load_json",
    "packaged_scenarios",
    "new_position",
    "set_aside_servants",
    "Action",
    "parse",
    "Options",
    "options_with",
    "score",
    "Ruling",
    "rule",
    "BadNotation",
    "IllegalAction",
    "ScenarioError",
    "explore",
    "find_line",
    "line_text",
    "line_to_round",
    "simulate",
    "new_season_order",
    "play_until",
    "scenario_season_order",
    "side_by_side",
    "new_solo_game",
    "play_solo",
    "solo_position",
    "compare_strategies",
    "run_games",
    "from_position",
    "summary_frame",
    "reasons_frame",
    "counters_frame",
    "stacks_frame",
    "top_loss_frame",
    "print_stack",
    "plot_finals",
    "plot_top_loss",
    "top_loss_table",
    "top_loss_chart",
    "finals_chart",
    "scavenged_frame",
    "add_to_stack",
    "pin_rolls",
    "described",
    "seating",
    "team_rulings",
    "team_sheet",
    "new_tableau_game",
    "print_milestones",
    "print_starter_draft",
    "take_starters",
    "servant_draft_at_random",
    "play_to_round",
    "pass_turn",
    "keep_first_ball_guests",
    "deal_for_milestones",
    "market_names",
    "end_at_max",
    "play_to_max",
    "print_reputation_vp",
    "reputation_vp_frame",
    "print_tableau_rulings",
    "classic_solo",
    "compare_options",
    "choices_side_by_side",
    "first_moment",
    "at_round",
    "hall_decision",
    "play_with_options",
    "cases",
    "case",
    "show_case",
    "Practice",
    "explore_values",
    "arena",
    "standings_text",
    "pack_summary",
]


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'obsession_nb' has no attribute '{name}'")
    module_name, _, inner = home.partition(":")
    module = __import__(f"obsession_nb.{module_name}", fromlist=[inner or name])  # no importlib yet
    value = getattr(module, inner or name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
