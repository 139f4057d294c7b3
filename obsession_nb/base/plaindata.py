"""Plain data read from a file (YAML, JSON), before anything checks its meaning: how far it
expands and how deep it nests (:func:`too_big`), a copy with no part shared (:func:`unshared`),
and where in the text an index falls (:func:`place`) for a problem's message."""

from __future__ import annotations

from typing import Any

MAX_VALUES = 200_000
"""Values a file may expand to, aliases repeated (the packaged scenarios hold about 1,000)."""
MAX_DEPTH = 40


def place(text: str | bytes, index: int) -> str:
    """``line L, column C`` of a character (or byte) of the text, both counted from 1."""
    if isinstance(text, str):
        lines, start = text.count("\n", 0, index), text.rfind("\n", 0, index)
    else:
        lines, start = text.count(b"\n", 0, index), text.rfind(b"\n", 0, index)
    return f"line {lines + 1}, column {index - start}"


def too_big(data: Any) -> str | None:
    """Why the data is too big to check: more than :data:`MAX_VALUES` values with every alias
    expanded, nested more than :data:`MAX_DEPTH` levels, or an alias inside its own anchor.
    Each distinct list or mapping is visited once, so an alias bomb costs no more than its
    text."""
    sizes: dict[int, tuple[int, int]] = {}  # id -> (values expanded, levels of nesting)
    open_: set[int] = set()
    stack: list[tuple[Any, bool]] = [(data, False)]
    while stack:
        node, closing = stack.pop()
        children = [*node.keys(), *node.values()] if isinstance(node, dict) else node
        inner = [c for c in children if isinstance(c, (dict, list))]
        if not closing:
            if id(node) in sizes:
                continue
            if id(node) in open_:
                return "the file refers to itself (a YAML alias inside its own anchor)"
            open_.add(id(node))
            stack.append((node, True))
            stack += [(c, False) for c in inner if id(c) not in sizes]
            continue
        for c in inner:
            if id(c) not in sizes:
                return "the file refers to itself (a YAML alias inside its own anchor)"
        size = 1 + len(children) - len(inner) + sum(sizes[id(c)][0] for c in inner)
        depth = 1 + max((sizes[id(c)][1] for c in inner), default=0)
        if size > MAX_VALUES:
            return (f"the file expands to more than {MAX_VALUES:,} values (YAML aliases repeat "
                    "what they point at)")
        if depth > MAX_DEPTH:
            return f"the file nests values more than {MAX_DEPTH} levels deep"
        sizes[id(node)] = (size, depth)
        open_.discard(id(node))
    return None


def unshared(value: Any) -> Any:
    """A copy in which no two places share one list or mapping (YAML aliases do), so that
    setting a bad value aside in one place leaves the others alone."""
    if isinstance(value, dict):
        return {k: unshared(v) for k, v in value.items()}
    if isinstance(value, list):
        return [unshared(v) for v in value]
    return value
