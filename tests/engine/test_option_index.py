"""The rule index's promise: rules variants are options, not forks (issue 14 item 1).

Every ``kind: option`` entry of content/rules.yaml names the ``Options`` field that selects it,
each of its choices selects a value the field accepts, and every field is selected by an option
entry (``mode`` by a registered game mode; ``teams`` is that mode's seating, team.seating).
``NOT_OFFERED`` lists, with the reason, the choices the engine does not offer yet; a test checks
each of them really is not selectable, so the list cannot go stale.
"""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from obsession_nb.engine.positions.option_index import (
    field_values,
    option_rules,
    options_with,
    parse_setting,
    selections,
    selector,
)
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.records.registry import BUILTIN

NOT_OFFERED: dict[tuple[str, str | None], str] = {
    # (option id, choice; None = the whole option): why it is not selectable
    ("option.promo-cards", None): "the catalog holds none of the 16 promotional gentry cards",
}


def offered(entry_id: str, choice: str) -> bool:
    return (entry_id, choice) not in NOT_OFFERED and (entry_id, None) not in NOT_OFFERED


def accepts(field: str, value: object) -> bool:
    fixed, takes_list = field_values(field)
    return takes_list if value == "list" else value in fixed


def test_every_option_entry_names_an_options_field() -> None:
    missing = [e.id for e in option_rules() if (e.id, None) not in NOT_OFFERED
               and e.field not in Options.model_fields]
    assert not missing, f"options naming no Options field: {missing}"


def test_every_choice_of_an_option_is_selectable() -> None:
    problems = [f"{e.id}: {choice} -> {e.field}={value!r}"
                for e in option_rules() for choice, value in selections(e).items()
                if offered(e.id, choice) and not accepts(e.field or "", value)]
    assert not problems, "choices no Options value selects:\n" + "\n".join(problems)


def test_every_choice_value_builds_valid_options() -> None:
    for e in option_rules():
        for choice, value in selections(e).items():
            if offered(e.id, choice) and value != "list":
                assert getattr(Options(**{e.field: value}), e.field) == value, (e.id, choice)


def test_every_options_field_has_an_option_entry() -> None:
    named = {e.field for e in option_rules()}
    # mode: a registered game mode; teams: Competitive Team Play's seats (team.seating)
    missing = [f for f in Options.model_fields if f not in ("mode", "teams") and f not in named]
    assert not missing, f"Options fields no option entry selects: {missing}"


def test_every_value_of_a_field_is_a_choice_of_some_option() -> None:
    """Each fixed value (a ``None`` default that follows another option aside) is some choice."""
    problems = []
    for name, info in Options.model_fields.items():
        if name == "mode":
            continue
        fixed, _ = field_values(name)
        for value in fixed:
            if value is None and info.default is None and selector(name, None) is None:
                continue
            if selector(name, value) is None:
                problems.append(f"{name}={value!r}")
    assert not problems, f"values no option entry offers: {problems}"


def test_every_game_mode_value_is_a_registered_mode() -> None:
    fixed, _ = field_values("mode")
    assert fixed and all(m == "standard" or m in BUILTIN for m in fixed)


@pytest.mark.parametrize("key", sorted(NOT_OFFERED, key=str))
def test_choices_not_offered_really_are_not_selectable(key: tuple[str, str | None]) -> None:
    entry = next(e for e in option_rules() if e.id == key[0])
    if key[1] is None:
        assert entry.field not in Options.model_fields
    else:
        assert not accepts(entry.field or "", selections(entry)[key[1]])


# ----------------------------------------------------------------- name=value settings


def test_setting_names_and_values_are_the_options_fields_and_values() -> None:
    assert parse_setting("courtship=closed") == ("courtship", "closed")
    assert parse_setting("market_reserve=false") == ("market_reserve", False)
    assert parse_setting("pass_hire=none") == ("pass_hire", None)
    options = options_with(["theme_reveal=cliffhanger", "length=extended"])
    assert options.theme_reveal == "cliffhanger" and options.length == "extended"


def test_a_setting_with_an_unknown_name_lists_the_options() -> None:
    with pytest.raises(ValueError, match=r"'courtshp' is not an option; the options are: .*courtship"):
        parse_setting("courtshp=closed")


def test_a_setting_with_a_bad_value_lists_the_choices() -> None:
    with pytest.raises(ValueError, match="'shut' is not a choice for courtship; the choices are: "
                       "open, closed"):
        parse_setting("courtship=shut")


def test_a_setting_without_equals_sign_is_refused() -> None:
    with pytest.raises(ValueError, match="name=value"):
        parse_setting("courtship")


def test_contradicting_settings_are_refused_together() -> None:
    with pytest.raises(ValueError, match="choose one"):
        options_with(["courtship=closed", "theme_reveal=cliffhanger"])
    with pytest.raises(ValidationError):
        Options(courtship="shut")  # type: ignore[arg-type]
