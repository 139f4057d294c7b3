"""A verdict: whether an action is legal here, and the rulings that say why (``Game.check``)."""

from __future__ import annotations

from dataclasses import dataclass

from obsession_nb.base.i18n import resolve
from obsession_nb.data.rules import Ruling


@dataclass(frozen=True)
class Verdict:
    """Whether an action is legal here, with the rulings that say why."""

    action: str
    legal: bool
    rulings: tuple[Ruling, ...]

    def __str__(self) -> str:
        return self.text("en")

    def texts(self, lang: str | None = None) -> list[str]:
        """Each ruling in ``lang`` (default ``OBSESSION_NB_LANG``, else English): the English
        verdicts, or the rule titles of obsession_nb/data/translations.py's ``ruling_text``."""
        from obsession_nb.data.translations import ruling_text

        return [ruling_text(r.rule, r.verdict, lang, refused=not self.legal)
                for r in self.rulings]

    def text(self, lang: str | None = None) -> str:
        """The verdict in words, in ``lang``; in another language than English each ruling's
        English verdict (the record) follows it."""
        if resolve(lang) == "en":  # the record's own words: nothing to look up (Game.check's
            # refusals are printed at every illegal try; the translations stay unimported)
            return "\n".join([f"{self.action}: {'legal' if self.legal else 'illegal'}",
                              *(f"  - {r}" for r in self.rulings)])
        from obsession_nb.data.translations import verdict_word

        head = f"{self.action}: {verdict_word(self.legal, lang)}"
        lines = [head]
        for r, said in zip(self.rulings, self.texts(lang)):
            lines.append(f"  - {r}" if said == r.verdict else f"  - {said} [{r.rule}]\n"
                         f"      {r.verdict}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        from obsession_nb.base.render import verdict_html
        from obsession_nb.data.translations import verdict_word

        return verdict_html(self, self.texts(), verdict_word(self.legal, None))
