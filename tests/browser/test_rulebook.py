"""The rulebook page on a phone: finding a rule by typing, accents or not."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import assert_fits_the_phone

pytestmark = pytest.mark.django_db(transaction=True)


def test_finding_a_rule_ignores_accents_and_case(phone):
    page = phone("pt-BR")
    page.goto("/rules/truco/")
    assert_fits_the_phone(page)
    box = page.locator("[data-rule-search]")
    wanted = page.locator('article.rule-text[id="truco.mao-de-onze.no-truco"]')
    for typed in ("mao de onze", "MÃO DE ONZE", "mão de onze"):
        box.fill(typed)
        expect(wanted).to_be_visible()
        expect(page.locator("[data-rule-search-none]")).to_be_hidden()
    # the accent is ignored in the rules' text too: "paciencia" is not a Truco rule
    box.fill("xyzzy")
    expect(wanted).to_be_hidden()
    expect(page.locator("[data-rule-search-none]")).to_be_visible()
