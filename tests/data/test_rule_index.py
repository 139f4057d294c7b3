"""Checks for the rule index content/rules.yaml.

The engine refers to rules by id, so the index must load cleanly, keep its ids
unique and well formed, and give every entry a citation a reader can follow.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
RULES_PATH = ROOT / "content" / "rules.yaml"
SHARED = Path(os.environ.get("OBSESSION_SHARED", "/work/shared"))

KINDS = {"rule", "ruling", "option"}
SOURCE_KEYS = {"UD", "Refresher", "JA", "Facts"}
ID_RE = re.compile(r"^[a-z0-9]+(?:[.-][a-z0-9]+)*$")
UD_RE = re.compile(r"^UD p\.(\d+) \S")
FACTS_RE = re.compile(r"^Facts §(\d+(?:\.\d+)?)$")
SECTION_RE = re.compile(r"^(Refresher|JA) §\S")
# Rule ids mentioned inside prose, e.g. "see ud.pass.hire".
ID_MENTION_RE = re.compile(
    r"\b((?:turn|host|invite|service|favours|reputation|market|cleanup|pass|special|tile|event|ud"
    r"|setup|round-track|season|courtship|scoring|six-player|team|solo|tableau|milestone|option"
    r"|ruling)\.[a-z0-9][a-z0-9.-]*[a-z0-9])"
)

# Ids the engine is already coded against; they must never disappear or be renamed.
REQUIRED_IDS = [
    "turn.order-of-play",
    "turn.rotate-service",
    "turn.first-turn-no-rotation",
    "turn.round-track-event",
    "turn.monument-reputation",
    "turn.servants-hall",
    "turn.special-actions-any-time",
    "host.choose-tile",
    "host.prestige",
    "host.servant-available",
    "host.not-service-or-monument",
    "host.butlers-room",
    "host.butlers-room-recruit",
    "host.no-gentry-with-butlers-room",
    "invite.exact-count",
    "invite.kind",
    "invite.active-hand-only",
    "invite.prestige",
    "invite.family-fairchild-prestige-one",
    "service.mandatory",
    "service.housekeeper-for-ladys-maid",
    "service.underbutler",
    "service.footman-for-valet",
    "service.servants-quarters",
    "favours.order",
    "favours.money",
    "favours.pauper",
    "favours.reputation",
    "favours.invite",
    "favours.screen",
    "favours.lady",
    "favours.dismiss",
    "favours.vp-card",
    "favours.gossip",
    "favours.admirer",
    "favours.barn",
    "favours.objective-card",
    "favours.reclaim-discard",
    "reputation.wheel",
    "reputation.penalty",
    "reputation.floor",
    "reputation.max",
    "market.one-purchase",
    "market.price",
    "market.space-prices",
    "market.no-duplicates",
    "market.any-reputation",
    "market.slide-and-draw",
    "market.duplicates-stack",
    "market.reminder-tile",
    "market.organiser-placement",
    "market.refresh-procedure",
    "market.reserve-activation",
    "market.reserve-divert",
    "market.reserve-purchase",
    "market.never-empty",
    "market.initial-fill",
    "cleanup.servants-expended",
    "cleanup.guests-discard",
    "cleanup.tile-return",
    "cleanup.flip-first-use",
    "cleanup.hybrid-flip",
    "pass.base",
    "pass.rents",
    "pass.free-refresh",
    "pass.shop",
    "special.borrow",
    "special.service-help",
    "special.market-refresh",
    "tile.butlers-pantry",
    "tile.brushing-room",
    "tile.servants-quarters",
    "tile.private-study",
    "tile.main-library",
    "tile.suites",
    "event.village-fair",
    "event.objective-draw",
    "event.builders-holiday",
    "event.national-holiday",
    "event.courtship-round",
    "ud.supplemental-service",
    "ud.supplemental-timing",
    "ud.standin-no-ability",
    "ud.cook.reputation",
    "ud.cook.prestige",
    "ud.hall-boy.money",
    "ud.hall-boy.butler",
    "ud.hall-boy.carriage-house",
    "ud.head-housemaid.screen",
    "ud.head-housemaid.once-per-turn",
    "ud.head-housemaid.housekeeper",
    "ud.head-housemaid.housekeepers-room",
    "ud.useful-man.village-fair",
    "ud.useful-man.market-discount",
    "ud.useful-man.prestige",
    "ud.useful-man.refresh",
    "ud.useful-man.search",
    "ud.useful-man.touch-move",
    "ud.useful-man.special-action-refresh",
    "ud.servant-limit",
    "ud.useful-man.no-replacement",
    "ud.pass",
    "ud.pass.hire",
    "ud.pass.recruit",
    "ud.pass.butler-available",
    "ud.hiring-without-passing",
    "ud.setup.servants-for-hire",
    "ud.setup.draft",
    "ud.setup.draft-howard",
    "ud.setup.draft-york",
    "ud.setup.draft-leftovers",
    "ud.family.howard",
    "ud.objective-deck",
    "ud.tile.carriage-house",
    "ud.tile.renovated-kitchen.front",
    "ud.tile.renovated-kitchen.back",
    "ud.tile.housekeepers-room",
    "ud.tile.stocked-lake",
    "ud.tile.parish-church",
    "ud.tile.babbling-brook",
    "ud.monuments.low-vp",
    "ud.guests-to-bottom",
    "ud.first-player-counterclockwise",
    "ud.objectives-during-play",
    "ud.servants-hall",
]

REQUIRED_RULINGS = [
    "ruling.pauper-payment",
    "ruling.service-help-source",
    "ruling.reserve-price",
    "ruling.reserve-purchase-no-slide",
    "ruling.pass-refresh-not-special",
    "ruling.level-at-step-3",
    "ruling.net-reputation",
    "ruling.base-pass-order",
    "ruling.hiring-normal-turn",
    "ruling.dismissal-timing",
    "ruling.monument-reputation-timing",
    "ruling.underbutler-scope",
    "ruling.useful-man-search-bag-empty",
    "ruling.guest-deck-empty",
    "ruling.screen-deck-short",
]


@pytest.fixture(scope="module")
def index() -> dict:
    with RULES_PATH.open(encoding="utf-8") as fh:
        data = yaml.safe_load(fh)
    assert isinstance(data, dict), "rules.yaml must be a mapping"
    return data


@pytest.fixture(scope="module")
def rules(index) -> list[dict]:
    entries = index.get("rules")
    assert isinstance(entries, list) and entries, "rules.yaml needs a non-empty 'rules' list"
    return entries


def test_top_level_keys(index):
    assert set(index) == {"sources", "rules"}


def test_sources(index):
    sources = index["sources"]
    assert set(sources) == SOURCE_KEYS
    for key, src in sources.items():
        assert isinstance(src, dict), key
        assert isinstance(src.get("file"), str) and src["file"], key
        assert isinstance(src.get("title"), str) and src["title"], key


def test_ids_unique_and_well_formed(rules):
    ids = [entry.get("id") for entry in rules]
    bad = [i for i in ids if not isinstance(i, str) or not ID_RE.match(i)]
    assert not bad, f"malformed ids: {bad}"
    dupes = sorted(i for i, n in Counter(ids).items() if n > 1)
    assert not dupes, f"duplicate ids: {dupes}"


@pytest.mark.parametrize("required", REQUIRED_IDS + REQUIRED_RULINGS)
def test_required_id_present(rules, required):
    assert required in {entry["id"] for entry in rules}


def test_required_rulings_are_rulings(rules):
    kinds = {entry["id"]: entry["kind"] for entry in rules}
    assert all(kinds[i] == "ruling" for i in REQUIRED_RULINGS)


def test_entry_fields(rules):
    problems = []
    for entry in rules:
        rid = entry.get("id")
        for field in ("title", "kind", "summary", "cite"):
            if field not in entry:
                problems.append(f"{rid}: missing {field}")
        for field in ("title", "summary"):
            value = entry.get(field)
            if not isinstance(value, str) or not value.strip():
                problems.append(f"{rid}: empty {field}")
        if entry.get("kind") not in KINDS:
            problems.append(f"{rid}: bad kind {entry.get('kind')!r}")
        unknown = set(entry) - {"id", "title", "kind", "summary", "cite", "reading", "choices",
                               "selects", "terms"}
        if unknown:
            problems.append(f"{rid}: unknown fields {sorted(unknown)}")
        terms = entry.get("terms", [])
        if not isinstance(terms, list) or not all(isinstance(t, str) and t.strip() for t in terms):
            problems.append(f"{rid}: terms must be a list of names")
    assert not problems, "\n".join(problems)


def test_rulings_and_options_have_reading(rules):
    missing = [
        e["id"]
        for e in rules
        if e["kind"] in {"ruling", "option"}
        and not (isinstance(e.get("reading"), str) and e["reading"].strip())
    ]
    assert not missing, f"entries without a reading: {missing}"


def test_options_have_choices_and_only_options(rules):
    problems = []
    for e in rules:
        choices = e.get("choices")
        if e["kind"] == "option":
            if not isinstance(choices, dict) or len(choices) < 2:
                problems.append(f"{e['id']}: options need at least two choices")
                continue
            for key, value in choices.items():
                if not (isinstance(key, str) and ID_RE.match(key)):
                    problems.append(f"{e['id']}: bad choice key {key!r}")
                if not (isinstance(value, str) and value.strip()):
                    problems.append(f"{e['id']}: empty description for choice {key!r}")
        elif choices is not None:
            problems.append(f"{e['id']}: only options take choices")
        if e["kind"] == "rule" and "reading" in e:
            problems.append(f"{e['id']}: plain rules take no reading")
    assert not problems, "\n".join(problems)


def test_citations(index, rules):
    keys = set(index["sources"])
    problems = []
    for e in rules:
        cites = e.get("cite")
        if not isinstance(cites, list) or not cites:
            problems.append(f"{e['id']}: needs at least one citation")
            continue
        if len(set(cites)) != len(cites):
            problems.append(f"{e['id']}: repeated citation")
        for cite in cites:
            if not isinstance(cite, str):
                problems.append(f"{e['id']}: non-string citation {cite!r}")
                continue
            prefix = cite.split(" ", 1)[0]
            if prefix not in keys:
                problems.append(f"{e['id']}: unknown source in {cite!r}")
            elif prefix == "UD":
                m = UD_RE.match(cite)
                if not m:
                    problems.append(f"{e['id']}: UD citation needs 'UD p.N Heading': {cite!r}")
                elif not 1 <= int(m.group(1)) <= 16:
                    problems.append(f"{e['id']}: UD page out of range: {cite!r}")
            elif prefix == "Facts":
                if not FACTS_RE.match(cite):
                    problems.append(f"{e['id']}: Facts citation needs 'Facts §x.y': {cite!r}")
            elif not SECTION_RE.match(cite):
                problems.append(f"{e['id']}: citation needs '§section': {cite!r}")
    assert not problems, "\n".join(problems)


def test_no_quotation_marks_in_prose(rules):
    """Summaries and readings are paraphrases; quoting the rulebook is not allowed."""
    offenders = [
        e["id"]
        for e in rules
        for field in ("summary", "reading")
        if any(q in e.get(field, "") for q in ('"', "\u201c", "\u201d"))
    ]
    assert not offenders, f"quotation marks in: {offenders}"


def test_prose_mentions_existing_ids(rules):
    ids = {e["id"] for e in rules}
    dangling = []
    for e in rules:
        for field in ("summary", "reading"):
            for mention in ID_MENTION_RE.findall(e.get(field, "")):
                if mention not in ids:
                    dangling.append(f"{e['id']} -> {mention}")
    assert not dangling, "references to unknown ids:\n" + "\n".join(dangling)


def test_kinds_present(rules):
    kinds = Counter(e["kind"] for e in rules)
    assert kinds["rule"] and kinds["ruling"] and kinds["option"]


# --- checks against the source files, skipped when they are not available ------------


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9£]+", text.lower())


def _ngrams(words: list[str], n: int) -> set[tuple[str, ...]]:
    return {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}


def test_facts_sections_exist():
    facts = SHARED / "reference" / "base-game-facts.md"
    if not facts.exists():
        pytest.skip("fact sheet not available")
    text = facts.read_text(encoding="utf-8")
    headings = set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)[. ]", text, flags=re.M))
    with RULES_PATH.open(encoding="utf-8") as fh:
        entries = yaml.safe_load(fh)["rules"]
    missing = sorted(
        {
            m.group(1)
            for e in entries
            for c in e["cite"]
            if (m := FACTS_RE.match(c)) and m.group(1) not in headings
        }
    )
    assert not missing, f"Facts sections not found in the fact sheet: {missing}"


def test_prose_is_not_copied_from_sources():
    """No run of ten or more words may be lifted from the English sources."""
    seeds = SHARED / "seeds"
    texts = [
        p.read_text(encoding="utf-8")
        for p in (seeds / "000_4a792addb99f37a6.txt", seeds / "001_f6584d9f6abef933.txt")
        if p.exists()
    ]
    if not texts:
        pytest.skip("source texts not available")
    n = 10
    source_grams: set[tuple[str, ...]] = set()
    for text in texts:
        source_grams |= _ngrams(_words(text), n)
    with RULES_PATH.open(encoding="utf-8") as fh:
        entries = yaml.safe_load(fh)["rules"]
    copied = []
    for e in entries:
        for field in ("summary", "reading"):
            hits = _ngrams(_words(e.get(field, "")), n) & source_grams
            if hits:
                copied.append(f"{e['id']}.{field}: {' '.join(sorted(hits)[0])}")
    assert not copied, "text copied from a source:\n" + "\n".join(copied)


def _norm(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9£\u3040-\u30ff\u4e00-\u9fff\uff10-\uff19]+", text.lower()))


def test_citations_can_be_found_in_sources():
    """Each citation's heading or first words occur in the cited source (on the cited UD page)."""
    seeds = SHARED / "seeds"
    files = {
        "UD": seeds / "000_4a792addb99f37a6.txt",
        "Refresher": seeds / "001_f6584d9f6abef933.txt",
        "JA": seeds / "002_a00f0f1e5348d5d9.txt",
    }
    if not all(p.exists() for p in files.values()):
        pytest.skip("source texts not available")
    ud_pages = [_norm(page) for page in files["UD"].read_text(encoding="utf-8").split("\n---\n")]
    refresher = _norm(files["Refresher"].read_text(encoding="utf-8"))
    ja = _norm(files["JA"].read_text(encoding="utf-8"))
    with RULES_PATH.open(encoding="utf-8") as fh:
        entries = yaml.safe_load(fh)["rules"]
    lost = []
    for e in entries:
        for cite in e["cite"]:
            prefix, _, rest = cite.partition(" ")
            if prefix == "UD":
                page, _, heading = rest.partition(" ")
                number = int(page.removeprefix("p."))
                if _norm(heading) not in ud_pages[number - 1]:
                    lost.append(f"{e['id']}: {cite}")
            elif prefix == "Refresher":
                if _norm(rest.removeprefix("§")) not in refresher:
                    lost.append(f"{e['id']}: {cite}")
            elif prefix == "JA":
                heading = rest.removeprefix("§").split(" (", 1)[0]
                if _norm(heading) not in ja:
                    lost.append(f"{e['id']}: {cite}")
    assert not lost, "citations not found in their source:\n" + "\n".join(sorted(set(lost)))
