"""Safe YAML in and out, with libyaml's C implementation when PyYAML has it (much faster)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import yaml
from yaml.constructor import ConstructorError, SafeConstructor

_Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]  # C or Python loader
    """The safe loader; a scalar that cannot be built (``2001-13-45``, an integer of 10,000
    digits) is a YAML error at its line and column, like any other."""


def _marked(construct: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    def build(loader: Any, node: Any) -> Any:
        try:
            return construct(loader, node)
        except (ValueError, OverflowError) as exc:
            raise ConstructorError(None, None, f"cannot read this {node.tag.rsplit(':', 1)[-1]}:"
                                   f" {exc}", node.start_mark) from None
    return build


for _tag in ("int", "float", "timestamp", "binary"):
    _Loader.add_constructor(f"tag:yaml.org,2002:{_tag}",
                            _marked(SafeConstructor.yaml_constructors[f"tag:yaml.org,2002:{_tag}"]))


def load(text: str) -> Any:
    """Parse YAML safely: plain data only, never Python objects."""
    return yaml.load(text, Loader=_Loader)


def dump(data: Any, *, inline_lists: bool = False) -> str:
    """YAML for a scenario or data file: keys in the given order, Unicode kept;
    ``inline_lists`` writes the innermost lists and mappings on one line (``[Valet, Footman]``)."""
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100,
                     default_flow_style=None if inline_lists else False)
