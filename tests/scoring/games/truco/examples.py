"""Real Truco engine calls: one for every violation the engine can emit, and hands whose
score lines cite every other rule. The shared rulebook contract
(``tests/scoring/test_rulebook_contract.py``) formats each message with these params."""

from __future__ import annotations

from referee import truco
from referee.rulings import ScoreLine, Violation
from referee.truco import (
    Event,
    HandState,
    MatchScore,
    Play,
    TrucoOptions,
    cut_violations,
    deal_violations,
    judge_hand,
    manilhas,
    resolve_hand,
    resolve_trick,
    score_events,
)
from tests.referee.rulewatch import refused

PAULISTA = TrucoOptions(variant="paulista", vira=Play("A", "7S").card)
MINEIRO = TrucoOptions(variant="mineiro")


def hand(a: int, b: int, *spec: tuple, options: TrucoOptions | None = None):
    return lambda: score_events({"A": a, "B": b}, [Event(*item) for item in spec], options)


def plays(cards: str, teams: str = "ABAB", down: str = "") -> list[Play]:
    return [
        Play(team, card, face_down=str(i) in down)
        for i, (team, card) in enumerate(zip(teams, cards.split(), strict=True))
    ]


def engine_violations() -> list[Violation]:
    """One real engine call for every violation it can emit."""
    found: list[Violation] = []
    calls = [
        lambda: TrucoOptions.from_dict({"variant": "gaucho"}),
        lambda: manilhas(TrucoOptions(variant="paulista")),
        lambda: resolve_trick(plays("7S 3H 2C KD"), PAULISTA),
        lambda: resolve_trick(plays("3H 3S 2C KD", teams="ACAB")),
        lambda: resolve_trick(plays("3H 3S 2C", teams="ABA")),
        lambda: resolve_trick(plays("3H 3S 2C KD", teams="AABB")),
        lambda: resolve_trick(plays("3H 3S 2C KD", down="0")),
        lambda: resolve_trick(plays("3H 3S 2C KD"), trick_number=4),
        lambda: resolve_trick(plays("3H 3H 8C KD"), trick_number=2),
        lambda: resolve_trick(plays("3H 3S 2C KD"), players=2),
        lambda: judge_hand([], players=4, mao=4),
        lambda: Play("A", "ZZ"),
        lambda: resolve_hand(["A", "X"]),
        lambda: resolve_hand(["A", "T", "B", "T"]),
        lambda: HandState.start({"A": 13, "B": 0}),
        lambda: HandState.start({"A": 12, "B": 0}),
        hand(0, 0, ("raise", "A")),
        hand(0, 0, ("win", "A"), ("win", "B")),
        hand(0, 0, ("fold", "A")),
        hand(0, 0, ("raise", None)),
        hand(0, 0, ("raise", "A"), ("raise", "A")),
        hand(0, 0, *[("raise", team) for team in "ABABA"], options=TrucoOptions(target=24)),
        hand(6, 0, ("raise", "A"), ("raise", "B"), ("raise", "A")),
        hand(0, 0, ("accept", "B")),
        hand(0, 0, ("raise", "A"), ("accept", "A")),
        hand(0, 0, ("raise", "A"), ("win", "A")),
        hand(11, 3, ("raise", "B")),
        hand(11, 3, ("run", "B")),
        hand(11, 3, ("accept", "A"), ("run", "A")),
        hand(10, 3, ("raise", "B"), options=MINEIRO),
        hand(10, 3, ("run", "B"), options=MINEIRO),
        hand(10, 3, ("accept", "A"), ("run", "A"), options=MINEIRO),
        hand(11, 11, ("raise", "A")),
        hand(0, 0, ("penalty", "A", "bad-manners")),
        lambda: MatchScore(best_of=1).record("A").record("B"),
    ]
    for call in calls:
        found.extend(refused(call))
    found.extend(deal_violations(["shuffle"]))
    found.extend(deal_violations(["keep", "pass"]))
    found.extend(deal_violations(["pass"], plain=True))
    found.extend(deal_violations(["pass", "pass"]))
    found.extend(deal_violations(["pass"], players=2))
    found.extend(deal_violations(["reject"] * 4))
    found.extend(cut_violations(5, 3))
    return found


def engine_lines() -> list[ScoreLine]:
    """Hands whose score lines, between them, cite every scoring rule."""
    outcomes = [
        hand(0, 0, ("win", "A")),
        hand(0, 0, ("raise", "A"), ("run", "B")),
        hand(11, 3, ("run", "A")),
        hand(11, 3, ("win", "B")),
        hand(10, 3, ("run", "A"), options=MINEIRO),
        hand(10, 3, ("win", "B"), options=MINEIRO),
        hand(11, 11, ("win", "B")),
        hand(11, 5, ("penalty", "B", "truco.penalty.deal-procedure"), ("run", "A")),
        hand(0, 0, ("penalty", "B"), ("win", "A")),  # the fault not named
        *[hand(0, 0, ("penalty", "B", reason), ("win", "A")) for reason in truco.PENALTY_REASONS],
    ]
    lines = []
    for outcome in outcomes:
        for breakdown in outcome().breakdowns.values():
            lines.extend(breakdown.lines)
    return lines


def engine_answers() -> list[str]:
    """The rules that decide a trick or a hand, as the referee's answers cite them."""
    tricks = [
        resolve_trick(plays("3H 4S 5C 6D")),
        resolve_trick(plays("3H 4S 3C 6D")),
        resolve_trick(plays("3H 3S 5C 6D")),
        resolve_trick(plays("3H 4S 5C 6D", down="0123"), trick_number=2),
    ]
    decides = TrucoOptions(accepted_truco_trick_decides=True)
    hands = [
        resolve_hand(["A", "A"]),
        resolve_hand(["A", "T"]),
        resolve_hand(["T", "B"]),
        resolve_hand(["T", "T", "T"]),
        resolve_hand(["B", "A", "A"], truco_accepted_in=1, options=decides),
    ]
    return [result.rule for result in [*tricks, *hands] if result.rule]
