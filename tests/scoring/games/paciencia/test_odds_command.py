"""``paciencia_odds``: plays many shuffles and writes the odds the rulebook page shows.

The app is not in INSTALLED_APPS yet, so the command is called as an object; once it is,
``call_command("paciencia_odds", …)`` reaches the same class.
"""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from referee.paciencia import RULINGS, outcome, tally
from scoring.games.paciencia.management.commands.paciencia_odds import ODDS_FILE, Command


def run(*args: str) -> str:
    out = StringIO()
    call_command(Command(), *args, stdout=out)
    return out.getvalue()


def test_it_writes_the_tally_of_the_shuffles_played(tmp_path):
    target = tmp_path / "odds.json"
    printed = run(
        "--shuffles",
        "45",
        "--start",
        "170",
        "--workers",
        "1",
        "--chunk",
        "10",
        "--output",
        str(target),
    )
    data = json.loads(target.read_text())
    expected = tally(range(170, 215)).as_dict()
    assert {key: data[key] for key in expected} == expected
    assert (data["first_shuffle"], data["last_shuffle"]) == (170, 214)
    assert data["sample"]["177"] == {"won": True, "deal": 2, "cards_left": 0}
    assert len(data["sample"]) == 20
    assert data["rulings"] == list(RULINGS)
    # progress about every tenth of the way, then the summary
    assert "45/45" in printed and "10/45" in printed
    assert f"Came out {data['wins']} times in 45" in printed


def test_it_refuses_nonsense_counts(tmp_path):
    for args in (["--shuffles", "0"], ["--workers", "0"], ["--start", "-1"]):
        with pytest.raises(CommandError):
            run(*args, "--output", str(tmp_path / "x.json"))


def test_the_committed_odds_are_a_full_run_of_the_engine_as_it_is():
    data = json.loads(ODDS_FILE.read_text())
    assert data["shuffles"] == 100_000 and data["first_shuffle"] == 0
    assert data["wins"] == data["cards_left"]["0"] == sum(data["won_in_deal"].values())
    assert sum(data["deals"].values()) == sum(data["cards_left"].values()) == 100_000
    assert data["estimate"] == data["wins"] / 100_000
    low, high = data["ci95"]
    assert low < data["estimate"] < high
    # stale if the engine now plays these shuffles differently: run the command again
    for n, seen in data["sample"].items():
        assert outcome(int(n)) == (seen["won"], seen["deal"], seen["cards_left"])
    assert data["rulings"] == list(RULINGS)
