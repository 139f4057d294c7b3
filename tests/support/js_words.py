"""Reading a widget's script for words (issue 48: one source for labels): its string literals,
the arguments of its calls, the English it would keep and the literals it would write into the
page.  Used by the tests that hold every widget's words to Python (tests/tutor/)."""

from __future__ import annotations

import re
from pathlib import Path

WIDGETS = Path(__file__).resolve().parents[2] / "widgets"
LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"|\'((?:[^\'\\\n]|\\.)*)\'|`([^`]*)`')
_CALL = re.compile(r"[\w.]+\([^()]*\)|\([^()\"'`]*\)|\(\w*\)\s*=>")


def script(path: Path) -> str:
    """A widget's script without its comments."""
    return re.sub(r"(?m)^\s*//[^\n]*|\s//[^\n]*", "", path.read_text(encoding="utf-8"))


def calls(text: str, name: str) -> list[list[str]]:
    """The top-level arguments of each call ``name(...)`` in ``text``, as written."""
    found = []
    for start in re.finditer(rf"(?<![\w.])(?<!function ){name}\(", text):
        args, depth, quote, arg = [], 0, "", ""
        for ch in text[start.end():]:
            if quote:
                quote = "" if ch == quote and not arg.endswith("\\") else quote
            elif ch in "\"'`":
                quote = ch
            elif ch in "([{":
                depth += 1
            elif ch in ")]}":
                if depth == 0:
                    break
                depth -= 1
            elif ch == "," and depth == 0:
                args.append(arg.strip())
                arg = ""
                continue
            arg += ch
        found.append([*args, arg.strip()])
    return found


def fields(values: str) -> set[str]:
    """The names an object literal (``{ n: row.id + 1, total }``) gives."""
    return set(re.findall(r"(?:^\{|,)\s*(\w+)\s*(?=[:,}])", values))


def english(text: str) -> list[str]:
    """The pieces of the script's string literals that hold English words: two words, or a
    capitalised one ("House of", "Max", "1st · … VP").  None is an id: an object's quoted key (a
    catalog colour, "dark blue") or property (``r["from your box"]``), a value compared with
    (``ev.key === "Enter"``), a selector or an event's name, a class name, a URL, a file name."""
    found = []
    for literal in LITERAL.finditer(text):
        before, after = text[:literal.start()].rstrip(), text[literal.end():].lstrip()
        if (after.startswith(":") and literal[1]) or (before.endswith("[") and after.startswith("]")):
            continue
        if re.search(r"(===|!==|\b(querySelector|querySelectorAll|closest|on|off)\()$", before) or (
                re.match(r"(===|!==)", after)):
            continue
        for said in filter(None, literal.groups()):
            for piece in re.split(r"\$\{[^}]*\}", said):
                piece = re.sub(r"https?://\S+|\S*\.(js|ya?ml)\b|\w+/\w+|change:\w+|\.?onb-[\w-]*", "", piece)
                if re.search(r"[A-Za-z]{2,}[ ,.:;!?()]+[A-Za-z]{2,}|\b[A-Z][a-z]|[A-Z]{2}", piece):
                    found.append(piece)
    return found


def _words_in(argument: str) -> str:
    """An argument's literal text, its ``${…}`` parts, comparisons with ids and nested calls
    left out."""
    said = re.sub(r"(===|!==)\s*\"[^\"]*\"", "", argument)
    while _CALL.search(said):
        said = _CALL.sub("", said)
    return "".join(piece for literal in LITERAL.findall(said) for part in literal
                   for piece in re.split(r"\$\{[^}]*\}", part))


def written(text: str, *regions: str) -> list[str]:
    """What the script writes into the page as a literal with letters: a text node (``h``'s
    third argument), a hover text, an aria label or a placeholder, or the name given to
    ``regions`` ("empty", "money", "Save card")."""
    out = [args[2] for args in calls(text, "h") if len(args) > 2]
    out += [args[1] for args in calls(text, "setAttribute") if "label" in args[0]]
    out += [args[1] for name in regions for args in calls(text, name)]
    out += re.findall(r"\.(?:title|textContent|placeholder)\s*\+?=\s*([^;]+);", text)
    return [arg for arg in out if re.search("[A-Za-z]", _words_in(arg))]
