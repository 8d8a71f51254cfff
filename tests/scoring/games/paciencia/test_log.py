"""A player's log on the ledger: one side, each hand a game played at the table, scored
with the outcome rule and set against the computed odds."""

from __future__ import annotations

import re
import uuid

import pytest

from referee.rulings import RuleError
from scoring.games.paciencia.game import Paciencia, tally_after
from scoring.games.paciencia.odds import load_odds
from scoring.kit.registry import get_game
from scoring.ledger.models import Match
from tests.conftest import make_match, record, totals

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
HTMX = {"HTTP_HX_REQUEST": "true"}
WON_IN_3 = {"won": True, "deal": 3, "cards_left": 0}


@pytest.fixture
def log() -> Match:
    return make_match("paciencia", [["Vovó"]])


def tap(client, log, data, **extra):
    """What a phone sends: the deal picked, the cards left, and the button tapped."""
    body = {"request_id": str(uuid.uuid4()), "expected_number": log.view().number} | data
    return client.post(f"/matches/{log.code}/hands/", body, **EN | extra)


def test_a_log_is_one_player_with_no_target():
    game = get_game("paciencia")
    assert isinstance(game, Paciencia)
    assert (game.min_sides, game.max_sides, game.max_players_per_side) == (1, 1, 1)
    assert game.individual is True
    assert game.target_field() is None


def test_starting_a_log_asks_only_for_the_player(client):
    page = client.get("/matches/new/paciencia/", **EN).content.decode()
    assert 'name="target"' not in page
    response = client.post("/matches/new/paciencia/", {"players": "Vovó"})
    assert response.status_code == 302
    log = Match.objects.get()
    assert log.game == "paciencia" and log.target is None
    assert [side.name for side in log.view().sides] == ["Vovó"]


def test_a_won_game_scores_one_and_a_lost_one_nothing_each_citing_its_outcome(log):
    won = record(log, WON_IN_3)
    lost = record(log, {"won": False, "deal": 3, "cards_left": 23})
    assert [line["rule"] for line in won.breakdowns_as_dicts()[0]["lines"]] == [
        "paciencia.outcome.won"
    ]
    assert lost.breakdowns_as_dicts()[0]["lines"] == [
        {
            "rule": "paciencia.outcome.lost",
            "count": 1,
            "points": 0,
            "params": {"deal": 3, "cards_left": 23},
        }
    ]
    assert totals(log) == [1]  # the games won


@pytest.mark.parametrize(
    ("entry", "rule"),
    [
        ({"won": False, "deal": 2, "cards_left": 30}, "paciencia.record.deal"),
        ({"won": True, "deal": 4, "cards_left": 0}, "paciencia.record.deal"),
        ({"won": True, "deal": 3, "cards_left": 4}, "paciencia.record.cards-left"),
        ({"won": False, "deal": 3, "cards_left": 1}, "paciencia.record.cards-left"),
        ({"won": False, "deal": 3, "cards_left": 97}, "paciencia.record.cards-left"),
        ({"won": False, "deal": 3, "cards_left": None}, "paciencia.record.cards-left"),
    ],
)
def test_a_game_the_table_cannot_have_played_is_refused_with_its_rule(log, entry, rule):
    with pytest.raises(RuleError) as refused:
        record(log, entry)
    assert refused.value.rules == [rule]
    assert log.view().hands_played == 0


def test_the_tally_is_kept_with_each_game_and_follows_an_undo_and_a_correction(log):
    record(log, WON_IN_3)
    record(log, {"won": False, "deal": 3, "cards_left": 30})
    record(log, {"won": False, "deal": 3, "cards_left": 12})
    assert log.view().state == {
        "played": 3,
        "won": 1,
        "won_in_deal": {"1": 0, "2": 0, "3": 1},
        "lost_cards_left": 42,
        "fewest_left": 12,
    }
    log.undo_hand(3)
    assert log.view().state["played"] == 2 and log.view().state["fewest_left"] == 30
    log.correct_hand(1, {"won": True, "deal": 2, "cards_left": 0}, by=None)
    assert log.view().state["won_in_deal"] == {"1": 0, "2": 1, "3": 0}
    assert log.view().state["played"] == 2


def test_the_tally_reads_from_nothing():
    assert tally_after({}, {"won": False, "deal": 3, "cards_left": 9}) == {
        "played": 1,
        "won": 0,
        "won_in_deal": {"1": 0, "2": 0, "3": 0},
        "lost_cards_left": 9,
        "fewest_left": 9,
    }


def test_won_is_one_tap_in_the_third_deal(scorer, log):
    client = scorer(log)
    page = client.get(log.get_absolute_url(), **EN).content.decode()
    assert 'name="result" value="won"' in page and 'name="result" value="lost"' in page
    third = re.search(r'<input type="radio" name="deal" value="3"[^>]*>', page).group()
    assert "checked" in third
    response = tap(client, log, {"deal": "3", "cards_left": "", "result": "won"})
    assert response.status_code == 302
    assert log.live_hands().get().entry == WON_IN_3


def test_lost_takes_the_cards_left_and_the_button(scorer, log):
    client = scorer(log)
    response = tap(client, log, {"deal": "3", "cards_left": "27", "result": "lost"}, **HTMX)
    assert response.status_code == 200
    assert log.live_hands().get().entry == {"won": False, "deal": 3, "cards_left": 27}
    html = response.content.decode()
    # the scoreboard comes back with the hand form: the record has moved
    assert "data-played>1<" in html and "data-won>0<" in html


def test_lost_without_the_cards_left_asks_for_them(scorer, log):
    client = scorer(log)
    response = tap(client, log, {"deal": "3", "cards_left": "", "result": "lost"})
    assert response.status_code == 422
    assert "How many cards were left off the piles?" in response.content.decode()
    assert log.view().hands_played == 0


def test_lost_in_an_earlier_deal_is_refused_with_the_rule_linked(scorer, log):
    client = scorer(log)
    response = tap(client, log, {"deal": "2", "cards_left": "40", "result": "lost"})
    assert response.status_code == 422
    assert 'href="/rules/paciencia/#paciencia.record.deal"' in response.content.decode()
    assert log.view().hands_played == 0


def test_a_form_sent_without_a_button_records_nothing(scorer, log):
    client = scorer(log)
    response = tap(client, log, {"deal": "3", "cards_left": "10"})
    assert response.status_code == 422
    assert "Tap Won or Lost." in response.content.decode()


def test_a_game_is_corrected_from_its_own_form(scorer, log):
    client = scorer(log)
    record(log, {"won": False, "deal": 3, "cards_left": 30})
    page = client.get(f"/matches/{log.code}/hands/1/edit/", **EN).content.decode()
    assert 'name="result" value="lost"' in page and "checked" in page
    assert 'value="30"' in page
    player = log.sides.get().players.get()
    # won, with the lost game's 30 cards still in: a won game leaves none
    response = client.post(
        f"/matches/{log.code}/hands/1/edit/",
        {"result": "won", "deal": "3", "cards_left": "30", "changed_by": player.pk},
    )
    assert response.status_code == 422
    assert log.live_hands().get().entry["won"] is False
    response = client.post(
        f"/matches/{log.code}/hands/1/edit/",
        {"result": "won", "deal": "3", "cards_left": "", "changed_by": player.pk},
    )
    assert response.status_code == 302
    assert log.live_hands().get().entry == WON_IN_3
    assert totals(log) == [1]


def test_the_scoreboard_sets_the_record_beside_the_odds_and_its_interval(scorer, log):
    client = scorer(log)
    odds = load_odds()
    for _ in range(4):
        record(log, {"won": False, "deal": 3, "cards_left": 20})
    page = client.get(log.get_absolute_url(), **EN).content.decode()
    assert "data-played>4<" in page and "data-won>0<" in page and "data-rate>0.0%<" in page
    assert f"Computed odds: {odds.estimate * 100:.2f}%" in page
    # 0 of 4 is below the computed interval, yet four games say little: chance explains it
    assert 'data-against="below"' in page and 'data-consistent="yes"' in page
    record(log, WON_IN_3)
    page = client.get(f"/matches/{log.code}/live/", **EN).content.decode()
    assert "data-rate>20.0%<" in page and 'data-against="above"' in page
    assert "1 won in deal 3" in page and "4 lost, 20.0 cards left on average" in page


def test_a_run_of_wins_no_shuffle_would_give_is_said_to_be_more_than_chance(log):
    for _ in range(6):
        record(log, WON_IN_3)
    board = get_game("paciencia").scoreboard(log.view())
    assert board["record"].against == "above"
    assert board["record"].consistent is False


def test_closing_the_log_ends_it(scorer, log):
    client = scorer(log)
    record(log, WON_IN_3)
    client.post(f"/matches/{log.code}/finish/")
    log.refresh_from_db()
    assert log.is_finished
    page = client.get(log.get_absolute_url(), **EN).content.decode()
    assert "Log closed." in page and 'id="record-won"' not in page


def test_a_closed_log_is_no_match_won(scorer, log):
    # Five games lost: closing the log names nobody the winner of anything.
    client = scorer(log)
    from scoring.records import stats
    from scoring.records.stats import ALL_TIME

    for _ in range(5):
        record(log, {"won": False, "deal": 3, "cards_left": 20})
    client.post(f"/matches/{log.code}/finish/")
    log.refresh_from_db()
    assert log.is_finished and not log.sides.filter(won=True).exists()
    [line] = stats.standings(Match.objects.all(), None, ALL_TIME)
    assert (line.played, line.won) == (1, 0)


def test_won_with_cards_left_is_refused_not_recorded_as_won(scorer, log):
    client = scorer(log)
    response = tap(client, log, {"deal": "2", "cards_left": "5", "result": "won"})
    assert response.status_code == 422
    assert 'href="/rules/paciencia/#paciencia.record.cards-left"' in response.content.decode()
    assert log.view().hands_played == 0


def test_the_history_calls_games_games_and_says_won_or_lost(scorer, log):
    client = scorer(log)
    record(log, WON_IN_3)
    record(log, {"won": False, "deal": 3, "cards_left": 27})
    page = client.get(log.get_absolute_url(), **EN).content.decode()
    history = page[page.index('id="history"') :]
    assert re.search(r'<span class="number">Game 2\b', history)
    assert re.search(r'<span class="number">Game 1\b', history)
    assert "Hand 1" not in history and "Hand 2" not in history
    totals_shown = re.findall(r'<span class="total-of"><small>Vovó</small> <b>(\w+)</b>', history)
    assert totals_shown == ["lost", "won"]
    assert re.search(r"<h2 data-hand-label[^>]*>Game 3</h2>", page)
