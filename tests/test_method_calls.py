"""Method calls on local names stay method calls (issue 48: instructions per action).

CPython (3.11 to 3.13) compiles ``name.method(...)`` as a plain attribute load, which makes a
bound method object at every call, wherever the module imports a name ``name`` at its top level,
even inside a function where ``name`` is a local variable: the compiler takes the imported name
for a module.  ``from functools import cache`` in ``engine/table.py`` did that to every
``cache.get(...)`` of the reading cache (some 14 k instructions per applied action, ``8802103``).
"""

import ast
from pathlib import Path

import obsession_nb

PACKAGE = Path(obsession_nb.__file__).parent


def _module_imports(tree: ast.Module) -> set[str]:
    """The names bound by an import in the module's own scope (under ``if``/``try`` too)."""
    names: set[str] = set()
    stack: list[ast.stmt] = list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, ast.If | ast.Try):
            stack += [*node.body, *node.orelse, *getattr(node, "handlers", [])]
            stack += getattr(node, "finalbody", [])
        elif isinstance(node, ast.ExceptHandler):
            stack += node.body
    return names


def _local_method_calls(tree: ast.Module, imported: set[str]) -> list[str]:
    """``name.method(...)`` calls inside a function whose ``name`` is both a local of it and a
    name the module imports."""
    found = []
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        arguments = function.args
        local = {a.arg for a in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]}
        local |= {n.id for n in ast.walk(function)
                  if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        found += [f"line {call.lineno}: {call.func.value.id}.{call.func.attr}(...)"
                  for call in ast.walk(function)
                  if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
                  and isinstance(call.func.value, ast.Name)
                  and call.func.value.id in local & imported]
    return found


def test_no_local_name_shadows_an_import_of_its_module_in_a_method_call() -> None:
    shadowed = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        calls = _local_method_calls(tree, _module_imports(tree))
        if calls:
            shadowed[path.relative_to(PACKAGE).as_posix()] = sorted(set(calls))
    assert shadowed == {}


def test_the_check_finds_a_shadowed_import() -> None:
    tree = ast.parse("from functools import cache\n"
                     "def fact(table):\n    cache = table.cache\n    return cache.get(1)\n")
    assert _local_method_calls(tree, _module_imports(tree)) == ["line 4: cache.get(...)"]
