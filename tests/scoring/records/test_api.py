"""/api/v1/records/: bearer tokens, the same figures as the pages, idempotent hands."""

from __future__ import annotations

import copy
import uuid
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

from scoring.clubs.models import Club, Membership, Role
from scoring.ledger.models import Match
from scoring.records.models import ApiToken
from tests.conftest import make_match


@pytest.fixture
def club(db) -> Club:
    return Club.objects.create(name="Quinta do Truco")


@pytest.fixture
def token(club) -> str:
    """alice scores for the club; her token is used from a script, with no session."""
    alice = get_user_model().objects.create_user("alice", password="x")
    Membership.objects.create(club=club, user=alice, role=Role.SCORER)
    return ApiToken.issue(alice, "phone")[1]


@pytest.fixture
def club_night(club_night, club) -> list[Match]:
    Match.objects.filter(pk__in=[m.pk for m in club_night]).update(club=club)
    return club_night


def club_match(club: Club) -> Match:
    match = make_match("free", (("alice",), ("bob",)))
    Match.objects.filter(pk=match.pk).update(club=club)
    return match


class Api:
    def __init__(self, token: str) -> None:
        self.client = Client()  # no session: only the token speaks
        self.auth = {"HTTP_AUTHORIZATION": f"Bearer {token}"}

    def get(self, path: str, **params):
        return self.client.get(f"/api/v1/records{path}", params, **self.auth)

    def post(self, path: str, body: dict):
        return self.client.post(
            f"/api/v1/records{path}", body, content_type="application/json", **self.auth
        )


@pytest.fixture
def api(token) -> Api:
    return Api(token)


@pytest.fixture
def stranger(db) -> Api:
    """charlie has an account and a token, and no club."""
    charlie = get_user_model().objects.create_user("charlie", password="x")
    return Api(ApiToken.issue(charlie)[1])


def test_a_call_without_a_valid_token_is_refused(client, club_night):
    assert client.get("/api/v1/records/matches").status_code == 401
    bad = {"HTTP_AUTHORIZATION": "Bearer tento_nope"}
    assert client.get("/api/v1/records/matches", **bad).status_code == 401


def test_tokens_are_kept_hashed(token):
    assert not ApiToken.objects.filter(digest=token).exists()
    assert ApiToken.user_for(token).username == "alice"


def test_matches_are_listed_newest_first_and_filtered(api, club_night):
    body = api.get("/matches").json()
    assert body["count"] == 4
    assert [m["code"] for m in body["items"]] == [m.code for m in reversed(club_night)]
    assert api.get("/matches", player="carol").json()["count"] == 2
    assert api.get("/matches", player="nobody").json()["count"] == 0
    assert api.get("/matches", start="2027-01-01").json()["count"] == 1
    assert api.get("/matches", game="truco").json()["count"] == 0
    paged = api.get("/matches", limit=1, offset=1).json()
    assert paged["count"] == 4 and [m["code"] for m in paged["items"]] == [club_night[2].code]
    assert api.get("/matches", game="poker").status_code == 422


def test_a_match_with_its_hands_and_breakdowns(api, club_night):
    body = api.get(f"/matches/{club_night[0].code}").json()
    assert [(s["name"], s["total"], s["won"]) for s in body["sides"]] == [
        ("alice", 30, True),
        ("bob", 10, False),
    ]
    first = body["hands"][0]
    assert first["number"] == 1 and first["entry"] == {"points": [10, 5]}
    assert [s["total"] for s in first["scores"]] == [10, 5]
    assert first["scores"][0]["lines"][0]["points"] == 10
    assert api.get("/matches/nope").status_code == 404


def test_standings_match_the_page(api, club_night):
    body = api.get("/standings").json()
    assert "wins, then by points difference" in body["rules"]
    assert [(x["rank"], x["player"], x["won"], x["difference"]) for x in body["lines"]] == [
        (1, "bob", 2, 5),
        (2, "dave", 1, 5),
        (3, "alice", 1, -5),
        (4, "carol", 0, -5),
    ]
    assert [x["player"] for x in api.get("/standings", season=2026).json()["lines"]] == [
        "alice",
        "bob",
    ]


def test_recording_a_hand_twice_with_one_request_id_records_it_once(api, club):
    match = club_match(club)
    hand = {"request_id": str(uuid.uuid4()), "entry": {"points": [3, 4]}, "expected_number": 1}
    first = api.post(f"/matches/{match.code}/hands", hand)
    assert first.status_code == 201 and first.json()["number"] == 1
    again = api.post(f"/matches/{match.code}/hands", hand)
    assert again.status_code == 200 and again.json()["number"] == 1
    assert match.hands.count() == 1
    assert list(match.sides.values_list("total", flat=True)) == [3, 4]


def test_a_hand_the_ledger_refuses_names_the_rule(api, club):
    match = club_match(club)
    late = {"request_id": str(uuid.uuid4()), "entry": {"points": [1, 1]}, "expected_number": 5}
    response = api.post(f"/matches/{match.code}/hands", late)
    assert response.status_code == 422
    assert response.json()["violations"][0]["rule"] == "ledger.hand.undone-meanwhile"
    garbled = {"request_id": str(uuid.uuid4()), "entry": {"nothing": 1}}
    response = api.post(f"/matches/{match.code}/hands", garbled)
    assert response.status_code == 422
    (violation,) = response.json()["violations"]
    assert violation["rule"] == "api.body.invalid"
    # In the reader's language (pt-BR by default).
    assert violation["message"] == (
        "entry.nothing: não é uma mão que este jogo possa registrar: "
        "a mão deste jogo não tem esse campo"
    )
    assert not Match.objects.get(pk=match.pk).hands.exists()


def test_a_token_sees_and_changes_only_what_its_user_may(stranger, api, club_night, club):
    assert stranger.get("/matches").json()["count"] == 0
    assert stranger.get("/standings").json()["lines"] == []
    code = club_night[3].code
    assert stranger.get(f"/matches/{code}").status_code == 404
    hand = {"request_id": str(uuid.uuid4()), "entry": {"points": [1, 1]}}
    assert stranger.post(f"/matches/{code}/hands", hand).status_code == 404
    assert api.get("/matches", club=club.pk).json()["count"] == 4
    assert api.get("/matches", club=club.pk + 1).json()["count"] == 0


def test_a_club_member_who_only_follows_may_read_but_not_record(club_night, club):
    dave = get_user_model().objects.create_user("dave", password="x")
    Membership.objects.create(club=club, user=dave, role=Role.MEMBER)
    follower = Api(ApiToken.issue(dave)[1])
    code = club_night[3].code
    assert follower.get(f"/matches/{code}").status_code == 200
    hand = {"request_id": str(uuid.uuid4()), "entry": {"points": [1, 1]}}
    assert follower.post(f"/matches/{code}/hands", hand).status_code == 404


def test_every_records_endpoint_is_in_the_openapi_document(client, db):
    schema = client.get("/api/v1/openapi.json").json()
    paths = schema["paths"]
    assert {"get"} <= set(paths["/api/v1/records/matches"])
    assert "post" in paths["/api/v1/records/matches/{code}/hands"]
    post = paths["/api/v1/records/matches/{code}/hands"]["post"]
    assert post["security"] == [{"TokenAuth": []}]
    assert {"200", "201", "401", "404", "422"} <= set(post["responses"])
    for name in ("MatchOut", "RecordsHandOut", "StandingsOut", "BreakdownOut", "Violations"):
        assert name in schema["components"]["schemas"]
    # Every answer a reader can get is typed: a bad filter's 422, a missing token's 401.
    for path in ("/api/v1/records/matches", "/api/v1/records/standings"):
        responses = paths[path]["get"]["responses"]
        assert {"200", "401", "422"} <= set(responses)
        assert responses["422"]["content"]["application/json"]["schema"] == {
            "$ref": "#/components/schemas/Violations"
        }
    assert {"200", "401", "404"} <= set(
        paths["/api/v1/records/matches/{code}"]["get"]["responses"]
    )


def test_a_bad_filter_is_answered_with_the_typed_422(api):
    for path, params in (("/matches", {"game": "bogus"}), ("/standings", {"start": "x"})):
        response = api.get(path, **params)
        assert response.status_code == 422
        assert [v["rule"] for v in response.json()["violations"]] == ["api.body.invalid"]


@pytest.mark.parametrize(
    ("path", "params"),
    [
        ("/matches", {"limit": "1_0"}),
        ("/matches", {"offset": "1e3"}),
        ("/matches", {"club": "٣"}),
        ("/standings", {"season": "2_026"}),
    ],
)
def test_a_number_filter_no_one_types_is_refused_not_read(api, path, params):
    response = api.get(path, **params)
    assert response.status_code == 422
    assert [v["rule"] for v in response.json()["violations"]] == ["api.body.invalid"]


def test_number_filters_in_digits_are_read(api, club_night):
    assert api.get("/matches", limit="2", offset="+1").json()["count"] == 4
    assert len(api.get("/matches", limit="2", offset="+1").json()["items"]) == 2
    assert api.get("/standings", season="2026").status_code == 200


def test_api_token_prints_a_token_that_works(db):
    from io import StringIO

    from django.core.management import call_command

    get_user_model().objects.create_user("bob", password="x")
    out = StringIO()
    call_command("api_token", "bob", "--name", "laptop", stdout=out)
    auth = {"HTTP_AUTHORIZATION": f"Bearer {out.getvalue().strip()}"}
    assert Client().get("/api/v1/records/standings", **auth).status_code == 200


# --- an entry is checked by the game, as a phone's hand is -----------------------------------


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ({"points": [True, False]}, "entry.points.0"),
        ({"points": [10**9, 1]}, "entry.points.0"),
        ({"points": [1.5, 2.25]}, "entry.points.0"),
        ({"points": [2**63, 1]}, "entry.points.0"),
        ({"points": [1, 2], "note": "x"}, "entry.note"),
        ({"points": [[1], [2]]}, "entry.side_0"),
        ({"points": [1, 3.0]}, "entry.points.1"),
        ({"points": [1, 2, 3]}, "entry.points"),
        ({"points": None}, "entry"),
    ],
)
def test_a_free_scoring_entry_the_form_would_refuse_is_refused_and_stores_nothing(
    api, club, entry, field
):
    match = club_match(club)
    record_ok = {"request_id": str(uuid.uuid4()), "entry": {"points": [3, 4]}}
    assert api.post(f"/matches/{match.code}/hands", record_ok).status_code == 201
    response = api.post(
        f"/matches/{match.code}/hands", {"request_id": str(uuid.uuid4()), "entry": entry}
    )
    assert response.status_code == 422
    violations = response.json()["violations"]
    assert {v["rule"] for v in violations} == {"api.body.invalid"}
    assert field in [v["params"]["field"] for v in violations]
    assert match.hands.count() == 1
    assert list(match.sides.order_by("position").values_list("total", flat=True)) == [3, 4]
    assert api.get(f"/matches/{match.code}").status_code == 200
    # raises if totals drifted ("--": a match code may begin with "-")
    call_command("check_ledger", "--", match.code, stdout=StringIO())


def test_a_misspelt_key_in_a_samba_entry_is_refused(api, club):
    from tests.scoring.games.samba.test_game import PAGE_CARDS

    match = make_match("samba", (("ana", "bia"), ("caio", "davi")), target=10_000)
    Match.objects.filter(pk=match.pk).update(club=club)
    sides = [dict(side) for side in PAGE_CARDS["sides"]]
    sides[1]["redthrees"] = sides[1].pop("red_threes")
    body = {"request_id": str(uuid.uuid4()), "entry": {"mode": "cards", "sides": sides}}
    response = api.post(f"/matches/{match.code}/hands", body)
    assert response.status_code == 422
    assert [v["params"]["field"] for v in response.json()["violations"]] == [
        "entry.sides.1.redthrees"
    ]
    assert not match.hands.exists()


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "this game's hand has no such field: did you mean deal_solo?"),
        ("pt-br", "a mão deste jogo não tem esse campo: você quis dizer deal_solo?"),
        ("pl", "rozdanie tej gry nie ma takiego pola: czy chodziło o deal_solo?"),
    ],
)
def test_a_misspelt_nested_key_in_an_entry_is_given_the_key_meant(api, club, language, said):
    from tests.scoring.games.samba.test_game import PAGE_CARDS

    match = make_match("samba", (("ana", "bia"), ("caio", "davi")), target=10_000)
    Match.objects.filter(pk=match.pk).update(club=club)
    sides = [dict(side) for side in PAGE_CARDS["sides"]]
    sides[0]["concealed"] = {"dealsolo": 1}
    body = {"request_id": str(uuid.uuid4()), "entry": {"mode": "cards", "sides": sides}}
    response = api.client.post(
        f"/api/v1/records/matches/{match.code}/hands",
        body,
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE=language,
        **api.auth,
    )
    assert response.status_code == 422
    (violation,) = response.json()["violations"]
    assert violation["params"]["field"] == "entry.sides.0.concealed.dealsolo"
    assert violation["params"]["suggestion"] == "deal_solo"
    assert violation["params"]["detail"] == said
    assert not match.hands.exists()


@pytest.mark.parametrize("value", [True, "1", 1.0])
def test_a_count_of_another_type_in_an_entry_is_named_by_its_path(api, club, value):
    match = make_match("samba", (("ana", "bia"), ("caio", "davi")), target=10_000)
    Match.objects.filter(pk=match.pk).update(club=club)
    sides = [{"clean_canastras": value, "table_points": 100}, {"table_points": 50}]
    body = {"request_id": str(uuid.uuid4()), "entry": {"mode": "quick", "sides": sides}}
    response = api.post(f"/matches/{match.code}/hands", body)
    assert response.status_code == 422
    fields = [v["params"]["field"] for v in response.json()["violations"]]
    assert fields == ["entry.sides.0.clean_canastras"]
    assert not match.hands.exists()


@pytest.mark.parametrize("failed", [[10**9, 0], [2**63, 0], [0, 37]])
def test_a_canastra_ladder_no_table_could_climb_is_refused(api, club, failed):
    """Failed openings count no further than two decks can reach: the step buttons stop
    there, and so does an entry sent by a program."""
    from tests.scoring.games.canastra.test_game import BIG, PAGE_HAND, PAIRS, quick

    match = make_match("canastra", PAIRS)
    Match.objects.filter(pk=match.pk).update(club=club)
    if failed[1]:
        match.refresh_from_db()
        match.record_hand(quick(b=BIG), request_id=uuid.uuid4())  # pair B at 1,500
    hands = match.hands.count()
    entry = PAGE_HAND | {"failed": failed}
    body = {"request_id": str(uuid.uuid4()), "entry": entry}
    response = api.post(f"/matches/{match.code}/hands", body)
    assert response.status_code == 422
    fields = [v["params"]["field"] for v in response.json()["violations"]]
    assert any(field.startswith("entry.failed") for field in fields), fields
    assert match.hands.count() == hands


# [0, 36]: 90 + 35 × 30 = 1,140, still reachable. [2, 0]: pair A is below 1,500, where
# the count asks nothing: a hand kept so after a correction took the pair out of the
# buraco must still be recorded (and imported) as it stands.
@pytest.mark.parametrize("failed", [[0, 36], [2, 0]])
def test_a_canastra_ladder_a_table_climbed_is_recorded(api, club, failed):
    from tests.scoring.games.canastra.test_game import BIG, PAGE_HAND, PAIRS, quick

    match = make_match("canastra", PAIRS)
    Match.objects.filter(pk=match.pk).update(club=club)
    match.record_hand(quick(b=BIG), request_id=uuid.uuid4())
    entry = PAGE_HAND | {"failed": failed}
    body = {"request_id": str(uuid.uuid4()), "entry": entry}
    response = api.post(f"/matches/{match.code}/hands", body)
    assert response.status_code == 201, response.json()
    assert response.json()["entry"]["failed"] == failed


def _genuine_hands() -> list:
    """A hand of each game as its form records it, with the match it is recorded in."""
    from tests.scoring.games.canastra.test_game import PAGE_HAND, PAIRS
    from tests.scoring.games.paciencia.test_log import WON_IN_3
    from tests.scoring.games.pifpaf.conftest import make_session, page_hand
    from tests.scoring.games.pinkerton.conftest import PLAYERS, ROUND_EVENTS
    from tests.scoring.games.samba.test_game import PAGE_CARDS, PAGE_QUICK
    from tests.scoring.games.truco.test_game import truco_won

    truco = (("Ana", "Caio"), ("Bia", "Duda"))
    return [
        ("samba cards", lambda: make_match("samba", PAIRS, target=10_000), PAGE_CARDS),
        ("samba quick", lambda: make_match("samba", PAIRS, target=10_000), PAGE_QUICK),
        ("canastra", lambda: make_match("canastra", PAIRS), PAGE_HAND),
        ("truco won", lambda: make_match("truco", truco, target=12), truco_won("A")),
        ("truco run", lambda: make_match("truco", truco, target=12), truco_won("A", "run")),
        ("pifpaf", make_session, page_hand()),
        (
            "pinkerton",
            lambda: make_match("pinkerton", PLAYERS, target=100),
            {"events": ROUND_EVENTS, "dealer": 0},
        ),
        ("paciencia", lambda: make_match("paciencia", [["Vovó"]]), WON_IN_3),
        ("free", lambda: make_match("free", (("alice",), ("bob",))), {"points": [-3, 12]}),
    ]


def _paths(data, kind, where=()):
    """The path of each value of JSON type ``kind`` (int: a whole number, bool: a yes/no)."""
    if isinstance(data, dict):
        items = data.items()
    elif isinstance(data, list):
        items = enumerate(data)
    else:
        found = isinstance(data, kind) and (kind is bool or not isinstance(data, bool))
        return [where] if found else []
    return [path for key, value in items for path in _paths(value, kind, (*where, key))]


@pytest.mark.parametrize("case", range(9))
def test_every_games_values_of_another_json_type_are_refused_naming_an_entry_key(api, club, case):
    _name, make, entry = _genuine_hands()[case]
    match = make()
    Match.objects.filter(pk=match.pk).update(club=club)
    wrong = [(where, value) for where in _paths(entry, int) for value in (True, 3.0)]
    wrong += [(where, value) for where in _paths(entry, bool) for value in (1, 0, "true")]
    for where, value in wrong:
        sent = copy.deepcopy(entry)
        target = sent
        for part in where[:-1]:
            target = target[part]
        target[where[-1]] = value
        body = {"request_id": str(uuid.uuid4()), "entry": sent}
        response = api.post(f"/matches/{match.code}/hands", body)
        assert response.status_code == 422, (where, value)
        fields = [v["params"].get("field", "") for v in response.json()["violations"]]
        assert all(field.startswith("entry") for field in fields), (where, value, fields)
    assert not match.hands.exists()


@pytest.mark.parametrize("case", range(9))
def test_a_hand_every_game_records_is_recorded_through_the_api_as_scored(api, club, case):
    _name, make, entry = _genuine_hands()[case]
    match, twin = make(), make()
    Match.objects.filter(pk=match.pk).update(club=club)
    response = api.post(
        f"/matches/{match.code}/hands", {"request_id": str(uuid.uuid4()), "entry": entry}
    )
    assert response.status_code == 201, response.json()
    scored = [breakdown.total for breakdown in twin.rules.score_hand(twin.view(), entry)]
    assert [score["total"] for score in response.json()["scores"]] == scored
