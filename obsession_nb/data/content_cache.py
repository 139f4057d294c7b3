"""Pre-parsed content kept in the user's cache directory, so a command does not parse YAML again.

An entry is stored under a name and a key: a hash of everything its text was made from (the
content files' bytes, the source of the code that parsed them, the versions of Python and
pydantic).  Editing a content file, or the code, changes the key, so a stale entry is never
read; it is replaced.  The cache is only a shortcut: a directory that cannot be written, or an
entry that cannot be read, means parsing the files as before.

Plain data is kept as JSON (:func:`plain`); records already checked (the catalog, a packaged
position) are kept pickled (:func:`checked`), so that they are read back without checking or
building a validator again.  The directory is the user's own: its entries are trusted as
Python trusts the bytecode it caches beside the sources.

The directory is ``$OBSESSION_NB_CACHE`` if set (``off`` turns the cache off), else
the platform's cache folder for obsession-nb (``base.resources.user_dir``:
``$XDG_CACHE_HOME/obsession-nb`` or ``~/.cache/obsession-nb`` on Linux).
"""

from __future__ import annotations

import functools
import json
import os
import sys
from collections.abc import Callable, Iterable
from importlib.util import source_hash
from pathlib import Path
from typing import TypeVar

from obsession_nb.base.resources import user_dir

Plain = TypeVar("Plain")
"""Data that JSON gives back equal (else it is not kept)."""

Made = TypeVar("Made")
"""Records that pickle (:func:`checked`)."""

CACHE_ENV = "OBSESSION_NB_CACHE"
FORMAT = "1"
"""Changes whenever what an entry holds changes shape."""


def cache_dir() -> Path | None:
    """Where entries are kept; ``None`` when the cache is turned off."""
    chosen = os.environ.get(CACHE_ENV)
    if chosen == "off":
        return None
    if chosen:
        return Path(chosen)
    return user_dir("cache")


def key(files: Iterable[Path], *versions: str) -> str:
    """A hash of the files (names and bytes, in the order given) and the versions named.

    The hash is the 64-bit one Python checks its own hash-based bytecode against (PEP 552,
    :func:`importlib.util.source_hash`, SipHash): what it must do is tell an edited file from
    the one an entry was made from, as Python tells an edited module from its cached bytecode
    (no one forges a file in the user's own cache), and for an accidental change two keys agree
    about once in 2**64.  ``hashlib`` would load OpenSSL for it, some 12 M instructions of every
    command that reads the catalog (issue 48)."""
    parts = ["\0".join((FORMAT, sys.version, *versions)).encode()]
    for path in files:
        parts += [b"\0" + path.name.encode() + b"\0", path.read_bytes()]
    return source_hash(b"".join(parts)).hex()


def read(name: str, entry_key: str, suffix: str = ".json") -> bytes | None:
    """The entry stored under this name and key, or ``None``."""
    directory = cache_dir()
    if directory is None:
        return None
    try:
        return (directory / f"{name}-{entry_key}{suffix}").read_bytes()
    except OSError:
        return None


def write(name: str, entry_key: str, text: str | bytes, suffix: str = ".json") -> None:
    """Store an entry (atomically: a reader sees the whole text or none), dropping the older
    entries of the same name; nothing happens if the directory cannot be written."""
    directory = cache_dir()
    if directory is None:
        return
    import tempfile  # here: a command that only reads the cache need not load it

    target = directory / f"{name}-{entry_key}{suffix}"
    temporary = None
    try:
        directory.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=directory, prefix=f".{name}-", suffix=".tmp")
        with os.fdopen(handle, "wb") as out:
            out.write(text.encode() if isinstance(text, str) else text)
        os.replace(temporary, target)
        temporary = None
        for old in directory.glob(f"{name}-*{suffix}"):
            if old != target:
                old.unlink(missing_ok=True)
    except OSError:
        return
    finally:
        if temporary is not None:
            Path(temporary).unlink(missing_ok=True)


def plain(name: str, files: list[Path], parse: Callable[[], Plain]) -> Plain:
    """``parse()``'s plain data, read from the entry kept for these very files (give the
    module that parses them among ``files``); data that JSON would not give back equal (keys
    that are not text, tuples …) is never kept."""
    return _plain(name, key(files), parse)


def checked(name: str, files: list[Path], make: Callable[[], Made], *versions: str) -> Made:
    """``make()``'s records, read back from the entry kept for these very files and versions
    (give the modules defining the records and checking them among ``files``), not checked
    again; a damaged entry is made again."""
    import pickle

    entry_key = key(files, *versions)
    stored = read(name, entry_key, ".pickle")
    if stored is not None:
        try:
            kept: Made = pickle.loads(stored)
            return kept
        except Exception:  # damaged (any error unpickling): made again
            pass
    made = make()
    try:
        text = pickle.dumps(made, pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError):  # not records: never kept
        return made
    write(name, entry_key, text, ".pickle")
    return made


def for_package(name: str, work_out: Callable[[], Plain]) -> Plain:
    """As :func:`plain`, for data that depends on the whole package: its code and its content
    (what the engine answers, say), kept while neither changes."""
    return _plain(name, _package_key(), work_out)


@functools.cache
def _package_key() -> str:
    """A hash of every Python and YAML file of the package and its content, once a process."""
    root = Path(__file__).resolve().parents[1]
    from obsession_nb.base.resources import content_dir

    return key([*sorted(root.rglob("*.py")), *sorted(content_dir().rglob("*.yaml"))])


def _plain(name: str, entry_key: str, parse: Callable[[], Plain]) -> Plain:
    stored = read(name, entry_key)
    if stored is not None:
        try:
            kept: Plain = json.loads(stored)  # kept only if equal to what parse() gave
            return kept
        except ValueError:
            pass  # damaged: parse the files again
    data = parse()
    try:
        text = json.dumps(data, ensure_ascii=False)
    except (TypeError, ValueError):  # not JSON (a date, a set …): never kept
        return data
    if json.loads(text) == data:
        write(name, entry_key, text)
    return data
