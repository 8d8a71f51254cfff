"""Pif-Paf's rules in words: one ``RuleText`` per rule id the engine (``referee.pifpaf``)
or this app can cite, in the order the rulebook page shows them.

Messages take the parameters the engine really sends; where it sends a list (cards,
ranks) the message does without it rather than print a Python list. Where the seeds are
silent or disagree the page makes a *ruling*: each has a ``pifpaf.ruling.*`` text marked
``kind=RULING``; the house rules a session may choose are marked ``kind=OPTION``.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from scoring.kit.rulebook import OPTION, RULING, RuleText

TABLE = _("The table")
MELDS = _("Melds")
GOING_OUT = _("Going out")
DISCARDS = _("Discards")
CHIPS = _("Chips")
BETTING = _("Betting")
PLAY = _("Playing the hand")
MISTAKES = _("Mistakes")
SESSION = _("The session and the settlement")
HOUSE_RULES = _("House rules")

RULES: tuple[RuleText, ...] = (
    # --- the table -------------------------------------------------------------------------
    RuleText(
        "pifpaf.table.deck",
        _("Cards and deal"),
        text=_(
            "Two 52-card decks without jokers (104 cards): no card can be entered more than "
            "twice in one hand. Each player is dealt nine cards, in threes. On their turn a "
            "player draws from the stock (maço) or takes the top discard (lixo), then "
            "discards one card. Turn order is the order in which the players were entered "
            "when the session started: the dealer's left is the next player in that list."
        ),
        section=TABLE,
    ),
    RuleText(
        "pifpaf.table.players",
        _("Three to eight players"),
        _("Pif-Paf is played by three to eight players, not %(players)s."),
        _("Three to eight players sit at the table, each for themselves."),
        TABLE,
    ),
    RuleText(
        "pifpaf.table.duplicate-player",
        _("Every player once"),
        _("%(player)s sits at the table twice."),
        _("Every player at the table has a name of their own."),
        TABLE,
    ),
    RuleText(
        "pifpaf.table.unknown-player",
        _("Only players at the table"),
        _("%(player)s is not at this table."),
        _("A dealer, a bet or a mistake must name a player sitting at the table."),
        TABLE,
    ),
    RuleText(
        "pifpaf.table.balances",
        _("A balance for every player"),
        _("The chip balances must name exactly the players at the table."),
        _("A hand starts from one chip balance for each player at the table, and no other."),
        TABLE,
    ),
    # --- melds -----------------------------------------------------------------------------
    RuleText(
        "pifpaf.meld.too-short",
        _("Three cards or more"),
        _("A meld has at least three cards, not %(cards)s."),
        _("A meld (jogo) is a sequence or a group of at least three cards."),
        MELDS,
    ),
    RuleText(
        "pifpaf.meld.mixed",
        _("One suit or one rank"),
        _("These cards are neither all of one suit (a sequence) nor all of one rank (a group)."),
        _(
            "A sequence is all of one suit; a group (trinca) is all of one rank. Cards of "
            "different suits and different ranks make no meld."
        ),
        MELDS,
    ),
    RuleText(
        "pifpaf.sequence.repeated-rank",
        _("Each rank once in a sequence"),
        _("A sequence holds each rank only once."),
        _("A sequence cannot hold the same rank twice: 5♠ 5♠ 6♠ 7♠ is not a sequence."),
        MELDS,
    ),
    RuleText(
        "pifpaf.sequence.gap",
        _("Consecutive ranks"),
        _("The ranks of a sequence must follow each other without a gap."),
        _("A sequence (sequência) is three or more consecutive cards of one suit: 4♣ 5♣ 6♣."),
        MELDS,
    ),
    RuleText(
        "pifpaf.sequence.wrap",
        _("No turning the corner"),
        _("A sequence does not turn the corner from the king to the two: K A 2 is no sequence."),
        _(
            "The ace closes a sequence at one end; a sequence never goes on past it, so "
            "K A 2 is not a sequence."
        ),
        MELDS,
    ),
    RuleText(
        "pifpaf.ruling.no-wrap",
        _("Ruling: K A 2 is not a sequence"),
        text=_(
            "Seed 000 says the ace “may serve above the king or below the two”. The app "
            "reads the “or” as one end at a time: a sequence never turns the corner (K A 2) "
            "and never uses the ace at both ends."
        ),
        section=MELDS,
        kind=RULING,
    ),
    RuleText(
        "pifpaf.sequence.ace-both-ends",
        _("The ace at one end only"),
        _("The ace stands below the 2 or above the king, not at both ends of one sequence."),
        _(
            "The ace may stand below the 2 (A 2 3) or above the king (Q K A), but one "
            "sequence cannot use it at both ends."
        ),
        MELDS,
    ),
    RuleText(
        "pifpaf.sequence.ace-high",
        _("Aces low only"),
        _("With aces low only, the ace cannot follow the king."),
        _("House rule “aces low only”: the ace stands only below the 2, so Q K A is no sequence."),
        MELDS,
    ),
    RuleText(
        "pifpaf.group.three-suits",
        _("Exactly three suits"),
        _("A group holds exactly three suits, not %(suits)s."),
        _(
            "A group (trinca) is three or more cards of one rank in exactly three suits: "
            "Q♠ Q♥ Q♦ and Q♠ Q♥ Q♦ Q♦ are groups; Q♠ Q♦ Q♦ (two suits) and Q♠ Q♥ Q♦ Q♣ "
            "(four suits) are not."
        ),
        MELDS,
    ),
    RuleText(
        "pifpaf.group.trinca",
        _("Trinca: three cards, three suits"),
        ngettext_lazy(
            "With the trinca house rule a group is exactly three cards of three different "
            "suits, not %(cards)s cards in %(suits)s suit.",
            "With the trinca house rule a group is exactly three cards of three different "
            "suits, not %(cards)s cards in %(suits)s suits.",
            "suits",
        ),
        _("House rule “trinca”: a group is exactly three cards of three different suits."),
        MELDS,
    ),
    RuleText(
        "pifpaf.ruling.defaults",
        _("Ruling: which seed is the default"),
        text=_(
            "The two seeds disagree twice. By default the ace stands below the 2 or above "
            "the king (seed 000; seed 004 has aces low only), and a group is three or more "
            "cards of one rank in exactly three suits (seed 004; seed 000's trinca is "
            "exactly three cards of three suits). The other reading of each is a house rule."
        ),
        section=MELDS,
        kind=RULING,
    ),
    # --- going out -------------------------------------------------------------------------
    RuleText(
        "pifpaf.hand.not-out",
        _("Going out (bater)"),
        _("%(player)s has not gone out: %(leftover)s cannot be placed in a meld."),
        _(
            "A player goes out when all nine cards form melds. A player who has drawn a "
            "tenth card discards one and shows nine. When the winner's cards are entered, "
            "the app arranges them into melds (trying every arrangement) and records the "
            "hand only if they go out."
        ),
        GOING_OUT,
    ),
    RuleText(
        "pifpaf.hand.card-count",
        _("Nine cards, or ten with the discard"),
        _("A hand to check has nine cards, or ten with the discard, not %(count)s."),
        _(
            "The going-out check takes the nine cards shown, or ten cards, and then finds "
            "the one to discard."
        ),
        GOING_OUT,
    ),
    # --- discards --------------------------------------------------------------------------
    RuleText(
        "pifpaf.claim.next-in-turn",
        _("Going out with a discard"),
        text=_(
            "A discard can be taken only in turn, except to go out: any player may go out "
            "with anyone's discard, out of turn (“bater com a louca”). If several players "
            "can go out with the same discard, the first of them in turn order after the "
            "player who discarded it gets it."
        ),
        section=DISCARDS,
    ),
    RuleText(
        "pifpaf.claim.no-claimant",
        _("Somebody claims the discard"),
        _("Say who wants to go out with the discard."),
        _("A claim on a discard names at least one player who goes out with it."),
        DISCARDS,
    ),
    RuleText(
        "pifpaf.claim.no-such-player",
        _("Seats at this table"),
        _("There is no such seat at this table."),
        _("The discarder and the claimants are seats at this table."),
        DISCARDS,
    ),
    RuleText(
        "pifpaf.claim.own-discard",
        _("Not your own discard"),
        _("Nobody goes out with the card they have just discarded."),
        _("The player who discarded a card cannot claim it back to go out."),
        DISCARDS,
    ),
    # --- chips -----------------------------------------------------------------------------
    RuleText(
        "pifpaf.chips.ante",
        _("Ante (pingo)"),
        text=_(
            "Every player pays the ante (pingo, one chip unless agreed otherwise) into the "
            "pot to be dealt in."
        ),
        section=CHIPS,
    ),
    RuleText(
        "pifpaf.chips.bet",
        _("Bet"),
        text=_("The chips a player bets on top of the ante go into the pot."),
        section=CHIPS,
    ),
    RuleText(
        "pifpaf.chips.sits-out",
        _("Sits the hand out"),
        text=_(
            "A player with no chips left is not dealt in: they sit the hand out and their "
            "balance does not change (unless the session allows rebuys)."
        ),
        section=CHIPS,
    ),
    RuleText(
        "pifpaf.ruling.short-ante",
        _("Ruling: short of the ante"),
        text=_(
            "The page sits out only a player with no chips left, and lets a player who "
            "cannot cover a bet go all-in, as in poker. So a player with fewer chips than "
            "the ante puts in all they have as their ante and is dealt in, all-in: they "
            "contest only the pot up to what they put in."
        ),
        section=CHIPS,
        kind=RULING,
    ),
    RuleText(
        "pifpaf.chips.rebuy",
        _("Rebuy"),
        text=_(
            "With the rebuys house rule, a player who has no chips left when a hand starts "
            "buys in again for the session's buy-in and is dealt in, instead of sitting out. "
            "The chips bought are not won: the rebuy line shows them and counts 0, and the "
            "settlement charges every buy-in the player made."
        ),
        section=CHIPS,
    ),
    RuleText(
        "pifpaf.ruling.rebuy",
        _("Ruling: how a rebuy is made"),
        text=_(
            "The page allows rebuys as a house rule and says no more. With rebuys on, the "
            "app makes them automatically: a player with no chips left at the start of a "
            "hand buys in again for the full buy-in, as often as needed, and nobody is "
            "asked. Only a player with no chips at all rebuys: one with fewer chips than the "
            "ante antes what they have. Each player's rebuys are counted, and at the end "
            "every buy-in is paid for: a player who rebought twice paid three buy-ins."
        ),
        section=CHIPS,
        kind=RULING,
    ),
    RuleText(
        "pifpaf.chips.all-in",
        _("All-in"),
        text=_(
            "A player whose chips are all in the pot is all-in: they speak no more in the "
            "betting and contest only the pots up to what they put in. A player whose ante "
            "took their last chip, or who had fewer chips than the ante, is all-in from the "
            "start."
        ),
        section=CHIPS,
    ),
    RuleText(
        "pifpaf.chips.ante-positive",
        _("An ante of at least one chip"),
        _("The ante is at least one chip, not %(ante)s."),
        _("The ante (pingo) is a whole number of chips, at least one."),
        CHIPS,
    ),
    RuleText(
        "pifpaf.chips.min-bet",
        _("Minimum bet"),
        _("The minimum bet must be at least 1 and at most the maximum bet (%(max)s)."),
        _(
            "The session sets a minimum bet (the ante unless agreed otherwise): every raise "
            "adds at least that much. It cannot be above the maximum bet."
        ),
        CHIPS,
    ),
    RuleText(
        "pifpaf.chips.max-bet-limit",
        _("Maximum bet"),
        _(
            "The maximum bet may not exceed the ante times the number of players "
            "(%(limit)s), not %(max_bet)s."
        ),
        _(
            "The session sets a maximum bet per hand; it may not exceed the ante times the "
            "number of players (four players with an ante of 5: at most 20), and that is "
            "its value unless agreed otherwise."
        ),
        CHIPS,
    ),
    RuleText(
        "pifpaf.chips.negative",
        _("No negative balance"),
        _("%(player)s cannot have %(chips)s chips: a balance is never below zero."),
        _("Nobody ever has fewer than zero chips."),
        CHIPS,
    ),
    RuleText(
        "pifpaf.chips.too-few-dealt",
        _("Two players with chips"),
        ngettext_lazy(
            "Only %(players)s player has chips: a hand needs at least two.",
            "Only %(players)s players have chips: a hand needs at least two.",
            "players",
        ),
        _("A hand is dealt only if at least two players have chips."),
        CHIPS,
    ),
    # --- betting ---------------------------------------------------------------------------
    RuleText(
        "pifpaf.bet.unknown-action",
        _("Fold, call or raise"),
        _("“%(kind)s” is not something a player can do in a hand."),
        _(
            "In the betting a player folds (abandona), calls (acompanha), raises (repica) "
            "or, short of chips, goes all-in; while the hand is played the app records a "
            "false going out, a rebate or cards thrown away."
        ),
        BETTING,
    ),
    RuleText(
        "pifpaf.bet.out-of-turn",
        _("Speaking in turn"),
        _("It is %(expected)s's turn to speak, not %(player)s's."),
        _(
            "Players speak in turn, starting from the dealer's left. After a raise, every "
            "other player still in the hand speaks again."
        ),
        BETTING,
    ),
    RuleText(
        "pifpaf.bet.below-min",
        _("Raise at least the minimum"),
        _("%(player)s must raise to at least %(min)s, not %(bet)s."),
        _("A raise takes the bet up by at least the minimum bet."),
        BETTING,
    ),
    RuleText(
        "pifpaf.bet.above-max",
        _("No bet above the maximum"),
        _("%(player)s cannot bet %(bet)s: the maximum bet is %(max)s."),
        _("Nobody's bet in a hand, ante not counted, goes above the maximum bet."),
        BETTING,
    ),
    RuleText(
        "pifpaf.bet.short-of-chips",
        _("Only the chips you have"),
        ngettext_lazy(
            "%(player)s cannot bet %(bet)s: only %(chips)s more chip left.",
            "%(player)s cannot bet %(bet)s: only %(chips)s more chips left.",
            "chips",
        ),
        _(
            "Nobody bets more chips than they have; a player who cannot cover the bet folds "
            "or goes all-in."
        ),
        BETTING,
    ),
    RuleText(
        "pifpaf.bet.all-in-covered",
        _("All-in is for a short stack"),
        ngettext_lazy(
            "%(player)s can cover the bet (%(call)s more, with %(chips)s chip left): call "
            "or raise instead of going all-in.",
            "%(player)s can cover the bet (%(call)s more, with %(chips)s chips left): call "
            "or raise instead of going all-in.",
            "chips",
        ),
        _(
            "A player who cannot cover the bet may call all-in with every chip they have "
            "left. A player who can cover it calls or raises as usual."
        ),
        BETTING,
    ),
    RuleText(
        "pifpaf.ruling.all-in",
        _("Ruling: all-in, main and side pots"),
        text=_(
            "Seed 004 says the betting goes “as in poker”. So a player who cannot cover a "
            "bet may call all-in with the chips they have; the pot then splits into a main "
            "pot everyone contested and side pots among those who put in more. All-in is "
            "only a call for less: a player who can cover the bet calls, or raises by at "
            "least the minimum bet."
        ),
        section=BETTING,
        kind=RULING,
    ),
    RuleText(
        "pifpaf.bet.round-over",
        _("The betting is over"),
        _("The betting is over: %(player)s cannot bet now."),
        _("Once everybody has called or folded, nobody bets again in that hand."),
        BETTING,
    ),
    RuleText(
        "pifpaf.bet.round-unfinished",
        _("Finish the betting"),
        _("The betting is not over: %(expected)s still has to speak."),
        _("The cards are played only once everybody has called or folded."),
        BETTING,
    ),
    # --- playing the hand ------------------------------------------------------------------
    RuleText(
        "pifpaf.play.during-betting",
        _("After the betting"),
        _("%(player)s cannot make that mistake during the betting: the cards are not played yet."),
        _("A false going out, a rebate or thrown cards happen only once the betting is over."),
        PLAY,
    ),
    RuleText(
        "pifpaf.play.hand-not-played",
        _("An uncontested hand is not played"),
        _("All but one folded, so the hand was not played: nothing happened to %(player)s."),
        _("If all but one player fold, that player takes the pot and the hand is not played."),
        PLAY,
    ),
    RuleText(
        "pifpaf.play.not-in-hand",
        _("Only players in the hand"),
        _("%(player)s is no longer in this hand."),
        _("A player who folded or threw their cards away takes no further part in the hand."),
        PLAY,
    ),
    RuleText(
        "pifpaf.play.nobody-left",
        _("Somebody stays in"),
        _("If %(player)s threw their cards away too, nobody would be left to take the pot."),
        _("At least one player stays in the hand to take the pot."),
        PLAY,
    ),
    RuleText(
        "pifpaf.hand.no-winner",
        _("Who went out?"),
        _("Say who went out: a played hand ends when somebody goes out."),
        _("A hand that is played ends when a player goes out with a valid hand."),
        PLAY,
    ),
    RuleText(
        "pifpaf.hand.winner-not-in-hand",
        _("The winner is in the hand"),
        _("%(player)s is not in this hand and cannot take the pot."),
        _("Only a player still in the hand can go out and take the pot."),
        PLAY,
    ),
    RuleText(
        "pifpaf.pot.won",
        _("Pot won"),
        text=_(
            "The first player to go out with a valid hand takes the whole pot — every pot "
            "they contested, when somebody was all-in."
        ),
        section=PLAY,
    ),
    RuleText(
        "pifpaf.pot.uncontested",
        _("Pot won by folds"),
        text=_(
            "When all the others have folded (or thrown their cards away), the last player "
            "left in the hand takes the pot (every pot they contested)."
        ),
        section=PLAY,
    ),
    RuleText(
        "pifpaf.pot.split",
        _("Side pot shared"),
        text=_(
            "A side pot the winner did not contest (they were all-in for less) is shared "
            "equally by the players still in the hand who contested it; odd chips go one "
            "each to the first of them in turn from the dealer's left."
        ),
        section=PLAY,
    ),
    RuleText(
        "pifpaf.ruling.side-pot-shared",
        _("Ruling: a side pot the winner did not contest"),
        text=_(
            "The page gives the winner every pot they contested and returns a side pot "
            "nobody still in the hand contested; it is silent on a side pot that others "
            "still in the hand contested. Nobody won it between them, as the hand ends "
            "when the first player goes out, so the app shares it equally among them; the "
            "chips of players who folded stay in it."
        ),
        section=PLAY,
        kind=RULING,
    ),
    RuleText(
        "pifpaf.pot.returned",
        _("Side pot returned"),
        text=_(
            "A side pot that nobody still in the hand contested (those who put it in have "
            "folded or thrown their cards away) goes back to the players who put it in, "
            "each their own chips."
        ),
        section=PLAY,
    ),
    RuleText(
        "pifpaf.session.dealer",
        _("The winner deals"),
        text=_(
            "The players choose who deals the first hand (the rules say to draw for it). "
            "From then on whoever takes the pot deals the next hand; the app shows who it is."
        ),
        section=PLAY,
    ),
    # --- mistakes --------------------------------------------------------------------------
    RuleText(
        "pifpaf.mistake.false-out",
        _("False going out"),
        text=_(
            "A player who lays down their cards claiming to have gone out, and has not, "
            "takes them back and plays on, but may now go out only with a card drawn from "
            "the stock. It costs no chips."
        ),
        section=MISTAKES,
    ),
    RuleText(
        "pifpaf.mistake.rebate",
        _("Rebate"),
        text=_(
            "A player who threatens to go out with a discard and is mistaken may, if "
            "another player pointed it out, draw only from the stock for the rest of the "
            "hand. It costs no chips."
        ),
        section=MISTAKES,
    ),
    RuleText(
        "pifpaf.mistake.threw-away",
        _("Threw the cards away"),
        text=_(
            "A player who, believing the hand over, threw their cards away is out of the "
            "hand and loses their ante and bet."
        ),
        section=MISTAKES,
    ),
    RuleText(
        "pifpaf.mistake.stock-only",
        _("Only from the stock"),
        _(
            "After a false going out or a rebate, a player may go out only with a card "
            "from the stock, not with a discard."
        ),
        _(
            "A player flagged “only from the stock” (after a false going out or a rebate) "
            "cannot go out with a discard, nor claim one."
        ),
        MISTAKES,
    ),
    # --- the session and the settlement ----------------------------------------------------
    RuleText(
        "pifpaf.session.buy-in",
        _("Buy-in"),
        text=_(
            "Every player starts the session with the same agreed number of chips (the "
            "buy-in), and a chip may have a value in money. After every hand the balances "
            "add up to the buy-ins: chips are never created or lost."
        ),
        section=SESSION,
    ),
    RuleText(
        "pifpaf.session.end",
        _("The end of the session"),
        text=_(
            "A session has no target: the players end it when they like. The chips are "
            "then turned into money: everyone below the buy-in pays, everyone above it is "
            "paid, in as few payments as possible, each rounded to the cent."
        ),
        section=SESSION,
    ),
    RuleText(
        "pifpaf.ruling.session-winner",
        _("Ruling: who wins the session"),
        text=_(
            "The seeds say how the chips change hands, not who wins a session. The app names "
            "the player with the most chips when the session ends; a tie at the top shares "
            "the win."
        ),
        section=SESSION,
        kind=RULING,
    ),
    RuleText(
        "pifpaf.settle.not-conserved",
        _("Chips add up"),
        ngettext_lazy(
            "The balances add up to %(total)s chip, not the %(expected)s that were bought in.",
            "The balances add up to %(total)s chips, not the %(expected)s that were bought in.",
            "total",
        ),
        _("A settlement is made only when the balances add up to the buy-ins."),
        SESSION,
    ),
    RuleText(
        "pifpaf.settle.rebuys",
        _("Every rebuy counted"),
        _(
            "%(player)s cannot have bought in again %(rebuys)s times: rebuys are counted in "
            "whole numbers, for players at the table."
        ),
        _(
            "The settlement counts each player's rebuys, a whole number for each player at "
            "the table: every buy-in a player made is what they paid in."
        ),
        SESSION,
    ),
    RuleText(
        "pifpaf.settle.buy-in",
        _("Buy-in of at least one chip"),
        _("The buy-in is a whole number of chips from 1 to %(limit)s, not %(buy_in)s."),
        _("The buy-in is a whole number of chips, at least one."),
        SESSION,
    ),
    RuleText(
        "pifpaf.settle.balance-limit",
        _("Balances up to a trillion chips"),
        _("%(player)s has %(chips)s chips: the app settles balances of up to %(limit)s."),
        _("The app settles balances and buy-ins of up to a trillion chips."),
        SESSION,
    ),
    RuleText(
        "pifpaf.settle.chip-value",
        _("Chip value"),
        _(
            "A chip is worth more than 0 and at most %(limit)s, in whole cents, not "
            "%(chip_value)s."
        ),
        _(
            "A chip's value in money is more than 0 and at most 1,000,000, in whole cents "
            "(for example 0.50)."
        ),
        SESSION,
    ),
    RuleText(
        "pifpaf.ruling.settlement-limits",
        _("Ruling: the limits of a settlement"),
        text=_(
            "The seeds set no limits. So that every payment is exact to the cent, the app "
            "settles balances and buy-ins of up to a trillion chips, at a chip value of up "
            "to 1,000,000 in whole cents, for three to eight players."
        ),
        section=SESSION,
        kind=RULING,
    ),
    # --- house rules -----------------------------------------------------------------------
    RuleText(
        "pifpaf.options.invalid",
        _("House rules"),
        _("“%(value)s” is not a choice for the house rule “%(option)s”."),
        _(
            "A session's house rules: aces high or low (the default) or low only; groups "
            "of three or more cards in exactly three suits (the default) or trincas of "
            "exactly three cards of three suits; and its chips: the buy-in, the value of a "
            "chip, the ante, the smallest and largest bet, and whether a player with no "
            "chips left may buy in again (see the rules on chips)."
        ),
        HOUSE_RULES,
    ),
    RuleText(
        "pifpaf.option.aces-low",
        _("House rule: aces low only"),
        text=_("A session may play aces low only (seed 004): Q K A is then no sequence."),
        section=HOUSE_RULES,
        kind=OPTION,
    ),
    RuleText(
        "pifpaf.option.trinca",
        _("House rule: trinca"),
        text=_(
            "A session may make a group exactly three cards of three different suits (seed "
            "000's trinca)."
        ),
        section=HOUSE_RULES,
        kind=OPTION,
    ),
    RuleText(
        "pifpaf.option.rebuy",
        _("House rule: rebuys"),
        text=_(
            "A session may allow rebuys (off by default): a player with no chips left buys "
            "in again for the buy-in instead of sitting out (see the rules on chips)."
        ),
        section=HOUSE_RULES,
        kind=OPTION,
    ),
)
