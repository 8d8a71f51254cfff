"""The steps the phone tests share: starting a match from the home page, opening one and
typing a free-scoring hand, tapping a card picker's keys, asking a referee page a question
and following the rule link its answer gives."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect


def new_match(page: Page, game: str, *sides: str, new: str = "Nova partida") -> None:
    """From the home page, the new-match form of ``game``, each side's players typed in
    (``"Ana, Bia"``); ``new`` is the home page's link in the page's language."""
    page.goto("/")
    page.click(f"text={new}")
    page.locator(".games a", has_text=game).first.click()
    for position, players in enumerate(sides):
        page.fill(f"[name=sides-{position}-players]", players)


def open_match(scorer, match, language: str = "en") -> Page:
    """A new phone in ``language`` holding ``match``'s scorer link (``scorer``, the
    fixture), on the match's page, its hand form drawn."""
    page = scorer(match, language=language)
    page.goto(match.get_absolute_url())
    expect(page.locator("#hand-form")).to_be_visible()
    return page


def type_hand(page: Page, points) -> None:
    """Type a free-scoring hand: one number per side."""
    for i, value in enumerate(points):
        page.fill(f"[name=side_{i}]", str(value))


def tap(picker: Locator, *labels: str) -> None:
    """Tap a card picker's keys, by their labels, one after the other."""
    for label in labels:
        picker.get_by_role("button", name=label, exact=True).click()


def ask_the_referee(page: Page, question: str, button: str, **fields: str) -> Locator:
    """Fill a referee question's fields (``#<question>-<field>``), press its button, and
    give back its answer."""
    for field, value in fields.items():
        page.fill(f"#{question}-{field}", value)
    page.get_by_role("button", name=button).click()
    return page.locator(f"#q-{question} [data-answer]")


def follow_the_rule_link(page: Page, answer: Locator, rule: str) -> None:
    """The answer's first rule link opens the game's rulebook at ``rule``, which shows."""
    answer.locator("a.rule-link").first.click()
    expect(page).to_have_url(re.compile(rf"/rules/{rule.split('.')[0]}/#{re.escape(rule)}$"))
    expect(page.locator(f'[id="{rule}"]')).to_be_visible()
