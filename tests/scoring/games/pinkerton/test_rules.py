"""Pinkerton's rulebook page, in each language the site offers: every rule under its id as
an anchor, the ones verdicts and score lines link to among them; the switch offers Polish."""

from __future__ import annotations

import re

import pytest

from referee.pinkerton import RULE_IDS
from scoring.games.pinkerton.rules import RULES

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("language", "lang"), [("pl", "pl"), ("pt-br", "pt-br"), ("en", "en")])
def test_the_rulebook_is_served_in_each_language_with_every_rule_as_an_anchor(
    client, language, lang
):
    html = client.get("/rules/pinkerton/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f'<html lang="{lang}">' in html
    anchors = set(re.findall(r'<article [^>]*id="([\w.-]+)"', html))
    assert {rule.id for rule in RULES} <= anchors
    assert {rule for rule in RULE_IDS if rule.startswith("pinkerton.")} <= anchors


def test_the_language_switch_offers_polish(client):
    html = client.get("/rules/pinkerton/", HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    chips = re.findall(r'<button type="submit" name="language" value="([\w-]+)"', html)
    assert set(chips) == {"pt-br", "en", "pl"}
    assert re.search(r'value="pl"\s+class="chip on"', html)
