"""Safe YAML in and out, with libyaml's C implementation when PyYAML has it (much faster)."""

from __future__ import annotations

from typing import Any

import yaml

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def load(text: str) -> Any:
    """Parse YAML safely: plain data only, never Python objects."""
    return yaml.load(text, Loader=_Loader)


def dump(data: Any) -> str:
    """YAML for a scenario or data file: keys in the given order, Unicode kept."""
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)
