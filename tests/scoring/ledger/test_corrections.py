"""A correction replays what follows: every later hand is scored again from the state the
correction leaves, and one that has become impossible is flagged with the rule it now
breaks — its score kept, never silently changed, and shown on the match page."""

from __future__ import annotations

import pytest

from tests.conftest import make_match, record, totals

pytestmark = pytest.mark.django_db

WIN_A = {"events": [{"type": "win", "team": "A"}]}
SIX = {
    "events": [
        {"type": "raise", "team": "B"},
        {"type": "raise", "team": "A"},
        {"type": "accept", "team": "B"},
        {"type": "win", "team": "A"},
    ]
}


def truco_match():
    return make_match("truco", (("Ana", "Caio"), ("Bia", "Duda")), target=12)


def test_a_later_hand_is_scored_again_from_the_corrected_state():
    match = truco_match()
    for _ in range(3):
        record(match, WIN_A)
    assert totals(match) == [3, 0]
    # Hand 1 was in fact a truco accepted: A had 3 after it, so the later hands follow.
    match.correct_hand(
        1,
        {
            "events": [
                *SIX["events"][:1],
                {"type": "accept", "team": "A"},
                {"type": "win", "team": "B"},
            ]
        },
        by=None,
    )
    assert totals(match) == [2, 3]
    # The running state stored with the last hand follows the correction too.
    assert match.hands.get(number=3).state["score"] == {"A": 2, "B": 3}


def test_a_later_hand_the_correction_made_impossible_is_flagged_not_kept_silently(scorer):
    match = truco_match()
    client = scorer(match)
    for _ in range(4):
        record(match, WIN_A)  # A at 4
    record(match, SIX)  # a six called, accepted and won: A at 10
    assert totals(match) == [10, 0]
    # Hands 1 and 2 were in fact a six and a truco won by A: A now reaches 11 before hand
    # 5, which is then a mão de onze, where no raise may be called.
    match.correct_hand(1, SIX, by=None)
    match.correct_hand(
        2,
        {
            "events": [
                {"type": "raise", "team": "A"},
                {"type": "accept", "team": "B"},
                {"type": "win", "team": "A"},
            ]
        },
        by=None,
    )
    flagged = match.hands.get(number=5)
    assert flagged.problem, "the impossible hand must be flagged"
    rules = [violation["rule"] for violation in flagged.problem]
    assert rules and all(rule.startswith("truco.") for rule in rules)
    # Its score is kept as it was, not dropped or rescored silently.
    assert [score.total for score in flagged.scores.order_by("side__position")] == [6, 0]
    page = client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'class="hand flagged"' in page
    assert "breaks a rule" in page
