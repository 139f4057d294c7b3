"""Seeded mutations of scenario files for the fuzz suite (tests/engine/test_fuzz_scenarios.py).

``mutate(rng, text)`` returns the bytes of a mutated file and what was done to it: changes to
the data (key deletions, type changes, unknown and duplicate ids, out-of-range numbers, unicode
and control characters, ids moved between places, a rewritten pending decision, another rules
option or mode, a mode's own records, an emptied or mixed market space) and to the text
(alias bombs, ``!!python`` tags, truncation, non-UTF-8 bytes, lone surrogates, wrong top-level
types, deep nesting, an oversized file, stray characters).
"""

from __future__ import annotations

import copy
import random
from typing import Any

import yaml

from obsession_nb.data.catalog import load_catalog
from obsession_nb.engine.positions.option_index import field_values
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.records.state import Turn

STEPS = list(Turn.model_fields["step"].annotation.__args__)  # type: ignore[union-attr]
NUMBERS = [-1, 0, 1, 2, 5, 6, 7, 16, 19, 20, 21, 100, 10**9, -10**9, 2**63]
OTHER_TYPES: list[Any] = [0, -3, 1.5, "text", "", True, None, [], {}, ["x"], {"a": 1}, [[1]]]
STRINGS = ["nonesuch", "", " ", "<script>alert(1)</script>", "Ada\x00", "\u202etxet",
           "Ünïcødé 🎩", "a" * 300, "\x1b[31mred", "&amp;<b>", "p1", "tile", "max", "-"]
ALIAS_BOMB = ("a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
              "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
              "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n"
              "players: [{name: A, hand: *f}]\n")


def catalog_ids() -> list[str]:
    cat = load_catalog()
    return [*cat.servants, *cat.tiles, *cat.gentry, *cat.objectives, *cat.vp_cards, *cat.themes,
            *cat.families]


IDS = catalog_ids()


def nodes(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, Any, tuple[Any, ...]]]:
    """(container, key, path) of every value below ``data``."""
    out: list[tuple[Any, Any, tuple[Any, ...]]] = []
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(
        data, list) else ()
    for key, value in items:
        out.append((data, key, (*path, key)))
        out += nodes(value, (*path, key))
    return out


def _leaves(data: Any, kind: type) -> list[tuple[Any, Any, tuple[Any, ...]]]:
    return [n for n in nodes(data) if type(n[0][n[1]]) is kind]


def _lists(data: Any) -> list[tuple[Any, Any, tuple[Any, ...]]]:
    return [n for n in nodes(data) if isinstance(n[0][n[1]], list)]


# ----------------------------------------------------------------- changes to the data


def delete_key(rng: random.Random, data: dict[str, Any]) -> str:
    keys = [n for n in nodes(data) if isinstance(n[0], dict)]
    container, key, path = rng.choice(keys)
    del container[key]
    return f"delete {path}"


def change_type(rng: random.Random, data: dict[str, Any]) -> str:
    container, key, path = rng.choice(nodes(data))
    container[key] = copy.deepcopy(rng.choice(OTHER_TYPES))  # never share the constants
    return f"type {path} = {container[key]!r}"


def unknown_id(rng: random.Random, data: dict[str, Any]) -> str:
    container, key, path = rng.choice(_leaves(data, str))
    container[key] = rng.choice(["nonesuch", "cooke", *rng.sample(IDS, 3)])
    return f"id {path} = {container[key]!r}"


def duplicate(rng: random.Random, data: dict[str, Any]) -> str:
    lists = [n for n in _lists(data) if n[0][n[1]]]
    container, key, path = rng.choice(lists)
    item = copy.deepcopy(rng.choice(container[key]))  # a copy: a list never holds itself
    target = rng.choice(_lists(data))
    target[0][target[1]].append(item)
    return f"duplicate {item!r} from {path} into {target[2]}"


def move(rng: random.Random, data: dict[str, Any]) -> str:
    """Move an id from one list to another: mostly valid-looking positions."""
    lists = [n for n in _lists(data) if n[0][n[1]] and all(isinstance(x, str) for x in n[0][n[1]])]
    source = rng.choice(lists)
    item = source[0][source[1]].pop(rng.randrange(len(source[0][source[1]])))
    target = rng.choice(_lists(data))
    target[0][target[1]].insert(rng.randrange(len(target[0][target[1]]) + 1), item)
    return f"move {item!r} from {source[2]} to {target[2]}"


def number(rng: random.Random, data: dict[str, Any]) -> str:
    container, key, path = rng.choice(_leaves(data, int) or nodes(data))
    container[key] = rng.choice(NUMBERS)
    return f"number {path} = {container[key]}"


def weird_string(rng: random.Random, data: dict[str, Any]) -> str:
    container, key, path = rng.choice(_leaves(data, str))
    container[key] = rng.choice(STRINGS) if rng.random() < 0.6 else container[key] + rng.choice(
        STRINGS)
    return f"string {path} = {container[key]!r}"


def pending(rng: random.Random, data: dict[str, Any]) -> str:
    """Rewrite the pending decision, from tiles, cards and objectives of the file."""
    players = data.get("players") if isinstance(data.get("players"), list) else []
    seat = rng.randrange(max(1, len(players)) + 1)
    me = players[seat] if seat < len(players) and isinstance(players[seat], dict) else {}
    tiles = [t.get("tile") for t in me.get("organiser", []) if isinstance(t, dict)] or IDS[:3]
    hand = [c for c in me.get("hand", []) if isinstance(c, str)] or ["nonesuch"]
    turn: dict[str, Any] = {"player": seat, "step": rng.choice(STEPS)}
    if rng.random() < 0.6:
        turn["tile"] = rng.choice([*tiles, rng.choice(IDS)])
    if rng.random() < 0.4:
        turn["guests"] = rng.sample(hand, min(len(hand), rng.randint(1, 3)))
    if rng.random() < 0.4:
        turn["choices"] = [{"kind": rng.choice(["screen", "lady", "dismiss", "gossip", "reclaim",
                                                "hire"]),
                            "source": rng.choice(["tile", *hand, "nobody"]),
                            "cards": rng.sample(hand, min(len(hand), 2)),
                            "deck": rng.choice(["casual", "prestige"])}]
    if rng.random() < 0.2:
        turn["resume"] = rng.choice([*STEPS, "nowhere"])
    if rng.random() < 0.2:
        turn["offer"] = rng.sample(IDS, 2)
    if rng.random() < 0.2:
        turn["passing"] = True
    if rng.random() < 0.15:
        data.pop("turn", None)
        return "delete turn"
    data["turn"] = turn
    return f"turn = {turn}"


def round_number(rng: random.Random, data: dict[str, Any]) -> str:
    data["round"] = rng.randint(0, 21)
    return f"round = {data['round']}"


def option(rng: random.Random, data: dict[str, Any]) -> str:
    """Another value for one rules option (another mode, a variant, an unset default)."""
    name = rng.choice(sorted(Options.model_fields))
    fixed, takes_list = field_values(name)
    values = [*fixed, *([rng.sample(IDS, 2)] if takes_list else [])]
    options = data.setdefault("options", {}) if isinstance(data.get("options", {}), dict) else {}
    options[name] = rng.choice(values)
    return f"options.{name} = {options[name]!r}"


def mode_record(rng: random.Random, data: dict[str, Any]) -> str:
    """A mode's own records (tableau drafts, milestones and claims, team requests and loans,
    solo columns, the classic opponent): seats, places and ids changed or added."""
    seat = rng.choice([0, 1, 2, 5, 6, 9, -1])
    card = rng.choice(IDS)
    record = rng.choice([
        ("tableau", {"draft_order": [seat], "draft_deck": [card]}),
        ("tableau", {"ball_order": [seat], "ball_offer": [card]}),
        ("tableau", {"queen_victoria": [{"round": 1, "removed": [card]}]}),
        ("milestones", {"cards": rng.sample(IDS, rng.randint(0, 3))}),
        ("milestones", {"claims": [{"card": card, "seat": seat, "place": rng.randint(0, 3),
                                    "round": 1, "turn": rng.choice([0, -1])}]}),
        ("team", {"request": {"kind": rng.choice(["gift", "servant"]), "owner": seat,
                              "amount": rng.choice([0, 100, 300]), "servant": card}}),
        ("team", {"loans": [{"kind": rng.choice(["servant", "guest"]), "item": card,
                             "lender": seat}]}),
        ("solo", {"columns": {card: rng.choice(["service", "nowhere"])}}),
        ("classic_solo", {"opponent": card, "opponent_vp": [card]}),
    ])
    key, value = record
    target = data.get(key)
    if isinstance(target, dict) and rng.random() < 0.7:
        target.update(value)
    else:
        data[key] = value
    return f"{key} |= {value}"


def market_space(rng: random.Random, data: dict[str, Any]) -> str:
    """Empty a Builders' Market space, or mix two spaces' tiles, or fill a reserve."""
    supply = data.get("supply") if isinstance(data.get("supply"), dict) else {}
    market = supply.get("market") if isinstance(supply.get("market"), list) else []
    if market and rng.random() < 0.4:
        j = rng.randrange(len(market))
        market[j] = []
        return f"empty supply.market[{j}]"
    if len(market) > 1 and rng.random() < 0.6 and all(isinstance(x, list) for x in market):
        i, j = rng.sample(range(len(market)), 2)
        if market[j]:
            market[i].append(market[j].pop())
            return f"mix supply.market[{j}] into [{i}]"
    pile = rng.choice(["service_reserve", "pr1_reserve"])
    supply[pile] = [rng.choice(IDS)]
    return f"supply.{pile} = {supply[pile]}"


DATA_MUTATIONS = [delete_key, change_type, unknown_id, duplicate, move, number, weird_string,
                  pending, round_number, option, mode_record, market_space]


# ----------------------------------------------------------------- changes to the text


def text_mutation(rng: random.Random, text: str) -> tuple[bytes, str]:
    raw = text.encode("utf-8")
    choice = rng.randrange(11)
    at = rng.randrange(len(raw) + 1)
    if choice == 0:
        return raw[:at], f"truncate at {at}"
    if choice == 1:
        return ALIAS_BOMB.encode(), "alias bomb"
    if choice == 2:
        tag = rng.choice(["!!python/object/apply:os.system ['echo pwned']",
                          "!!python/name:os.system", "!!binary AAAA", "!!set {a, b}",
                          "!!timestamp 2001-13-45", "!!float nan"])
        return text.replace("title:", f"title: {tag}\nx-title:", 1).encode(), f"tag {tag}"
    if choice == 3:
        junk = rng.choice([b"\xff", b"\xfe\xff", b"\xc3(", b"\xed\xa0\x80", b"\x80abc"])
        return raw[:at] + junk + raw[at:], f"bytes {junk!r} at {at}"
    if choice == 4:
        top = rng.choice(["- a\n- b\n", "42\n", "", "null\n", "'text'\n", "[]\n", "~\n",
                          "--- {}\n--- {}\n"])
        return top.encode(), f"top level {top!r}"
    if choice == 5:
        depth = rng.choice([60, 500, 5000])
        return ("players: " + "[" * depth + "]" * depth + "\n").encode(), f"nesting {depth}"
    if choice == 6:
        return raw + b"# " + b"x" * 2_100_000 + b"\n", "over 2 MB"
    if choice == 7:
        control = rng.choice(["\x00", "\x07", "\x1b", "\x7f", "\ufeff", "\u2028", "\t"])
        return raw[:at] + control.encode() + raw[at:], f"control {control!r} at {at}"
    if choice == 8:
        stray = rng.choice([":", "- ", "{", "]", "&x ", "*nope ", "? ", "|\n", "'", '"', "%"])
        return raw[:at] + stray.encode() + raw[at:], f"stray {stray!r} at {at}"
    if choice == 9:
        return text.replace("name:", "name: \ud800", 1).encode("utf-8", "surrogatepass"), \
            "lone surrogate"
    key = rng.choice(["players", "supply", "turn", "options", "chance", "solo", "custom_cards"])
    value = rng.choice(["5", "standard", "[1, 2]", "{a: 1}", "null", "-1", "yes"])
    return (text + f"\n{key}: {value}\n").encode(), f"repeat key {key}: {value}"


def mutate(rng: random.Random, text: str) -> tuple[bytes, str]:
    """One mutated file (bytes) from a scenario's text, and a description of the mutation."""
    if rng.random() < 0.25:
        return text_mutation(rng, text)
    data = yaml.safe_load(text)
    done = []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        try:
            done.append(rng.choice(DATA_MUTATIONS)(rng, data))
        except (IndexError, TypeError, AttributeError, KeyError):
            done.append("(a mutation found nothing to change)")  # an earlier one broke the shape
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False).encode("utf-8"), \
        "; ".join(done)
