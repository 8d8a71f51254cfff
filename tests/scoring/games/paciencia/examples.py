"""Real calls of the Paciência engine: a refusal for every rule that refuses something
(a deck, a shuffle number, a result from the table), and games whose moves and outcomes
cite every other rule with a message. The shared rulebook contract
(``tests/scoring/test_rulebook_contract.py``) formats each message with these params."""

from __future__ import annotations

from referee.cards import parse_cards
from referee.paciencia import play, play_shuffle, record_violations, shuffle
from referee.rulings import Violation
from tests.referee.rulewatch import refused

# Shuffles whose games between them move cards for every reason there is (177 comes out
# in the second deal; the others are lost, some with a dog's card fitting after its run).
SHUFFLES = (*range(30), 177)
# A game cites its rules hundreds of times: a few of each are plenty to read.
EACH = 3


def engine_violations() -> list[Violation]:
    """One real engine call for every violation and every move or outcome it can cite."""
    deck = shuffle(1)
    found: list[Violation] = []
    found += refused(lambda: play(deck[:-1]))  # 103 cards: size and missing
    found += refused(lambda: play([*deck[:-1], deck[0]]))  # a card three times
    found += refused(lambda: play([*deck[:-1], *parse_cards("JK")]))  # not in the deck
    found += refused(lambda: shuffle(-1))
    found += refused(lambda: play_shuffle(2**64))
    found += record_violations(False, 2, 30)  # lost before the third deal
    found += record_violations(True, 4, 0)
    found += record_violations(True, 3, 5)  # won, yet cards left
    found += record_violations(False, 3, 1)  # one card cannot be left over
    cited: dict[str, int] = {}
    for n in SHUFFLES:
        game = play_shuffle(n)
        for said in (*(Violation(m.rule, m.params) for m in game.moves), game.outcome):
            if cited.get(said.rule, 0) < EACH:
                cited[said.rule] = cited.get(said.rule, 0) + 1
                found.append(said)
    return found
