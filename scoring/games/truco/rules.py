"""Truco's rulebook: one text per rule id the engine (``referee.truco``) can cite, plus the
rules it applies without ever citing them (card order, trick and hand results, the deal
rotation), so that the page states every rule the app enforces.

The ``cards.*`` ids the engine emits are the shared ones in ``CORE_RULES``. Where the seed
is silent or ambiguous the page makes a *ruling*: each has a ``truco.ruling.*`` text
marked ``kind=RULING``, next to the rule it settles; the house rules a match may choose
are marked ``kind=OPTION``.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from scoring.kit.rulebook import OPTION, RULING, RuleText

TABLE = _("Table and cards")
ORDER = _("Card order")
TRICKS = _("Tricks")
HAND = _("The hand")
STAKES = _("Truco and its raises")
ELEVEN = _("Score of eleven")
MINEIRO = _("Mineiro")
PENALTIES = _("Penalties")
DEALING = _("Dealing")
GAME = _("Game and match")
ENTRY = _("Entering a hand")

RULES: tuple[RuleText, ...] = (
    # --- table and cards
    RuleText(
        "truco.table.players",
        _("Two teams"),
        text=_(
            "Four players in two partnerships, A and B, partners sitting opposite. One "
            "40-card deck: A 2 3 4 5 6 7 J Q K of each suit (no 8, 9, 10, no jokers). Each "
            "player gets three cards. Play and deal go to the right (counter-clockwise)."
        ),
        section=TABLE,
    ),
    RuleText(
        "truco.ruling.players",
        _("Ruling: two or six players"),
        text=_(
            "The seed describes four players. The app also referees the usual two-team "
            "tables of two players (each one a team) and of six (three a team). The teams "
            "sit alternately, A1, B1, A2, B2, A3, B3, so every trick has one card from each "
            "player with the teams in turn; with two players the mão has no partner to pass "
            "cards to."
        ),
        section=TABLE,
        kind=RULING,
    ),
    RuleText(
        "truco.table.deal-rotation",
        _("Whose deal, who is the mão"),
        text=_(
            "The player to the dealer's right is the mão: they get the first cards and lead "
            "the first trick. Seats follow the order in which each team's players were "
            "entered, the teams alternating: A1, B1, A2, B2."
        ),
        section=TABLE,
    ),
    RuleText(
        "truco.ruling.deal-rotation",
        _("Ruling: the deal passes to the right"),
        text=_(
            "The seed says play goes to the right, but not who deals the next hand. The app "
            "passes the deal to the right after every hand, so the mão of one hand deals the "
            "next."
        ),
        section=TABLE,
        kind=RULING,
    ),
    RuleText(
        "truco.ruling.first-mao",
        _("Ruling: the first mão and the deal after a tie"),
        text=_(
            "The seed does not say who deals first. In the first hand the first player of "
            "team A is the mão (the last player of team B deals); the deal passes to the "
            "right after every hand, also a hand nobody won or a mão de ferro dealt again."
        ),
        section=TABLE,
        kind=RULING,
    ),
    # --- card order
    RuleText(
        "truco.cards.order",
        _("Card order"),
        text=_(
            "High to low: the four fixed manilhas 4♣ (zap), 7♥, A♠, 7♦; then 3, 2, A, K, J, "
            "Q, 7, 6, 5, 4. Below the manilhas suits do not matter: two 3s tie, two kings "
            "tie. Mineiro uses the same order."
        ),
        section=ORDER,
    ),
    RuleText(
        "truco.cards.paulista",
        _("House rule: Paulista, the vira names the manilhas"),
        text=_(
            "In the Paulista variant (manilha nova) a card is turned up, the vira; it is out "
            "of play. The manilhas are the four cards of the next rank in the circle 4 5 6 "
            "7 Q J K A 2 3 (after 3 comes 4), ranked by suit ♣ > ♥ > ♠ > ♦. Every other "
            "card keeps the plain order 3, 2, A, K, J, Q, 7, 6, 5, 4. Stakes 1, 3, 6, 9, 12 "
            "and the mão de onze as in the seed."
        ),
        section=ORDER,
        kind=OPTION,
    ),
    RuleText(
        "truco.paulista.vira-required",
        _("The vira is needed"),
        _("In Paulista the manilhas depend on the vira: enter the card turned up."),
        _("In Paulista no card can be ranked until the vira is known."),
        ORDER,
    ),
    RuleText(
        "truco.paulista.vira-in-play",
        _("The vira is out of play"),
        _("%(card)s is the vira: it is turned up and out of play."),
        _("The vira is turned face up beside the deck; no one holds it or plays it."),
        ORDER,
    ),
    # --- tricks
    RuleText(
        "truco.trick.highest",
        _("The highest card takes the trick"),
        text=_(
            "Everyone plays one card; the highest card takes the trick, whatever its suit. "
            "The winner of a trick leads the next one."
        ),
        section=TRICKS,
    ),
    RuleText(
        "truco.trick.partners-tie",
        _("Partners tied for highest"),
        text=_(
            "When the highest card is held by two partners, their team takes the trick; "
            "the partner who played first leads next."
        ),
        section=TRICKS,
    ),
    RuleText(
        "truco.trick.empate",
        _("Tied trick (empate)"),
        text=_(
            "When the highest rank is held by both teams the trick belongs to no one "
            "(empate, canga); the tied player who played first leads next."
        ),
        section=TRICKS,
    ),
    RuleText(
        "truco.trick.all-covered",
        _("Only covered cards"),
        text=_(
            "A trick in which every card was played face down has no highest card: it "
            "belongs to no one, like a tied trick, and whoever led it leads the next."
        ),
        section=TRICKS,
    ),
    RuleText(
        "truco.ruling.all-covered",
        _("Ruling: a trick of covered cards only"),
        text=_(
            "The seed does not say who takes a trick in which every card was played face "
            "down. The app gives it to no one, like a tied trick, and whoever led it leads "
            "the next."
        ),
        section=TRICKS,
        kind=RULING,
    ),
    RuleText(
        "truco.trick.face-down-first",
        _("No covered card in the first trick"),
        _("%(card)s cannot be played face down: no card is covered in the first trick."),
        _(
            "From the second trick on a card may be played face down (coberta); a covered "
            "card cannot win the trick. No card may be covered in the first trick. A trick "
            "of covered cards only is tied and is led next by whoever led it."
        ),
        TRICKS,
    ),
    RuleText(
        "truco.trick.players",
        _("Two, four or six players"),
        _("A trick has one card from each player: 2, 4 or 6 cards, not %(count)s."),
        _(
            "Truco is played by two teams of one, two or three players, so a trick has 2, "
            "4 or 6 cards."
        ),
        TRICKS,
    ),
    RuleText(
        "truco.trick.player-count",
        _("A card from every player"),
        ngettext_lazy(
            "A trick has %(expected)s card, one per player; %(count)s were entered.",
            "A trick has %(expected)s cards, one per player; %(count)s were entered.",
            "expected",
        ),
        _("Every player plays one card to every trick."),
        TRICKS,
    ),
    RuleText(
        "truco.trick.seat-order",
        _("The teams play in turn"),
        _(
            "The card after card %(play)s comes from the same team: partners sit opposite, "
            "so the teams play in turn."
        ),
        _("Partners sit opposite, so in every trick the cards come from A and B in turn."),
        TRICKS,
    ),
    RuleText(
        "truco.trick.number",
        _("Tricks 1 to 3"),
        _("There is no trick %(number)s: a hand has tricks 1, 2 and 3."),
        _("A hand has at most three tricks."),
        TRICKS,
    ),
    RuleText(
        "truco.team.unknown",
        _("Teams A and B"),
        _("“%(team)s” is not a team: the teams are A and B."),
        _("The two partnerships are called A and B."),
        TRICKS,
    ),
    # --- the hand
    RuleText(
        "truco.hand.two-tricks",
        _("Two tricks win the hand"),
        text=_(
            "The team that takes two tricks wins the hand. With tied tricks: a tie after a "
            "won first trick gives the hand to the first trick's winner; a tied first trick "
            "is decided by the next trick that is won. So (T for a tie): A A → A; A T → A; "
            "A B A → A; A B B → B; A B T → A; T B → B; T T A → A. Tricks after the one "
            "that decides the hand are not played."
        ),
        section=HAND,
    ),
    RuleText(
        "truco.hand.first-trick-decides",
        _("A tie after a won first trick"),
        text=_(
            "When a trick is tied after the first trick was won, the team that won the "
            "first trick wins the hand (A T → A, A B T → A)."
        ),
        section=HAND,
    ),
    RuleText(
        "truco.hand.tied-first-trick",
        _("A tied first trick"),
        text=_(
            "When the first trick is tied, the next trick that is won decides the hand "
            "(T B → B, T T A → A)."
        ),
        section=HAND,
    ),
    RuleText(
        "truco.hand.no-winner",
        _("Three tied tricks"),
        text=_(
            "A hand of three tied tricks has no winner and nobody scores; the deal passes "
            "on. (In the mão de ferro such a hand is dealt again.)"
        ),
        section=HAND,
    ),
    RuleText(
        "truco.ruling.three-ties",
        _("Ruling: three tied tricks score nothing"),
        text=_(
            "The seed says how a tie is settled by a won trick, not what happens when all "
            "three tricks are tied. The app gives the hand to no one: nobody scores."
        ),
        section=HAND,
        kind=RULING,
    ),
    RuleText(
        "truco.hand.accepted-trick-decides",
        _("The trick after the call decides"),
        text=_(
            "With the house rule “the trick after an accepted call decides”, once a truco "
            "(or a raise) is accepted the next trick that is won gives the hand, at the "
            "stake agreed, to the team that won it. A tied trick leaves the hand to the "
            "usual rules."
        ),
        section=HAND,
    ),
    RuleText(
        "truco.hand.trick-result",
        _("Trick result"),
        _("Trick %(trick)s: “%(value)s” is not a result; write A, B or T (tied)."),
        _("Each trick is won by A, won by B, or tied (T)."),
        HAND,
    ),
    RuleText(
        "truco.hand.too-many-tricks",
        _("At most three tricks"),
        _("A hand has at most three tricks, not %(count)s."),
        _("A hand is over after three tricks at the latest."),
        HAND,
    ),
    RuleText(
        "truco.hand.mao",
        _("The mão's seat"),
        _("There is no seat %(mao)s for the mão at a table of %(players)s players."),
        _("The mão is one of the players at the table, and leads the first trick."),
        HAND,
    ),
    RuleText(
        "truco.hand.won",
        _("Hand won"),
        text=_(
            "The team that wins the hand scores what it is worth: 1 tento, or the stake "
            "accepted after a truco. The game stops at its target: tentos beyond it are not "
            "counted."
        ),
        section=HAND,
    ),
    RuleText(
        "truco.ruling.accepted-stake",
        _("Ruling: an accepted stake is won with the hand"),
        text=_(
            "The seed says literally that once a truco is accepted “whichever team wins the "
            "trick wins the hand at the stake agreed upon”. The app reads it as tables play "
            "it: the hand goes on and its winner — two tricks of three, as usual — scores "
            "the stake. The literal reading is a house rule."
        ),
        section=HAND,
        kind=RULING,
    ),
    RuleText(
        "truco.option.accepted-truco-trick-decides",
        _("House rule: the trick after the call decides"),
        text=_(
            "A match may follow the seed to the letter: after an accepted call, the next "
            "trick that is won decides the hand at the stake agreed (a tied trick falls back "
            "to the usual rules). Off by default."
        ),
        section=HAND,
        kind=OPTION,
    ),
    # --- stakes
    RuleText(
        "truco.raise.truco",
        _("Calling truco"),
        text=_(
            "Any player, on their turn and before playing a card, may call truco: the hand "
            "would be worth 3. The other team answers — either opponent may, and the first "
            "answer binds: run, accept (the hand is played for 3) or raise to six. Raises "
            "alternate between the teams: six (6), nine (9), twelve (12, the queda). Once a "
            "raise is accepted the hand is played at that stake."
        ),
        section=STAKES,
    ),
    RuleText(
        "truco.ruling.raise-again",
        _("Ruling: the team that accepted may raise again"),
        text=_(
            "The seed does not say whether a hand's stake may rise again once a raise is "
            "accepted. The app lets the team that accepted raise again later in the hand, "
            "on its turn before playing a card; raises still alternate, so the team whose "
            "raise was accepted waits for the other team's."
        ),
        section=STAKES,
        kind=RULING,
    ),
    RuleText(
        "truco.ruling.when-to-call",
        _("Ruling: truco is called on one's turn"),
        text=_(
            "The seed says truco may be called “prior to winning a trick”. The app applies "
            "it as tables do: a player calls on their turn, before playing their card."
        ),
        section=STAKES,
        kind=RULING,
    ),
    RuleText(
        "truco.raise.refused",
        _("Call refused"),
        text=_(
            "A team that runs from a call gives the calling team the stake as it was before "
            "the call and the hand ends: truco refused 1, six refused 3, nine refused 6, "
            "twelve refused 9."
        ),
        section=STAKES,
    ),
    RuleText(
        "truco.ruling.refused-raises",
        _("Ruling: a refused six, nine or twelve"),
        text=_(
            "The seed gives only the truco refused (1 tento to the caller). A refused six, "
            "nine or twelve scoring the stake before the call — 3, 6 and 9 — is common play, "
            "and the app's rule."
        ),
        section=STAKES,
        kind=RULING,
    ),
    RuleText(
        "truco.raise.alternate",
        _("Raises alternate"),
        _("Team %(team)s made the last raise: the next one belongs to the other team."),
        _("A team may not raise over its own call: the raises alternate between the teams."),
        STAKES,
    ),
    RuleText(
        "truco.raise.no-higher-stake",
        _("Nothing above twelve"),
        _("Nothing goes above %(stake)s: it can only be accepted or run from."),
        _("Twelve (the queda) is the highest stake: it can only be accepted or run from."),
        STAKES,
    ),
    RuleText(
        "truco.raise.beyond-win",
        _("No raise beyond the game"),
        ngettext_lazy(
            "Team %(team)s cannot call %(call)s: its %(score)s tento and the %(stake)s on "
            "the table already reach %(target)s.",
            "Team %(team)s cannot call %(call)s: its %(score)s tentos and the %(stake)s on "
            "the table already reach %(target)s.",
            "score",
        ),
        _(
            "A team may raise only while its score plus the stake now on the table is below "
            "the game's target: if simply accepting would already win it the game, it may "
            "not raise. (At 6, facing a six, a team may not call nine.)"
        ),
        STAKES,
    ),
    RuleText(
        "truco.answer.nothing-to-answer",
        _("No call to answer"),
        _("There is no call to answer."),
        _("Accepting and running answer a call; without one there is nothing to answer."),
        STAKES,
    ),
    RuleText(
        "truco.answer.own-raise",
        _("The other team answers"),
        _("Team %(team)s made this call: the other team answers it."),
        _("A call is answered by the team it was made to, never by the caller's team."),
        STAKES,
    ),
    RuleText(
        "truco.answer.pending",
        _("Answer the call first"),
        _("Team %(team)s called %(stake)s: it must be accepted, run from or raised first."),
        _("While a call waits for its answer the hand does not go on."),
        STAKES,
    ),
    # --- score of eleven
    RuleText(
        "truco.mao-de-onze.no-truco",
        _("No truco in the mão de onze"),
        _("No one may call truco in the mão de onze."),
        _(
            "Mão de onze: when one team has 11 tentos, the deal is plain (no pass, no "
            "reject) and the team at 11 looks at both its hands before deciding. No one may "
            "call truco in that hand."
        ),
        ELEVEN,
    ),
    RuleText(
        "truco.mao-de-onze.leader-decides",
        _("The team at eleven decides"),
        _("Only the team at eleven decides to play or run in the mão de onze."),
        _("In the mão de onze only the team at 11 chooses: play the hand or run."),
        ELEVEN,
    ),
    RuleText(
        "truco.mao-de-onze.decided",
        _("Already playing"),
        _("Team %(team)s chose to play the mão de onze: it can no longer run."),
        _("Once the team at 11 has chosen to play, it cannot run any more."),
        ELEVEN,
    ),
    RuleText(
        "truco.mao-de-onze.run",
        _("Ran from the mão de onze"),
        text=_(
            "If the team at 11 runs, the opponents score the hand's plain worth (1) and "
            "the hand ends."
        ),
        section=ELEVEN,
    ),
    RuleText(
        "truco.ruling.mao-de-onze-run",
        _("Ruling: running from the mão de onze"),
        text=_(
            "The seed lets the team at eleven run “at a cost of one tento”. The app reads "
            "it as a tento for the opponents (the team at eleven stays at eleven)."
        ),
        section=ELEVEN,
        kind=RULING,
    ),
    RuleText(
        "truco.mao-de-onze.won",
        _("Mão de onze won"),
        text=_(
            "If the team at 11 plays, the hand is worth 3: the team at 11 wins the game by "
            "winning it; the opponents score 3 if they win it."
        ),
        section=ELEVEN,
    ),
    RuleText(
        "truco.mao-de-ferro.no-truco",
        _("No calls in the mão de ferro"),
        _("No calls in the mão de ferro: it is played blind, for the game."),
        _(
            "Mão de ferro: when both teams have 11, the cards are dealt and played face "
            "down, unseen, turned up one at a time. No one calls truco and no one runs."
        ),
        ELEVEN,
    ),
    RuleText(
        "truco.mao-de-ferro.won",
        _("Mão de ferro won"),
        text=_(
            "The mão de ferro is worth the game: its winner wins the game. A mão de ferro "
            "with no winner is dealt again until one team wins it."
        ),
        section=ELEVEN,
    ),
    # --- Mineiro
    RuleText(
        "truco.variant.mineiro",
        _("House rule: Mineiro"),
        text=_(
            "In the Mineiro variant the fixed manilhas are kept, a hand is worth 2 and the "
            "raises go truco (4), six (6), ten (10) and twelve (12). A refused call gives "
            "the stake before it (2, 4, 6 or 10). A team at 10 plays the mão de dez, and "
            "both at 10 play the mão de ferro."
        ),
        section=MINEIRO,
        kind=OPTION,
    ),
    RuleText(
        "truco.mao-de-dez.no-truco",
        _("No truco in the mão de dez"),
        _("No one may call truco in the mão de dez."),
        _(
            "Mão de dez (Mineiro): when one team has 10 tentos it plays as the mão de onze "
            "does: plain deal, the team at 10 looks at both hands, no truco."
        ),
        MINEIRO,
    ),
    RuleText(
        "truco.mao-de-dez.leader-decides",
        _("The team at ten decides"),
        _("Only the team at ten decides to play or run in the mão de dez."),
        _("In the mão de dez only the team at 10 chooses: play the hand or run."),
        MINEIRO,
    ),
    RuleText(
        "truco.mao-de-dez.decided",
        _("Already playing"),
        _("Team %(team)s chose to play the mão de dez: it can no longer run."),
        _("Once the team at 10 has chosen to play, it cannot run any more."),
        MINEIRO,
    ),
    RuleText(
        "truco.mao-de-dez.run",
        _("Ran from the mão de dez"),
        text=_("If the team at 10 runs, the opponents score 2 and the hand ends."),
        section=MINEIRO,
    ),
    RuleText(
        "truco.mao-de-dez.won",
        _("Mão de dez won"),
        text=_("If the team at 10 plays, the hand is worth 4."),
        section=MINEIRO,
    ),
    # --- penalties
    RuleText(
        "truco.penalty.fault",
        _("Penalty"),
        text=_(
            "A team that breaks one of the rules below gives the opponents 1 tento. The "
            "scorer may record the penalty without saying which fault it was."
        ),
        section=PENALTIES,
    ),
    RuleText(
        "truco.penalty.deal-procedure",
        _("Shuffling, cutting or dealing wrongly"),
        text=_(
            "A team that shuffles, cuts or deals against the procedure gives the opponents "
            "1 tento."
        ),
        section=PENALTIES,
    ),
    RuleText(
        "truco.penalty.rejected-cards",
        _("Cards rejected when not allowed"),
        text=_("When the mão rejects cards it was not allowed to, the opponents gain 1 tento."),
        section=PENALTIES,
    ),
    RuleText(
        "truco.penalty.disclosed-cards",
        _("Cards disclosed"),
        text=_(
            "A team whose player discloses their cards gives the opponents 1 tento. Signals "
            "between partners are allowed."
        ),
        section=PENALTIES,
    ),
    RuleText(
        "truco.penalty.raise-beyond-win",
        _("Raised beyond the game"),
        text=_(
            "A team that raises beyond what would win it the game gives the opponents 1 tento."
        ),
        section=PENALTIES,
    ),
    RuleText(
        "truco.penalty.no-winning-tento",
        _("Penalty at eleven"),
        text=_(
            "A penalty never gives the winning tento: if the innocent team is one tento from "
            "the game, the offending team loses 1 tento instead."
        ),
        section=PENALTIES,
    ),
    RuleText(
        "truco.ruling.penalty-not-below-zero",
        _("Ruling: a penalty never takes a score below 0"),
        text=_(
            "The seed does not say what happens when the offending team has no tento to "
            "lose. The app never takes a score below 0: at 0 the penalty costs nothing."
        ),
        section=PENALTIES,
        kind=RULING,
    ),
    RuleText(
        "truco.penalty.unknown-reason",
        _("Unknown penalty"),
        _("“%(reason)s” is not one of the penalties."),
        _("A penalty's reason, when it is given, names one of the four faults above."),
        PENALTIES,
    ),
    # --- dealing
    RuleText(
        "truco.deal.unknown-choice",
        _("Keep, pass or reject"),
        _("Step %(step)s: the mão keeps, passes or rejects the cards, not “%(choice)s”."),
        _(
            "The mão may keep the three cards, pass them to the partner (then gets another "
            "three, to keep or reject) or reject them: they are turned face up and out of "
            "play."
        ),
        DEALING,
    ),
    RuleText(
        "truco.deal.kept",
        _("Cards kept"),
        _("Step %(step)s: the mão had already kept the cards."),
        _("Once the mão keeps its cards the deal goes on: no more choices."),
        DEALING,
    ),
    RuleText(
        "truco.deal.plain-at-eleven",
        _("Plain deal at eleven"),
        _("Step %(step)s: at eleven the deal is plain, with no pass and no reject."),
        _("In the hands at eleven (and ten in Mineiro) the mão may neither pass nor reject."),
        DEALING,
    ),
    RuleText(
        "truco.deal.pass-once",
        _("One pass per deal"),
        _("Step %(step)s: the mão may pass the cards to the partner only once per deal."),
        _("The mão may pass its cards to the partner once per deal."),
        DEALING,
    ),
    RuleText(
        "truco.deal.no-partner",
        _("No partner to pass to"),
        _("Step %(step)s: in a match of two players the mão has no partner to pass the cards to."),
        _("With two players each team is one player: the mão keeps or rejects."),
        DEALING,
    ),
    RuleText(
        "truco.deal.reject-limit",
        _("At most three rejections"),
        _("Step %(step)s: the mão may reject at most %(limit)s hands per deal."),
        _("The mão may reject at most three hands per deal."),
        DEALING,
    ),
    RuleText(
        "truco.deal.cut-count",
        _("One to three cuts"),
        ngettext_lazy(
            "%(cuts)s cut: the cutter makes one to three.",
            "%(cuts)s cuts: the cutter makes one to three.",
            "cuts",
        ),
        _(
            "The cutter makes one to three cuts and may ask for dealing from the top or from "
            "the bottom."
        ),
        DEALING,
    ),
    RuleText(
        "truco.deal.cut-stacks",
        _("Two stacks per cut"),
        _("A cut makes exactly two stacks, not %(stacks)s."),
        _("Each cut makes exactly two stacks."),
        DEALING,
    ),
    # --- game and match
    RuleText(
        "truco.game.target",
        _("Game to 12"),
        text=_(
            "A game is won by the first team to reach 12 tentos (house rule: 15 or 24; the "
            "hands at eleven then come one hand before the target)."
        ),
        section=GAME,
    ),
    RuleText(
        "truco.option.target",
        _("House rule: a game to 15 or 24"),
        text=_("A match may play its games to 15 or to 24 tentos instead of 12."),
        section=GAME,
        kind=OPTION,
    ),
    RuleText(
        "truco.game.over",
        _("Game over"),
        _("Team %(winner)s has already won this game: no more hands in it."),
        _("No hand is dealt once a team has reached the target."),
        GAME,
    ),
    RuleText(
        "truco.match.best-of",
        _("One game or best of three"),
        text=_(
            "A match is one game or the best of three (house rule). In a best of three each "
            "new game starts at 0–0 and the deal keeps passing to the right; the first team "
            "to win two games wins the match."
        ),
        section=GAME,
        kind=OPTION,
    ),
    RuleText(
        "truco.match.over",
        _("Match over"),
        _("Team %(winner)s has already won the match."),
        _("No game is added to a match that has a winner."),
        GAME,
    ),
    RuleText(
        "truco.options.invalid",
        _("House rules"),
        _("The house rule “%(option)s” cannot be “%(value)s”."),
        _(
            "House rules: the variant (the seed's fixed manilhas, Paulista or Mineiro), a "
            "game to 12, 15 or 24 tentos, a match of one game or the best of three, and "
            "whether the trick after an accepted call decides the hand (yes or no)."
        ),
        GAME,
    ),
    RuleText(
        "truco.score.invalid",
        _("Impossible score"),
        _("%(value)s is not a possible score."),
        _("A score is a whole number of tentos from 0 up to the target."),
        GAME,
    ),
    # --- entering a hand
    RuleText(
        "truco.hand.unfinished",
        _("Hand not over"),
        _("The hand is not over yet: record who won it, or who ran."),
        _("A hand is recorded once it is won, run from or tied three times."),
        ENTRY,
    ),
    RuleText(
        "truco.hand.ended",
        _("Hand over"),
        _("The hand is already over: nothing more can happen in it."),
        _("Nothing more happens in a hand that has been won or run from."),
        ENTRY,
    ),
    RuleText(
        "truco.event.unknown",
        _("Unknown call"),
        _("“%(type)s” is not something that happens in a hand."),
        _("What happens in a hand: a raise, an accept, a run, a penalty and the win."),
        ENTRY,
    ),
    RuleText(
        "truco.event.team-required",
        _("Which team?"),
        _("Say which team: every call, answer and penalty names its team."),
        _("Every call, answer and penalty names its team; only a hand nobody won has none."),
        ENTRY,
    ),
)
