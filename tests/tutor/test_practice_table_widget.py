"""Issue 47 item 0: the practice table widget (no browser) tells the page it is your move only
once the buttons of your move are out, drops a click made on buttons already replaced, and an
undo shows the review of the turn before, never the undone one's."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
import pytest

from obsession_nb.tutor.views import PracticeTable
from obsession_nb.tutor.views.choices import ChoiceList


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[tuple[widgets.Widget, dict[str, Any]]]:
    """Every widget state message, in the order the kernel would send them."""
    messages: list[tuple[widgets.Widget, dict[str, Any]]] = []

    def record(self: widgets.Widget, msg: dict[str, Any], buffers: Any = None) -> None:
        messages.append((self, msg.get("state", {})))

    monkeypatch.setattr(widgets.Widget, "_send", record)
    return messages


def choose_first(table: PracticeTable) -> None:
    """What a click on the first plain button does: the message from the page."""
    groups = table.stepper.choices.groups
    notation = next(c["notation"] for g in groups for c in g["choices"]
                    if not c["refused"] and not c["special"])
    table.stepper.choices._message(None, {"event": "choose", "notation": notation,
                                          "position": table.stepper.choices.position}, None)


def test_your_move_is_announced_after_your_buttons_and_no_opponent_buttons_are_sent(
        sent: list[tuple[widgets.Widget, dict[str, Any]]]) -> None:
    table = PracticeTable(players=2, seat=1, opponents="random", seed=3, delay=0, level="easy")
    while "start of the turn" not in table.status.value:  # setup decisions
        choose_first(table)
    sent.clear()
    for _ in range(12):  # a turn and the opponent's answer
        choose_first(table)
    ready = [i for i, (w, s) in enumerate(sent)
             if w is table.status and "onb-ready" in s.get("value", "")]
    buttons = [i for i, (w, s) in enumerate(sent) if w is table.stepper.choices and "position" in s]
    assert len(ready) == 12 and buttons[-1] < ready[-1]
    for before, now in zip([-1, *ready], ready, strict=False):
        # the buttons this 'your move' announces were the last sent before it; any sent
        # between them while the opponent played offered nothing (never an opponent's choices)
        between = [b for b in buttons if before < b < now]
        last = sent[between[-1]][1]
        assert f"data-position='{last['position']}'" in sent[now][1]["value"]
        assert last.get("groups", True)
        for b in between[:-1]:
            assert not sent[b][1].get("groups") and "is deciding" in sent[b][1].get(
                "message", "is deciding")


def test_a_click_on_replaced_buttons_is_dropped() -> None:
    played: list[str] = []
    choices = ChoiceList(played.append)
    choices.show([{"title": "t", "choices": []}])
    stale = choices.position
    choices.show([{"title": "t", "choices": []}])
    choices._message(None, {"event": "choose", "notation": "pass", "position": stale}, None)
    assert played == []
    choices._message(None, {"event": "choose", "notation": "pass",
                            "position": choices.position}, None)
    assert played == ["pass"]


def test_undo_shows_the_review_before_the_undone_turn() -> None:
    table = PracticeTable(players=2, seat=1, opponents="random", seed=3, delay=0, level="easy")
    practice = table.practice
    while len(practice.reviews) < 1:
        choose_first(table)
    first = table.coach.value
    while len(practice.reviews) < 2:
        choose_first(table)
    assert table.coach.value != first
    table.undo()
    assert len(practice.reviews) == 1
    assert table.coach.value == first
    assert "Taken back to the start of your turn." in table.status.value
    assert "onb-ready" in table.status.value
