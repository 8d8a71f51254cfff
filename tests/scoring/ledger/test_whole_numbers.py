"""Whole numbers typed on a phone are plain digits, and the hidden guards of a write are
whole numbers or the post is refused (never skipped)."""

from __future__ import annotations

import uuid

import pytest
from django.core.exceptions import ValidationError

from scoring.kit.fields import WholeNumberField, count_field, number_field
from scoring.ledger.models import Match
from tests.conftest import record
from tests.helpers import new_match_data


@pytest.mark.parametrize("typed", ["1_000", "1 000", "١٢", "5.0", "0x10", "1e3"])
def test_it_refuses_a_number_python_would_read_but_no_player_types(typed):
    for field in (WholeNumberField(), count_field("n", 10**6), number_field("n", 0, 10**6)):
        with pytest.raises(ValidationError) as refused:
            field.clean(typed)
        assert refused.value.code == "invalid"


@pytest.mark.parametrize(("typed", "number"), [("1000", 1000), (" 7 ", 7), ("-5", -5), ("+3", 3)])
def test_it_reads_digits_with_a_sign(typed, number):
    assert WholeNumberField().clean(typed) == number


@pytest.mark.django_db
def test_a_hand_of_1_000_points_is_refused_not_read_as_1000(scorer, free_match):
    client = scorer(free_match)
    data = {"side_0": "1_000", "side_1": "0", "side_2": "0", "request_id": str(uuid.uuid4())}
    response = client.post(f"/matches/{free_match.code}/hands/", data)
    assert response.status_code == 422
    assert not free_match.hands.exists()


@pytest.mark.django_db
def test_a_target_of_1_000_is_refused(client):
    data = new_match_data(["Ana", "Bia"], {"target": "1_000"})
    response = client.post("/matches/new/free/", data)
    assert response.status_code == 200  # the form again, with its error
    assert not Match.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "guard",
    [
        {"expected_number": "abc"},
        {"expected_number": "1_0"},
        {"expected_number": "-1"},
        {"draft_revision": "x"},
        {"draft_revision": "0x1"},
    ],
)
def test_it_refuses_a_hand_whose_guard_is_junk(scorer, free_match, guard):
    client = scorer(free_match)
    data = {"side_0": "1", "side_1": "2", "side_2": "3", "request_id": str(uuid.uuid4())}
    response = client.post(f"/matches/{free_match.code}/hands/", data | guard)
    assert response.status_code == 400
    assert not free_match.hands.exists()


@pytest.mark.django_db
def test_a_hand_without_guards_or_with_right_ones_is_recorded(scorer, free_match):
    client = scorer(free_match)
    data = {"side_0": "1", "side_1": "2", "side_2": "3"}
    assert client.post(f"/matches/{free_match.code}/hands/", data).status_code == 302
    guarded = data | {"expected_number": "2", "draft_revision": "0"}
    assert client.post(f"/matches/{free_match.code}/hands/", guarded).status_code == 302
    assert free_match.hands.count() == 2


@pytest.mark.django_db
def test_it_refuses_a_correction_whose_revision_is_junk(scorer, free_match):
    client = scorer(free_match)
    record(free_match, {"points": [1, 2, 3]})
    data = {"side_0": "4", "side_1": "5", "side_2": "6", "revision": "1_0"}
    response = client.post(f"/matches/{free_match.code}/hands/1/edit/", data)
    assert response.status_code == 400


@pytest.mark.parametrize("typed", ["1_000", "١٢", "1e3", "0,5_0"])
def test_a_chip_value_python_would_read_but_no_player_types_is_refused(typed):
    from scoring.games.pifpaf.forms import PifPafOptionsForm

    form = PifPafOptionsForm(data={"buy_in": "100", "chip_value": typed, "ante": "1"})
    form.is_valid()
    assert "chip_value" in form.errors


@pytest.mark.parametrize(("typed", "value"), [("0,50", "0.50"), (" 2 ", "2"), ("1.5", "1.5")])
def test_a_chip_value_is_read_with_either_decimal_mark(typed, value):
    from django.utils import translation

    from scoring.games.pifpaf.forms import PifPafOptionsForm

    with translation.override("pt-br"):  # the default language, whose decimal mark is ","
        form = PifPafOptionsForm(data={"buy_in": "100", "chip_value": typed, "ante": "1"})
        form.is_valid()
    assert "chip_value" not in form.errors
    assert form.cleaned_data["chip_value"] == value  # kept as text: money stays exact
