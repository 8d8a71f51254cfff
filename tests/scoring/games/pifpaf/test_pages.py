"""A Pif-Paf session through the phone's pages, without a browser: bets one tap at a
time, hands recorded, balances and the settlement on the match page, the referee page."""

from __future__ import annotations

import json
import re

import pytest

from scoring.ledger.models import Match
from tests.conftest import make_match, record, totals
from tests.scoring.games.pifpaf.conftest import (
    AFTER_THE_REBUY,
    BROKE_ANA,
    FOUR,
    OPTIONS,
    bet,
    hand_post,
    make_session,
    page_hand,
)

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def balances(html: str) -> list[int]:
    return [int(n) for n in re.findall(r"<span data-balance>(-?\d+)</span>", html)]


def tap(client, match: Match, step: str, *, status: int = 200, **fields) -> str:
    """Press a step button on the hand form (HTMX), as the phone that saw the match's
    current hand would; answers the new form's HTML."""
    match.refresh_from_db()
    data = hand_post(
        step=step,
        draft_json=json.dumps(match.draft),
        draft_revision=match.draft_revision,
        expected_number=match.view().number,
        **fields,
    )
    response = client.post(f"/matches/{match.code}/hands/", data, **HTMX)
    assert response.status_code == status
    return response.content.decode()


def bets_of(match: Match) -> str:
    """The hand's bets as every phone sees them: the draft stored on the match."""
    match.refresh_from_db()
    return " ".join(
        f"{a['player']}:{a['kind']}" + (f":{a['to']}" if a["kind"] == "raise" else "")
        for a in match.draft.get("actions", [])
    )


def record_from_phone(client, match: Match, *, status: int = 302, **fields):
    match.refresh_from_db()
    data = hand_post(
        draft_json=json.dumps(match.draft),
        draft_revision=match.draft_revision,
        expected_number=match.view().number,
        **fields,
    )
    return client.post(f"/matches/{match.code}/hands/", data, **EN)


def test_a_hand_tapped_in_bet_by_bet_and_recorded(scorer, four):
    client = scorer(four)
    tap(client, four, "dealer:3")
    html = tap(client, four, "raise", raise_to=3)
    for kind in ("call", "fold", "call"):
        html = tap(client, four, kind)
    assert bets_of(four) == "0:raise:3 1:call 2:fold 3:call"
    assert "Pote: <b>13</b> fichas" in html
    assert not four.hands.exists()
    response = record_from_phone(client, four, winner=1, cards="AH 2H 3H 7S 7H 7D QC KC AC")
    assert response.status_code == 302
    assert totals(four) == [-4, 9, -1, -4]
    assert bets_of(four) == ""  # recording the hand closed its draft
    page = client.get(four.get_absolute_url()).content.decode()
    assert balances(page) == [46, 59, 49, 46]  # page
    assert 'Bia <span class="dealer-chip"' in page


def test_the_bets_are_shared_by_every_phone_and_survive_a_reload(scorer, four):
    client = scorer(four)
    tap(client, four, "dealer:3")
    tap(client, four, "raise", raise_to=3)
    other_phone = client.get(four.get_absolute_url()).content.decode()
    assert "Ana repica para 3" in other_phone and 'data-turn="Bia"' in other_phone


def test_a_fresh_form_carries_the_hand_as_it_stands_after_every_bet(scorer, four):
    """The fields of a fresh form are drawn once for every phone (``{% cache %}``): the
    shared draft they carry must be the one stored after each bet, never an older one."""
    client = scorer(four)
    import html

    def carried() -> dict:
        form = client.get(f"/matches/{four.code}/hand-form/").content.decode()
        return json.loads(html.unescape(re.search(r'name="draft_json" value="([^"]*)"', form)[1]))

    assert carried() == {}
    for step, fields in (("dealer:3", {}), ("raise", {"raise_to": 3}), ("call", {})):
        tap(client, four, step, **fields)
        four.refresh_from_db()
        assert carried() == four.draft != {}


def bet_on_the_page(client, four) -> None:
    tap(client, four, "dealer:3")
    tap(client, four, "raise", raise_to=3)
    for kind in ("call", "fold", "call"):
        tap(client, four, kind)


def test_a_hand_whose_winner_did_not_go_out_is_refused_with_the_cards_left(scorer, four):
    client = scorer(four)
    bet_on_the_page(client, four)
    response = record_from_phone(client, four, winner=1, cards="5S 6S 7S 8S 9D 9H 9C 9C KD")
    html = response.content.decode()
    assert response.status_code == 422
    assert "Bia has not gone out: K♦ cannot be placed in a meld." in html
    assert 'href="/rules/pifpaf/#pifpaf.hand.not-out"' in html
    assert not four.hands.exists()


def test_a_hand_recorded_before_the_betting_is_over_is_refused(scorer, four):
    client = scorer(four)
    tap(client, four, "dealer:3")
    tap(client, four, "raise", raise_to=3)
    response = record_from_phone(client, four)
    assert "The betting is not over: Bia still has to speak." in response.content.decode()
    assert not four.hands.exists()
    assert bets_of(four) == "0:raise:3"  # the hand is still there to finish


def test_the_betting_works_without_javascript(scorer, four):
    client = scorer(four)
    four.refresh_from_db()
    data = hand_post(
        draft_json='{"dealer": 3}',
        draft_revision=0,
        expected_number=1,
        step="raise",
        raise_to="3",
    )
    html = client.post(f"/matches/{four.code}/hands/", data).content.decode()
    assert "<h1" in html  # the whole page, with the bet added
    assert bets_of(four) == "0:raise:3"


def test_the_scoreboard_shows_balances_and_the_settlement_until_the_end(scorer, four):
    client = scorer(four)
    record(four, page_hand())
    html = client.get(f"/matches/{four.code}/live/").content.decode()
    assert balances(html) == [46, 59, 49, 46]
    assert "Se a sessão terminasse agora:" in html
    payments = re.findall(r"<li data-payment>(.*?)</li>", html, re.S)
    assert [re.sub(r"<[^>]+>|\s+", " ", p).split() for p in payments] == [
        ["Ana", "paga", "Bia", "2,00", "(4", "fichas)"],
        ["Caio", "paga", "Bia", "0,50", "(1", "ficha)"],
        ["Duda", "paga", "Bia", "2,00", "(4", "fichas)"],
    ]
    client.post(f"/matches/{four.code}/finish/")
    four.refresh_from_db()
    assert four.is_finished
    assert list(four.sides.filter(won=True).values_list("name", flat=True)) == ["Bia"]
    html = client.get(four.get_absolute_url()).content.decode()
    assert "Sessão encerrada." in html
    assert 'class="settlement final"' in html


def test_rebuys_show_in_the_hand_the_balances_and_the_settlement(scorer, rebuys):
    client = scorer(rebuys)
    record(rebuys, BROKE_ANA)
    html = client.get(rebuys.get_absolute_url(), **EN).content.decode()
    assert balances(html) == [0, 12, 4, 4]
    assert "rebuys allowed" in html
    # the next hand says who buys in again, and for how much
    rebuying = re.search(r"<p class=\"pifpaf-rebuys\" data-rebuying>(.*?)</p>", html, re.S)
    assert rebuying and "Ana" in rebuying[1] and "(5)" in rebuying[1]
    assert "Sitting out" not in html
    record(rebuys, AFTER_THE_REBUY)
    html = client.get(f"/matches/{rebuys.code}/live/", **EN).content.decode()
    assert balances(html) == [4, 11, 7, 3]
    # each player's rebuys, counted on the scoreboard
    assert re.findall(r'data-rebuys="(\d+)"', html) == ["1"]
    assert "rebuys: 1" in html
    payments = re.findall(r"<li data-payment>(.*?)</li>", html, re.S)
    assert [re.sub(r"<[^>]+>|\s+", " ", p).split()[:4] for p in payments] == [
        ["Ana", "pays", "Bia", "3.00"],
        ["Duda", "pays", "Caio", "1.00"],
    ]
    # the hand's breakdown shows the rebuy line, linked to its rule
    page = client.get(rebuys.get_absolute_url(), **EN).content.decode()
    assert 'href="/rules/pifpaf/#pifpaf.chips.rebuy"' in page


def test_without_rebuys_the_next_hand_says_who_sits_out(scorer):
    match = make_session(buy_in=5)
    client = scorer(match)
    record(match, BROKE_ANA)
    html = client.get(match.get_absolute_url(), **EN).content.decode()
    assert "Sitting out, no chips left: Ana" in html
    assert "rebuys allowed" not in html and "data-rebuying" not in html


def test_a_hand_won_by_folds_needs_no_winner(scorer, four):
    client = scorer(four)
    record(four, page_hand())
    tap(client, four, "raise", raise_to=2)  # Bia dealt: Caio speaks
    for kind in ("fold", "fold"):
        tap(client, four, kind)
    html = tap(client, four, "fold")
    assert "<b>Caio</b> leva o pote de 6 fichas" in html
    record_from_phone(client, four, winner="")
    assert totals(four) == [-5, 8, 2, -5]


def test_every_page_of_a_session_renders(scorer, four):
    client = scorer(four)
    record(four, page_hand(actions=[*page_hand()["actions"], bet(0, "false-out")]))
    for url in [
        "/matches/new/pifpaf/",
        four.get_absolute_url(),
        f"/matches/{four.code}/live/",
        f"/matches/{four.code}/hands/1/edit/",
        "/rules/pifpaf/",
        "/pifpaf/referee/",
    ]:
        assert client.get(url).status_code == 200, url


def test_correcting_a_hand_keeps_its_dealer_and_bets(scorer, four):
    client = scorer(four)
    record(four, page_hand())
    html = client.get(f"/matches/{four.code}/hands/1/edit/").content.decode()
    assert "<b>Duda</b> dá as cartas." in html
    assert "Ana repica para 3" in html and "Duda acompanha" in html
    player = four.sides.get(position=0).players.get()
    draft = json.dumps({"dealer": 3, "actions": page_hand()["actions"]})
    response = client.post(
        f"/matches/{four.code}/hands/1/edit/",
        {"draft_json": draft, "winner": "3", "changed_by": str(player.pk), "revision": "1"},
    )
    assert response.status_code == 302
    assert totals(four) == [-4, -4, -1, 9]


def test_correcting_a_hand_whose_stored_actions_are_garbled_still_opens(scorer, four):
    client = scorer(four)
    record(four, page_hand(actions=[*page_hand()["actions"], bet(0, "false-out")]))
    hand = four.hands.get(number=1)
    # An old or hand-edited entry: an action without its player, one without its kind.
    hand.entry["actions"] += [{"kind": "rebate"}, {"player": 2}, "3:call", {"player": 1}]
    hand.save(update_fields=["entry"])
    response = client.get(f"/matches/{four.code}/hands/1/edit/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Ana repica para 3" in html and "Duda acompanha" in html
    assert re.search(r'name="false_out_0"[^>]*checked', html)


def test_without_javascript_a_visible_button_draws_the_turn_for_the_chosen_dealer(scorer, four):
    client = scorer(four)
    html = client.get(four.get_absolute_url()).content.decode()
    assert re.search(r'<button type="submit" name="step" value="dealer:3"', html)
    assert 'data-turn="Bia"' in html  # Ana deals unless told otherwise
    data = hand_post(draft_json="{}", draft_revision=0, expected_number=1, step="dealer:3")
    html = client.post(f"/matches/{four.code}/hands/", data).content.decode()
    assert 'data-turn="Ana"' in html
    assert not four.hands.exists()


@pytest.mark.parametrize(
    "options",
    [
        OPTIONS | {"aces": "sideways"},
        OPTIONS | {"jokers": 2},  # a house rule the engine does not know
        {"buy_in": 50, "chip_value": "0.50"},  # the rest left out
        OPTIONS | {"buy_in": "fifty", "max_bet": 99},
    ],
    ids=["bad-value", "unknown-key", "missing-keys", "bad-chips"],
)
def test_a_session_whose_stored_house_rules_are_old_or_bad_still_plays(scorer, options):
    """The ledger's one policy for old or refused options: each bad one gives way to its
    default, and the page, the live check of the cards and the hand all go on."""
    match = make_match("pifpaf", [(name,) for name in FOUR], options=options)
    client = scorer(match)
    assert client.get(match.get_absolute_url()).status_code == 200
    bet_on_the_page(client, match)
    out = "QH KH AH 7S 7H 7D 2C 3C 4C"  # Q K A: aces high or low, the default
    url = f"/matches/{match.code}/check/cards/"
    html = client.post(url, {"cards": out}, **HTMX, **EN).content.decode()
    assert 'data-verdict="out"' in html
    assert record_from_phone(client, match, winner=1, cards=out).status_code == 302
    assert totals(match) == [-4, 9, -1, -4]
    assert balances(client.get(match.get_absolute_url()).content.decode()) == [46, 59, 49, 46]


# --- the referee page ------------------------------------------------------------------------


def ask(client, question: str, **fields) -> str:
    data = {"q": question, "aces": "both", "groups": "three-suits", **fields}
    return client.get("/pifpaf/referee/", data, **HTMX, **EN).content.decode()


def test_the_referee_checks_a_hand(client):
    html = ask(client, "hand", cards="AH 2H 3H 7S 7H 7D QC KC AC 5D")
    assert html.lstrip().startswith('<section id="q-hand"')
    assert 'data-verdict="out"' in html
    assert 'data-card="5D"' in html.split("Discard:")[1].split("</p>")[0]
    low = client.get(
        "/pifpaf/referee/",
        {
            "q": "hand",
            "cards": "AH 2H 3H 7S 7H 7D QC KC AC",
            "aces": "low",
            "groups": "three-suits",
        },
        **EN,
    ).content.decode()
    assert 'data-verdict="not-out"' in low
    assert "<h1>" in low  # without HTMX, the whole page


def test_the_referee_checks_a_meld_in_the_readers_letters(client):
    group = ask(client, "meld", cards="QS QH QD QD")
    assert "A group." in group and 'href="/rules/pifpaf/#pifpaf.group.three-suits"' in group
    trinca = ask(client, "meld", cards="QS QH QD", groups="trinca")
    assert 'href="/rules/pifpaf/#pifpaf.group.trinca"' in trinca
    sequence = ask(client, "meld", cards="4C 5C 6C")
    assert "A sequence." in sequence and 'href="/rules/pifpaf/#pifpaf.sequence.gap"' in sequence
    html = ask(client, "meld", cards="QS QH QD QC")
    assert "✗ Not a meld." in html
    assert "pifpaf.group.three-suits" in html
    assert "A sequence." in ask(client, "meld", cards="QH KH AH")
    assert "✗" in ask(client, "meld", cards="QH KH AH", aces="low")
    pt = client.get(
        "/pifpaf/referee/",
        {"q": "meld", "cards": "DE RE AE", "aces": "both", "groups": "three-suits"},
        **HTMX,
    ).content.decode()  # dama, rei, ás de espadas
    assert "Uma sequência." in pt and 'data-card="QS"' in pt


def test_the_referee_settles_a_claim_on_a_discard(client):
    data = {"players": "4", "discarder": "3", "claimants": ["2", "4"]}
    assert "Seat 4 gets the discard." in ask(client, "claim", **data)
    assert "Seat 2 gets the discard." in ask(client, "claim", **data, stock_only=["4"])
    assert "pifpaf.claim.own-discard" in ask(client, "claim", **data | {"claimants": ["3"]})


def test_asked_from_a_session_the_referee_judges_by_its_house_rules(scorer):
    three = make_session(("Ana", "Bia", "Caio"), aces="low", groups="trinca")
    client = scorer(three)
    # The page's own example under aces low, whatever the query says of the aces.
    html = ask(client, "hand", cards="AH 2H 3H 7S 7H 7D QC KC AC", match=three.code)
    assert 'data-verdict="not-out"' in html
    assert "✗" in ask(client, "meld", cards="QS QH QD QD", match=three.code)  # trinca
    page = client.get("/pifpaf/referee/", {"match": three.code}, **EN).content.decode()
    assert re.search(r'<option value="3" selected>', page)
    # Asked about 4 seats, the session's 3 decide: there is no seat 4 to claim.
    claim = {"players": "4", "discarder": "3", "claimants": ["4"], "match": three.code}
    html = ask(client, "claim", **claim)
    assert "Seat 4 gets the discard." not in html and "§ Seats at this table" in html
    assert "Seat 4 gets the discard." in ask(client, "claim", **claim | {"match": ""})


def test_the_winners_cards_are_checked_on_the_spot(scorer, four):
    client = scorer(four)
    bet_on_the_page(client, four)
    url = f"/matches/{four.code}/check/cards/"
    html = client.post(url, {"cards": "QS QH QD QC 4C 5C 6C 7C 8C"}, **HTMX, **EN)
    html = html.content.decode()
    assert 'data-verdict="not-out"' in html
    assert 'data-card="QC"' in html.split("Cannot be placed:")[1]
    html = client.post(url, {"cards": "QS ZZ"}, **HTMX).content.decode()
    assert "“ZZ” não é uma carta" in html
    assert 'id="hand-verdict"' in client.post(url, {"cards": " "}).content.decode()


def test_ending_a_session_asks_about_chips_not_a_side_ahead(scorer, four):
    client = scorer(four)
    record(four, page_hand())
    html = client.get(four.get_absolute_url(), **EN).content.decode()
    assert "The chips are settled as they stand." in html
    assert "The side ahead wins." not in html
    # Bia took the pot: she deals next, and the chip says so in words.
    assert re.search(r"Bia <span class=\"dealer-chip\" data-dealer>deals next</span>", html)
    four.finish()
    html = client.get(four.get_absolute_url(), **EN).content.decode()
    assert "data-dealer" not in html  # a session over has no next hand to deal


def test_unreadable_winners_cards_never_block_the_hand(scorer, four):
    client = scorer(four)
    bet_on_the_page(client, four)
    response = record_from_phone(client, four, winner=1, cards="AH 2H ZZ 7S")
    assert response.status_code == 302
    assert totals(four) == [-4, 9, -1, -4]
    assert "cards" not in four.hands.get().entry


def test_a_bad_card_is_said_once_beside_the_button_as_it_is_typed(scorer, four):
    client = scorer(four)
    bet_on_the_page(client, four)
    url = f"/matches/{four.code}/check/cards/"
    html = client.post(url, {"cards": "QS ZZ 5X"}, **HTMX).content.decode()
    verdict, notes = html.split('id="card-notes"')
    assert "ZZ" not in verdict  # not under the field …
    assert 'hx-swap-oob="true"' in notes  # … but in the action bar, by the button
    assert notes.count("“ZZ”, “5X” não são cartas") == 1
    assert notes.count("E ♠, P ♣, O ♦") == 1  # the advice once, not once per card


def test_a_refused_hand_shows_its_bad_cards_once_in_the_action_bar(scorer, four):
    client = scorer(four)
    tap(client, four, "dealer:3")
    response = record_from_phone(client, four, winner=1, cards="ZZ 5X")
    html = response.content.decode()
    assert response.status_code == 422  # the betting is not over: that refuses it
    bar = html.split("data-actionbar>")[1].split("</form>")[0]
    assert "“ZZ”, “5X” are not cards" in bar
    assert html.count("“ZZ”") == 1


@pytest.mark.parametrize(
    ("language", "buy_in", "said"),
    [
        ("en", 1, "Buy-in 1 chip ·"),
        ("en", 50, "Buy-in 50 chips ·"),
        ("pt-br", 1, "Entrada de 1 ficha ·"),
        ("pt-br", 50, "Entrada de 50 fichas ·"),
        ("pl", 2, "Wpisowe 2 żetony ·"),
        ("pl", 50, "Wpisowe 50 żetonów ·"),
    ],
)
def test_the_buy_in_is_counted_in_its_plural(scorer, language, buy_in, said):
    session = make_session(buy_in=buy_in)
    client = scorer(session)
    html = client.get(session.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language).content
    assert said in html.decode()
