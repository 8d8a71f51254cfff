"""A Pif-Paf session through the phone's pages, without a browser: bets one tap at a
time, hands recorded, balances and the settlement on the match page, the referee page."""

from __future__ import annotations

import re

import pytest

from scoring.ledger.models import Match
from tests.conftest import record, totals
from tests.scoring.games.pifpaf.conftest import bet, hand_post, page_hand

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def balances(html: str) -> list[int]:
    return [int(n) for n in re.findall(r"<span data-balance>(-?\d+)</span>", html)]


def tap(client, match: Match, actions: str, **fields) -> str:
    """Press a betting button on the hand form (HTMX); answers the new form's HTML."""
    data = hand_post(number=match.next_hand_number(), actions=actions, **fields)
    response = client.post(f"/matches/{match.pk}/hands/", data, **HTMX)
    assert response.status_code == 200
    return response.content.decode()


def actions_in(html: str) -> str:
    return re.search(r'name="actions" value="([^"]*)"', html).group(1)


def test_a_hand_tapped_in_bet_by_bet_and_recorded(client, four):
    html = tap(client, four, "", dealer=3, bet="raise", raise_to=3)
    for kind in ("call", "fold", "call"):
        html = tap(client, four, actions_in(html), dealer=3, bet=kind)
    assert actions_in(html) == "0:raise:3 1:call 2:fold 3:call"
    assert "Pote: <b>13</b> fichas" in html
    assert not four.hands.exists()
    response = client.post(
        f"/matches/{four.pk}/hands/",
        hand_post(
            number=1,
            dealer=3,
            actions=actions_in(html),
            winner=1,
            expected_number=1,
            cards="AH 2H 3H 7S 7H 7D QC KC AC",
        ),
    )
    assert response.status_code == 302
    assert totals(four) == [-4, 9, -1, -4]
    page = client.get(four.get_absolute_url()).content.decode()
    assert balances(page) == [46, 59, 49, 46]  # page
    assert 'Bia <span class="dealer-chip"' in page


def test_a_hand_whose_winner_did_not_go_out_is_refused_with_the_cards_left(client, four):
    response = client.post(
        f"/matches/{four.pk}/hands/",
        hand_post(
            number=1,
            dealer=3,
            actions="0:raise:3 1:call 2:fold 3:call",
            winner=1,
            cards="5S 6S 7S 8S 9D 9H 9C 9C KD",
        ),
        **HTMX,
    )
    html = response.content.decode()
    assert "Bia não bateu: K♦ não cabe em nenhum jogo." in html
    assert 'href="/rules/pifpaf/#pifpaf.hand.not-out"' in html
    assert not four.hands.exists()


def test_a_hand_recorded_before_the_betting_is_over_is_refused(client, four):
    response = client.post(
        f"/matches/{four.pk}/hands/", hand_post(number=1, dealer=3, actions="0:raise:3"), **HTMX
    )
    assert "Caio" not in actions_in(response.content.decode())
    assert "As apostas não terminaram: Bia ainda precisa falar." in response.content.decode()
    assert not four.hands.exists()


def test_the_betting_works_without_javascript(client, four):
    data = hand_post(number=1, dealer=3, actions="", bet="raise", raise_to="3")
    html = client.post(f"/matches/{four.pk}/hands/", data).content.decode()
    assert "<h1" in html  # the whole page, with the bet added
    assert actions_in(html) == "0:raise:3"


def test_the_scoreboard_shows_balances_and_the_settlement_until_the_end(client, four):
    record(four, page_hand())
    html = client.get(f"/matches/{four.pk}/live/").content.decode()
    assert balances(html) == [46, 59, 49, 46]
    assert "Se a sessão terminasse agora:" in html
    payments = re.findall(r"<li data-payment>(.*?)</li>", html, re.S)
    assert [re.sub(r"<[^>]+>|\s+", " ", p).split() for p in payments] == [
        ["Ana", "paga", "Bia", "2,00", "(4", "fichas)"],
        ["Caio", "paga", "Bia", "0,50", "(1", "fichas)"],
        ["Duda", "paga", "Bia", "2,00", "(4", "fichas)"],
    ]
    client.post(f"/matches/{four.pk}/finish/")
    four.refresh_from_db()
    assert four.is_finished
    assert list(four.sides.filter(won=True).values_list("name", flat=True)) == ["Bia"]
    html = client.get(four.get_absolute_url()).content.decode()
    assert "Sessão encerrada." in html
    assert 'class="settlement final"' in html


def test_a_hand_won_by_folds_needs_no_winner(client, four):
    record(four, page_hand())
    html = tap(client, four, "", bet="raise", raise_to=2)  # Bia dealt: Caio speaks
    for kind in ("fold", "fold", "fold"):
        html = tap(client, four, actions_in(html), bet=kind)
    assert "<b>Caio</b> leva o pote de 6 fichas" in html
    client.post(
        f"/matches/{four.pk}/hands/", hand_post(number=2, actions=actions_in(html), winner="")
    )
    assert totals(four) == [-5, 8, 2, -5]


def test_every_page_of_a_session_renders(client, four):
    record(four, page_hand(actions=[*page_hand()["actions"], bet(0, "false-out")]))
    for url in [
        "/matches/new/pifpaf/",
        four.get_absolute_url(),
        f"/matches/{four.pk}/live/",
        f"/matches/{four.pk}/hands/1/edit/",
        "/rules/pifpaf/",
        "/pifpaf/referee/",
    ]:
        assert client.get(url).status_code == 200, url


def test_correcting_a_hand_keeps_its_dealer_and_bets(client, four):
    record(four, page_hand())
    html = client.get(f"/matches/{four.pk}/hands/1/edit/").content.decode()
    assert actions_in(html) == "0:raise:3 1:call 2:fold 3:call"
    assert '<input type="hidden" name="dealer" value="3">' in html
    player = four.sides.get(position=0).players.get()
    response = client.post(
        f"/matches/{four.pk}/hands/1/edit/",
        {
            "number": "1",
            "dealer": "3",
            "actions": actions_in(html),
            "winner": "3",
            "changed_by": str(player.pk),
        },
    )
    assert response.status_code == 302
    assert totals(four) == [-4, -4, -1, 9]


def test_correcting_a_hand_whose_stored_actions_are_garbled_still_opens(client, four):
    record(four, page_hand(actions=[*page_hand()["actions"], bet(0, "false-out")]))
    hand = four.hands.get(number=1)
    # An old or hand-edited entry: an action without its player, one without its kind.
    hand.entry["actions"] += [{"kind": "rebate"}, {"player": 2}, "3:call", {"player": 1}]
    hand.save(update_fields=["entry"])
    response = client.get(f"/matches/{four.pk}/hands/1/edit/")
    assert response.status_code == 200
    html = response.content.decode()
    assert actions_in(html) == "0:raise:3 1:call 2:fold 3:call"
    assert re.search(r'name="false_out_0"[^>]*checked', html)


def test_without_javascript_a_visible_button_redraws_the_turn_for_the_chosen_dealer(client, four):
    html = client.get(four.get_absolute_url()).content.decode()
    noscript = re.search(r"<noscript>(.*?)</noscript>", html, re.S)
    assert noscript, "no button for phones without JavaScript"
    assert re.search(r'<button type="submit" name="bet" value=""[^>]*>Atualizar<', noscript[1])
    assert 'data-turn="Bia"' in html  # Ana deals unless told otherwise
    # Pressing it sends the chosen dealer with an empty bet: the form comes back redrawn.
    data = hand_post(number=1, dealer=3, actions="", bet="", expected_number=1)
    html = client.post(f"/matches/{four.pk}/hands/", data).content.decode()
    assert 'data-turn="Ana"' in html
    assert not four.hands.exists()


# --- the referee page ------------------------------------------------------------------------


def test_the_referee_checks_a_hand(client):
    response = client.post(
        "/pifpaf/referee/",
        {
            "check": "hand",
            "hand-cards": "AH 2H 3H 7S 7H 7D QC KC AC 5D",
            "hand-aces": "both",
            "hand-groups": "three-suits",
        },
        **HTMX,
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="hand-panel"')
    assert 'data-verdict="out"' in html
    assert 'data-card="5D"' in html.split("Descarte:")[1].split("</p>")[0]
    low = client.post(
        "/pifpaf/referee/",
        {
            "check": "hand",
            "hand-cards": "AH 2H 3H 7S 7H 7D QC KC AC",
            "hand-aces": "low",
            "hand-groups": "three-suits",
        },
    ).content.decode()
    assert 'data-verdict="not-out"' in low
    assert "<h1>" in low  # without HTMX, the whole page


def test_the_referee_checks_a_meld(client):
    def meld(cards, **options):
        data = {
            "check": "meld",
            "meld-cards": cards,
            "meld-aces": "both",
            "meld-groups": "three-suits",
        }
        data.update({f"meld-{k}": v for k, v in options.items()})
        return client.post("/pifpaf/referee/", data, **HTMX).content.decode()

    assert "Uma trinca." in meld("QS QH QD QD")
    html = meld("QS QH QD QC")
    assert 'data-verdict="invalid"' in html
    assert "pifpaf.group.three-suits" in html
    assert "Uma sequência." in meld("QH KH AH")
    assert 'data-verdict="invalid"' in meld("QH KH AH", aces="low")


def test_the_referee_settles_a_claim_on_a_discard(client):
    data = {
        "check": "claim",
        "claim-players": "4",
        "claim-discarder": "3",
        "claim-claimants": ["2", "4"],
    }
    html = client.post("/pifpaf/referee/", data, **HTMX).content.decode()
    assert "O lugar 4 fica com o descarte." in html
    data["claim-stock_only"] = ["4"]
    assert (
        "O lugar 2 fica com o descarte."
        in client.post("/pifpaf/referee/", data, **HTMX).content.decode()
    )
    data["claim-claimants"] = ["3"]
    assert (
        "pifpaf.claim.own-discard"
        in client.post("/pifpaf/referee/", data, **HTMX).content.decode()
    )


def test_the_winners_cards_are_checked_on_the_spot(client):
    url = "/pifpaf/referee/verdict/"
    html = client.post(
        url,
        {"cards": "QS QH QD QC 4C 5C 6C 7C 8C", "aces": "both", "groups": "three-suits"},
        **HTMX,
    ).content.decode()
    assert 'data-verdict="not-out"' in html
    assert 'data-card="QC"' in html.split("Não cabe:")[1]
    html = client.post(url, {"cards": "QS ZZ", "aces": "both", "groups": "three-suits"})
    assert "“ZZ” não é uma carta" in html.content.decode()
    assert "verdict" in client.post(url, {"cards": " "}).content.decode()
