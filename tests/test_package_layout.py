"""The package stays in small modules of one concern (issue 25: none over about 400 lines)."""

from pathlib import Path

import obsession_nb

PACKAGE = Path(obsession_nb.__file__).parent
MOST_LINES = 420
"""About 400 lines, with a little slack so that a docstring does not force a split."""


def test_no_module_of_the_package_is_over_about_400_lines() -> None:
    sizes = {path.relative_to(PACKAGE).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
             for path in PACKAGE.rglob("*.py")}
    assert len(sizes) > 100
    too_long = {name: lines for name, lines in sizes.items() if lines > MOST_LINES}
    assert not too_long, f"modules over {MOST_LINES} lines: {too_long}"


def test_no_private_name_is_imported_from_another_module() -> None:
    """A name starting with ``_`` is its module's own (issue 48): the modules that need it
    import a public name."""
    import ast

    crossing = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("obsession_nb"):
                crossing += [f"{path.relative_to(PACKAGE)}: {node.module}.{alias.name}"
                             for alias in node.names
                             if alias.name.startswith("_") and not alias.name.startswith("__")]
    assert crossing == []


def test_module_paths_named_in_the_package_exist() -> None:
    """A docstring or comment naming a module of the package (``modes/team/requests.py``) names
    one that exists: no stale paths after a move (issue 48)."""
    import re

    named = re.compile(r"(?<![\w/.])((?:obsession_nb/)?(?:engine|modes|practice|players|tutor|cli"
                       r"|data|base)/(?:[a-z_]+/)*[a-z_]+\.py)\b")
    stale = []
    for path in PACKAGE.rglob("*.py"):
        for match in named.finditer(path.read_text(encoding="utf-8")):
            name = match.group(1).removeprefix("obsession_nb/")
            if not (PACKAGE / name).exists():
                stale.append(f"{path.relative_to(PACKAGE)}: {name}")
    assert stale == []


def _words(source: str) -> str:
    """A module's docstrings and comments (a string standing as a statement of its own, a
    comment): where it names other files in words."""
    import io
    import tokenize

    found, after = [], tokenize.NEWLINE
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT or (
                tok.type == tokenize.STRING and after in (tokenize.NEWLINE, tokenize.INDENT,
                                                          tokenize.DEDENT)):
            found.append(tok.string)
        if tok.type not in (tokenize.COMMENT, tokenize.NL):
            after = tok.type
    return "\n".join(found)


def test_files_named_in_words_exist() -> None:
    """A docstring or comment of the package or the tests naming a test or bench script
    (``tests/engine/test_movegen_oracle.py``) or a module by its file name alone
    (``decisions.py``) names a file that exists: no names left from before a move (issue 48)."""
    import re

    root = PACKAGE.parent
    known = {p.name for folder in ("obsession_nb", "tests", "bench")
             for p in (root / folder).rglob("*.py")}
    script = re.compile(r"(?<![\w/.])((?:tests|bench)/(?:[a-z_]+/)*[a-z_0-9]+\.py)\b")
    bare = re.compile(r"(?<![\w/.-])([a-z_][a-z0-9_]*\.py)\b")
    stale = []
    for path in [*PACKAGE.rglob("*.py"), *(root / "tests").rglob("*.py")]:
        words = _words(path.read_text(encoding="utf-8"))
        stale += [f"{path.relative_to(root)}: {m.group(1)}" for m in script.finditer(words)
                  if not (root / m.group(1)).exists()]
        stale += [f"{path.relative_to(root)}: {m.group(1)}" for m in bare.finditer(words)
                  if m.group(1) not in known]
    assert stale == []


def test_the_file_name_check_reads_docstrings_and_comments_only() -> None:
    source = '"""See gone.py."""\nx = "version.py"  # and tests/gone.py\n'
    assert "gone.py" in _words(source) and "tests/gone.py" in _words(source)
    assert "version.py" not in _words(source)


RENDERERS = ("base/render.py", "practice/coach_html.py", "tutor/views/html/")
"""The modules that write HTML (issue 48, one renderer): one per layer that has words of its own
to show (the tutor's is a package, one concern a module)."""

HTML_TAG = r"</?(?:a|b|i|p|br|hr|h[1-6]|div|span|ul|ol|li|dl|dt|dd|table|tr|td|th|code|pre|" \
           r"details|summary|img|style|script|em|strong|small|label|button|input)(?=[\s>/])"


def _html_literals(source: str) -> list[tuple[int, str]]:
    """The string literals of a module that hold an HTML tag (docstrings are words, not HTML)."""
    import ast
    import re

    tree = ast.parse(source)
    words = {id(node.value) for node in ast.walk(tree)
             if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    tag = re.compile(HTML_TAG, re.IGNORECASE)
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in words and tag.search(node.value)]


def test_html_is_written_only_by_the_renderers() -> None:
    """A view composes widgets and calls its layer's renderer; no other module holds a tag."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        name = path.relative_to(PACKAGE).as_posix()
        literals = _html_literals(path.read_text(encoding="utf-8"))
        if literals:
            found[name] = literals
    assert {n: lines for n, lines in found.items() if not n.startswith(RENDERERS)} == {}
    # it sees the renderers' own tags (so it would see a stray one), never a docstring's
    assert all(any(n.startswith(r) for n in found) for r in RENDERERS)
    assert _html_literals('x = f"<li>{y}</li>"\n') and not _html_literals('"""<b>words</b>"""\n')


def test_the_tutor_shows_the_lower_layers_html_through_its_renderer() -> None:
    """The log's panels (base) and the coach's review and hint (practice) reach the tutor's
    widgets through tutor/views/html/, the tutor's one renderer."""
    import ast

    lower = {"obsession_nb.base.render", "obsession_nb.practice.coach_html"}
    reaching = []
    for path in (PACKAGE / "tutor").rglob("*.py"):
        name = path.relative_to(PACKAGE).as_posix()
        if name.startswith("tutor/views/html/"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            modules = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                       [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            reaching += [f"{name}: {m}" for m in modules if m in lower]
    assert reaching == []


def test_the_tests_mirror_the_package() -> None:
    """Each layer of the package, and each mode, has its folder of tests (issue 48)."""
    tests = PACKAGE.parent / "tests"
    layers = [p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()]
    modes = [f"modes/{p.name}" for p in (PACKAGE / "modes").iterdir() if (p / "__init__.py").exists()]
    assert len(layers) == 8 and len(modes) >= 4
    missing = [name for name in [*layers, *modes] if not any((tests / name).rglob("test_*.py"))]
    assert missing == []
