"""Samba's rulebook: every rule the engine (``referee.samba``) can cite, and the page's
rulings the app applies, in the project's own words.

A rule's ``title`` labels score lines and meld kinds; its ``message`` explains a
violation or a referee's answer with the engine's parameters; its ``text`` is what the
rulebook page shows under the rule's id. ``samba.kind.*`` name the meld kinds (the
referee cites them when a meld stands); ``samba.table.*``, ``samba.end.*`` and
``samba.ruling.*`` state rules the engine applies without ever citing them.

Where the seed is silent or ambiguous the page makes a *ruling*: each has its own
``samba.ruling.*`` text, marked ``kind=RULING`` and placed next to the rule it settles;
the house rules a match may choose are ``samba.option.*``, marked ``kind=OPTION``.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from scoring.kit.rulebook import OPTION, RULING, RuleText

TABLE = _("The table and the cards")
MELDS = _("Melds")
ENTRY = _("Entering a hand")
GOING_OUT = _("Going out")
SCORE = _("End of the hand: the score")
HONOURS = _("Red threes")
PENALTIES = _("Penalties and faults")
OPENING = _("Opening (saída)")
PILE = _("The discard pile (bagaço)")
END = _("End of the match")
HOUSE = _("House rules and rulings")

RULES: tuple[RuleText, ...] = (
    # --- the table ----------------------------------------------------------------------
    RuleText(
        "samba.table.decks",
        _("Three decks, two or three sides"),
        text=_(
            "Samba is played with three 54-card decks: 162 cards, six jokers. A side is a "
            "player or a team; a hand has two or three sides: two or three players each on "
            "their own, two pairs, or with six players two teams of three or three pairs. "
            "Each player is dealt 15 cards. A turn: draw two cards from the stock or take "
            "the whole discard pile (bagaço), lay down melds, discard one card."
        ),
        section=TABLE,
    ),
    RuleText(
        "samba.table.card-values",
        _("Card values"),
        text=_(
            "Joker 50; 2 (wild) 20; ace 20; K, Q, J, 10, 9, 8: 10 each; 7, 6, 5, 4: 5 each; "
            "black three 5. A red three has no card value: it is an honour. Card values "
            "count for the side on the table and against it in hand when the hand ends."
        ),
        section=TABLE,
    ),
    RuleText(
        "samba.table.wilds",
        _("Wilds and naturals"),
        text=_(
            "The six jokers and the twelve 2s are wild (curingas). Aces and 4 to K are "
            "naturals: the cards that make groups and sequences. Threes are neither: black "
            "threes are melded only when going out, red threes never."
        ),
        section=TABLE,
    ),
    # --- meld kinds ---------------------------------------------------------------------
    RuleText(
        "samba.kind.group",
        _("Group"),
        text=_(
            "Three to six cards of one natural rank (A, 4 … K), at least two of them "
            "natural, with at most one wild."
        ),
        section=MELDS,
    ),
    RuleText(
        "samba.kind.canastra-clean",
        _("Clean canastra"),
        text=_(
            "A group of seven or more cards of one rank with no wild: canastra limpa. More "
            "cards of its rank may be added to it."
        ),
        section=MELDS,
    ),
    RuleText(
        "samba.kind.canastra-dirty",
        _("Dirty canastra"),
        text=_(
            "A group of seven or more cards of one rank holding one or two wilds: canastra "
            "suja. More cards of its rank may be added; its wilds stay."
        ),
        section=MELDS,
    ),
    RuleText(
        "samba.kind.wild-group",
        _("Wild group"),
        text=_("Three to six wilds and nothing else (jokers and/or 2s)."),
        section=MELDS,
    ),
    RuleText(
        "samba.kind.wild-canastra",
        _("Canastra de curingas"),
        text=_(
            "Seven or more wilds and nothing else. It earns its own bonus instead of the "
            "clean or dirty canastra bonus, and counts as a canastra."
        ),
        section=MELDS,
    ),
    RuleText(
        "samba.kind.sequence",
        _("Sequence"),
        text=_(
            "Three to six cards of one suit in a row, in the order 4 5 6 7 8 9 10 J Q K A. "
            "The order they are entered in does not matter."
        ),
        section=MELDS,
    ),
    RuleText(
        "samba.kind.samba",
        _("Samba"),
        text=_(
            "Seven cards of one suit in a row. A samba is closed: no eighth card may be "
            "added. Every samba therefore holds the 8, the 9 and the 10."
        ),
        section=MELDS,
    ),
    RuleText(
        "samba.kind.black-threes",
        _("Black threes"),
        text=_(
            "Three or more black threes, with no wild, laid down only by a side that goes "
            "out in that play."
        ),
        section=MELDS,
    ),
    RuleText(
        "samba.meld.too-few-cards",
        _("Too few cards"),
        _("A meld needs at least %(minimum)s cards; this one has %(cards)s."),
        _("Every meld has at least three cards."),
        MELDS,
    ),
    RuleText(
        "samba.meld.no-combination",
        _("Neither a group nor a sequence"),
        _(
            "These cards are neither of one rank nor of one suit, so they make no group "
            "and no sequence."
        ),
        _(
            "A meld's natural cards are either all of one rank (a group) or all of one suit "
            "(a sequence)."
        ),
        MELDS,
    ),
    RuleText(
        "samba.meld.red-threes-never",
        _("Red threes are never melded"),
        _("Red threes are never melded or taken: each is laid in front of its side at once."),
        _(
            "A red three is never melded. Drawn or dealt, it is laid in front of its side "
            "at once and replaced from the stock; it scores as an honour."
        ),
        MELDS,
    ),
    RuleText(
        "samba.meld.black-threes-only-going-out",
        _("Black threes only when going out"),
        _("A meld of black threes is legal only when the side goes out in that play."),
        _(
            "Black threes are never melded during play; only a side going out may lay them "
            "down, as a meld of three or more black threes."
        ),
        MELDS,
    ),
    RuleText(
        "samba.meld.black-threes-no-wilds",
        _("No wilds with black threes"),
        _("A meld of black threes holds no wild (%(wilds)s found)."),
        _("A meld of black threes holds no joker and no 2."),
        MELDS,
    ),
    RuleText(
        "samba.meld.group-two-naturals",
        _("Two naturals in a group"),
        _("A group needs at least two natural cards; this one has %(naturals)s."),
        _("A group, and so a canastra, holds at least two natural cards."),
        MELDS,
    ),
    RuleText(
        "samba.meld.group-no-threes",
        _("No threes in a group"),
        _("A three cannot join a group of %(rank)s (%(threes)s found)."),
        _("Threes never join a group of another rank, not even as wilds."),
        MELDS,
    ),
    RuleText(
        "samba.meld.group-one-wild-below-seven",
        _("One wild below seven cards"),
        _(
            "A group of %(cards)s cards holds at most one wild; the second wild may come "
            "only as the seventh card or later."
        ),
        _(
            "Below seven cards a group holds at most one wild. A second wild may come only "
            "as the seventh card or later, making a dirty canastra."
        ),
        MELDS,
    ),
    RuleText(
        "samba.ruling.second-wild-or-later",
        _("Ruling: the second wild as the seventh card or later"),
        text=_(
            "The seed lets the second wild come as the seventh card. The app also lets it "
            "come later, in a group of seven or more cards: a canastra of eight kings may "
            "take its second wild as the eighth card. Never more than two wilds."
        ),
        section=MELDS,
        kind=RULING,
    ),
    RuleText(
        "samba.meld.group-at-most-two-wilds",
        _("At most two wilds"),
        _("A group or canastra holds at most %(maximum)s wilds; this one has %(wilds)s."),
        _("A group or canastra never holds more than two wilds."),
        MELDS,
    ),
    RuleText(
        "samba.meld.sequence-no-wilds",
        _("No wilds in a sequence"),
        _("A sequence cannot hold a wild (%(wilds)s found)."),
        _("Sequences and sambas take no joker and no 2, not even a 2 of their own suit."),
        MELDS,
    ),
    RuleText(
        "samba.meld.sequence-no-threes",
        _("No threes in a sequence"),
        _("A sequence cannot hold a three (%(threes)s found)."),
        _("Sequences and sambas start at the 4: they take no three."),
        MELDS,
    ),
    RuleText(
        "samba.meld.sequence-consecutive",
        _("A sequence is consecutive"),
        _("These cards are not consecutive in the order 4 5 6 7 8 9 10 J Q K A."),
        _(
            "A sequence's cards follow one another in the order 4 5 6 7 8 9 10 J Q K A, "
            "with no gap and no card twice."
        ),
        MELDS,
    ),
    RuleText(
        "samba.meld.sequence-no-wrap",
        _("The ace only above the king"),
        _("The ace ranks only above the king: a sequence cannot run through it."),
        _(
            "In a sequence the ace comes only after the king (Q K A); nothing wraps round "
            "(K A 2 and A 2 3 are not sequences, nor is A 4 5)."
        ),
        MELDS,
    ),
    RuleText(
        "samba.meld.samba-closed",
        _("A samba is closed"),
        _("A sequence has at most %(maximum)s cards (a samba); this one has %(cards)s."),
        _("A samba has seven cards and no eighth card may be added to it."),
        MELDS,
    ),
    # --- entering a hand ----------------------------------------------------------------
    RuleText(
        "samba.hand.sides",
        _("Two or three sides"),
        _("A hand of Samba has two or three sides; %(sides)s were entered."),
        _("A hand has two or three sides."),
        ENTRY,
    ),
    RuleText(
        "samba.hand.invalid-entry",
        _("Not a count"),
        _("“%(value)s” is not a whole number of 0 or more (%(field)s)."),
        _("Every count entered is a whole number, 0 or more; “went out” is yes or no."),
        ENTRY,
    ),
    RuleText(
        "samba.hand.not-multiple-of-five",
        _("Points in fives"),
        _("%(value)s is not a multiple of 5: every card value is (%(field)s)."),
        _(
            "Every card value is a multiple of 5, so the card points entered for the table "
            "and for the hand are too."
        ),
        ENTRY,
    ),
    RuleText(
        "samba.hand.too-many-red-threes",
        _("Six red threes"),
        ngettext_lazy(
            "%(red_threes)s red three was entered, laid or in hand, but the three decks hold "
            "only %(limit)s.",
            "%(red_threes)s red threes were entered, laid or in hand, but the three decks hold "
            "only %(limit)s.",
            "red_threes",
        ),
        _("The three decks hold six red threes in all, laid and in hand together."),
        ENTRY,
    ),
    RuleText(
        "samba.hand.too-many-wilds",
        _("Eighteen wilds"),
        _(
            "Canastras de curingas (%(wild_canastras)s) and dirty canastras "
            "(%(dirty_canastras)s) need at least %(wilds)s wilds, but the three decks hold "
            "only %(limit)s."
        ),
        _(
            "The three decks hold eighteen wilds: six jokers and twelve 2s. A canastra de "
            "curingas holds seven or more and a dirty canastra one or two, so all sides "
            "together never have more canastras than these wilds allow."
        ),
        ENTRY,
    ),
    RuleText(
        "samba.hand.too-many-sambas",
        _("Twelve sambas at most"),
        ngettext_lazy(
            "%(sambas)s samba was entered, but the three decks make at most %(limit)s.",
            "%(sambas)s sambas were entered, but the three decks make at most %(limit)s.",
            "sambas",
        ),
        _(
            "Every samba holds the 8 of its suit, and the three decks hold three 8s of each "
            "suit: all sides together have at most twelve sambas."
        ),
        ENTRY,
    ),
    RuleText(
        "samba.hand.too-many-clean-canastras",
        _("Eleven clean canastras at most"),
        ngettext_lazy(
            "%(clean_canastras)s clean canastra was entered, but the three decks make at most "
            "%(limit)s.",
            "%(clean_canastras)s clean canastras were entered, but the three decks make at most "
            "%(limit)s.",
            "clean_canastras",
        ),
        _(
            "A clean canastra is seven or more cards of one natural rank (A, 4 … K) with no "
            "wild. The three decks hold twelve cards of each rank, too few for two clean "
            "canastras of one rank: all sides together have at most eleven."
        ),
        ENTRY,
    ),
    RuleText(
        "samba.hand.too-many-combinations",
        _("Twenty-one 7-card combinations at most"),
        ngettext_lazy(
            "%(combinations)s canastra or samba was entered, but the three decks make at most "
            "%(limit)s.",
            "%(combinations)s canastras and sambas were entered, but the three decks make at "
            "most %(limit)s.",
            "combinations",
        ),
        _(
            "Each 7-card combination holds seven cards and no three. Besides their twelve "
            "threes the three decks hold 150 cards: all sides together have at most 21 "
            "canastras and sambas."
        ),
        ENTRY,
    ),
    RuleText(
        "samba.hand.too-many-points",
        _("No more points than the decks hold"),
        _("%(points)s card points were entered in all, but the three decks hold only %(limit)s."),
        _(
            "The card points of all sides' melds and hands together cannot exceed the 1,770 "
            "that the three decks hold."
        ),
        ENTRY,
    ),
    RuleText(
        "samba.hand.table-points-too-low",
        _("Combinations have their card points"),
        _(
            "Clean canastras (%(clean_canastras)s), dirty canastras (%(dirty_canastras)s), "
            "sambas (%(sambas)s) and canastras de curingas (%(wild_canastras)s) hold at "
            "least %(minimum)s card points, but the table was entered as %(table_points)s."
        ),
        _(
            "A side's card points on the table include those of its 7-card combinations, "
            "each worth at least the cheapest of its kind: a clean canastra 35 (seven 4s), "
            "a dirty one 50 (six 4s and a 2), a samba 50 (4 to 10), a canastra de curingas "
            "140 (seven 2s)."
        ),
        ENTRY,
    ),
    # --- going out ----------------------------------------------------------------------
    RuleText(
        "samba.going-out.two-combinations",
        _("Two 7-card combinations to go out"),
        _(
            "Going out needs %(required)s 7-card combinations on the table (canastras or "
            "sambas); the side has %(combinations)s."
        ),
        _(
            "A side may go out (bater) only with two 7-card combinations on the table — "
            "two canastras of any kind, two sambas, or one of each — counting those laid "
            "in that very play. The app refuses “went out” otherwise."
        ),
        GOING_OUT,
    ),
    RuleText(
        "samba.going-out.one-side",
        _("One side goes out"),
        _("Only one side goes out in a hand; more than one was marked."),
        _("Only one side goes out in a hand."),
        GOING_OUT,
    ),
    RuleText(
        "samba.going-out.cards-left-alone",
        _("A player alone goes out with no card left"),
        _(
            "A player alone who goes out keeps no card, but cards were entered as left in "
            "hand (card points: %(hand_points)s; red threes: %(red_threes_in_hand)s)."
        ),
        _(
            "A player goes out (bater) by melding every card left in hand, so a side of one "
            "player that went out has no card left when the hand ends: no card value and no "
            "red three to subtract. A team that went out still counts the cards its other "
            "players hold."
        ),
        GOING_OUT,
    ),
    RuleText(
        "samba.end.stock-out",
        _("The stock runs out"),
        text=_(
            "If the stock runs out and the next player cannot take the pile, the hand ends "
            "with nobody going out: no going-out bonus for anyone, everything else is "
            "scored as usual. Enter the hand with nobody as having gone out."
        ),
        section=GOING_OUT,
    ),
    RuleText(
        "samba.concealed.more-than-combinations",
        _("Each premium has its canastra"),
        ngettext_lazy(
            "%(concealed)s concealed canastra was entered, more than the side's canastras "
            "on the table (%(canastras)s).",
            "%(concealed)s concealed canastras were entered, more than the side's canastras "
            "on the table (%(canastras)s).",
            "concealed",
        ),
        _(
            "Each concealed-canastra premium is for a canastra the side laid down, so there "
            "are never more premiums than the side's canastras on the table (clean, dirty "
            "or of wilds). A samba is no canastra: it earns no concealed premium."
        ),
        GOING_OUT,
    ),
    RuleText(
        "samba.concealed.no-partner",
        _("No partner's melds for a player alone"),
        _(
            "A side of one player has no partner whose melds it could use, but premiums for "
            "a concealed canastra laid using the partner's melds were entered (%(premiums)s)."
        ),
        _(
            "The premiums for laying down a concealed canastra using the partner's melds "
            "(500 and 200) are for teams: a player alone has no partner, and earns the "
            "premiums for a concealed canastra laid without the partner's melds (1,000 and "
            "500)."
        ),
        GOING_OUT,
    ),
    # --- the score ----------------------------------------------------------------------
    RuleText(
        "samba.score.table-cards",
        _("Cards on the table"),
        text=_(
            "A side's hand result starts with the card values of all its melds on the "
            "table. The result is card values, red-three honours and bonuses, less the "
            "card values left in its players' hands and the penalties. It may be negative, "
            "and is added to the side's running total."
        ),
        section=SCORE,
    ),
    RuleText(
        "samba.score.hand-cards",
        _("Cards left in hand"),
        text=_(
            "The card values of every card left in the side's players' hands when the hand "
            "ends are subtracted. A red three left in hand has no card value: it costs the "
            "−500 penalty instead."
        ),
        section=SCORE,
    ),
    RuleText(
        "samba.bonus.clean-canastra",
        _("Clean canastra bonus"),
        text=_("Each clean canastra: 500."),
        section=SCORE,
    ),
    RuleText(
        "samba.bonus.dirty-canastra",
        _("Dirty canastra bonus"),
        text=_("Each dirty canastra: 300."),
        section=SCORE,
    ),
    RuleText("samba.bonus.samba", _("Samba bonus"), text=_("Each samba: 1,500."), section=SCORE),
    RuleText(
        "samba.bonus.wild-canastra",
        _("Canastra de curingas bonus"),
        text=_("Each canastra de curingas: 2,000, instead of the clean or dirty bonus."),
        section=SCORE,
    ),
    RuleText(
        "samba.bonus.canastrao",
        _("Canastrão"),
        text=_(
            "A side holding five or six canastras earns 500 more (canastrão). Canastras of "
            "every kind count — clean, dirty, of wilds — but not sambas."
        ),
        section=SCORE,
    ),
    RuleText(
        "samba.ruling.canastras-counted",
        _("Ruling: which canastras the canastrão counts"),
        text=_(
            "The seed does not say which canastras make a canastrão or a canastra de "
            "canastras, nor whether both are earned. The app counts canastras of every kind "
            "(clean, dirty, of wilds) but not sambas, and pays only the higher: seven "
            "canastras earn 2,000, not 2,500 (a match may make them cumulative)."
        ),
        section=SCORE,
        kind=RULING,
    ),
    RuleText(
        "samba.bonus.canastra-de-canastras",
        _("Canastra de canastras"),
        text=_(
            "A side holding seven or more canastras earns 2,000 more (canastra de "
            "canastras), instead of the canastrão: seven canastras earn 2,000, not 2,500, "
            "unless the match's house rule makes them cumulative."
        ),
        section=SCORE,
    ),
    RuleText(
        "samba.bonus.going-out",
        _("Going out"),
        text=_("The side that goes out (bater): 200."),
        section=SCORE,
    ),
    RuleText(
        "samba.bonus.concealed-deal-solo",
        _("Concealed since the deal"),
        text=_(
            "Laying down (baixar) a canastra held concealed in hand since the deal, not "
            "using the partner's melds: 1,000. These premiums cannot be seen in the cards "
            "on the table, so the scorer enters them as counts."
        ),
        section=SCORE,
    ),
    RuleText(
        "samba.bonus.concealed-deal-with-partner",
        _("Concealed since the deal, with the partner's melds"),
        text=_(
            "Laying down a canastra concealed in hand since the deal, using the partner's "
            "melds: 500."
        ),
        section=SCORE,
    ),
    RuleText(
        "samba.bonus.concealed-play-solo",
        _("Concealed, formed in play"),
        text=_(
            "Laying down a canastra held concealed in hand, formed during play, not using "
            "the partner's melds: 500."
        ),
        section=SCORE,
    ),
    RuleText(
        "samba.bonus.concealed-play-with-partner",
        _("Concealed, formed in play, with the partner's melds"),
        text=_(
            "Laying down a canastra held concealed in hand, formed during play, using the "
            "partner's melds: 200."
        ),
        section=SCORE,
    ),
    RuleText(
        "samba.ruling.concealed-laid-down",
        _("Ruling: concealed canastras are earned by laying them down"),
        text=_(
            "The seed pays the four concealed-canastra premiums “por baixar”, for laying "
            "the canastra down: the premium is earned whenever a concealed canastra is laid "
            "down during the hand, whether or not that side goes out. The cards on the "
            "table cannot show it, so the scorer enters the premiums as counts, never more "
            "than the side's canastras (a samba is no canastra)."
        ),
        section=SCORE,
        kind=RULING,
    ),
    # --- red threes ---------------------------------------------------------------------
    RuleText(
        "samba.honours.red-three",
        _("Red threes"),
        text=_(
            "Each red three laid in front of the side: 100, if the side ends the hand with "
            "two 7-card combinations (two canastras, two sambas, or one of each)."
        ),
        section=HONOURS,
        counted=ngettext_lazy("Red three", "Red threes", "count"),
    ),
    RuleText(
        "samba.honours.all-red-threes",
        _("All six red threes"),
        text=_("All six red threes laid by one side, with two 7-card combinations: 1,000."),
        section=HONOURS,
    ),
    RuleText(
        "samba.ruling.all-six-red-threes",
        _("Ruling: all six red threes are 1,000 in all"),
        text=_(
            "The seed prices all six red threes at 1,000 without saying how that meets the "
            "100 for each. The app counts 1,000 in all, instead of 6 × 100 (and −1,000 in "
            "all without two 7-card combinations)."
        ),
        section=HONOURS,
        kind=RULING,
    ),
    RuleText(
        "samba.honours.red-three-without-combinations",
        _("Red threes without two combinations"),
        text=_(
            "Without two 7-card combinations each red three laid counts −100 instead. This "
            "is the penalty list's “−100 per red three”, not a second one."
        ),
        section=HONOURS,
        counted=ngettext_lazy(
            "Red three without two combinations", "Red threes without two combinations", "count"
        ),
    ),
    RuleText(
        "samba.ruling.red-three-penalty-once",
        _("Ruling: the −100 for a red three is counted once"),
        text=_(
            "The seed makes red threes negative without two 7-card combinations, and its "
            "penalty list also has “−100 per red three laid without two combinations”. The "
            "app reads both as the same −100, not a red three worth −200."
        ),
        section=HONOURS,
        kind=RULING,
    ),
    RuleText(
        "samba.honours.all-red-threes-without-combinations",
        _("All six red threes without two combinations"),
        text=_("All six red threes laid by a side without two 7-card combinations: −1,000."),
        section=HONOURS,
    ),
    # --- penalties ----------------------------------------------------------------------
    RuleText(
        "samba.penalty.red-three-in-hand",
        _("Red three left in hand"),
        text=_(
            "Each red three still in a player's hand when the hand ends: −500. Penalties "
            "go in the side's own column; they never give points to the opponents."
        ),
        section=PENALTIES,
    ),
    RuleText(
        "samba.penalty.three-wilds-in-canastra",
        _("Three wilds in a canastra"),
        text=_("Putting a third wild in a canastra: −100."),
        section=PENALTIES,
    ),
    RuleText(
        "samba.penalty.stock-out-of-turn",
        _("Drawing out of turn"),
        text=_("Drawing from the stock out of turn: −100."),
        section=PENALTIES,
    ),
    RuleText(
        "samba.penalty.pile-out-of-turn",
        _("Taking the pile out of turn"),
        text=_("Taking the discard pile out of turn: −100."),
        section=PENALTIES,
    ),
    RuleText(
        "samba.penalty.meld-out-of-turn",
        _("Melding out of turn"),
        text=_("Laying down cards in another player's turn: −100."),
        section=PENALTIES,
    ),
    RuleText(
        "samba.penalty.went-out-after-refusal",
        _("Going out after the partner said no"),
        text=_("Trying to go out after the partner said no: −100."),
        section=PENALTIES,
    ),
    RuleText(
        "samba.penalty.permission-unable",
        _("Asked to go out and could not"),
        text=_("Asking the partner's permission to go out and then being unable to: −100."),
        section=PENALTIES,
    ),
    RuleText(
        "samba.penalty.no-partner",
        _("No partner to ask for a player alone"),
        _(
            "A side of one player has no partner to ask for permission to go out, but "
            "faults of asking the partner were entered (%(faults)s)."
        ),
        _(
            "Permission to go out is asked of the partner, who answers only yes or no. "
            "Going out after the partner said no, and asking permission and then being "
            "unable to go out, are faults only a player with a partner can commit."
        ),
        PENALTIES,
    ),
    # --- opening ------------------------------------------------------------------------
    RuleText(
        "samba.opening.minimum",
        _("Opening minimum"),
        _(
            "This opening is worth %(points)s, but a side with %(running_total)s needs "
            "%(minimum)s."
        ),
        _(
            "A side's first laying-down in a hand (saída) must reach a minimum of card "
            "values: the melds laid in that play only, with the pile's top card when the "
            "pile is taken in the same play; no red threes, no bonuses. The minimum goes by "
            "the side's running total before the hand: below 0, 15; 0 to 1,495, 50; 1,500 "
            "to 2,995, 90; 3,000 to 6,995, 120; 7,000 or more, 150 (160 as a house rule). "
            "So at 90 a clean canastra of kings (70) is not enough, but one of aces (140) "
            "is. The scoreboard shows each side's minimum for the next hand."
        ),
        OPENING,
    ),
    RuleText(
        "samba.ruling.opening-table",
        _("Ruling: the opening minimums"),
        text=_(
            "The seed gives no table of opening minimums; it only says that at 90 a clean "
            "canastra is not enough unless it is of aces. The app uses the usual Samba "
            "table: below 0, 15; 0 to 1,495, 50; 1,500 to 2,995, 90; 3,000 to 6,995, 120; "
            "7,000 or more, 150. Published tables disagree on the last row, so a match may "
            "choose 160."
        ),
        section=OPENING,
        kind=RULING,
    ),
    RuleText(
        "samba.opening.pile-top-not-melded",
        _("The pile's top card in the opening"),
        _("The pile's top card, %(top)s, must be in one of the opening's melds."),
        _(
            "An opening made by taking the pile uses its top card in one of the melds laid "
            "in that play, and counts its value."
        ),
        OPENING,
    ),
    # --- the pile -----------------------------------------------------------------------
    RuleText(
        "samba.pile.blocked-by-wild",
        _("A wild on top"),
        _("%(top)s is wild: the pile is blocked for the next player, and is now premiado."),
        _(
            "A wild discarded blocks the pile for the next player and makes it premiado "
            "(frozen) until the pile is taken; a red three or a wild turned at the start "
            "does the same."
        ),
        PILE,
    ),
    RuleText(
        "samba.ruling.premiado-until-taken",
        _("Ruling: premiado until the pile is taken"),
        text=_(
            "The seed says a covered wild no longer blocks the pile but leaves it premiado, "
            "without saying until when. The app keeps it premiado until someone takes the "
            "pile (with two natural cards from hand equal to the top): the pile that "
            "follows is a new one."
        ),
        section=PILE,
        kind=RULING,
    ),
    RuleText(
        "samba.pile.blocked-by-black-three",
        _("A black three on top"),
        _("%(top)s is a black three: the pile is blocked for the next player."),
        _("A black three on top blocks the pile for the next player only."),
        PILE,
    ),
    RuleText(
        "samba.pile.pumba",
        _("Pumba: draw from the stock"),
        _(
            "A player with a single card in hand is pumba: on this turn they draw from the "
            "stock, not the pile."
        ),
        _(
            "A player left with one card in hand is “pumba” (or “bum”) and must say so. On "
            "the next turn they draw from the stock and meld what they can to go out; they "
            "do not take the pile."
        ),
        PILE,
    ),
    RuleText(
        "samba.pile.first-take-two-naturals",
        _("First take: two naturals from hand"),
        _(
            "Nobody has taken the pile yet this hand: the first take needs two natural "
            "cards from hand equal to the top card, %(top)s."
        ),
        _(
            "The hand's first take of the pile — the first time anyone takes it in this "
            "hand — needs two natural cards from hand of the top card's rank; later takes "
            "in the same hand do not, unless the pile is premiado. The taker's side must "
            "have opened or open in that same play."
        ),
        PILE,
    ),
    RuleText(
        "samba.pile.premiado-two-naturals",
        _("Premiado: two naturals from hand"),
        _(
            "The pile is premiado: it is taken only with two natural cards from hand equal "
            "to the top card, %(top)s (%(naturals_in_hand)s in hand)."
        ),
        _(
            "A premiado pile is taken only with two natural cards from hand equal to the "
            "top card, even by a side that could lay it on a canastra."
        ),
        PILE,
    ),
    RuleText(
        "samba.pile.open-same-play",
        _("Opening with the pile"),
        _(
            "The side has not opened: it may take the pile for %(top)s only by opening in "
            "that same play."
        ),
        _(
            "A side that has not yet opened may take the pile only to open in that same "
            "play, reaching its opening minimum."
        ),
        PILE,
    ),
    RuleText(
        "samba.pile.onto-group",
        _("Onto a group"),
        _("%(top)s goes onto the side's group or canastra of its rank."),
        _(
            "After the hand's first take, a side may take the pile to lay the top card on a "
            "group or canastra of that rank it already has."
        ),
        PILE,
    ),
    RuleText(
        "samba.pile.onto-sequence",
        _("Onto a sequence"),
        _("%(top)s extends a sequence the side already laid."),
        _(
            "The top card may extend a sequence the side already laid (never a samba, "
            "which is closed)."
        ),
        PILE,
    ),
    RuleText(
        "samba.pile.with-hand-cards",
        _("With cards from hand"),
        _("%(top)s makes a group with cards from the player's hand."),
        _(
            "The top card may form a new group with cards from the player's hand: a pair "
            "of its rank, or one natural of its rank and a wild."
        ),
        PILE,
    ),
    RuleText(
        "samba.pile.never-start-sequence",
        _("Never to start a sequence"),
        _("The pile is never taken to start a sequence with %(top)s."),
        _("The pile is never taken to start a new sequence with its top card."),
        PILE,
    ),
    RuleText(
        "samba.pile.never-two-wilds",
        _("Never with two wilds"),
        _("The pile is never taken to meld %(top)s with two wilds."),
        _("The pile is never taken to combine its top card with two wilds."),
        PILE,
    ),
    RuleText(
        "samba.pile.no-combination",
        _("Nothing to combine"),
        _("%(top)s combines with nothing the side holds, so the pile cannot be taken."),
        _(
            "The pile is taken only to combine its top card at once, in a group of equal "
            "rank or on the side's own melds."
        ),
        PILE,
    ),
    # --- the end ------------------------------------------------------------------------
    RuleText(
        "samba.end.target",
        _("Passing the target"),
        text=_(
            "A side whose running total passes the target — more than 10,000, unless the "
            "match sets another — wins. If several pass it in the same hand, the highest "
            "total wins. A match started without a target ends when the players end it; "
            "then the highest total wins."
        ),
        section=END,
    ),
    RuleText(
        "samba.end.tie",
        _("A tie at the top"),
        text=_(
            "If the highest totals past the target are equal, nobody has won yet: another "
            "hand is played."
        ),
        section=END,
    ),
    RuleText(
        "samba.ruling.tie-at-the-top",
        _("Ruling: a tie at the top plays another hand"),
        text=_(
            "The seed says the highest total past the target wins, but not what happens "
            "when the highest are equal. The app declares no winner and another hand is "
            "played, until one side is ahead alone."
        ),
        section=END,
        kind=RULING,
    ),
    # --- house rules and rulings --------------------------------------------------------
    RuleText(
        "samba.options.invalid",
        _("Unknown house rule"),
        _("“%(value)s” is not a value the house rule %(option)s can take."),
        _(
            "House rules chosen when a match starts: the target (10,000 by default); the "
            "top opening minimum, 150 or 160; whether seven or more canastras earn the "
            "canastrão too (2,500 in all) instead of 2,000."
        ),
        HOUSE,
    ),
    RuleText(
        "samba.option.target",
        _("House rule: another target"),
        text=_("A match may play to another target than 10,000 (or to no target at all)."),
        section=HOUSE,
        kind=OPTION,
    ),
    RuleText(
        "samba.option.top-minimum",
        _("House rule: 160 from 7,000"),
        text=_("A match may make the opening minimum from 7,000 on 160 instead of 150."),
        section=HOUSE,
        kind=OPTION,
    ),
    RuleText(
        "samba.option.cumulative-canastra-bonus",
        _("House rule: cumulative canastrão"),
        text=_(
            "A match may let seven or more canastras earn the canastrão as well as the "
            "canastra de canastras: 2,500 in all instead of 2,000."
        ),
        section=HOUSE,
        kind=OPTION,
    ),
    RuleText(
        "samba.ruling.quick-entry",
        _("Ruling: counting by hand"),
        text=_(
            "A hand may be entered as counts (canastras, sambas, red threes, premiums, "
            "penalties and the card points on the table and in hand) or card by card; both "
            "are scored by the same rules and give the same breakdown. The checks that need "
            "the cards themselves (each meld, each card's limit) are made only card by card; "
            "counts are checked against what three decks can hold, all sides together."
        ),
        section=HOUSE,
        kind=RULING,
    ),
)
