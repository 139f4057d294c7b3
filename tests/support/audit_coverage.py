"""Coverage audit (issue 45, Deliver 4): does every term of the rule sources' headings, the
glossary and the component lists reach an entry through ``ask``'s search, by the words players use?

    .venv/bin/python tests/support/audit_coverage.py          # the terms that do not, and the counts
    .venv/bin/python tests/support/audit_coverage.py --all    # every term, reached or not
    .venv/bin/python tests/support/audit_coverage.py --json

The terms: the headings and component lists of tests/fixtures/coverage-terms.yaml (read from the
sources page by page, each with the heading it comes from), every glossary term and what players
call it instead (``also``, in English and in Japanese), and the catalog's servants, families and
special tiles (START, service, monument, suite and hybrid tiles; an ordinary improvement tile is a
row of ``obsession-nb components``, not a rule topic).

A term's **entries** are the rule entries citing its heading, the entries whose name says it (a
rule's title or Japanese title and ``terms``, a glossary term and its other names, a casebook
question) and, for a glossary name, that glossary term and its rules.  The term **reaches an
entry** when one of them is among the first three hits of ``ask.search(term)``.  A term with no
entry at all is a topic the rule index lacks; a term whose entries are not found needs the words
players use added to them (a rule's Japanese ``terms``, a glossary term's ``also``).  Exit status 1
when any term fails.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from obsession_nb.base import yamlio
from obsession_nb.data import translations
from obsession_nb.data.catalog import load_catalog
from obsession_nb.data.rules import rule_index
from obsession_nb.tutor import ask, casebook

TERMS_FILE = Path(__file__).resolve().parents[1] / "fixtures" / "coverage-terms.yaml"
TOP = 3
_JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@dataclass(frozen=True)
class Term:
    text: str
    where: str
    """The heading, glossary entry or catalog section it comes from."""
    source: str  # heading | glossary | component

    @property
    def lang(self) -> str:
        return "ja" if _JAPANESE.search(self.text) else "en"


@dataclass
class Result:
    term: Term
    entries: set[str]
    hits: list[str] = field(default_factory=list)
    opens: list[str] = field(default_factory=list)
    """The rule each hit opens (a case's or a glossary term's first rule)."""

    @property
    def status(self) -> str:
        if not self.entries:
            return "no entry"
        shown = {*self.hits[:TOP], *self.opens[:TOP]}
        return "reached" if shown & self.entries else "not reached"


def _plain(text: str) -> str:
    """Lower case, no apostrophes, hyphens or brackets, a plural's final s gone, single spaces:
    "Servants' Hall" ~ "servant hall", "theme cards" ~ "theme card"."""
    text = re.sub(r"['’()]", "", text.lower())
    return " ".join(w[:-1] if len(w) > 3 and w.endswith("s") else w
                    for w in re.sub(r"[-–—_/,:;.?]", " ", text).split())


def terms() -> list[Term]:
    """Every term the audit looks up, each once."""
    data = yamlio.load(TERMS_FILE.read_text(encoding="utf-8"))
    found = [Term(t["term"], t["where"], source.removesuffix("s"))
             for source in ("headings", "components") for t in data[source]]
    for g in ask.glossary():
        found += [Term(name, f"glossary: {g.term}", "glossary") for name in (g.term, *g.also)]
    for english, ja in translations.term_texts("ja").items():
        found += [Term(name, f"glossary: {english}", "glossary") for name in (ja.term, *ja.also)]
    catalog = load_catalog()
    found += [Term(s.name, "catalog: servants", "component") for s in catalog.servants.values()]
    found += [Term(f.name, "catalog: families", "component") for f in catalog.families.values()]
    found += [Term(re.sub(r" \(.*\)$", "", t.name), f"catalog: {t.kind} tiles", "component")
              for t in catalog.tiles.values()
              if (t.start or t.kind != "improvement") and not t.standin]
    seen: set[str] = set()
    unique = []
    for t in found:
        if _plain(t.text) not in seen:
            seen.add(_plain(t.text))
            unique.append(t)
    return unique


@cache
def _summaries() -> dict[str, str]:
    """Rule key -> its summary (and Japanese summary), made plain: a component's entries are
    also those that talk about it."""
    ja = translations.rule_texts("ja")
    return {f"rule:{r.id}": _plain(f"{r.summary} {ja[r.id].summary if r.id in ja else ''}")
            for r in rule_index().values()}


@cache
def _names() -> dict[str, list[str]]:
    """Search key (``rule:ID``, ``term:NAME``, ``case:ID``) -> the names it goes by, made plain."""
    names: dict[str, list[str]] = {}
    ja_rules = translations.rule_texts("ja")
    for r in rule_index().values():
        ja = ja_rules.get(r.id)
        names[f"rule:{r.id}"] = [_plain(x) for x in (r.title, r.id.replace(".", " "),
                                                     *((ja.title, *ja.terms) if ja else ()))]
    ja_terms = translations.term_texts("ja")
    for g in ask.glossary():
        ja = ja_terms.get(g.term)
        names[f"term:{g.term}"] = [_plain(x) for x in (g.term, *g.also,
                                                       *((ja.term, *ja.also) if ja else ()))]
    ja_cases = translations.case_texts("ja")
    for c in casebook.cases():
        ja = ja_cases.get(c.id)
        names[f"case:{c.id}"] = [_plain(x) for x in (c.question, *((ja.question,) if ja else ()))]
    return names


def entries(term: Term) -> set[str]:
    """The keys of the entries that are this term's (see the module's docstring)."""
    plain = _plain(term.text)
    keys = {k for k, names in _names().items() if any(plain in n for n in names)}
    if term.source == "component":
        keys |= {k for k, summary in _summaries().items() if plain in summary}
    keys |= {f"rule:{r.id}" for r in rule_index().values()
             if any(_under(c, term.where) for c in r.cite)}
    if term.where.startswith("glossary: "):
        name = term.where.removeprefix("glossary: ")
        g = next(g for g in ask.glossary() if g.term == name)
        keys |= {f"term:{g.term}", *(f"rule:{r}" for r in g.rules)}
    return keys


def _under(citation: str, heading: str) -> bool:
    """Whether a citation is of this heading or of a part of it ("JA §ステップ２" covers
    "JA §ステップ２：…"; "Facts §4.1" does not cover "Facts §4.10")."""
    rest = citation.removeprefix(heading)
    return citation.startswith(heading) and not rest[:1].isdigit()


def audit() -> list[Result]:
    results = []
    for term in terms():
        found = ask.search(term.text, limit=TOP)
        hits = [f"{h.kind}:{h.id}" for h in found.hits]
        results.append(Result(term, entries(term), hits, [f"rule:{h.rule}" for h in found.hits]))
    return results


def counts(results: list[Result]) -> dict[str, dict[str, int]]:
    """Per language: how many terms reached an entry, did not, or have none."""
    out: dict[str, dict[str, int]] = {}
    for r in results:
        lang = out.setdefault(r.term.lang, {"terms": 0, "reached": 0, "not reached": 0,
                                            "no entry": 0})
        lang["terms"] += 1
        lang[r.status] += 1
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--all", action="store_true", help="list every term, reached or not")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    args = p.parse_args(argv)
    results = audit()
    shown = results if args.all else [r for r in results if r.status != "reached"]
    if args.json:
        json.dump({"counts": counts(results), "terms": [
            {"term": r.term.text, "lang": r.term.lang, "where": r.term.where,
             "status": r.status, "entries": sorted(r.entries), "hits": r.hits} for r in shown]},
            sys.stdout, ensure_ascii=False, indent=2)
        print()
    else:
        for r in shown:
            print(f"{r.status:<11}  {r.term.text!r}  ({r.term.where})  top {TOP}: "
                  f"{', '.join(r.hits) or 'nothing'}")
        for lang, c in counts(results).items():
            print(f"{lang}: {c['terms']} terms, {c['reached']} reach an entry, "
                  f"{c['not reached']} do not, {c['no entry']} have no entry")
    return 1 if any(r.status != "reached" for r in results) else 0


if __name__ == "__main__":
    raise SystemExit(main())
