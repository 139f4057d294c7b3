"""The widgets' words: every word the board widget (``widgets/board.js``) and its static picture
(``tutor/views/html/board.py``) show (:data:`WORDS`), and the other widgets' (:data:`LABELS`),
in English, with their Japanese in ``content/i18n/ja/widgets.yaml``; :func:`words` and
:func:`widget_labels` give them in a widget's language."""

from __future__ import annotations

from obsession_nb.engine.records.scoresheet import LABELS as SHEET_ROWS
from obsession_nb.engine.seat.view import OPEN_LABEL, SEAT_LABEL
from obsession_nb.practice.session import TEAM_WORDS, UNDONE


def _as_said(*ids: str) -> dict[str, str]:
    """Words said as their ids are spelt (``"cost_modifier"``: "cost modifier")."""
    return {key: key.replace("_", " ") for key in ids}


WORDS: dict[str, dict[str, str]] = {
    "category": {"essentials": "Essentials", "service": "Service", "estate": "Estate",
                 "prestige": "Prestige", "sporting": "Sporting", "monument": "Monument"},
    "event": {"village_fair": "Village Fair", "objective_draw": "Objective draw",
              "builders_holiday": "Builders' Holiday", "national_holiday": "National Holiday",
              "grand_ball": "Grand Ball", "reserves_activate": "Reserve opens"},
    "event_twice": {"reserves_activate": "Both reserves open"},
    "deck": {"family": "Family", "fairchild": "Fairchild", "starter": "Starter guest",
             "casual": "Casual guest", "prestige": "Prestige guest"},
    "back": {"casual": "Casual guest", "prestige": "Prestige guest", "objective": "Objective",
             "vp": "VP card", "theme": "Theme"},
    "decision": {"screen": "Screening: keep {keep} of {n}",
                 "lady": "The lady of the house: screen or dismiss",
                 "dismiss": "Dismissal (optional)", "gossip": "Gossip: choose a player",
                 "reclaim": "Reclaim a guest from the discard pile",
                 "hire": "Hiring: up to {count}"},
    "favour": {"money": "{money}", "pay": "pay {money}", "reputation": "+{amount} reputation",
               "reputation_lost": "{amount} reputation",
               "invite": "invite {deck} (see {see} keep {keep})",
               "invite_blind": "invite {deck} (blind draw)",
               "lady": "lady: see 2 keep 1, or dismiss", "dismiss": "dismiss {amount}",
               "vp_card": "{amount} VP card", "gossip": "gossip −{amount}",
               "admirer": "admirer +{amount}", "objective": "{amount} objective",
               "vp_card_draw": "draw VP card", "reclaim": "reclaim a guest",
               "hire": "hire {amount}", "recruit": "recruit 1"},
    "invitee": {"casual": "casual", "prestige": "prestige"},
    "place": {"study": "the Private Study", "hall": "the Servants' Hall", "market": "the market",
              "removed": "the tile bag (out of the game)"},
    "guest": {"gentry": "{count} gentry", "family": "{count} family",
              "gentlemen": "{count} gentleman", "ladies": "{count} lady",
              "casual": "{count} casual guest", "prestige": "{count} prestige guest"},
    "guests": {"gentry": "{count} gentry", "family": "{count} family",
               "gentlemen": "{count} gentlemen", "ladies": "{count} ladies",
               "casual": "{count} casual guests", "prestige": "{count} prestige guests"},
    "join": {"or": " or ", "list": ", ", "and": " + "},
    "placed": {"supplemental": "supplemental", "for": "for {servant}",
               "quarters": "from Quarters", "on": "on {place}"},
    "height": _as_said("tall", "short"),
    "colour": _as_said("dark blue", "red", "black", "green", "purple", "white", "orange",
                       "light blue", "pink", "brown"),
    "checked": {**_as_said("name", "deck", "gender", "category", "column", "prestige", "vp",
                           "tsn", "cost_modifier", "service", "servants", "guests", "favours",
                           "traits", "activity", "ability", "at_least", "back", "chart",
                           "condition", "copies", "difficulty", "expansion", "front", "measure",
                           "monument", "playable", "standard"),
                "base": "base score", "guests.count": "guests' count"},
    "column": _as_said("seat", "player", "family", "money", "reputation", "available",
                       "quarters", "expended", "hand", "discard", "tiles", "season"),
    "direction": _as_said("clockwise", "counterclockwise"),
    "difficulty": _as_said("beginner", "intermediate", "expert"),
    "outcome": _as_said("win", "loss", "tie"),
    "measure": {**_as_said("reputation_level", "tiles_bought", "flipped_tiles", "monuments",
                           "prestige_guests", "servants", "new_servants", "money"),
                "service_tiles": "Service tiles", "vp_cards": "VP cards"},
    "turn_column": {"standard": "Standard Turn column", "monument": "Monument Turn column"},
    "label": {"stand_in": "stand-in",
              "stand_in_note": "An invented component standing in for one the sources do not describe.",
              "your_box": "your box", "prestige_rating": "prestige rating",
              "crest": "Crest: counts as prestige 1", "rose_side": "✿ rose side",
              "building_side": "building side", "rose_used": "Flipped to its rose side (used)",
              "rose_unused": "Not yet used: no rose showing", "cost_modifier": "cost modifier",
              "tsn": "Tile Sorting Number", "scenario_card": "scenario card",
              "scenario_card_note": "Defined by this scenario (custom_cards)",
              "activity": "Activity", "no_activity": "no activity hosted",
              "organiser": "Country Estate Organiser", "hosting": "on the activity square",
              "no_family": "no family board yet", "first_player": "first player",
              "first_pawn": "Holds the purple first-player pawn", "to_play": "to play",
              "available": "Available Service", "quarters": "Servants' Quarters",
              "expended": "Expended Service", "removed": "Removed from the game",
              "hand": "Active hand", "discard": "Discard pile", "reserve_active": "active",
              "reserve_waiting": "not yet active",
              "market_and_reserves": "Builders' Market and reserves",
              "market": "Builders' Market", "service_reserve": "Service Tile Reserve",
              "pr1_reserve": "PR1 Tile Reserve", "hire": "Servants for Hire",
              "draft": "Servant draft display", "decks": "Decks", "casual_deck": "Casual guests",
              "prestige_deck": "Prestige guests", "objective_deck": "Objectives",
              "vp_deck": "VP cards", "bag": "Tile bag", "round_track": "Round track",
              "round_unstated": "Round not stated by a source", "round_pawn": "white round pawn",
              "no_round_ended": "no round has ended yet", "no_courtship": "no courtship yet",
              "ai_not_rolled": "the AI has not rolled yet", "open_view": OPEN_LABEL,
              "empty": "empty", "none": "none", "free": "free", "first": "first",
              "nothing": "nothing", "some_values": "some values", "max": "Max",
              "money": "money", "reputation": "Reputation", "courtship": "♥ courtship",
              "no_position": "no position", "no_tiles": "No tiles on the market yet.",
              "borrowed": "Borrowed from the teammate", "lent": "Lent to the teammate",
              "family_bonus": "Family bonus",
              "legend_unstated": "a value no rule source states (hover a badge for which)",
              "legend_standin": "an invented component · no mark: every value shown is stated",
              "show_badges": "show ? badges",
              "milestones": "Milestones (one claim per turn; never lost)",
              "milestone_standin": "Stand-in card: the sources give no milestone's requirement or VP",
              "starter_deck": "Starter-guest deck", "ball_offer": "Grand Ball offer",
              "market_log": "Market log (Queen Victoria: the £300 tile leaves at each round's end)",
              "opponent_standin": "Stand-in opponent card: its chart and base score are invented "
                                  "(the sources name only Eden, PRESTIGE 3 in season 2)",
              "ai_card": "AI card", "next_roll": "next roll −5",
              "refreshed": "refreshed the market", "no_purchase": "no purchase",
              "saved_picture": "A picture saved with the notebook. To use the buttons, run the "
                               "notebook: Run ▸ Run All Cells.",
              "run_note": "Run the notebook (Run ▸ Run All Cells) to use it."},
    "say": {"viewer": SEAT_LABEL,
            "meeple": "{name} ({height}, {colour})", "placed": "{name} ({note})",
            "from_box": "From your box (your card pack): {fields}",
            "from_box_printing": "From your box (your card pack): {fields}. Your printing "
                                 "differs from the rulebooks: {printing}",
            "unverified": "Not verified against a source: {fields}.",
            "unverified_checked": "Not verified against a source: {fields}. Verified: {checked}.",
            "vp": "{vp} VP", "level": "level {level}, position {position}",
            "seat": "p{seat}", "player_board": "{name} ({seat}): player board",
            "house": "House of {family}", "team": "Team {team}",
            "team_partner": "Team {team} (partner {partner})",
            "partner": "Competitive Team Play: partner of {partner}",
            "decides": "decides: {request}?",
            "counts": "objectives {objectives} · VP cards {vp_cards}",
            "costs": "costs {money}", "season": "Season {season}",
            "season_theme": "Season {season} · theme {theme}",
            "where": "Round {round} · season {season}",
            "where_courtship": "Round {round} · season {season} · courtship round",
            "needs": "needs {measure} ≥ {at_least}", "first_place": "1st · {vp} VP",
            "second_place": "2nd · {vp} VP", "claimed": "claimed in round {round}",
            "tableau": "Tableau Obsession · round pawn moves {direction} · first player never "
                       "changes",
            "tableau_duel": "Tableau Obsession — Duel (9/10 counters) · round pawn moves "
                            "{direction} · first player never changes",
            "over_max": "Game over: {player} ended a turn at Max",
            "over_track": "Game over: the track ran out after round {round}",
            "queen_victoria": "Round {round}: {removed} back to the bag; drawn {drawn}",
            "classic": "Classic solitaire against {name} ({difficulty}, base score {base})",
            "classic_challenging": "Classic solitaire against {name} ({difficulty}, base score "
                                   "{base}) · challenging mode: scavenged monuments add to its "
                                   "score",
            "final_season": "{season} (final: the revealed themes added)",
            "courtships": "Courtships (opponent's pile: {vp_cards} VP card(s))",
            "courtships_fairchild": "Courtships (opponent's pile: {vp_cards} VP card(s) and a "
                                    "Fairchild)",
            "courtship": "Season {season} · {themes}: you {player}, opponent {opponent} — "
                         "{outcome}",
            "ai_standin": "{name} (stand-in roll table)",
            "scavenged": "scavenged {tiles} (position {position})",
            "empty_position": "position {position} empty",
            "roll": "Round {round}: rolled {roll}, {what}",
            "roll_less": "Round {round}: rolled {roll} (−5: {result}), {what}",
            "not_drawn": "board could not be drawn: {error}"},
}
"""The board's words in English, the one list the board widget and its static picture draw
from, by section.  The words for the view's ids: a tile's ``category``, a round's ``event``
(``event_twice``: an event printed twice on one space, as Tableau Obsession's round 4 opens both
reserves), a card's ``deck``, the ``back`` of a card a seat cannot see, the deck an ``invite``
favour draws from (``invitee``), a servant's ``height`` and ``colour`` (a meeple's hover text),
the catalog fields a "?" badge names (``checked``), the compact table's ``column`` headings, the
Tableau round pawn's ``direction``, what a milestone counts (``measure``), a classic opponent's
``difficulty``, a courtship's ``outcome``, the AI card's ``turn_column`` and a place a servant
stands that is no tile (``place``).  The templates filled from values: a ``favour`` printed on a
tile or card (by kind; ``pay``, ``reputation_lost`` and ``invite_blind`` for a cost, a loss and
a blind invitation), the favour ``decision`` waiting (by the choice's kind), the guests a tile
asks for (``guest`` for exactly one, ``guests`` otherwise, counts joined by ``join`` ``or``),
the notes beside a servant placed for an activity (``placed``) and every other sentence built
around values (``say``: "House of {family}", "costs {money}", the pending bar, the team's,
Tableau's and classic solitaire's lines).  The fixed labels (``label``: titles, empty notes,
the markers' tags and hover texts, the legend).  ``widgets/board.js`` keeps no word of its own:
it looks each up and fills templates' ``{name}`` fields only."""


def words(lang: str | None = None, table: dict[str, dict[str, str]] | None = None
          ) -> dict[str, dict[str, str]]:
    """A widget's words (``table``, by default :data:`WORDS`) in ``lang``, as the widget
    receives them: the language's own (``content/i18n/<lang>/widgets.yaml``), else the English
    word as a label (``obsession_nb.base.i18n.tr``: the glossary's, or English)."""
    from obsession_nb.base.i18n import resolve, tr
    from obsession_nb.data.translations import widget_words

    lang = resolve(lang)
    own = widget_words(lang)
    return {section: {key: own.get(section, {}).get(key) or tr(text, lang)
                      for key, text in words.items()}
            for section, words in (WORDS if table is None else table).items()}


def say(table: dict[str, dict[str, str]], key: str, **values: object) -> str:
    """The sentence ``key`` (section ``say``) of ``table`` with its ``{name}`` fields filled."""
    return table["say"][key].format_map(values)


LABELS: dict[str, dict[str, str]] = {
    "quiz": {"question": "Question {n} of {total}", "score": "Score: {right} / {answered}",
             "next": "Next question", "right": "Right", "wrong": "Not quite: {answer}",
             "topics": "Topics:", "done": "End of the quiz: {right} / {total}",
             "none": "No question for these topics: choose others.", "why": "Why:",
             "source": "Position: {source} · {topics}", "list": ", "},
    "teach": {"keys": "→ next decision   ← back",
              "first-legal": "first legal choice (the worked example is over)",
              "over": "The game is over."},
    "browser": {"placeholder": "ask in your own words, or a rule id (can the hall boy serve as "
                               "butler?)",
                "search": "Search the rules", "matches": "{count} match(es)",
                "did-you-mean": "Did you mean:", "hit.rule": "rule", "hit.case": "casebook",
                "hit.term": "term", "reading": "Our reading", "rejected": "Rejected reading",
                "choices": "Choices (the default first)", "where": "Where to read it",
                "related": "Related rules", "demonstrated": "Demonstrated in",
                "show-me": "Show me", "case": "casebook", "scenario": "scenario",
                "game": "random game", "tutorials": "Tutorials", "tests": "Tests",
                "legend": "Sources legend: what the citations mean",
                "pick": "Pick a rule on the left.",
                "no-demo": "No packaged position demonstrates this rule yet.",
                "kind.rule": "rule", "kind.ruling": "ruling", "kind.option": "option"},
    "stepper": {"decision": "Decision", "action": "Worked example, action {n} of {total}:",
                "typed": "the action as typed (obsession-nb play)",
                "complete": "Worked example complete ({total} actions).",
                "complete_one": "Worked example complete (1 action).",
                "left": "You have left the worked example: Back returns to it.",
                "back": "◀ Back", "back_tip": "Undo the last choice", "restart": "Restart",
                "restart_tip": "Undo every choice", "next": "Next ▶",
                "next_tip": "Play the worked example's next action", "file": "File:",
                "file_tip": "Where Save position writes the scenario file",
                "save": "Save position",
                "save_tip": "Write this position (the step you are at) as scenario YAML",
                "not_action": "Not an action: {notation}: {error}",
                "not_saved": "Not saved: {error}", "saved": "Position saved to {path}",
                "over": "The game is over.", "deciding": "{player} is deciding…",
                "start": "Choose an action; the rulings of each step appear here.",
                "played": "Played: {action}", "log": "Rulings, step by step",
                "step.begin": "Host or pass", "step.step1": "1 Rotate service",
                "step.step2": "2 Round track", "step.host": "3 Host", "step.invite": "4 Invite",
                "step.service": "5 Service", "step.favours": "6 Favours", "step.buy": "7 Buy",
                "step.end": "8 Clear", "passing.step2": "Step 2",
                "passing.pass-option": "Rents, hire or refresh", "passing.buy": "Shop",
                "passing.end": "Next player", "opening.draft": "Setup: family board and servant draft",
                "opening.begin": "First turn", "title": "Turn stepper",
                "note": "{prompt}; choices: {choices}.", "list": ", "},
    "choices": {"refused": "{label} (not allowed)", "why_not": "why not {label}",
                "choose": "Choose", "choose_group": "Choose: {group}",
                "playing": "Playing: {label}…"},
    "explorer": {"beside": "Line {a} beside line {b}", "figure": "figure", "line": "line {n}",
                 "only": "Only in line {n}", "rulings_only": "Rulings only in line {n}",
                 "caption": "The lines of this turn, one per row", "compare": "compare",
                 "rank": "line", "sort": "Sort by {column}", "pick": "Compare line {n}",
                 "load": "Step through line {n}",
                 "loading": "Loading line {n} into the stepper…"},
    "notation": {"input": "Action to check, in notation", "check": "Check",
                 "heading": "Ruling panel: is this allowed, and why?",
                 "placeholder": "type an action in your words, e.g. invite Lady Cavendish",
                 "type": "Type:", "pick": "Pick:", "pick_none": "pick an action…",
                 "title": "Ruling panel",
                 "note": "type or pick any action, legal or not, and press Enter or Check: the "
                         "engine answers with its verdict and the rules behind it."},
    "rulings": {"not_action": "Not an action"},
    "card_entry": {"progress": "{from_box} from your box · {standins} stand-ins · {unverified} "
                               "unverified · {stated} stated",
                   "deck": "Deck", "which": "Which card", "fresh": "a card the catalog lacks",
                   "save": "Save card",
                   "save_note": "Check the card with your whole pack and save it (Enter in the "
                                "last field, or Ctrl+Enter)",
                   "export": "Export pack", "import": "Import pack", "read": "read in a pack",
                   "too_large": "the file is larger than 2 MB, the limit for a card pack",
                   "title": "Card entry",
                   "note": "a form shaped like the card you type in, progress by deck, import "
                           "and export; the board shows your cards at once."},
}
"""The other widgets' words in English, by widget (``widgets/<widget>.js``, ``browser`` for the
rule browser): their labels and their sentences built around values (``{name}`` fields filled by
``labeller`` in ``widgets/common.js``), with their Japanese in ``content/i18n/ja/widgets.yaml``
under the widget's name.  No widget's script keeps a word of its own."""


def widget_labels(widget: str, lang: str | None = None) -> dict[str, str]:
    """The words of ``widget`` (a section of :data:`LABELS`) in ``lang``, as it receives them
    (its Python side reads them there too: a stepper's buttons and status lines)."""
    return words(lang, {widget: LABELS[widget]})[widget]


PANELS: dict[str, dict[str, str]] = {
    "practice": {"hint": "Hint", "hint_tip": "What the search would do now",
                 "undo": "Undo my turn",
                 "undo_tip": "Back to the start of your turn (or of the last one)",
                 "file": "File:", "file_tip": "The file Save game writes and Load game reads",
                 "save": "Save game",
                 "save_tip": "Write the game to the file named here, to go on with it later",
                 "load": "Load game",
                 "load_tip": "Go on with the game saved in the file named here",
                 "level": "Level", "level_easy": "easy", "level_normal": "normal",
                 "level_strong": "strong", "log": "Rulings (yours and the opponents')",
                 "playing": "The opponents are playing…",
                 "taking_back": "Taking back your turn…", "undone": UNDONE,
                 "nothing_to_undo": "Nothing to undo.", "not_loaded": "Not loaded: {error}",
                 "loaded": "Game loaded from {path}.", "not_saved": "Not saved: {error}",
                 "saved": "Game saved to {path}.", "over": "The game is over. You were {player}.",
                 "your_move": "Your move: {prompt}", "title": "Practice table",
                 "coach": "Coach", "last_turn": " — your last turn:",
                 "first_turn": ": your first turn's review will appear here.",
                 "teams": "Teams", "costliest": "The turns that cost you the most",
                 "turn_round": "Round {round}: ", "scoresheet": "Final scoresheet"},
    "result": {"wins": "{names} wins with {vp} VP.",
               "shared": "{names} win with {vp} VP (a shared win).", "and": " and ",
               "total": "{vp} VP", "total_row": "Total",
               "chart": "Points per category and player", **TEAM_WORDS},
    "scoresheet": dict(SHEET_ROWS),
    "terminal": {"intro": "You are {player}. Type a number, an action, or one of: {commands}.",
                 "interrupted": "(interrupted)", "end_of_input": "(end of input)",
                 "over": "The game is over. {result}",
                 "costliest": "Your turns that cost the most:", "turn": "round {round}: ",
                 "coach": "Coach:", "you": "you", "refused": "Refused: {error}",
                 "forbidden": "Refused: {rulings}", "ruling": "{ruling} [{rule}: {citation}]",
                 "rulings": "; ",
                 "name_file": "save FILE: name the file",
                 "not_saved": "Not saved to {name}: {error}. The game goes on; try another file.",
                 "saved": "Saved to {name}; go on with it later: {command}",
                 "kept": "The unfinished game is saved to {name}; go on with it: {command}",
                 "not_kept": "The unfinished game could not be saved: no folder could be "
                             "written."},
}
"""The words of the widgets drawn in Python (ipywidgets and HTML, no script of their own): the
practice table's buttons, status lines and notes (``practice``), a finished game's result chart
(``result``), the scoresheet's rows (``scoresheet``, ``engine.scoring.LABELS``) and the
sentences of ``obsession-nb practice`` in the terminal (``terminal``), with their Japanese in
``content/i18n/ja/widgets.yaml`` under the same names; the words around the coach's advice are
the practice layer's (``coach``: ``tutor/views/html/practice.py`` ``coach_words``)."""


def panel_words(panel: str, lang: str | None = None) -> dict[str, str]:
    """The words of ``panel`` (a section of :data:`PANELS`) in ``lang``."""
    return words(lang, {panel: PANELS[panel]})[panel]
