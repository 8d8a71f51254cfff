"""Paciência do Cachorro's rulebook: every rule id the engine (``referee.paciencia``) can
emit or cite, in the order the rulebook page shows them.

The patience has no decisions, so most of its rules are the *reasons a card moved*: each
move of a replay carries one of the ``paciencia.layout.*``, ``.deal.*``, ``.build.*``,
``.dog.*``, ``.run.*`` or ``.gather.*`` ids, and its message (with the move's params, the
card included) is the caption of that step. ``paciencia.outcome.*`` name a game's end;
``paciencia.deck.*``, ``.shuffle.*`` and ``.record.*`` refuse an entry.

Where the seed is silent, ambiguous or miscounts, the project's ruling is a
``paciencia.ruling.*`` text marked ``kind=RULING``; the engine applies each one the same
way every time and never emits it.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from scoring.kit.rulebook import RULING, RuleText

DECK = _("The cards")
DEAL = _("The deal")
BUILDING = _("Building onto the piles")
DOG = _("The dog's heap (monte do cachorro)")
LATER = _("The second and third deals")
END = _("Won or lost")
RECORD = _("Recording a game")

RULES: tuple[RuleText, ...] = (
    # --- the cards ---------------------------------------------------------------------------
    RuleText(
        "paciencia.deck.size",
        _("104 cards"),
        _("A deck for this patience has %(expected)s cards, not %(count)s."),
        _(
            "Two 52-card decks without jokers: 104 cards, each card twice. A deck typed in "
            "from the table must list all of them, in the order they were dealt."
        ),
        DECK,
    ),
    RuleText(
        "paciencia.deck.missing",
        _("Every card twice"),
        ngettext_lazy(
            "%(card)s is entered %(count)s time; the two decks hold it %(limit)s times.",
            "%(card)s is entered %(count)s times; the two decks hold it %(limit)s times.",
            "count",
        ),
        _("Each of the 52 cards is in the deck exactly twice; none may be left out."),
        DECK,
    ),
    RuleText(
        "paciencia.shuffle.number",
        _("Shuffle number"),
        _("“%(shuffle)s” is not a shuffle number: give a whole number from 0 to %(max)s."),
        _(
            "A shuffle is named by a whole number from 0 up; the same number always gives "
            "the same deck, and so the same game."
        ),
        DECK,
    ),
    RuleText(
        "paciencia.ruling.shuffle",
        _("Ruling: how a number shuffles the deck"),
        text=_(
            "Shuffle number n is the two decks in a fixed order (deck one then deck two, "
            "each in the suits ♠ ♥ ♦ ♣, each suit from the ace to the king) shuffled by "
            "Python's random.Random(n).shuffle. The kings are shuffled in too and taken "
            "out before the deal, like those of a deck typed in."
        ),
        section=DECK,
        kind=RULING,
    ),
    RuleText(
        "paciencia.ruling.deck-entry",
        _("Ruling: a deck typed in from the table"),
        text=_(
            "A deck typed in lists the 104 cards in the order they were dealt; the eight "
            "kings may stand anywhere in it (they were taken out before the shuffle) and "
            "the other 96 are dealt in the order given. The kings' row is ♠ ♥ ♦ ♣ ♠ ♥ ♦ ♣: "
            "the first king of a suit met in the deck goes to the left half, the second "
            "to the right half."
        ),
        section=DECK,
        kind=RULING,
    ),
    # --- the deal ----------------------------------------------------------------------------
    RuleText(
        "paciencia.layout.king",
        _("The kings are the piles"),
        _("%(card)s starts pile %(pile)s."),
        _(
            "Before the deal the eight kings are laid in a row: they are the piles "
            "(pilhas), each built down in its suit from the queen to the ace."
        ),
        DEAL,
    ),
    RuleText(
        "paciencia.deal.packet",
        _("Dealt to its packet"),
        _("%(card)s comes up at the count of %(count)s and goes to packet %(count)s."),
        _(
            "The cards are turned up one by one while counting from one (ace) to the "
            "number of packets of the deal: to twelve (queen) in the first deal, which "
            "deals the 96 cards that are not kings, to eleven (jack) in the second and to "
            "ten in the third. Each card goes face up onto the packet (pacote) of the "
            "number counted. In the first deal packets 1–6 form one row, 7–12 another; "
            "only the top card of a packet, the last one put on it, is in view."
        ),
        DEAL,
    ),
    RuleText(
        "paciencia.deal.dog",
        _("On its own count: to the dog"),
        _(
            "%(card)s comes up at the count of %(count)s, its own number: it goes face down "
            "to the dog's heap and packet %(count)s gets nothing this time."
        ),
        _(
            "A card whose rank equals the number counted goes face down onto the dog's "
            "heap (monte do cachorro), and its place stays empty: the next card takes the "
            "next number. So no packet ever receives a card of its own number while dealing."
        ),
        DEAL,
    ),
    RuleText(
        "paciencia.deal.kennel",
        _("A column to the kennel"),
        _("%(card)s goes face up to column %(column)s of the kennel."),
        _(
            "After each count the next cards go face up, in a column, below the packets: "
            "the kennel (canil). A column has three cards in the first deal (after each "
            "count to twelve), four in the second (after each count to eleven) and five in "
            "the third (after each count to ten), so each full pass deals fifteen cards. "
            "The whole first deal leaves twelve packets, a kennel of six columns of three "
            "and the dog's heap."
        ),
        DEAL,
    ),
    RuleText(
        "paciencia.ruling.passes",
        _("Ruling: six passes, then six cards"),
        text=_(
            "The seed says the count of twelve and the three kennel cards are dealt five "
            "times in all, but also that the kennel ends with eighteen cards in three rows "
            "of six and that six cards are then left in the hand: that takes six passes, "
            "6 × (12 + 3) + 6 = 96. The app deals six. Every deal is one sequence: count "
            "to the number of packets, then one kennel column, again and again until the "
            "cards run out; a pass that runs short stops where the cards end (in the first "
            "deal the last six go to packets 1–6, counted 1 to 6)."
        ),
        section=DEAL,
        kind=RULING,
    ),
    RuleText(
        "paciencia.ruling.count",
        _("Ruling: what is counted"),
        text=_(
            "The kennel cards are not counted: the count starts again at one after each "
            "kennel column. The ace is one, the jack eleven, the queen twelve; kings never "
            "come, they are on the piles. A card at its own number goes to the dog's heap "
            "in every pass (the short last one included) and in every deal, which is dealt "
            "“in the way shown before”."
        ),
        section=DEAL,
        kind=RULING,
    ),
    # --- building onto the piles ---------------------------------------------------------------
    RuleText(
        "paciencia.build.in-view",
        _("A card in view goes up"),
        _("%(card)s is in view and fits: onto %(onto)s on pile %(pile)s."),
        _(
            "Every card in view that fits a pile — the next lower card of the pile's suit "
            "— goes onto it, queens first and then downward. Taking the top card of a "
            "packet uncovers the next, which goes up too if it fits. The building ends when "
            "no card in view fits."
        ),
        BUILDING,
    ),
    RuleText(
        "paciencia.ruling.kennel-in-view",
        _("Ruling: the whole kennel is in view"),
        text=_(
            "Every kennel card is in view and may go up, not only the last of each column: "
            "the seed lets the third deal's columns be laid as rows “for comfort”, which "
            "would change the game if only one end of a column could be taken. Of a packet "
            "only the top card is in view."
        ),
        section=BUILDING,
        kind=RULING,
    ),
    RuleText(
        "paciencia.ruling.build-order",
        _("Ruling: which card goes first"),
        text=_(
            "While some card in view fits, the highest of them goes up (queens first, "
            "then jacks, and so on down). Among cards of the same rank, the one on the "
            "lowest-numbered packet goes first, then the kennel's in the order they were "
            "dealt (column by column, each from its first card). A card goes onto the "
            "leftmost pile it fits."
        ),
        section=BUILDING,
        kind=RULING,
    ),
    # --- the dog's heap --------------------------------------------------------------------
    RuleText(
        "paciencia.dog.fits",
        _("The dog's card goes up"),
        _("The dog's card %(card)s fits: onto %(onto)s on pile %(pile)s."),
        _(
            "When nothing in view fits any more, the dog's heap is turned, one card at a "
            "time. A card that fits goes onto its pile."
        ),
        DOG,
    ),
    RuleText(
        "paciencia.dog.under-packet",
        _("The dog fetches from its packet"),
        _(
            "The dog's card %(card)s does not fit: it goes under packet %(packet)s, which "
            "is run through from the top."
        ),
        _(
            "A dog's card that does not fit goes under the packet of its number, and that "
            "packet is run through from the top until the dog's card comes up again: the "
            "dog “fetches” cards from the packet."
        ),
        DOG,
    ),
    RuleText(
        "paciencia.run.fits",
        _("Fetched by the dog"),
        _(
            "%(card)s, fetched from packet %(packet)s by the dog's %(dog)s, goes onto "
            "%(onto)s on pile %(pile)s."
        ),
        _("While the packet is run through, each card that fits goes onto its pile."),
        DOG,
    ),
    RuleText(
        "paciencia.run.passes",
        _("To the bottom of the packet"),
        _(
            "%(card)s does not fit: from the top of packet %(packet)s to its bottom, until "
            "the %(dog)s comes up."
        ),
        _("Each card of the packet that does not fit goes from its top to its bottom."),
        DOG,
    ),
    RuleText(
        "paciencia.run.dog-fits",
        _("The dog's card comes up again"),
        _(
            "The dog's card %(card)s comes up again on packet %(packet)s and now fits: onto "
            "%(onto)s on pile %(pile)s."
        ),
        _(
            "When the dog's card comes up again it goes onto its pile if it now fits; "
            "otherwise it stays on top of the packet. Then the next dog's card is turned, "
            "until the heap is used up."
        ),
        DOG,
    ),
    RuleText(
        "paciencia.ruling.dog-order",
        _("Ruling: the dog's heap is never shuffled"),
        text=_(
            "The dog's heap lies face down and is turned from its top, so the last card "
            "put on it is the first turned. It is never gathered nor shuffled: it only "
            "receives cards while dealing and gives them back one at a time, and it is "
            "used up before the end of every deal."
        ),
        section=DOG,
        kind=RULING,
    ),
    RuleText(
        "paciencia.ruling.dog-run",
        _("Ruling: once through the packet"),
        text=_(
            "The packet is run through once: from its top, each card that fits goes up "
            "and each that does not goes to the bottom, until the dog's card (which went "
            "under all of them) comes up. A card passed over is not looked at again in "
            "that run, even if a later one makes it fit. If the dog's card does not fit "
            "then, it stays on top of the packet and the others keep their order below "
            "it; under an empty packet it simply becomes the packet's only card."
        ),
        section=DOG,
        kind=RULING,
    ),
    RuleText(
        "paciencia.ruling.build-after-dog",
        _("Ruling: building again after each dog's card"),
        text=_(
            "After each dog's card has done its work (gone up, or fetched from its "
            "packet), every card in view that fits goes up as at the start, before the "
            "next dog's card is turned: a card in view that fits is never left lying. "
            "While a packet is being run through it is in the hand, and nothing else moves."
        ),
        section=DOG,
        kind=RULING,
    ),
    RuleText(
        "paciencia.ruling.dog-packet",
        _("Ruling: a dog's card always has its packet"),
        text=_(
            "A card goes to the dog's heap only when its rank equals the count, the count "
            "goes only as high as the deal has packets (12, 11, then 10), and the heap is "
            "used up within its deal. So every dog's card finds a packet of its number: a "
            "queen goes to the dog only in the first deal, a jack only in the first two, "
            "and no card waits in the heap for a packet a later deal no longer has."
        ),
        section=DOG,
        kind=RULING,
    ),
    # --- the second and third deals --------------------------------------------------------------
    RuleText(
        "paciencia.gather.stock",
        _("Gathered for the next deal"),
        _("%(card)s is gathered for deal %(next)s."),
        _(
            "When the dog's heap is used up and the patience is not out, the packets are "
            "gathered in reverse order (12 onto 11, … onto 1), then the kennel, and "
            "without shuffling the cards are dealt again. The piles stay as they are."
        ),
        LATER,
    ),
    RuleText(
        "paciencia.ruling.gather",
        _("Ruling: the order of the gathered cards"),
        text=_(
            "Each packet goes onto the one before, down to packet 1, and the whole onto "
            "the kennel cards, gathered the same way from the last; turned over, the new "
            "deck deals the kennel cards in the order they were dealt (column by column, "
            "each from its first card), then packet 1 from its bottom card up, then packet "
            "2, and so on. A replay shows it as one card at a time, in that order."
        ),
        section=LATER,
        kind=RULING,
    ),
    RuleText(
        "paciencia.ruling.later-deals",
        _("Ruling: eleven packets, then ten"),
        text=_(
            "The second deal makes eleven packets (the seed once says twelve, but its "
            "figure shows eleven) and kennel columns of four; the third makes ten packets "
            "and columns of five. Each is dealt “in the way shown before”: a card that "
            "comes up at its own number goes face down to a new dog's heap, which is then "
            "worked exactly as in the first deal (the seed's “o monte do cachorro não "
            "muda”, the dog's heap does not change, is read as: it is worked the same "
            "way)."
        ),
        section=LATER,
        kind=RULING,
    ),
    # --- won or lost -------------------------------------------------------------------------
    RuleText(
        "paciencia.outcome.won",
        _("Won"),
        _("The patience came out in deal %(deal)s."),
        _(
            "The patience comes out when all 104 cards are on the eight piles, each down "
            "to its ace; it may come out in any of the three deals."
        ),
        END,
    ),
    RuleText(
        "paciencia.outcome.lost",
        _("Lost"),
        ngettext_lazy(
            "The patience did not come out: %(cards_left)s card was left off the piles "
            "after deal %(deal)s.",
            "The patience did not come out: %(cards_left)s cards were left off the piles "
            "after deal %(deal)s.",
            "cards_left",
        ),
        _(
            "If the piles are not complete after the third deal, the patience is lost; "
            "what counts is how many cards were left off the piles."
        ),
        END,
    ),
    # --- recording a game played at the table ------------------------------------------------
    RuleText(
        "paciencia.record.deal",
        _("Deal one to three"),
        _(
            "A game ends in deal 1, 2 or 3, and a lost one only after the third deal, not "
            "in deal %(deal)s."
        ),
        _(
            "A game played at the table is recorded as won, with the deal it came out in, "
            "or lost, which it can only be after the third deal."
        ),
        RECORD,
    ),
    RuleText(
        "paciencia.record.cards-left",
        _("Cards left off the piles"),
        _(
            "A won game leaves no card off the piles and a lost one %(min)s to %(max)s, not "
            "%(cards_left)s."
        ),
        _(
            "A lost game is recorded with the number of cards left off the piles: at "
            "most the 96 that are not kings, and at least two. A single card left over "
            "cannot happen: it would be in view and fit its pile, so it would have gone up."
        ),
        RECORD,
    ),
)
