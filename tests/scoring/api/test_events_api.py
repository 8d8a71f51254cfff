"""The events API: a round's draw and a table's victory points, stateless, with the
issue's paths and field names; what cannot be drawn is a 422 naming its rules."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.django_db


def post(client, path: str, body: Any, **headers: str):
    return client.post(f"/api/v1/events/{path}", body, content_type="application/json", **headers)


def rules(response) -> list[str]:
    assert response.status_code == 422, response.content
    return [violation["rule"] for violation in response.json()["violations"]]


def test_a_swiss_draw_answers_tables_from_the_top_and_byes(client):
    body = {
        "format": "swiss",
        "round": 3,
        "entrants": [
            {"id": "ana+bia", "points": 24, "opponents": ["caio+dani", "edu+fabi"]},
            {"id": "caio+dani", "points": 22, "opponents": ["ana+bia", "gil+hel"]},
            {"id": "edu+fabi", "points": 20, "opponents": ["gil+hel", "ana+bia"]},
            {"id": "gil+hel", "points": 14, "opponents": ["edu+fabi", "caio+dani"]},
            {"id": "ivo+jo", "points": 12, "opponents": [], "byes": 1},
        ],
        "seed": 7,
    }
    response = post(client, "pairings", body)
    assert response.status_code == 200, response.content
    answer = response.json()
    # ivo+jo has had a bye: the lowest without one sits out; ana+bia has met the next two
    assert answer["tables"] == [
        {"table": 1, "entrants": ["ana+bia", "ivo+jo"]},
        {"table": 2, "entrants": ["caio+dani", "edu+fabi"]},
    ]
    assert answer["byes"] == ["gil+hel"]


def test_round_robin_picks_that_round_of_the_schedule(client):
    entrants = [{"id": name} for name in "abcd"]
    rounds = [
        post(client, "pairings", {"format": "round-robin", "round": n, "entrants": entrants})
        for n in (1, 2, 3)
    ]
    met = [set(t["entrants"]) for r in rounds for t in r.json()["tables"]]
    assert len(met) == 6 and len({frozenset(pair) for pair in met}) == 6
    assert rules(
        post(client, "pairings", {"format": "round-robin", "round": 4, "entrants": entrants})
    ) == ["events.round.beyond-schedule"]


def test_a_knockout_by_seed_with_byes_to_the_top(client):
    entrants = [{"id": f"s{seed}", "seed": seed} for seed in range(1, 7)]
    response = post(client, "pairings", {"format": "knockout", "entrants": entrants})
    answer = response.json()
    assert [t["entrants"] for t in answer["tables"]] == [["s4", "s5"], ["s3", "s6"]]
    assert answer["byes"] == ["s1", "s2"]


def test_groups_then_knockout_through_the_format_s_options(client):
    entrants = [{"id": f"s{seed}", "seed": seed} for seed in range(1, 10)]
    body = {"format": "groups-knockout", "entrants": entrants, "options": {"groups": 3}}
    answer = post(client, "pairings", body).json()
    assert answer["groups"] == [["s1", "s6", "s7"], ["s2", "s5", "s8"], ["s3", "s4", "s9"]]
    assert len(answer["tables"]) == 3 and len(answer["byes"]) == 3
    knockout = body | {"round": 4, "options": {"groups": 3, "advance": 1, "best_next": 1}}
    answer = post(client, "pairings", knockout).json()
    # nobody has points: each group's first seed wins it, and of the runners-up (s6, s5,
    # s4) the first given goes on
    assert answer["seeds"] == ["s1", "s2", "s3", "s4"]
    assert [t["entrants"] for t in answer["tables"]] == [["s1", "s4"], ["s2", "s3"]]


def test_seated_tables_by_lot_from_the_seed(client):
    entrants = [{"id": f"p{n}"} for n in range(1, 11)]
    body = {"format": "seated", "entrants": entrants, "table_size": 4, "seed": 7}
    first = post(client, "pairings", body).json()
    assert [len(t["entrants"]) for t in first["tables"]] == [4, 3, 3]
    assert post(client, "pairings", body).json() == first
    options = {"min_table_size": 3, "best_of": 3}
    assert rules(post(client, "pairings", body | {"options": options})) == [
        "events.options.unknown"
    ]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (
            {"format": "swiss", "entrants": [{"id": "a"}, {"id": "a"}, {"id": "b"}]},
            ["events.entrants.duplicate"],
        ),
        ({"format": "swiss", "entrants": [{"id": "a"}]}, ["events.entrants.too-few"]),
        ({"format": "danish", "entrants": []}, ["events.entrants.too-few"]),
        (
            {"format": "swiss", "entrants": [{"id": "a", "opponents": ["z"]}, {"id": "b"}]},
            ["events.entrants.unknown-opponent"],
        ),
        ({"format": "chess", "entrants": [{"id": "a"}, {"id": "b"}]}, ["events.format.unknown"]),
    ],
)
def test_impossible_requests_are_422s_with_rule_ids(client, body, expected):
    response = post(client, "pairings", body, HTTP_ACCEPT_LANGUAGE="en")
    assert rules(response) == expected
    (violation,) = response.json()["violations"]
    # worded, and linked to the events rulebook
    assert violation["message"] != violation["rule"]
    assert violation["url"] == f"/rules/events/#{violation['rule']}"


def test_a_422_is_worded_in_the_request_s_language(client):
    body = {"format": "xadrez", "entrants": [{"id": "a"}, {"id": "b"}]}
    (violation,) = post(client, "pairings", body, HTTP_ACCEPT_LANGUAGE="en").json()["violations"]
    assert violation["message"].startswith("“xadrez” is not an event format")


def test_a_body_of_the_wrong_shape_is_refused_before_any_draw(client):
    body = {"format": "swiss", "entrants": [{"id": "a", "points": "3"}, {"id": "b"}], "x": 1}
    assert set(rules(post(client, "pairings", body))) == {"api.body.invalid"}


def test_victory_points_on_the_issue_s_example(client):
    response = post(client, "victory-points", {"scale": "burraco-3", "scores": [1780, 1540]})
    assert response.status_code == 200
    assert response.json() == {"points": [12, 8], "difference": 240, "bye": 12}


def test_victory_points_on_a_club_s_own_bands_and_on_win_draw_loss(client):
    bands = {"bands": [[50, 10, 10], [150, 11, 9]], "above": [13, 7]}
    answer = post(client, "victory-points", {"scale": bands, "scores": [100, 300]}).json()
    assert answer["points"] == [7, 13] and answer["difference"] == 200
    three = {"win": 3, "draw": 1, "loss": 0}
    answer = post(client, "victory-points", {"scale": three, "scores": [4, 4]}).json()
    assert answer["points"] == [1, 1] and answer["bye"] == 3
    answer = post(client, "victory-points", {"scale": "burraco-4", "scores": [3000, 900]}).json()
    assert answer["points"] == [20, 0] and answer["difference"] == 2100


def test_victory_points_refuse_what_a_scale_cannot_score(client):
    assert rules(post(client, "victory-points", {"scale": "elo", "scores": [1, 0]})) == [
        "events.scale.unknown"
    ]
    assert rules(post(client, "victory-points", {"scale": "burraco-3", "scores": [1, 2, 3]})) == [
        "events.scale.two-scores"
    ]
    falling = {"bands": [[150, 11, 9], [50, 10, 10]]}
    assert rules(post(client, "victory-points", {"scale": falling, "scores": [1, 0]})) == [
        "events.scale.bands"
    ]


def test_the_events_rulebook_shows_every_rule(client):
    from referee.events import RULE_IDS

    page = client.get("/rules/events/", HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Club events" in html
    assert [rule for rule in RULE_IDS if f'id="{rule}"' not in html] == []
