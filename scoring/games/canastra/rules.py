"""Canastra's rulebook: every rule the engine (``referee.canastra``) can cite, and the
page's rulings the app applies, in the project's own words.

A rule's ``title`` labels score lines and meld kinds; its ``message`` explains a
violation or a referee's answer with the engine's parameters; its ``text`` is what the
rulebook page shows under the rule's id. ``canastra.table.*``, ``canastra.kind.*``,
``canastra.end.*`` and ``canastra.ruling.*`` state rules the engine applies without ever
citing them. Rulings (the seed is silent or ambiguous) and house rules are marked so.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from scoring.kit.rulebook import OPTION, RULING, RuleText

TABLE = _("The table and the cards")
MELDS = _("Melds (jogos)")
ENTRY = _("Entering a hand")
GOING_OUT = _("Going out (batida) and the morto")
SCORE = _("End of the hand: the score")
OPENING = _("The buraco rule (opening minimum)")
PILE = _("The discard pile (lixo)")
PLAY = _("The play")
END = _("End of the match")
HOUSE = _("House rules and rulings")

RULES: tuple[RuleText, ...] = (
    # --- the table ----------------------------------------------------------------------
    RuleText(
        "canastra.table.decks",
        _("Two pairs, two decks, two mortos"),
        text=_(
            "Two pairs play, partners sitting opposite each other, with two 54-card decks: "
            "108 cards, four jokers. The dealer deals one at a time 11 cards to each player "
            "and two mortos of 11 cards. A pair reaching 3,000 wins the match."
        ),
        section=TABLE,
    ),
    RuleText(
        "canastra.ruling.two-players",
        _("Ruling: two players alone"),
        text=_(
            "The rules describe two pairs. The app also keeps the score of two players "
            "each on their own, the usual game for two: each is a side, with a morto of "
            "their own, and every other rule is the same. Two against one is not a table "
            "of Canastra."
        ),
        section=TABLE,
        kind=RULING,
    ),
    RuleText(
        "canastra.table.card-values",
        _("Card values"),
        text=_(
            "Joker 50; 2 20, whether wild or natural; ace 15; K, Q, J, 10, 9, 8: 10 each; "
            "7, 6, 5, 4, 3: 5 each. Card values count for the pair on the table; the cards "
            "left in hand when the hand ends count for the opponents."
        ),
        section=TABLE,
    ),
    RuleText(
        "canastra.table.wilds",
        _("Wilds: curinga and curingão"),
        text=_(
            "Every 2 (curinga) is wild and stands for any card of any suit. The joker "
            "(curingão) is wild too, and always wild. A 2 of the meld's own suit in its "
            "natural place (the 2 of A 2 3, 2 3 4 …) is a natural card, not a wild."
        ),
        section=TABLE,
    ),
    # --- melds --------------------------------------------------------------------------
    RuleText(
        "canastra.kind.meld",
        _("Meld"),
        text=_(
            "Three or more cards of one suit in sequence, in the order A 2 3 4 5 6 7 8 9 10 "
            "J Q K A: the ace stands below the 2 or above the king. There are no groups of "
            "one rank. A meld holds at most one wild; it is dirty with one, clean without."
        ),
        section=MELDS,
    ),
    RuleText(
        "canastra.kind.canastra-clean",
        _("Clean canastra"),
        text=_(
            "A meld of seven or more cards with no joker and no 2 acting as a wild: "
            "canastra limpa. A 2 in its own suit's place is a natural card and keeps it "
            "clean."
        ),
        section=MELDS,
    ),
    RuleText(
        "canastra.kind.canastra-dirty",
        _("Dirty canastra"),
        text=_(
            "A meld of seven or more cards with a joker, or a 2 away from its own suit's "
            "place: canastra suja. It becomes clean later if its 2 comes to stand in its "
            "natural place."
        ),
        section=MELDS,
    ),
    RuleText(
        "canastra.meld.too-few-cards",
        _("Too few cards"),
        _("A meld needs at least %(minimum)s cards; this one has %(cards)s."),
        _("Every meld has at least three cards."),
        MELDS,
    ),
    RuleText(
        "canastra.meld.one-suit",
        _("One suit"),
        _("A meld is a sequence of one suit; these cards are of more than one."),
        _(
            "All of a meld's cards are of one suit, except its wild: a joker, or a 2 of any "
            "suit. Cards of one rank and different suits make no meld in Canastra."
        ),
        MELDS,
    ),
    RuleText(
        "canastra.meld.two-wilds",
        _("One wild per meld"),
        _(
            "A meld holds at most %(maximum)s wild, but these cards need %(wilds)s. A 2 is "
            "not a wild only in its own suit's place."
        ),
        _(
            "A meld accepts only one wild. It may hold a second 2 only if one of them stands "
            "as the 2 of the meld's own suit in its natural place. A joker is always a wild: "
            "2♥ 2♠ 3♥ 4♥ is a meld (the 2♥ natural, the 2♠ wild), 2♠ 2♣ 5♥ 6♥ is not."
        ),
        MELDS,
    ),
    RuleText(
        "canastra.meld.consecutive",
        _("A meld is a sequence"),
        _(
            "These cards are not a sequence: there is a gap the wild cannot fill, or a rank "
            "appears twice."
        ),
        _(
            "A meld's cards follow one another with no gap and no rank twice; its one wild "
            "may fill a gap or stand at either end."
        ),
        MELDS,
    ),
    RuleText(
        "canastra.meld.no-wrap",
        _("No turning the corner"),
        _("A sequence does not run on from the king through the ace to the 2 (K A 2)."),
        _(
            "The ace stands below the 2 (A 2 3) or above the king (Q K A), but a sequence "
            "never turns the corner: K A 2 is not a sequence."
        ),
        MELDS,
    ),
    RuleText(
        "canastra.meld.too-long",
        _("At most fourteen cards"),
        _("A sequence has at most %(maximum)s cards, A 2 … K A; this one has %(cards)s."),
        _(
            "The longest sequence runs from the ace below the 2 to the ace above the king: "
            "14 cards."
        ),
        MELDS,
    ),
    # --- entering a hand ----------------------------------------------------------------
    RuleText(
        "canastra.entry.invalid",
        _("Not a valid value"),
        _("“%(value)s” is not a value %(field)s can take."),
        _(
            "Counts and points are whole numbers, 0 or more; “took the morto” and “went "
            "out” are yes or no; a running total is a whole number."
        ),
        ENTRY,
    ),
    RuleText(
        "canastra.entry.not-multiple-of-five",
        _("Points in fives"),
        _("%(value)s is not a multiple of 5, as every card value is (%(field)s)."),
        _(
            "Every card value is a multiple of 5, so the card points entered for the melds "
            "and for the cards in hand are too."
        ),
        ENTRY,
    ),
    RuleText(
        "canastra.hand.pairs",
        _("Two pairs"),
        _("A hand of Canastra is entered for %(required)s pairs, not %(pairs)s."),
        _("Canastra is played by two pairs; a hand is entered for both."),
        ENTRY,
    ),
    RuleText(
        "canastra.hand.meld-points-too-low",
        _("Canastras have their card points"),
        _(
            "Clean canastras (%(clean_canastras)s) and dirty canastras (%(dirty_canastras)s) "
            "hold at least %(minimum)s card points, but the melds were entered as "
            "%(meld_points)s."
        ),
        _(
            "The melds' card points include those of the canastras: the cheapest clean "
            "canastra (3 to 9 of a suit) is worth 45, the cheapest dirty one 55. The two "
            "decks hold only two runs of 3 to 9 in each suit, eight in all; three clean "
            "canastras of one suit are worth at least 180 (A to 7, 3 to 9, 8 to A), so "
            "each clean canastra beyond eight adds at least 90."
        ),
        ENTRY,
    ),
    RuleText(
        "canastra.hand.meld-points-too-low-together",
        _("Both pairs' canastras have their card points"),
        _(
            "Between them the pairs have clean canastras (%(clean_canastras)s) and dirty "
            "canastras (%(dirty_canastras)s), which hold at least %(minimum)s card points, "
            "but their melds were entered as %(meld_points)s in all."
        ),
        _(
            "Both pairs' canastras come from the same two decks: the eight runs of 3 to 9 "
            "(two of each suit) serve the two pairs together, so each clean canastra "
            "beyond eight between them adds at least 90, whichever pair made it."
        ),
        ENTRY,
    ),
    RuleText(
        "canastra.hand.too-many-canastras",
        _("Fifteen canastras at most"),
        ngettext_lazy(
            "%(canastras)s canastra was entered, but the two decks make at most %(limit)s.",
            "%(canastras)s canastras were entered, but the two decks make at most %(limit)s.",
            "canastras",
        ),
        _("The 108 cards of the two decks make at most 15 canastras in one hand."),
        ENTRY,
    ),
    RuleText(
        "canastra.hand.too-many-clean-canastras",
        _("Twelve clean canastras at most"),
        ngettext_lazy(
            "%(clean_canastras)s clean canastra was entered, but the two decks make at most "
            "%(limit)s.",
            "%(clean_canastras)s clean canastras were entered, but the two decks make at most "
            "%(limit)s.",
            "clean_canastras",
        ),
        _(
            "A clean canastra holds no wild: it is seven or more natural cards of one suit "
            "(a 2 in its own place is natural). The two decks hold 26 cards of each suit, "
            "enough for three clean canastras, so both pairs together have at most twelve "
            "in one hand."
        ),
        ENTRY,
    ),
    RuleText(
        "canastra.hand.too-many-dirty-canastras",
        _("Twelve dirty canastras at most"),
        ngettext_lazy(
            "%(dirty_canastras)s dirty canastra was entered, but the two decks hold only "
            "%(limit)s wilds.",
            "%(dirty_canastras)s dirty canastras were entered, but the two decks hold only "
            "%(limit)s wilds.",
            "dirty_canastras",
        ),
        _(
            "Each dirty canastra holds exactly one wild, and the two decks hold twelve "
            "(four jokers and eight 2s)."
        ),
        ENTRY,
    ),
    RuleText(
        "canastra.hand.too-many-points",
        _("No more points than the decks hold"),
        _("%(points)s card points were entered in all, but the two decks hold only %(limit)s."),
        _(
            "The card points of both pairs' melds and hands together cannot exceed the "
            "1,160 that the two decks hold."
        ),
        ENTRY,
    ),
    # --- going out and the morto --------------------------------------------------------
    RuleText(
        "canastra.going-out.direct-indirect",
        _("Going out: direct or indirect"),
        text=_(
            "Going out (batida) is emptying one's hand. Direct: without a discard; the "
            "player takes the morto and plays on at once, without drawing. Indirect: with "
            "a discard; the player takes the morto but uses it only from their next turn."
        ),
        section=GOING_OUT,
    ),
    RuleText(
        "canastra.morto.needs-canastra",
        _("A canastra to take the morto"),
        _(
            "Taking the morto needs %(required)s canastra, clean or dirty; the pair has "
            "%(canastras)s."
        ),
        _(
            "Each pair may take one morto, given to the player who goes out first. The pair "
            "must already have at least one canastra, clean or dirty."
        ),
        GOING_OUT,
    ),
    RuleText(
        "canastra.going-out.needs-clean-canastra",
        _("A clean canastra for the final going out"),
        _(
            "The final going out needs %(required)s clean canastra; the pair has "
            "%(clean_canastras)s."
        ),
        _(
            "A pair that already took its morto and goes out again ends the hand (batida "
            "final). For that it needs at least one clean canastra."
        ),
        GOING_OUT,
    ),
    RuleText(
        "canastra.going-out.take-back",
        _("Going out without the canastra it needs"),
        text=_(
            "A player who goes out without the canastra it needs takes back only the last "
            "discard, be it a card or a meld; a card discarded cannot be taken back or "
            "swapped. From then on that player can go out only by drawing from the stock."
        ),
        section=GOING_OUT,
    ),
    RuleText(
        "canastra.going-out.one-pair",
        _("One final going out"),
        _("Only one pair makes the final going out of a hand; both were marked."),
        _("The final going out ends the hand: only one pair makes it."),
        GOING_OUT,
    ),
    RuleText(
        "canastra.going-out.cards-left-alone",
        _("A player alone goes out with no card left"),
        _(
            "A player alone who makes the final going out keeps no card, but cards worth "
            "%(hand_points)s points were entered as left in hand."
        ),
        _(
            "The final going out empties the hand. In the game for two each player is a "
            "side, so the one who went out has nothing left to count; a pair that went out "
            "still counts the cards the partner holds."
        ),
        GOING_OUT,
    ),
    RuleText(
        "canastra.morto.indirect",
        _("The morto taken by an indirect going out"),
        text=_(
            "A player who took the morto by an indirect going out earns its 100 points even "
            "if the hand ends before their next turn."
        ),
        section=GOING_OUT,
    ),
    # --- the score ----------------------------------------------------------------------
    RuleText(
        "canastra.score.meld-cards",
        _("Cards on the table"),
        text=_(
            "A pair's hand result is the card values of all its melds, plus its canastra "
            "bonuses, 100 for taking its morto, 100 for the final going out, and the card "
            "values of the cards left in the opponents' hands. It is added to the pair's "
            "running total."
        ),
        section=SCORE,
    ),
    RuleText(
        "canastra.bonus.clean-canastra",
        _("Clean canastra bonus"),
        text=_("Each clean canastra: 200."),
        section=SCORE,
    ),
    RuleText(
        "canastra.bonus.dirty-canastra",
        _("Dirty canastra bonus"),
        text=_("Each dirty canastra: 100."),
        section=SCORE,
    ),
    RuleText(
        "canastra.bonus.morto",
        _("Taking the morto"),
        text=_("The pair that took its morto: 100."),
        section=SCORE,
    ),
    RuleText(
        "canastra.bonus.final-going-out",
        _("Final going out"),
        text=_(
            "The pair that ended the hand by going out (batida final): 100. A hand that "
            "ends because the stock ran out has no final going out."
        ),
        section=SCORE,
    ),
    RuleText(
        "canastra.score.opponents-hand-cards",
        _("Opponents' cards in hand"),
        text=_(
            "When the hand ends, the cards in the players' hands are handed to the "
            "opponents, and their values are added to the opponents' count."
        ),
        section=SCORE,
    ),
    RuleText(
        "canastra.score.own-hand-cards",
        _("Own cards in hand (classic rule)"),
        text=_(
            "House rule, the classic count: the cards left in a pair's hands are subtracted "
            "from that pair's own count instead of being added to the opponents'. In the "
            "page's example A scores 465 instead of 525 and B 285 instead of 345."
        ),
        section=SCORE,
        kind=OPTION,
    ),
    RuleText(
        "canastra.penalty.untaken-morto",
        _("Morto never taken"),
        text=_(
            "House rule: a pair that did not take its morto in the hand loses 100. Without "
            "it, an untaken morto costs nothing."
        ),
        section=SCORE,
        kind=OPTION,
    ),
    # --- the buraco rule ----------------------------------------------------------------
    RuleText(
        "canastra.opening.minimum",
        _("Buraco: the opening minimum"),
        _(
            "This opening is worth %(value)s card points; the pair needs %(required)s "
            "(running total %(total)s, failed openings this hand: %(failed)s)."
        ),
        _(
            "A pair whose running total is 1,500 or more must make its first laying-down "
            "of a hand with melds worth at least 75 card points. After a failed attempt it "
            "needs 90, and each further failure adds 30 (120, 150 …). Below 1,500 there is "
            "no minimum. The scoreboard shows each pair's current requirement."
        ),
        OPENING,
    ),
    RuleText(
        "canastra.opening.no-melds",
        _("An opening lays down a meld"),
        _("An opening lays down at least one meld."),
        _("A pair's first laying-down of the hand is at least one meld."),
        OPENING,
    ),
    # --- the discard pile ---------------------------------------------------------------
    RuleText(
        "canastra.pile.onto-meld",
        _("Onto the pair's meld"),
        _("%(top)s goes straight onto one of the pair's melds: the pile may be taken."),
        _(
            "The discard pile (lixo) is taken only to use its top card at once. It may go "
            "straight onto one of the pair's melds on the table. The player sets the top "
            "card aside, lays down the cards from hand, and only then takes the rest of "
            "the pile."
        ),
        PILE,
    ),
    RuleText(
        "canastra.pile.new-meld",
        _("A new meld with two cards from hand"),
        _("%(top)s opens a new meld with two cards from hand: the pile may be taken."),
        _("The top card may open a new meld with at least two cards from the player's hand."),
        PILE,
    ),
    RuleText(
        "canastra.pile.top-unused",
        _("The top card must be used"),
        _("%(top)s cannot be used at once, so the pile may not be taken."),
        _(
            "If the top card cannot go onto one of the pair's melds, nor open a new meld "
            "with two cards from hand, the pile may not be taken."
        ),
        PILE,
    ),
    RuleText(
        "canastra.pile.single-card",
        _("Not with a single card in hand"),
        _("A player holding a single card may not take the pile."),
        _("A player who has only one card in hand may not take the discard pile."),
        PILE,
    ),
    RuleText(
        "canastra.pile.locked-by-wild",
        _("A wild locks the pile"),
        _("A wild was played: the pile is locked for the next player."),
        _(
            "A wild played on the table, a 2 or a joker, locks the pile (tranca o jogo) for "
            "the next player, unless the 2 stands as the natural 2 of its own suit."
        ),
        PILE,
    ),
    RuleText(
        "canastra.pile.natural-two",
        _("A natural 2 does not lock"),
        _("%(card)s stands as the natural 2 of its suit: the pile stays open."),
        _(
            "A 2 laid in a meld of its own suit in its natural place is a natural card and "
            "does not lock the pile. A joker always locks it."
        ),
        PILE,
    ),
    RuleText(
        "canastra.pile.not-wild",
        _("Other cards do not lock"),
        _("%(card)s is not wild: the pile stays open."),
        _("Only wilds lock the pile; any other card played leaves it open."),
        PILE,
    ),
    # --- the play -----------------------------------------------------------------------
    RuleText(
        "canastra.play.turn",
        _("A turn"),
        text=_(
            "The first player (the mão) draws a card from the stock, may lay down melds, "
            "and discards one card, which starts the discard pile. Play passes to the "
            "right. Each turn: draw from the stock or take the pile, lay down melds, "
            "discard. A discard ends the turn; it cannot be taken back."
        ),
        section=PLAY,
    ),
    RuleText(
        "canastra.draw.refuse-first-card",
        _("Refusing the first card"),
        _(
            "Only the first player, with the first card drawn in the hand, may refuse it "
            "and draw another."
        ),
        _(
            "The first player of the hand may refuse the first card drawn and draw a "
            "second, as long as the first was not mixed into the hand."
        ),
        PLAY,
    ),
    RuleText(
        "canastra.draw.refuse-mixed",
        _("Too late to refuse"),
        _("The card was already mixed into the hand: it can no longer be refused."),
        _("Once the first card drawn is mixed into the hand it can no longer be refused."),
        PLAY,
    ),
    RuleText(
        "canastra.end.stock-out",
        _("The stock runs out"),
        text=_(
            "When a player must draw and the stock is empty, an untaken morto becomes the "
            "stock. If the stock and the mortos run out with nobody going out, play goes "
            "on while the next player can use the pile; otherwise the hand ends, with no "
            "final going-out bonus. Enter such a hand with nobody as having gone out."
        ),
        section=PLAY,
    ),
    # --- the end ------------------------------------------------------------------------
    RuleText(
        "canastra.end.target",
        _("Reaching 3,000"),
        text=_(
            "A pair whose running total reaches 3,000 — or the target the match sets — "
            "wins. If both pairs reach it in the same hand, the higher total wins."
        ),
        section=END,
    ),
    RuleText(
        "canastra.end.tie",
        _("A tie at the top"),
        text=_(
            "If both pairs reach the target with equal totals, nobody has won yet: another "
            "hand is played."
        ),
        section=END,
    ),
    # --- house rules and rulings --------------------------------------------------------
    RuleText(
        "canastra.options.invalid",
        _("Unknown house rule"),
        _("“%(value)s” is not a value the house rule %(option)s can take."),
        _(
            "House rules chosen when a match starts: whether the cards left in hand go to "
            "the opponents (the seed's rule, the default) or are subtracted from the "
            "pair's own count (the classic rule); whether a pair that never took its morto "
            "loses 100 (not by default); the target, 3,000 by default."
        ),
        HOUSE,
    ),
    RuleText(
        "canastra.ruling.no-wrap",
        _("Ruling: K A 2 is not a sequence"),
        text=_(
            "The seed does not say whether a sequence may turn the corner. The app rules "
            "that it never does: the ace stands below the 2 (A 2 3) or above the king "
            "(Q K A), and K A 2 is not a sequence."
        ),
        section=HOUSE,
        kind=RULING,
    ),
    RuleText(
        "canastra.ruling.ace-both-ends",
        _("Ruling: an ace at each end"),
        text=_(
            "A sequence may hold an ace at each end, A 2 3 … K A: fourteen cards, the "
            "longest sequence there is."
        ),
        section=HOUSE,
        kind=RULING,
    ),
    RuleText(
        "canastra.ruling.most-naturals",
        _("Ruling: the most natural cards"),
        text=_(
            "Cards are entered without their places. The app finds an arrangement that "
            "makes them a meld and prefers the one with the most natural cards: 2♥ 3♥ 4♥ is "
            "clean, 2♥ 4♥ 5♥ is dirty with the 2♥ standing for the 3♥. So a canastra whose "
            "2 can stand in its own place is counted clean."
        ),
        section=HOUSE,
        kind=RULING,
    ),
    RuleText(
        "canastra.ruling.wild-at-an-end",
        _("Ruling: where a wild at an end stands"),
        text=_(
            "When a meld's wild could stand at either end, the app shows it below the "
            "lowest natural card if there is room (J♥ for 🃏 Q♥ K♥), otherwise above it. "
            "It changes nothing in the score."
        ),
        section=HOUSE,
        kind=RULING,
    ),
    RuleText(
        "canastra.ruling.untaken-morto",
        _("Ruling: an untaken morto costs nothing"),
        text=_(
            "The seed names no penalty for a pair that never took its morto, so by default "
            "it costs nothing. A match may choose the −100 house rule."
        ),
        section=HOUSE,
        kind=RULING,
    ),
    RuleText(
        "canastra.ruling.buraco-ladder",
        _("Ruling: the buraco ladder"),
        text=_(
            "The failed attempts are counted within the hand: each new hand starts again "
            "at 75. The opening's value is its card values only, with no canastra bonus; "
            "when the pile is taken to open, its top card, laid in one of the melds, "
            "counts too."
        ),
        section=HOUSE,
        kind=RULING,
    ),
    RuleText(
        "canastra.ruling.going-out-without-morto",
        _("Ruling: going out when the morto became the stock"),
        text=_(
            "A pair whose morto became the stock can no longer take it: its going out ends "
            "the hand, and needs a clean canastra like any final going out. So a hand may "
            "be entered as ended by a pair that did not take its morto."
        ),
        section=HOUSE,
        kind=RULING,
    ),
    RuleText(
        "canastra.ruling.discarded-wild-locks",
        _("Ruling: a discarded wild locks the pile"),
        text=_(
            "A wild discarded is a wild played on the table too: it locks the pile for the "
            "next player, a 2 as much as a joker. Since the top card is always the last "
            "discard, the pile is never taken with a wild on top."
        ),
        section=HOUSE,
        kind=RULING,
    ),
    RuleText(
        "canastra.ruling.equal-twos",
        _("Ruling: which of two equal 2s was played"),
        text=_(
            "The two decks hold two of each 2. When a meld holds both, the 2 just played "
            "is the natural one only if the meld had no natural 2 before that play; "
            "otherwise it is the wild, and it locks the pile."
        ),
        section=HOUSE,
        kind=RULING,
    ),
    RuleText(
        "canastra.ruling.refused-card",
        _("Ruling: the refused card"),
        text=_(
            "The first card refused by the first player goes back face down under the "
            "stock; the second card drawn must be kept."
        ),
        section=HOUSE,
        kind=RULING,
    ),
    RuleText(
        "canastra.ruling.quick-entry",
        _("Ruling: counting by hand"),
        text=_(
            "A hand may be entered as counts (clean and dirty canastras, the card points "
            "of the melds and of the cards in hand, the morto, the final going out) or "
            "card by card; both are scored by the same rules and give the same breakdown. "
            "The checks that need the cards themselves (each meld, the deck limit) are "
            "made only card by card; counts are checked against what two decks can hold."
        ),
        section=HOUSE,
        kind=RULING,
    ),
)
