"""The drawn structure of the package has no circles (issue 48), type-only imports included.

lint-imports' acyclic contract leaves out the imports under ``if TYPE_CHECKING`` (they cost
nothing at run time), but a reader and a type checker follow them all the same: here the
package's import graph is built with them (and with the imports inside functions), and no
group of modules may import each other round in a circle — no strongly connected component of
more than one module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import grimp


def circles(modules: Iterable[str], imported_by: Callable[[str], Iterable[str]]
            ) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, without
    recursion), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(modules):
        if root in index:
            continue
        work = [(root, iter(sorted(imported_by(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            module, following = work[-1]
            for other in following:
                if other not in index:
                    index[other] = low[other] = len(index)
                    stack.append(other)
                    on_stack.add(other)
                    work.append((other, iter(sorted(imported_by(other)))))
                    break
                if other in on_stack:
                    low[module] = min(low[module], index[other])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[module])
                if low[module] == index[module]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == module:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def test_no_import_circles_type_only_imports_included() -> None:
    graph = grimp.build_graph("obsession_nb", exclude_type_checking_imports=False,
                              cache_dir=None)
    found = circles(graph.modules, graph.find_modules_directly_imported_by)
    assert found == [], "modules importing each other round in a circle:\n" + "\n".join(
        f"{len(c)} modules: {', '.join(c)}" for c in found)


def test_the_circle_finder_sees_a_circle_and_nothing_else() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": {"e"}, "e": set(), "f": {"f"}}
    assert circles(edges, edges.__getitem__) == [["a", "b", "c"]]
    edges["e"] = {"d"}
    assert sorted(circles(edges, edges.__getitem__)) == [["a", "b", "c"], ["d", "e"]]
