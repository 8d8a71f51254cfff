"""A JSON export read into an empty database loses nothing; the CSVs say what they should."""

from __future__ import annotations

import json
import uuid
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from scoring.clubs.models import Club
from scoring.ledger.models import Hand, HandRevision, HandScore, Match, Player, Seat, Side
from tests.conftest import make_match, record


def snapshot() -> dict:
    """Everything the ledger holds about every match, keyed by what survives an import
    (codes, request ids, names), with every time and every total."""
    matches = {
        m["code"]: m
        for m in Match.objects.values(
            "code",
            "game",
            "options",
            "target",
            "status",
            "created_at",
            "updated_at",
            "finished_at",
            "version",
            "draft",
            "draft_revision",
            "private",
            "edit_token",
            "share_token",
            "owner__username",
            "club__code",
        )
    }
    sides = sorted(Side.objects.values_list("match__code", "position", "name", "total", "won"))
    seats = sorted(
        Seat.objects.values_list("side__match__code", "side__position", "order", "player__name")
    )
    hands = sorted(
        (str(h[0]), *h[1:])
        for h in Hand.objects.values_list(
            "request_id",
            "match__code",
            "number",
            "entry",
            "state",
            "revision",
            "version",
            "problem",
            "created_at",
            "created_by__name",
            "changed_at",
            "changed_by__name",
            "undone_at",
            "undone_by__name",
        )
    )
    scores = sorted(
        (str(r[0]), *r[1:])
        for r in HandScore.objects.values_list(
            "hand__request_id", "side__position", "total", "lines"
        )
    )
    revisions = sorted(
        (str(r[0]), *r[1:])
        for r in HandRevision.objects.values_list(
            "hand__request_id",
            "revision",
            "entry",
            "scores",
            "recorded_by__name",
            "replaced_by__name",
            "replaced_at",
        )
    )
    return {
        "matches": matches,
        "sides": sides,
        "seats": seats,
        "hands": hands,
        "scores": scores,
        "revisions": revisions,
    }


def empty_the_ledger() -> None:
    """Matches and players go; accounts and clubs stay (they are not the records')."""
    Match.objects.all().delete()
    Player.objects.all().delete()
    assert Match.objects.count() == 0


def export_and_import(tmp_path, *, into_an_empty_ledger: bool) -> str:
    """The records exported to a file and that file imported again, into an emptied
    ledger or the same one: what the import says."""
    path = tmp_path / "records.json"
    call_command("export_records", str(path))
    if into_an_empty_ledger:
        empty_the_ledger()
    out = StringIO()
    call_command("import_records", str(path), stdout=out)
    return out.getvalue()


@pytest.fixture
def eventful(club_night) -> list[Match]:
    """The club's night, plus a Truco match and a match with a correction, an undone
    hand and a hand in progress (a draft)."""
    alice = Player.objects.get(name="alice")
    bob = Player.objects.get(name="bob")
    busy = make_match("free", (("alice",), ("bob",), ("erin",)))
    record(busy, {"points": [1, 2, 3]}, by=alice)
    record(busy, {"points": [4, 5, 6]})
    busy.correct_hand(1, {"points": [10, 2, 3]}, by=bob)
    busy.correct_hand(1, {"points": [11, 2, 3]}, by=alice)
    record(busy, {"points": [0, 0, 9]})
    busy.undo_hand(by=bob)
    busy.save_draft({"note": "hand 3"}, revision=busy.draft_revision)
    truco = make_match("truco", (("alice", "carol"), ("bob", "dave")))
    record(truco, {"events": [{"type": "win", "team": "A"}]})
    owner = get_user_model().objects.create_user("alice", password="x")
    club = Club.objects.create(name="Quinta")
    Match.objects.filter(pk=truco.pk).update(owner=owner, club=club, private=False)
    return [*club_night, busy, truco]


def test_a_json_export_imports_into_an_empty_database_with_nothing_lost(eventful, tmp_path):
    before = snapshot()
    assert before["revisions"] and any(h[-2] for h in before["hands"])  # undone hand kept
    said = export_and_import(tmp_path, into_an_empty_ledger=True)
    assert "6 matches imported, 0 already here" in said
    assert snapshot() == before


def test_an_imported_match_carries_on(eventful, tmp_path):
    export_and_import(tmp_path, into_an_empty_ledger=True)
    busy = Match.objects.get(code=eventful[4].code)
    assert busy.view().hands_played == 2
    record(busy, {"points": [1, 1, 1]}, draft_revision=busy.draft_revision)
    assert list(busy.sides.values_list("total", flat=True)) == [16, 8, 10]


def test_importing_the_same_file_twice_adds_nothing(eventful, tmp_path):
    before = snapshot()
    said = export_and_import(tmp_path, into_an_empty_ledger=False)
    assert "0 matches imported, 6 already here" in said
    assert snapshot() == before


def test_a_file_that_is_not_an_export_is_refused(db, tmp_path):
    path = tmp_path / "other.json"
    path.write_text(json.dumps({"format": "something else"}))
    with pytest.raises(CommandError, match="not a tento-records v1 file"):
        call_command("import_records", str(path))


def without_links(held: dict) -> dict:
    links = ("edit_token", "share_token")
    matches = {
        code: {k: v for k, v in match.items() if k not in links}
        for code, match in held["matches"].items()
    }
    return held | {"matches": matches}


def test_the_downloaded_json_imports_too_with_new_links(scorer, eventful):
    client = scorer(*eventful)
    response = client.get("/records/export.json")
    assert response["Content-Disposition"] == 'attachment; filename="tento-records.json"'
    data = json.loads(b"".join(response.streaming_content))
    before = snapshot()
    empty_the_ledger()
    from scoring.records.exports import import_json

    assert import_json(data) == (6, 0)
    after = snapshot()
    assert without_links(after) == without_links(before)
    # The download carries no link: whoever reads it cannot score with it, and the
    # matches read back get links of their own.
    for code, match in after["matches"].items():
        assert match["edit_token"] != before["matches"][code]["edit_token"]
        assert match["share_token"] != before["matches"][code]["share_token"]


def test_the_records_csv_has_a_row_per_side(scorer, club_night):
    client = scorer(*club_night)
    response = client.get("/records/export.csv?season=2026")
    lines = b"".join(response.streaming_content).decode().splitlines()
    assert lines[0].startswith("match,game,status,created_at,finished_at,side,name,players")
    assert len(lines) == 1 + 4  # two matches of two sides
    # no event: its event, round and table columns are empty
    assert lines[1].endswith(",0,alice,alice,30,1,,,")


def test_a_hand_with_a_request_id_keeps_it(eventful, tmp_path):
    hand = Hand.objects.filter(match=eventful[0]).first()
    path = tmp_path / "records.json"
    call_command("export_records", str(path))
    empty_the_ledger()
    call_command("import_records", str(path), stdout=StringIO())
    again = Match.objects.get(code=eventful[0].code)
    same = again.record_hand({"points": [1, 1]}, request_id=uuid.UUID(str(hand.request_id))).hand
    assert same.number == hand.number  # a retry of an exported hand is still recognised


def exported(tmp_path) -> dict:
    path = tmp_path / "records.json"
    call_command("export_records", str(path))
    return json.loads(path.read_text())


def test_an_import_refuses_a_hand_the_game_would_refuse_and_keeps_nothing(eventful, tmp_path):
    data = exported(tmp_path)
    empty_the_ledger()
    busy = next(m for m in data["matches"] if m["code"] == eventful[-2].code)
    # The totals still add up, so only the game's own check can see it: free scoring
    # takes whole numbers, one per side.
    busy["hands"][0]["entry"] = {"points": [11, 2, 3], "extra": [[1]]}
    with pytest.raises(CommandError, match=rf"{busy['code']}, hand 1: refused by"):
        _import(data, tmp_path)
    assert Match.objects.count() == 0


def test_an_import_refuses_totals_that_are_not_the_sum_of_their_hands(eventful, tmp_path):
    data = exported(tmp_path)
    empty_the_ledger()
    busy = next(m for m in data["matches"] if m["code"] == eventful[-2].code)
    busy["sides"][0]["total"] += 1000
    with pytest.raises(CommandError, match=rf"{busy['code']}: side 0 .* stores"):
        _import(data, tmp_path)
    assert Match.objects.count() == 0


def _import(data: dict, tmp_path) -> str:
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    out = StringIO()
    call_command("import_records", str(path), stdout=out)
    return out.getvalue()
