"""Smoke test of the browser harness: the tutorial index renders its widget in Lab and Voilà."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

INDEX = "00-index.ipynb"


def test_index_runs_in_jupyterlab(page, run_notebook_in_lab, assert_no_widget_errors):
    run_notebook_in_lab(page, INDEX)
    index = page.locator(".jp-OutputArea .onb-index")
    expect(index).to_be_visible()
    expect(index).to_contain_text("obsession-nb")
    assert_no_widget_errors(page)


def test_index_renders_in_voila(page, open_in_voila, assert_no_widget_errors):
    open_in_voila(page, INDEX)
    index = page.locator(".onb-index")
    expect(index).to_be_visible()
    expect(index).to_contain_text("obsession-nb")
    assert_no_widget_errors(page)
