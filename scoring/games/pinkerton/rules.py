"""Pinkerton's rulebook: every rule the engine (``referee.pinkerton``) can cite, and the
rules and rulings it applies without citing them, in the project's own words.

A rule's ``title`` labels score lines; its ``message`` explains a violation with the
engine's parameters; its ``text`` is what the rulebook page shows under the rule's id.
Where the seed is silent or ambiguous the page or the app makes a *ruling*: each has
its own ``pinkerton.ruling.*`` text, marked ``kind=RULING`` and placed next to the rule
it settles; the house rules a match may choose are ``pinkerton.option.*``
(``kind=OPTION``). The ``cards.*`` ids the engine emits are the shared ones in
``CORE_RULES``.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from scoring.kit.rulebook import OPTION, RULING, RuleText

TABLE = _("The table and the cards")
MEETING = _("Meeting the value")
ROUND = _("A round")
PASSING = _("Passing")
EXTRA = _("The five extra rules")
POINTS = _("Points and the match")
ENTRY = _("Recording a round at the table")
HOUSE = _("House rules")

RULES: tuple[RuleText, ...] = (
    # --- the table and the cards --------------------------------------------------------
    RuleText(
        "pinkerton.table.players",
        _("Two to six players, two decks"),
        _("Pinkerton is played by 2 to 6 players; %(players)s were entered."),
        _(
            "Two to six players, each for themselves, with two 52-card decks and no "
            "jokers. Play goes to the left."
        ),
        TABLE,
    ),
    RuleText(
        "pinkerton.table.card-values",
        _("Card values"),
        text=_(
            "2 to 10 count their face value, the ace 1, the jack 20, the queen (Polish D, "
            "dama) 30 and the king 40. Red cards (♥ ♦) count plus, black cards (♠ ♣) "
            "minus: K♥ is +40, K♠ is −40, 9♠ is −9."
        ),
        section=TABLE,
    ),
    RuleText(
        "pinkerton.ruling.dealer",
        _("Ruling: the dealer plays or not, and the deal goes to the left"),
        text=_(
            "The seed says the dealer counts the stack “even if the dealer is a player”: "
            "the dealer may play or not, as the table agrees when the match starts. A "
            "dealer who plays takes a turn like everyone (in the first round the dealer is "
            "also the first player of phase III); a dealer who does not play deals and "
            "counts only, and in the first round the player on the dealer's left begins "
            "the licytacja. The seed does not say who deals next: the app passes the deal "
            "to the left after every round."
        ),
        section=TABLE,
        kind=RULING,
    ),
    RuleText(
        "pinkerton.table.dealer-sits-out",
        _("Two players besides the dealer"),
        ngettext_lazy(
            "A dealer who does not play leaves the round to the others: %(players)s player "
            "at the table is too few, it takes three.",
            "A dealer who does not play leaves the round to the others: %(players)s players "
            "at the table are too few, it takes three.",
            "players",
        ),
        text=_(
            "When the dealer deals and counts only, at least two other players play the "
            "round: three at the table or more."
        ),
        section=TABLE,
    ),
    RuleText(
        "pinkerton.dealer.not-playing",
        _("The dealer does not play"),
        _("%(player)s deals this round without playing: the dealer deals and counts only."),
        text=_(
            "A dealer who does not play has no turn in the round: no throw, no card added and "
            "no pass; the turn goes from the player on the dealer's right to the player on "
            "the dealer's left."
        ),
        section=TABLE,
    ),
    RuleText(
        "pinkerton.table.duplicate-player",
        _("Player twice"),
        _("%(player)s is entered more than once."),
        text=_("Every player at the table is a different person, entered once."),
        section=TABLE,
    ),
    RuleText(
        "pinkerton.table.scores",
        _("Match scores"),
        _(
            "The match scores must name exactly the players at the table (missing: "
            "%(missing)s; not at the table: %(extra)s)."
        ),
        text=_(
            "A round starts from the match's points: one score for each player at the table, and "
            "none for anybody else."
        ),
        section=TABLE,
    ),
    RuleText(
        "pinkerton.score.invalid",
        _("Match score"),
        _("%(player)s has %(points)s points: a score is a whole number, 0 or more."),
        text=_("Match points are won, never lost: a score is a whole number, 0 or more."),
        section=TABLE,
    ),
    RuleText(
        "pinkerton.player.unknown",
        _("Unknown player"),
        _("%(player)s is not at this table."),
        text=_("Every move and every deal is made by one of the players at the table."),
        section=TABLE,
    ),
    # --- meeting the value --------------------------------------------------------------
    RuleText(
        "pinkerton.meet.card-count",
        _("How many cards a throw has"),
        ngettext_lazy(
            "This throw has %(count)s card; it must have exactly %(required)s.",
            "This throw has %(count)s cards; it must have exactly %(required)s.",
            "count",
        ),
        _(
            "A throw has exactly k cards: 2 while the value is between −80 and 80, then "
            "one more at every 40: 3 from 80 (or −80), 4 from 120, 5 from 160, and so on "
            "(rule 3). A throw with another number of cards never meets the value."
        ),
        MEETING,
    ),
    RuleText(
        "pinkerton.meet.positive",
        _("Meeting a positive value"),
        _(
            "These cards add up to %(sum)s. The value is %(value)s, so the throw must add "
            "up to %(value)s or more."
        ),
        _(
            "When the value is positive, the throw's cards must add up to the value or "
            "more. Centre 3♥: 10♦ J♦ (30), K♥ Q♣ (10) and A♦ 2♥ (3) meet it; 2♥ A♣ (1) "
            "does not."
        ),
        MEETING,
    ),
    RuleText(
        "pinkerton.meet.negative",
        _("Meeting a negative value"),
        _(
            "These cards add up to %(sum)s. The value is %(value)s, so the throw must add "
            "up to %(value)s or less."
        ),
        _(
            "When the value is negative, the throw's cards must add up to the value or "
            "less. Centre 9♠ (−9): 10♠ A♥ (−9) and Q♣ J♦ (−10) meet it."
        ),
        MEETING,
    ),
    RuleText(
        "pinkerton.meet.zero",
        _("Meeting a value of 0"),
        text=_("Any throw of the right number of cards meets a value of 0 (see rule 2)."),
        section=MEETING,
    ),
    RuleText(
        "pinkerton.meet.not-met",
        _("The throw does not meet the value"),
        _(
            "These cards add up to %(sum)s and do not meet the stack's value. The value "
            "is not shown: a player may ask the dealer for it."
        ),
        _(
            "While the stack's value is not shown (rule 4), a throw that falls short is "
            "refused without giving the value away."
        ),
        MEETING,
    ),
    RuleText(
        "pinkerton.meet.exact",
        _("An exact throw"),
        text=_(
            "A throw whose cards add up to the value itself is exact: 10♠ A♥ on 9♠, or "
            "K♠ 6♦ (−34) on a stack of −34. An exact throw takes back one of the "
            "player's passes."
        ),
        section=MEETING,
    ),
    # --- a round ------------------------------------------------------------------------
    RuleText(
        "pinkerton.round.phase-one",
        _("Phase I: the centre card"),
        text=_(
            "Each player gets five cards, and the dealer turns one card face up in the "
            "centre. In turn each player throws k cards that meet the centre card, or "
            "passes. Thrown cards go to a side pile, never to the centre."
        ),
        section=ROUND,
    ),
    RuleText(
        "pinkerton.ruling.turn-order",
        _("Ruling: who plays first in phases I and II"),
        text=_(
            'The seed says only "in turn". In phases I and II the player to the dealer\'s '
            "left plays first and the dealer last, one turn each. Players who are out of "
            "the round are skipped."
        ),
        section=ROUND,
        kind=RULING,
    ),
    RuleText(
        "pinkerton.round.phase-two",
        _("Phase II: the stack"),
        text=_(
            "When everyone has thrown or passed, the dealer gives each player three more "
            "cards and turns a second card onto the centre. From now on the centre is the "
            "stack, and its value is the sum of its cards. Each player again throws or "
            "passes. Stack 10♠ K♥ is 30: a throw must reach 30 or more. Stack 5♣ 3♣ is −8: "
            "Q♠ 10♠ (−40), J♦ K♣ (−20) and 10♠ 2♦ (−8, exact) meet it."
        ),
        section=ROUND,
    ),
    RuleText(
        "pinkerton.ruling.all-pass",
        _("Ruling: when everybody passes"),
        text=_(
            "If every player passes in phase I or phase II, the round simply goes on to "
            "the next phase; the passes count."
        ),
        section=ROUND,
        kind=RULING,
    ),
    RuleText(
        "pinkerton.round.phase-three",
        _("Phase III: the licytacja"),
        text=_(
            "The dealer gives each player three cards (k + 1 when k is more than 2). The "
            "first player adds any card from hand to the stack. Then, in turn to the left, "
            "each player either throws k cards that meet the stack's value and then adds "
            "one card to the stack, or, unable to, passes and adds nothing. After each full "
            "turn of the table the dealer deals again. Play goes on until one player is "
            "left in the round. Stack 2♥ Q♦ is 32; the player adds 4♣ and it is 28."
        ),
        section=ROUND,
    ),
    RuleText(
        "pinkerton.ruling.first-player",
        _("Ruling: the first player of phase III"),
        text=_(
            "The first player is the player with the most points in the match, among "
            "those still in the round. On a tie — as in the first round, when everyone has "
            "0 — it is the first of the tied players in turn order starting with the "
            "dealer, so in the first round the dealer opens, as the seed says; a dealer "
            "who does not play leaves it to the player on their left."
        ),
        section=ROUND,
        kind=RULING,
    ),
    RuleText(
        "pinkerton.ruling.opening",
        _("Ruling: the opening follows rule 1"),
        text=_(
            "The first player's opening card is added like any other: while the stack is "
            "between −20 and 20 it may not be a J, Q or K, and a first player with no card "
            "that may be added passes without consequence. There is nothing to meet, so "
            "the opening is never a counted pass."
        ),
        section=ROUND,
        kind=RULING,
    ),
    RuleText(
        "pinkerton.ruling.deal-sizes",
        _("Ruling: how many cards each deal gives"),
        text=_(
            "Five cards each in phase I; three in phase II (the centre is one card then, "
            "so k is 2); at the start of phase III and after each full turn of the table, "
            "k + 1 cards, with k taken from the stack's value at the moment of the deal: "
            "3, then 4 from ±80, 5 from ±120, and so on."
        ),
        section=ROUND,
        kind=RULING,
    ),
    RuleText(
        "pinkerton.ruling.full-turn",
        _("Ruling: a full turn of the table"),
        text=_(
            "A full turn of the table is over when every player still in the round has "
            "had one turn since the last deal. The first one starts with the first "
            "player's opening."
        ),
        section=ROUND,
        kind=RULING,
    ),
    # --- passing ------------------------------------------------------------------------
    RuleText(
        "pinkerton.pass.counted",
        _("Passing"),
        text=_(
            "A player who passes lays one card from hand face down before them; it is out "
            "of play. Every pass counts against the player's limit: two passes, unless "
            "the players agreed on more."
        ),
        section=PASSING,
    ),
    RuleText(
        "pinkerton.ruling.elimination",
        _("Ruling: out of the round at the limit"),
        text=_(
            "A player whose passes reach the limit is out of the round. The round ends "
            "when one player is left, who wins it."
        ),
        section=PASSING,
        kind=RULING,
    ),
    RuleText(
        "pinkerton.ruling.early-passes",
        _("Ruling: passes in phases I and II count"),
        text=_(
            "The seed brings in passing in phase I: a pass in phase I or II counts against "
            "the limit like any other, and an exact throw there takes back a pass as in "
            "phase III. So with the limit of two, a player who passes in both phases is "
            "out before the licytacja."
        ),
        section=PASSING,
        kind=RULING,
    ),
    RuleText(
        "pinkerton.pass.take-back",
        _("Taking back a pass"),
        text=_(
            "An exact throw lets the player take back one pass: the face-down card "
            "returns to their hand and the pass no longer counts."
        ),
        section=PASSING,
    ),
    RuleText(
        "pinkerton.ruling.take-back",
        _("Ruling: the take-back is automatic"),
        text=_(
            "Taking the card back can only help, so the app does it by itself: an exact "
            "throw by a player with a pass takes one back. A player without a pass has "
            "nothing to take back."
        ),
        section=PASSING,
        kind=RULING,
    ),
    RuleText(
        "pinkerton.player.out",
        _("Out of the round"),
        _("%(player)s has reached the pass limit and is out of this round."),
        text=_(
            "A player out of the round does nothing more in it: no throw, no card added, no pass "
            "and no request for the value. Their turn is skipped until the next round."
        ),
        section=PASSING,
    ),
    RuleText(
        "pinkerton.pass.opening",
        _("No pass at the opening"),
        _(
            "%(player)s opens phase III by adding a card; there is nothing to meet, so "
            "there is no pass. With no card that may be added, it is a pass without "
            "consequence."
        ),
        text=_(
            "The first player of phase III opens by adding a card, with nothing to meet, so "
            "the opening is never a counted pass. A first player with no card that may be "
            "added passes without consequence."
        ),
        section=PASSING,
    ),
    RuleText(
        "pinkerton.pass.after-throw",
        _("No pass after a throw"),
        _(
            "%(player)s has thrown and now adds a card to the stack (or, with no card that "
            "may be added, passes without consequence)."
        ),
        text=_(
            "A player who has thrown then adds a card to the stack; with no card that may be "
            "added, they pass without consequence. A counted pass comes instead of a throw, never "
            "after it."
        ),
        section=PASSING,
    ),
    # --- the five extra rules -----------------------------------------------------------
    RuleText(
        "pinkerton.rule1.face-card",
        _("Rule 1: no J, Q or K near 0"),
        _(
            "%(card)s may not be added: while the stack is between −20 and 20, no J, Q or "
            "K goes onto it (rule 1)."
        ),
        _(
            "While the stack is more than −20 and less than 20, no J, Q or K (±20, ±30, "
            "±40) may be added to it. At 20 or more, or −20 or less, they may, whatever "
            "their colour. At 15 K♥ may not be added; at 20 it may."
        ),
        EXTRA,
    ),
    RuleText(
        "pinkerton.rule1.free-pass",
        _("Rule 1: the pass without consequence"),
        text=_(
            "A player with no card that may be added passes without consequence: no pass "
            "is counted, no card is laid down, nothing is added."
        ),
        section=EXTRA,
    ),
    RuleText(
        "pinkerton.ruling.free-pass",
        _("Ruling: when the pass without consequence is taken"),
        text=_(
            "It replaces only the add: after the player's throw, at the first player's "
            "opening, or at a stack of 0 when the throw is skipped (rule 2). It never "
            "replaces a throw: a player who cannot meet the stack takes the counted pass, "
            "whatever cards they could have added (the seed: “Jeśli gracz nie ma "
            "odpowiednich kart musi spasować i nie może dorzucić swojej karty”). It exists "
            "only in phase III, and only while the stack is between −20 and 20, since "
            "otherwise every card may be added. The app cannot see a hand: it takes the "
            "player's word."
        ),
        section=EXTRA,
        kind=RULING,
    ),
    RuleText(
        "pinkerton.rule1.free-pass-phase",
        _("No pass without consequence before phase III"),
        _(
            "There is no pass without consequence in phase %(phase)s: nothing is added to "
            "the centre before phase III."
        ),
        text=_(
            "Nothing is added to the centre in phases I and II, so there is no pass without "
            "consequence there: a player who cannot throw passes, and the pass counts."
        ),
        section=EXTRA,
    ),
    RuleText(
        "pinkerton.rule1.free-pass-every-card",
        _("Every card may be added"),
        _(
            "%(player)s cannot pass without consequence: at 20 or more, or −20 or less, "
            "every card may be added."
        ),
        text=_(
            "At 20 or more, or −20 or less, every card may be added to the stack, so nobody is "
            "left without a card to add: there is no pass without consequence."
        ),
        section=EXTRA,
    ),
    RuleText(
        "pinkerton.rule2.zero",
        _("Rule 2: a stack of 0"),
        text=_(
            "When the stack is 0, the player need not throw and may add a card at once. "
            "They may also throw first: any k cards meet 0, and cards adding up to 0 are "
            "exact."
        ),
        section=EXTRA,
    ),
    RuleText(
        "pinkerton.ruling.zero",
        _("Ruling: rule 2 from phase II on, and no pass at 0"),
        text=_(
            "Rule 2 holds from phase II on, where the centre becomes the stack. In phase "
            "II, where nothing is added yet, a player at 0 may skip the throw: no pass is "
            "counted and the turn moves on. In phase III the player may add a card at "
            "once, or skip the throw and then add. At 0 every throw meets as well, so "
            "nobody is forced to pass: a counted pass is refused. In phase III a player "
            "with only J, Q and K passes without consequence in place of the add."
        ),
        section=EXTRA,
        kind=RULING,
    ),
    RuleText(
        "pinkerton.rule2.no-pass",
        _("No pass at 0"),
        _(
            "%(player)s cannot pass at a value of 0: every throw meets it, and in phase "
            "III a card may be added at once (rule 2)."
        ),
        text=_(
            "At a value of 0 any throw meets, and in phase III a card may be added at once, so a "
            "counted pass is refused."
        ),
        section=EXTRA,
    ),
    RuleText(
        "pinkerton.rule2.skip-not-zero",
        _("A throw is skipped only at 0"),
        _("%(player)s may skip the throw only at a stack of 0 (rule 2): throw, or pass."),
        text=_(
            "Only at a stack of 0 may a player skip the throw (rule 2); at any other value "
            "the player throws cards that meet it, or passes."
        ),
        section=EXTRA,
    ),
    RuleText(
        "pinkerton.rule3.growth",
        _("Rule 3: more cards from ±80"),
        text=_(
            "At 80 or −80 a throw needs three cards instead of two, at ±120 four, at ±160 "
            "five, and so on; the dealer's deal grows by one card at the same values. "
            "k: 79 → 2, 80 → 3, −80 → 3, 119 → 3, 120 → 4, −160 → 5."
        ),
        section=EXTRA,
    ),
    RuleText(
        "pinkerton.rule4.on-request",
        _("Rule 4: the value only on request"),
        text=_(
            "Only the dealer counts the stack, and only when a player asks; the dealer may "
            "not count it for themselves. The app keeps the count and shows the value only "
            "on a request, recorded with who asked."
        ),
        section=EXTRA,
    ),
    RuleText(
        "pinkerton.ruling.value-requests",
        _("Ruling: asking for the value"),
        text=_(
            "Any player still in the round except the dealer may ask, at any moment once "
            "a card is in the centre. The app shows the value until the stack changes, and "
            "when a throw falls short it says so without giving the value. Once the round "
            "is over the value is shown. How many cards a throw needs is always shown: "
            "the dealer's deal gives it away anyway."
        ),
        section=EXTRA,
        kind=RULING,
    ),
    RuleText(
        "pinkerton.rule4.dealer-asks",
        _("The dealer may not ask"),
        _("%(player)s deals this round and may not have the stack counted (rule 4)."),
        text=_(
            "The dealer counts the stack for the other players and may not have it counted for "
            "themselves."
        ),
        section=EXTRA,
    ),
    RuleText(
        "pinkerton.rule5.deck",
        _("Rule 5: the dealer's cards"),
        text=_(
            "When the dealer runs out, the thrown cards, or an extra deck, may be used; "
            "never the stack. So the stack never holds a card more often than the two "
            "decks do (three with the extra deck)."
        ),
        section=EXTRA,
    ),
    RuleText(
        "pinkerton.ruling.throw-deck",
        _("Ruling: a throw and the stack share the decks"),
        text=_(
            "The cards of a throw are in a hand while the stack's cards lie in the centre, "
            "so the throw and the stack together may not use a card more often than the "
            "decks hold. Cards thrown earlier went to the side pile and may be dealt "
            "again: they are not counted."
        ),
        section=EXTRA,
        kind=RULING,
    ),
    # --- points and the match -----------------------------------------------------------
    RuleText(
        "pinkerton.points.cards",
        _("Cards in the stack"),
        text=_(
            "At the end of the round the stack's cards are counted, including the two "
            "cards turned in phases I and II. The winner of the round scores one point for "
            "each card."
        ),
        section=POINTS,
    ),
    RuleText(
        "pinkerton.points.bonus",
        _("Ten more for every ten cards"),
        text=_(
            "For every full ten cards in the stack the winner scores ten more points: "
            "n cards score n + 10 × ⌊n / 10⌋. 7 cards → 7, 9 → 9, 10 → 20, 23 → 43, "
            "30 → 60."
        ),
        section=POINTS,
    ),
    RuleText(
        "pinkerton.ruling.round-end",
        _("Ruling: a round may end before the licytacja"),
        text=_(
            "A round ends as soon as one player is left, even in phase II: the stack is "
            "then the cards in the centre (two cards score 2)."
        ),
        section=POINTS,
        kind=RULING,
    ),
    RuleText(
        "pinkerton.points.card-count",
        _("Cards in a stack"),
        _("A stack holds %(min)s to %(max)s cards, not %(cards)s."),
        text=_(
            "A stack holds no more cards than the decks: 104 with two decks, 156 with the extra "
            "deck."
        ),
        section=POINTS,
    ),
    RuleText(
        "pinkerton.match.end",
        _("Winning the match"),
        text=_(
            "After the points, a new round starts at phase I. The match is won at an "
            "agreed score, or by the most points when an agreed time is up."
        ),
        section=POINTS,
    ),
    RuleText(
        "pinkerton.ruling.match-end",
        _("Ruling: reaching the target, time up, a tie"),
        text=_(
            "The target is checked at the end of each round: the player who reaches it "
            "wins. The time limit is checked at the end of a round too: a round under way "
            "is played out. If the top is shared when time is up, the match goes on round "
            "by round until one player leads alone."
        ),
        section=POINTS,
        kind=RULING,
    ),
    RuleText(
        "pinkerton.match.over",
        _("Match over"),
        _("%(winner)s has won the match: no more rounds are played."),
        text=_("Once a player has won the match, no more rounds are played in it."),
        section=POINTS,
    ),
    RuleText(
        "pinkerton.match.wrong-round",
        _("Not this match's round"),
        _(
            "This round was dealt by %(dealer)s at another table or score; the match's "
            "round is dealt by %(expected)s."
        ),
        text=_(
            "A match records its own rounds: dealt at its table, by the player whose deal it is, "
            "from its points."
        ),
        section=POINTS,
    ),
    # --- recording a round at the table -------------------------------------------------
    RuleText(
        "pinkerton.ruling.declarations",
        _("Ruling: the app records, the table plays"),
        text=_(
            "The app never sees a hand. It records the centre cards turned, each throw "
            "and each added card, which it checks, and each pass and pass without "
            "consequence, which are the player's word, and each request for the value."
        ),
        section=ENTRY,
        kind=RULING,
    ),
    RuleText(
        "pinkerton.event.unknown",
        _("Unknown event"),
        _(
            "“%(type)s” is not something that happens at the table: turn, throw, add, "
            "pass, free-pass, skip or ask."
        ),
        text=_(
            "A round is recorded as what happens at the table: a centre card turned, a throw, a "
            "card added, a pass, a pass without consequence, a request for the value."
        ),
        section=ENTRY,
    ),
    RuleText(
        "pinkerton.event.player-required",
        _("Whose move"),
        _("Say which player does this (%(type)s)."),
        text=_(
            "Every move but the dealer's turning of a centre card is made by a player, who is "
            "named with it."
        ),
        section=ENTRY,
    ),
    RuleText(
        "pinkerton.event.card-required",
        _("One card"),
        _("A %(type)s names exactly one card, not %(count)s."),
        text=_("A centre card turned and a card added are exactly one card each."),
        section=ENTRY,
    ),
    RuleText(
        "pinkerton.round.over",
        _("Round over"),
        _("%(winner)s has won this round: nothing more happens in it."),
        text=_(
            "A round is over as soon as one player is left: nothing more happens in it, and its "
            "points are counted."
        ),
        section=ENTRY,
    ),
    RuleText(
        "pinkerton.round.unfinished",
        _("Round not over"),
        _("This round is not over: it is scored once one player is left."),
        text=_("A round is recorded and scored once one player is left in it."),
        section=ENTRY,
    ),
    RuleText(
        "pinkerton.centre.turn-first",
        _("The centre card first"),
        _("The dealer first turns a card onto the centre (phase %(phase)s)."),
        text=_(
            "Phases I and II start with the dealer turning a card face up onto the centre; nobody "
            "plays before it."
        ),
        section=ENTRY,
    ),
    RuleText(
        "pinkerton.centre.turned",
        _("Centre card already turned"),
        _(
            "The dealer turns one card in phase I and one in phase II; phase %(phase)s's "
            "card is already turned."
        ),
        text=_(
            "The dealer turns one card onto the centre in phase I and one in phase II, no more."
        ),
        section=ENTRY,
    ),
    RuleText(
        "pinkerton.turn.out-of-turn",
        _("Out of turn"),
        _("It is %(expected)s's turn, not %(player)s's."),
        text=_("Players play in turn, to the left, skipping the players out of the round."),
        section=ENTRY,
    ),
    RuleText(
        "pinkerton.throw.opening",
        _("The opening has no throw"),
        _("%(player)s opens phase III by adding a card, without throwing."),
        text=_(
            "The first player of phase III opens by adding a card to the stack, without throwing."
        ),
        section=ENTRY,
    ),
    RuleText(
        "pinkerton.throw.already-thrown",
        _("One throw a turn"),
        _("%(player)s has already thrown this turn and now adds a card to the stack."),
        text=_("A player throws once in a turn; after the throw they add a card to the stack."),
        section=ENTRY,
    ),
    RuleText(
        "pinkerton.add.not-in-phase",
        _("Nothing is added before phase III"),
        _("In phase %(phase)s nothing is added to the centre: thrown cards go to the side pile."),
        text=_(
            "Cards are added to the stack only in phase III. In phases I and II the thrown cards "
            "go to the side pile and the centre changes only by the dealer's second card."
        ),
        section=ENTRY,
    ),
    RuleText(
        "pinkerton.add.throw-first",
        _("Throw before adding"),
        _(
            "%(player)s must first throw cards that meet the stack's value, or pass. Only "
            "the opening and a stack of 0 need no throw."
        ),
        text=_(
            "In phase III a player first throws cards that meet the stack's value and then adds a "
            "card, or passes. Only the first player's opening and a stack of 0 (rule 2) need no "
            "throw."
        ),
        section=ENTRY,
    ),
    # --- house rules --------------------------------------------------------------------
    RuleText(
        "pinkerton.options.invalid",
        _("Unknown house rule"),
        _("“%(value)s” is not a value the house rule %(option)s can take."),
        _(
            "House rules chosen when a match starts: the pass limit (2 to 10), whether the "
            "stack's value is always shown, the extra deck, whether the dealer plays, the "
            "target score (1 to 10,000) and the time limit (1 to 1,440 minutes). A match "
            "has a target, a time limit, or both."
        ),
        HOUSE,
    ),
    RuleText(
        "pinkerton.option.pass-limit",
        _("House rule: more passes"),
        text=_(
            "The players may agree on a pass limit higher than two; a player is out of the "
            "round when their passes reach it."
        ),
        section=HOUSE,
        kind=OPTION,
    ),
    RuleText(
        "pinkerton.option.show-value",
        _("House rule: the value always shown"),
        text=_(
            "Instead of showing the stack's value only on a player's request (rule 4), the "
            "app may show it all the time."
        ),
        section=HOUSE,
        kind=OPTION,
    ),
    RuleText(
        "pinkerton.option.extra-deck",
        _("House rule: an extra deck"),
        text=_(
            "When the dealer runs out, a third deck may be used (rule 5): the stack may "
            "then hold a card three times."
        ),
        section=HOUSE,
        kind=OPTION,
    ),
    RuleText(
        "pinkerton.option.dealer-plays",
        _("House rule: the dealer deals and counts only"),
        text=_(
            "By default the dealer plays too. The table may agree that the dealer of each "
            "round does not play: the dealer deals and counts the stack, and has no turn. "
            "It takes three players or more."
        ),
        section=HOUSE,
        kind=OPTION,
    ),
    RuleText(
        "pinkerton.option.target",
        _("House rule: the target score"),
        text=_(
            "The match is won by the first player to reach the agreed score; the app "
            "suggests 100 points."
        ),
        section=HOUSE,
        kind=OPTION,
    ),
    RuleText(
        "pinkerton.option.time-limit",
        _("House rule: a time limit"),
        text=_(
            "The match is won by the player with the most points when the agreed time is "
            "up. With a target as well, whichever comes first ends the match."
        ),
        section=HOUSE,
        kind=OPTION,
    ),
)
