"""Real Pinkerton engine calls that between them emit every violation the engine can send:
the shared rulebook contract (``tests/scoring/test_rulebook_contract.py``) formats each
message with the params these calls send, in every language. And the page's first throw
as the engine answers it, which the API's throw check must answer alike."""

from __future__ import annotations

from collections.abc import Sequence

from referee.pinkerton import (
    PASS,
    Event,
    Match,
    PinkertonOptions,
    Round,
    check_add,
    check_throw,
    round_points,
)
from referee.rulings import Violation
from tests.referee.rulewatch import refused

ALWAYS = PinkertonOptions(show_value="always")
# Ala deals to Bea and Cez. Phase I on 9♠, phase II at 31: Ala opens phase III high.
TO_HIGH = (
    "turn 9S",
    "bea throw 10S AH",
    "cez throw QC JD",
    "ala throw 10C AD",
    "turn KH",
    "bea throw KD 2S",
    "cez throw QD 2H",
    "ala throw KH QH",
)
# The same, but phase II at −4: Ala opens phase III between −20 and 20.
TO_LOW = (
    "turn 9S",
    "bea throw 10S AH",
    "cez throw QC JD",
    "ala throw 10C AD",
    "turn 5H",
    "bea throw 2S 3S",
    "cez throw 4S AS",
    "ala throw 6S AH",
)

# 10♠ A♥ thrown on the 9♠, the page's first example, as ``check_throw`` answers it.
EXACT_THROW = {
    "stack_value": -9,
    "required_cards": 2,
    "sum": -9,
    "meets": True,
    "exact": True,
    "violations": [],
}


def event(spec: str) -> Event:
    """``"bea throw 10S AH"`` or ``"turn 9S"`` as an event."""
    words = spec.split()
    if words[0] == "turn":
        return Event("turn", None, words[1:])
    return Event(words[1], words[0], words[2:])


def play(
    *specs: str,
    players: Sequence[str] = ("ala", "bea", "cez"),
    options: PinkertonOptions | None = None,
) -> Round:
    return Round.replay(players, players[0], [event(spec) for spec in specs], None, options)


def engine_violations() -> list[Violation]:
    """Real engine calls, between them emitting every violation rule."""
    high = play(*TO_HIGH, "ala add 4C")
    thrown = high.apply(event("bea throw KD 2S"))
    low = play(*TO_LOW)
    out = play(
        "turn 9S", "bea pass", "cez throw 10S AH", "ala throw 10C AD", "turn KH", "bea pass"
    )
    two = play("turn 9S", "bea pass", "ala pass", "turn KH", "bea pass", players=("ala", "bea"))
    won = Match.start(("ala", "bea"), "ala", PinkertonOptions(target=2)).record(two)
    found: list[Violation] = []
    for call in (
        lambda: PinkertonOptions.from_dict({"pass_limit": 1, "colour": "red"}),
        lambda: Round.start(["ala"], "ala"),
        lambda: Round.start(["ala", "ala", "bea"], "zed", {"ala": -1}),
        lambda: check_throw("9S", "ZZ"),
        lambda: check_throw("JK", "2H 3H"),
        lambda: check_throw("KH KH KH", "2H 3H"),
        lambda: round_points(-1),
        low.breakdown,
        won.new_round,
        lambda: Match.start(("ala", "bea"), "bea").record(two),
        # a dealer who deals and counts only leaves one player
        lambda: Round.start(["ala", "bea"], "ala", None, PinkertonOptions(dealer_plays=False)),
    ):
        found += refused(call)
    found += check_add("9S 5H", "KH").violations
    for state, spec in (
        (play(), "bea pass"),  # the centre card first
        (play(), "turn 9S 9H"),  # one card
        (play("turn 9S"), "turn 3H"),  # already turned
        (play("turn 9S"), "cez pass"),  # out of turn
        (play("turn 9S"), "bea add 2H"),  # nothing added before phase III
        (play("turn 9S"), "bea free-pass"),  # no free pass before phase III
        (play("turn 9S"), "bea throw 10S"),  # k cards
        (play("turn 9S"), "bea throw 10H 2H"),  # short, the value hidden
        (play("turn 3H", options=ALWAYS), "bea throw AH AD"),  # short of 3
        (play("turn 9S", options=ALWAYS), "bea throw 10H 2H"),  # short of −9
        (play(*TO_HIGH), "ala throw KH KD"),  # the opening has no throw
        (play(*TO_HIGH), "ala pass"),  # nor a pass
        (high, "bea add 2H"),  # a throw first
        (thrown, "bea throw KD 2S"),  # one throw a turn
        (thrown, "bea pass"),  # no pass after a throw
        (thrown, "bea free-pass"),  # at 20 or more every card may go
        (low, "ala add KH"),  # rule 1
        (low.apply(event("ala add 4H")), "bea pass"),  # rule 2: no pass at 0
        (low, "ala ask"),  # rule 4: not the dealer
        (out, "bea ask"),  # out of the round
        (two, "ala ask"),  # the round is over
        (play("turn 9S"), "bea dance"),  # no such event
        (play("turn 9S"), "bea skip"),  # rule 2: a throw is skipped only at 0
        (play(options=PinkertonOptions(dealer_plays=False)), "ala pass"),  # deals only
    ):
        found += state.violations(event(spec))
    found += play("turn 9S").violations(Event(PASS))  # whose pass?
    return found
