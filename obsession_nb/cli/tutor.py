"""Commands for learning and teaching: rules, ask, components, teach, lab."""

from __future__ import annotations

import argparse
import os
import sys

from obsession_nb.base.i18n import LANGUAGES
from obsession_nb.cli.output import path_type, print_json
from obsession_nb.data.sections import SECTIONS as COMPONENT_SECTIONS

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from pathlib import Path


def cmd_rules(args: argparse.Namespace) -> int:
    from obsession_nb.data.rules import rule_index
    from obsession_nb.tutor import ask, rulebook
    from obsession_nb.tutor.understand import label

    query = " ".join(args.query)
    corrected: str | None = None
    answer = ask.Answer(query, ())
    if not query.strip():
        hits = [ask.Hit("rule", r.id, r.title, "", r.id, 0.0) for r in rule_index().values()]
    else:
        answer = ask.search(query, limit=args.limit, lang=args.lang)
        hits, corrected = list(answer.hits), answer.corrected
    found_ids = list(dict.fromkeys(h.rule for h in hits))
    exact = [i for i in found_ids if i == query.strip()]
    if args.json:
        print_json({"query": query, "did_you_mean": corrected,
                     "hits": [h.to_json() for h in hits],
                     "results": [rulebook.entry(i).to_json() for i in found_ids],
                     "sources": [s.to_json() for s in rulebook.sources()]})
        return 0 if found_ids else 1
    if corrected:
        print(f"Did you mean: {corrected}?")
    if not found_ids:
        print(ask.answer_text(ask.search(query, lang=args.lang)), file=sys.stderr)
        print("No rule matches: try other words, an id (e.g. ud.hall-boy.money) or a component "
              "(cook, carriage house).", file=sys.stderr)
        return 1
    if exact or args.full:
        print("\n\n".join(rulebook.entry(i).text(tests=args.tests) for i in (exact or found_ids)))
    else:
        width = max(len(f"{h.kind} {h.id}") for h in hits)
        for h in hits:
            where = label(h.mode, answer.lang)
            print(f"{h.kind + ' ' + h.id:<{width}}  {h.title}" + (f" ({where})" if where else ""))
            if h.passage and h.passage != h.title:
                print(f"{'':<{width}}    “{h.passage}”")
        print(f"\n{len(hits)} match(es) over {len(found_ids)} rule(s); `obsession-nb rules ID` "
              "shows a rule in full (--full shows them all), `obsession-nb ask \"QUESTION\"` "
              "answers with the casebook.")
    if args.sources or not query:
        print("\nSources:")
        for s in rulebook.sources():
            print(f"  {s.prefix}: {s.name}. {s.what}\n      e.g. {s.find}")
    return 0


def cmd_components(args: argparse.Namespace) -> int:
    from obsession_nb.data import components

    if args.by_box:
        boxes = components.by_box()
        if args.json:
            print_json([b.to_json() for b in boxes])
        else:
            print(components.box_text(boxes))
        return 0
    rows = [c for c in components.components() if args.kind is None or c.kind == args.kind]
    if args.json:
        print_json([c.to_json() for c in rows])
    else:
        print(components.text(rows))
        if args.kind is None:
            print("\n" + components.box_text(components.by_box()))
    return 0


def cmd_ask(args: argparse.Namespace) -> int:
    from obsession_nb.tutor import ask

    answer = ask.search(" ".join(args.question), lang=args.lang)
    if args.json:
        demo = ask.show_me(answer)
        print_json({**answer.to_json(), "show_me": demo.to_json() if demo else None})
    else:
        print(answer.text())
    return 0 if answer.hits else 1


def teach_command(scenario: str, folder: Path, *, lang: str | None, port: int | None,
                  no_browser: bool) -> list[str]:
    """Write the teaching page for ``scenario`` into ``folder`` and return the Voilà command
    that serves it (code hidden)."""
    from obsession_nb.tutor.views.teach import teaching_notebook

    page = teaching_notebook(scenario, folder / "teach.ipynb", lang=lang)
    command = [sys.executable, "-m", "voila", str(page), "--strip_sources=True",
               "--Voila.ip=127.0.0.1"]
    if port:
        command.append(f"--port={port}")
    if no_browser:
        command.append("--no-browser")
    return command


def cmd_teach(args: argparse.Namespace) -> int:
    """Serve the teaching page with Voilà; stopped (Ctrl+C, SIGTERM, SIGHUP), Voilà, its kernel
    and the page's temporary folder go too."""
    import tempfile
    from pathlib import Path

    from obsession_nb.base.supervise import run_server

    with tempfile.TemporaryDirectory(prefix="obsession-nb-teach-",
                                     ignore_cleanup_errors=True) as tmp:
        command = teach_command(args.scenario, Path(tmp), lang=args.lang, port=args.port,
                                no_browser=args.no_browser)
        print(f"Teaching {args.scenario}: → next decision, ← back.  Stop with Ctrl+C.",
              flush=True)
        return run_server(command)


def cmd_lab(args: argparse.Namespace) -> int:

    from obsession_nb.tutor.tutorials import tutorial_folder

    try:
        notebooks, copied = tutorial_folder(args.dir)
    except FileNotFoundError as exc:
        print(f"obsession-nb lab: {exc}", file=sys.stderr)
        return 1
    if copied:
        print(f"obsession-nb lab: copied {len(copied)} tutorial(s) to {notebooks}; your edits "
              "there are yours (later runs never overwrite them).", file=sys.stderr)
    if args.copy_only:
        print(notebooks)
        return 0
    command = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={notebooks}",
               "--LabApp.default_url=/lab/tree/00-index.ipynb", *args.lab_args]
    if hasattr(os, "geteuid") and os.geteuid() == 0 and "--allow-root" not in command:
        command.append("--allow-root")  # JupyterLab refuses root otherwise (containers, CI)
    env = dict(os.environ)
    if args.lang:
        from obsession_nb.base.i18n import LANG_ENV

        env[LANG_ENV] = args.lang  # the widgets' default language
    from obsession_nb.base.supervise import run_server

    return run_server(command, env)  # stopped, JupyterLab and its kernels go too



# ------------------------------------------------------------------ the commands' arguments


def add_rules(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    ru = sub.add_parser("rules", help="search the rules, the casebook and the glossary in "
                        "players' words (e.g. rules hall boy); one id shows its full entry")
    ru.add_argument("query", nargs="*", metavar="QUERY")
    ru.add_argument("--full", action="store_true", help="show every match in full")
    ru.add_argument("--limit", type=int, default=15, help="at most this many matches (15)")
    ru.add_argument("--sources", action="store_true", help="also print the sources legend")
    ru.add_argument("--tests", action="store_true",
                    help="also list the tests that rule with each entry (for developers)")
    ru.add_argument("--lang", choices=LANGUAGES,
                    help="language of the entries shown (a query in Japanese is answered in "
                    "Japanese)")
    ru.add_argument("--json", action="store_true")
    ru.set_defaults(func=cmd_rules)


def add_ask(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    ak = sub.add_parser("ask", help="ask a rules question in your own words: the best rule "
                        "entries, casebook cases answered live, and a position to show")
    ak.add_argument("question", nargs="+", metavar="QUESTION")
    ak.add_argument("--lang", choices=LANGUAGES,
                    help="language of the answer (a question in Japanese is answered in "
                    "Japanese)")
    ak.add_argument("--json", action="store_true")
    ak.set_defaults(func=cmd_ask)


def add_components(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    co = sub.add_parser("components", help="every component in the catalog with its count and "
                        "provenance (stated, unverified, stand-in or from your box)")
    co.add_argument("--kind", choices=[k for k, _w in COMPONENT_SECTIONS],
                    help="only one kind (servants, tiles, gentry, ...)")
    co.add_argument("--by-box", action="store_true",
                    help="only the boxes side by side: base, Upstairs, Downstairs, promos and "
                    "Wessex, the catalog's counts beside the sources' stated totals")
    co.add_argument("--json", action="store_true")
    co.set_defaults(func=cmd_components)


def add_lab(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    lab = sub.add_parser(
        "lab", help="open the tutor in JupyterLab on the tutorial index "
        "(other options are passed to JupyterLab)",
        description="Open the tutorials in JupyterLab on 00-index.ipynb. A source checkout "
        "serves its notebooks/ folder; an installed package copies its tutorials on the first "
        "run to a folder of your own (~/obsession-nb-tutorials, or --dir) and serves that copy, "
        "never overwriting your edits. Options not listed here go to JupyterLab "
        "(e.g. --no-browser --port=8899).")
    lab.add_argument("--dir", type=path_type, metavar="DIR",
                     help="the folder for your copy of the tutorials")
    lab.add_argument("--copy-only", action="store_true",
                     help="copy the tutorials (if not there yet), print the folder and stop")
    lab.add_argument("--lang", choices=LANGUAGES, help="language of the widgets' labels")
    lab.set_defaults(lab_args=[])
    lab.set_defaults(func=cmd_lab)


def add_teach(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    te = sub.add_parser("teach", help="teaching mode: a scenario for a screen in front of a "
                        "group, served by Voilà (→ next decision, ← back)")
    te.add_argument("scenario", nargs="?", default="refresher-round-6", metavar="SCENARIO")
    te.add_argument("--lang", choices=LANGUAGES, help="language of the labels")
    te.add_argument("--port", type=int, help="port for Voilà (default: its own)")
    te.add_argument("--no-browser", action="store_true", help="do not open a browser")
    te.set_defaults(func=cmd_teach)
