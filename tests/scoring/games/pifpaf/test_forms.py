"""The session's settings and the hand form: bets tapped in one at a time, the engine
deciding each time who speaks and what they may bet."""

from __future__ import annotations

import json
import re

import pytest
from django.http import QueryDict
from django.utils import translation

from referee.rulings import RuleError
from scoring.games.pifpaf.forms import PifPafHandForm, PifPafOptionsForm, bet_dicts
from scoring.ledger.models import Match
from tests.conftest import record
from tests.scoring.games.pifpaf.conftest import (
    BROKE_ANA,
    FOUR,
    OPTIONS,
    PAGE_BETS,
    bet,
    codes,
    page_hand,
)

pytestmark = pytest.mark.django_db


def setup_data(players=FOUR, **options) -> dict[str, str]:
    """Everyone plays alone: the players are typed one per line."""
    data = {
        "players": "\n".join(players),
        "options-buy_in": "50",
        "options-chip_value": "0.50",
        "options-ante": "1",
        "options-min_bet": "",
        "options-max_bet": "",
        "options-aces": "both",
        "options-groups": "three-suits",
    }
    data.update({f"options-{key}": str(value) for key, value in options.items()})
    return data


def options_errors(players=FOUR, **kwargs) -> dict[str, list[str]]:
    with translation.override("en"):
        form = PifPafOptionsForm(
            setup_data(players, **kwargs), prefix="options", players=len(players)
        )
        form.is_valid()
        return {field: list(errors) for field, errors in form.errors.items()}


def test_the_settings_are_stored_with_the_money_exact():
    # Portuguese (the default) writes a decimal comma.
    form = PifPafOptionsForm(setup_data(chip_value="0,50"), prefix="options")
    assert form.is_valid(), form.errors
    assert form.cleaned_data == OPTIONS  # buy-in 50, a chip 0.50, ante 1, no bet limits


def test_rebuys_are_asked_when_a_session_starts_and_off_unless_ticked(client):
    page = client.get("/matches/new/pifpaf/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'name="options-rebuy"' in page
    assert not re.search(r'name="options-rebuy"[^>]*checked', page)
    with translation.override("en"):
        field = PifPafOptionsForm(prefix="options")["rebuy"]
        assert field.label == "Rebuys"
        assert "buys in again" in str(field.help_text)
    form = PifPafOptionsForm(setup_data(rebuy="on"), prefix="options")
    assert form.is_valid(), form.errors
    assert form.cleaned_data == OPTIONS | {"rebuy": True}
    client.post("/matches/new/pifpaf/", setup_data(rebuy="on"))
    assert Match.objects.get().options["rebuy"] is True


def test_the_maximum_bet_may_not_exceed_ante_times_players():  # page: 4 players, ante 5 → 20
    assert options_errors(ante=5, max_bet=20) == {}
    assert options_errors(ante=5, max_bet=21) == {
        "max_bet": [
            "The maximum bet may not exceed the ante times the number of players (20), not 21."
        ]
    }
    # With a fifth player the limit is 25.
    assert options_errors(players=(*FOUR, "Eva"), ante=5, max_bet=21) == {}


def test_the_minimum_bet_may_not_exceed_the_maximum():
    assert list(options_errors(min_bet=3, max_bet=2)) == ["min_bet"]


def test_the_buy_in_and_chip_value_are_checked_by_the_engine():
    assert list(options_errors(buy_in=0)) == ["buy_in"]
    assert list(options_errors(chip_value="0.001")) == ["chip_value"]
    assert list(options_errors(ante=0)) == ["ante"]


def test_a_session_has_no_target(client):
    page = client.get("/matches/new/pifpaf/").content.decode()
    assert 'name="target"' not in page
    client.post("/matches/new/pifpaf/", setup_data() | {"target": "100"})
    assert Match.objects.get().target is None


def test_starting_a_session_from_the_phone(client):
    response = client.post("/matches/new/pifpaf/", setup_data(max_bet="3"))
    match = Match.objects.get()
    assert response.status_code == 302
    assert match.game == "pifpaf"
    assert match.options["chip_value"] == "0.50"
    assert match.options["max_bet"] == 3


def test_a_session_takes_its_players_one_per_line_or_comma_separated(client):
    data = setup_data(players=("Ana", "Bia, Caio", "Duda"))
    assert client.post("/matches/new/pifpaf/", data).status_code == 302
    match = Match.objects.get()
    assert [side.name for side in match.sides.all()] == ["Ana", "Bia", "Caio", "Duda"]
    assert [len(side.players.all()) for side in match.sides.all()] == [1, 1, 1, 1]


def test_a_session_needs_three_players_at_least_and_each_once(client):
    assert client.post("/matches/new/pifpaf/", setup_data(players=FOUR[:2])).status_code == 200
    assert (
        client.post("/matches/new/pifpaf/", setup_data(players=(*FOUR, "ana"))).status_code == 200
    )
    assert not Match.objects.exists()


# --- the hand form ---------------------------------------------------------------------------


def bets(text: str) -> list[dict]:
    """``"0:raise:3 1:call"`` as the draft stores bets."""
    found = []
    for token in text.split():
        seat, kind, *to = token.split(":")
        found.append((int(seat), kind, int(to[0]) if to else 0))
    return bet_dicts(found)


def draft(actions: str = "", dealer: int | None = None) -> dict:
    data: dict = {"actions": bets(actions)}
    if dealer is not None:
        data["dealer"] = dealer
    return data


def posted(actions: str = "", dealer: int | None = None, **fields) -> QueryDict:
    data = QueryDict(mutable=True)
    data.update({"draft_json": json.dumps(draft(actions, dealer))})
    data.update({key: str(value) for key, value in fields.items()})
    return data


def stepped(match, actions="", dealer=None, **fields) -> PifPafHandForm:
    """The form after the step button in ``fields["step"]``: drawn again with its draft."""
    form = PifPafHandForm(match.view(), posted(actions, dealer, **fields))
    return form.redrawn(form.step())


def shown(form: PifPafHandForm) -> str:
    return " ".join(
        f"{seat}:{kind}:{to}" if kind == "raise" else f"{seat}:{kind}"
        for seat, kind, to in form.bets
    )


def test_the_first_speaker_is_on_the_dealers_left(four):
    form = PifPafHandForm(four.view())
    assert form.first_hand
    assert form.panel()["choose_dealer"]
    assert form.state.turn.player == "Bia"  # Ana deals unless told otherwise
    form = PifPafHandForm(four.view(), posted(step="dealer:3"))
    form = form.redrawn(form.step())
    assert form.draft["dealer"] == 3
    assert form.state.turn.player == "Ana"


def test_pressing_a_bet_adds_it_and_records_nothing(four):
    form = stepped(four, dealer=3, step="raise", raise_to=3)
    assert not form.is_valid()
    assert shown(form) == "0:raise:3"
    assert form.data["raise_to"] == ""  # the raise is in; its field starts empty again
    turn = form.state.turn
    assert (turn.player, turn.call_to, turn.min_raise_to, turn.max_raise_to) == ("Bia", 3, 4, 4)
    form = stepped(four, "0:raise:3", dealer=3, step="call")
    assert shown(form) == "0:raise:3 1:call"
    assert form.state.turn.player == "Caio"
    form = stepped(four, "0:raise:3 1:call", dealer=3, step="undo")
    assert shown(form) == "0:raise:3"


def test_a_bet_the_engine_refuses_is_not_added_and_says_why(four):
    form = PifPafHandForm(four.view(), posted(dealer=3, step="raise", raise_to=5))
    with pytest.raises(RuleError) as caught:  # page: the maximum is 4
        form.step()
    assert caught.value.rules == ["pifpaf.bet.above-max"]


def test_enter_in_the_raise_field_raises(four):
    form = stepped(four, dealer=3, step="", raise_to=2)
    assert shown(form) == "0:raise:2"


def test_a_player_short_of_chips_cannot_raise_past_them(four):
    record(
        four,
        {
            "number": 1,
            "dealer": 3,
            "actions": [bet(0, "call"), bet(1, "call"), bet(2, "call"), bet(3, "call")],
            "winner": 0,
        },
    )
    hand = four.hands.get()
    hand.state = {"balances": {"Ana": 100, "Bia": 2, "Caio": 49, "Duda": 49}, "dealer": "Ana"}
    hand.save(update_fields=["state"])  # Bia down to 2 chips, Ana up to 100
    four.refresh_from_db()
    turn = PifPafHandForm(four.view()).state.turn  # Ana dealt: Bia speaks
    assert (turn.player, turn.min_raise_to, turn.max_raise_to) == ("Bia", 1, 1)


def test_a_player_buying_in_again_is_shown_and_speaks_with_the_buy_in(rebuys):
    record(rebuys, BROKE_ANA)  # Ana has no chips left; Bia deals next
    form = PifPafHandForm(rebuys.view())
    panel = form.panel()
    assert panel["rebuying"] == ["Ana"] and panel["rebuy_chips"] == 5
    assert panel["sat_out"] == []
    form = stepped(rebuys, "2:call 3:call")
    turn = form.state.turn
    assert (turn.player, turn.min_raise_to, turn.max_raise_to) == ("Ana", 1, 4)
    assert form.panel()["balance"] == 5  # her chips as the hand is dealt, the rebuy in


def test_once_the_betting_is_over_the_players_still_in_are_offered(four):
    form = PifPafHandForm(four.view(), posted("0:raise:3 1:call 2:fold 3:call", dealer=3))
    panel = form.panel()
    assert panel["turn"] is None
    assert panel["state"].pot == 13
    assert [p["name"] for p in panel["in_hand"]] == ["Ana", "Bia", "Duda"]
    folds = PifPafHandForm(four.view(), posted("0:raise:2 1:fold 2:fold 3:fold", dealer=3))
    assert folds.panel()["state"].uncontested == "Ana"


def test_the_entry_has_bets_then_mistakes_and_reads_back_as_the_form(four):
    data = posted(
        "0:raise:3 1:call 2:fold 3:call",
        dealer=3,
        false_out_0="on",
        threw_away_3="on",
        winner="1",
        cards="ah 2h 3h 7s 7h 7d qc kc ac",
    )
    with translation.override("en"):
        form = PifPafHandForm(four.view(), data)
        assert form.is_valid(), form.errors
        entry = form.entry()
    assert entry == page_hand(
        actions=[*PAGE_BETS, bet(0, "false-out"), bet(3, "threw-away")],
        with_discard=False,
        cards=codes("AH 2H 3H 7S 7H 7D QC KC AC"),
    )
    again = PifPafHandForm(four.view(), entry=entry)
    assert shown(again) == "0:raise:3 1:call 2:fold 3:call"
    assert again.initial["false_out_0"] and again.initial["threw_away_3"]
    assert again.has_mistakes()


def test_an_unreadable_winners_card_is_noted_once_and_blocks_nothing(four):
    form = PifPafHandForm(four.view(), QueryDict("cards=A%E2%99%A5+ZZ+YY&winner=1"))  # A♥
    form.is_valid()
    assert "cards" not in form.errors and form.cleaned_data["cards"] == []
    (note,) = form.card_notes
    (problem,) = note["problems"]
    assert "ZZ" in problem and "YY" in problem


def test_correcting_a_hand_starts_from_the_table_as_it_was(four):
    record(four, page_hand())
    record(
        four,
        {
            "number": 2,
            "actions": [bet(2, "call"), bet(3, "call"), bet(0, "call"), bet(1, "call")],
            "winner": 2,
        },
    )
    form = PifPafHandForm(four.view_before(1), entry=four.hands.get(number=1).entry)
    assert form.first_hand
    assert form.start.balances == dict.fromkeys(FOUR, 50)
    second = PifPafHandForm(four.view_before(2), entry=four.hands.get(number=2).entry)
    assert second.dealer_name == "Bia"
    assert dict(second.start.balances) == dict(zip(FOUR, (46, 59, 49, 46), strict=True))
