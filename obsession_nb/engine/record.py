"""The base of every position record: mutable, refuses unknown fields (typos in scenario
files), and clones without sharing mutable parts (DESIGN principle 5)."""

from __future__ import annotations

from typing import Self

from pydantic import (
    BaseModel,
    ConfigDict,
)

from obsession_nb.base.cloning import cloner


class Record(BaseModel):
    """Mutable engine record that refuses unknown fields (typos in scenario files)."""

    model_config = ConfigDict(extra="forbid", validate_assignment=False)

    def clone(self) -> Self:
        """An equal copy sharing no mutable part with this record (obsession_nb/base/cloning.py):
        how a line of play is tried on a position without touching it."""
        return cloner(type(self))(self)
