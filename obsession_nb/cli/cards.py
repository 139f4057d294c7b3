"""``obsession-nb cards``: your own box — status, enter, import, export, check, use, forget.

The pack in use lives in the user's config folder (obsession_nb/data/pack_store.py); every
other command then plays with its cards (obsession_nb/data/catalog.py ``load_catalog``).
"""

from __future__ import annotations

import argparse
import sys

from obsession_nb.cli.output import print_json

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from typing import Any


def _problems(exc: Any, *, as_json: bool) -> int:
    if as_json:
        print_json({"ok": False, "source": exc.source, "problems": exc.problems})
    else:
        print(f"{exc.source}: refused, nothing was written ({len(exc.problems)} "
              f"problem{'s' if len(exc.problems) != 1 else ''}):", file=sys.stderr)
        for p in exc.problems:
            print(f"  {p}", file=sys.stderr)
    return 1


def _checked(data: dict[str, Any], source: str) -> Any:
    """The stated catalog overlaid by ``data`` (raises ``PackError``)."""
    from obsession_nb.data import pack
    from obsession_nb.data.catalog import stated_catalog

    return pack.overlay(stated_catalog(), data, source)


def _summary(catalog: Any, data: dict[str, Any]) -> str:
    from obsession_nb.data.components import components

    rows = components(catalog)
    boxed = sum(c.provenance == "from your box" for c in rows)
    standins = sum(c.provenance == "stand-in" for c in rows)
    named = f" {data['name']!r}" if data.get("name") else ""
    return (f"card pack{named}: {len(data['cards'])} cards; the catalog now has {boxed} "
            f"components from your box and {standins} stand-ins left")


def cmd_status(args: argparse.Namespace) -> int:
    from obsession_nb.data import pack_status, pack_store
    from obsession_nb.data.catalog import load_catalog

    if args.json:
        path = pack_store.in_use()
        print_json({"pack": str(path) if path else None,
                     "decks": pack_status.rows(load_catalog())})
    else:
        print(pack_status.summary())
    return 0


def _read_checked(args: argparse.Namespace) -> tuple[dict[str, Any], Any]:
    """The pack file and the catalog it makes (raises ``PackError``)."""
    from obsession_nb.data import pack

    data = pack.read(args.pack)
    return data, _checked(data, str(args.pack))


def cmd_check(args: argparse.Namespace) -> int:
    from obsession_nb.data import pack

    try:
        data, catalog = _read_checked(args)
    except pack.PackError as exc:
        return _problems(exc, as_json=args.json)
    if args.json:
        print_json({"ok": True, "source": str(args.pack), "cards": len(data["cards"])})
    else:
        print(f"{args.pack}: fine. {_summary(catalog, data)}.")
    return 0


def cmd_use(args: argparse.Namespace) -> int:
    from obsession_nb.data import pack, pack_store

    try:
        data, catalog = _read_checked(args)
    except pack.PackError as exc:
        return _problems(exc, as_json=False)
    path = pack_store.use(data)
    print(f"Now in use (kept in {path}): {_summary(catalog, data)}.")
    return 0


def cmd_forget(args: argparse.Namespace) -> int:
    from obsession_nb.data import pack_store

    if pack_store.forget():
        print("No card pack in use any more: the tutor plays with the stated content and its "
              "stand-ins.")
    else:
        print("No card pack was in use.")
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from obsession_nb.data import pack, pack_entry, pack_store

    try:
        theirs = pack.read(args.pack)
        mine = pack_entry.in_use()
    except pack.PackError as exc:
        return _problems(exc, as_json=False)
    if args.prefer == "theirs":
        mine, theirs = theirs, mine
    merged, conflicts = pack_store.merge(mine, theirs)
    if conflicts and args.prefer is None:
        print(f"{args.pack}: {len(conflicts)} card(s) differ from the pack in use; nothing was "
              "written (--prefer mine or --prefer theirs settles them):", file=sys.stderr)
        for c in conflicts:
            print(f"  {c}", file=sys.stderr)
        return 1
    try:
        catalog = _checked(merged, str(args.pack))
    except pack.PackError as exc:
        return _problems(exc, as_json=False)
    path = pack_store.use(merged)
    print(f"Imported {args.pack} into {path}: {_summary(catalog, merged)}.")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from obsession_nb.data import pack_store

    path = pack_store.in_use()
    if path is None:
        print("No card pack in use to export.", file=sys.stderr)
        return 1
    if args.pack.exists() and not args.force:
        print(f"{args.pack} exists; --force replaces it.", file=sys.stderr)
        return 1
    pack_store.write(args.pack, path.read_text(encoding="utf-8"))
    print(f"Wrote {args.pack}.")
    return 0


def cmd_enter(args: argparse.Namespace) -> int:
    from obsession_nb.cli.cards_enter import enter

    return enter(deck=args.deck)


def add_parser(sub: Any) -> None:
    """The ``cards`` command and its sub-commands."""
    from obsession_nb.cli.output import path_type

    ca = sub.add_parser("cards", help="your own box: enter your cards once (a card pack) and "
                        "every tool plays with them (status, enter, import, export, check, "
                        "use, forget)")
    cs = ca.add_subparsers(dest="cards_command", metavar="ACTION", required=True)
    st = cs.add_parser("status", help="by deck and box: how many cards are stated, unverified, "
                       "stand-ins or from your box")
    st.add_argument("--json", action="store_true")
    st.set_defaults(func=cmd_status)
    en = cs.add_parser("enter", help="enter cards one at a time from the keyboard, into the "
                       "pack in use")
    en.add_argument("--deck", help="start with this deck (starter, casual, prestige, ...)")
    en.set_defaults(func=cmd_enter)
    for name, what, func in (
        ("check", "check a pack file: every problem with its path; nothing is written", cmd_check),
        ("use", "check a pack file and make it the pack in use", cmd_use),
        ("import", "add a pack file's cards to the pack in use (conflicts listed card by card)",
         cmd_import),
        ("export", "write the pack in use to a file (to share it)", cmd_export),
    ):
        p = cs.add_parser(name, help=what)
        p.add_argument("pack", metavar="FILE", type=path_type)
        if name == "check":
            p.add_argument("--json", action="store_true")
        if name == "import":
            p.add_argument("--prefer", choices=("mine", "theirs"),
                           help="settle conflicts: keep the pack in use's card, or the file's")
        if name == "export":
            p.add_argument("--force", action="store_true", help="replace FILE if it exists")
        p.set_defaults(func=func)
    fo = cs.add_parser("forget", help="stop using the pack in use (play with the stated content)")
    fo.set_defaults(func=cmd_forget)
