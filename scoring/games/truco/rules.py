"""Truco's rulebook: one text per rule id the engine (``referee.truco``) can cite, plus the
rules it applies without ever citing them (card order, trick and hand results, the deal
rotation), so that the page states every rule the app enforces.

The ``cards.*`` ids the engine emits are the shared ones in ``CORE_RULES``.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from scoring.ledger.rulebook import RuleText

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
        _("Four players, two teams"),
        text=_(
            "Four players in two partnerships, A and B, partners sitting opposite. One "
            "40-card deck: A 2 3 4 5 6 7 J Q K of each suit (no 8, 9, 10, no jokers). Each "
            "player gets three cards. Play and deal go to the right (counter-clockwise)."
        ),
        section=TABLE,
    ),
    RuleText(
        "truco.table.deal-rotation",
        _("Whose deal, who is the mão"),
        text=_(
            "The player to the dealer's right is the mão: they get the first cards and lead "
            "the first trick. Ruling: in the first hand the first player of team A is the "
            "mão (the last player of team B deals); after every hand — also a tied one or a "
            "mão de ferro dealt again — the deal passes to the right, so the mão of one hand "
            "deals the next. Seats follow the order in which each team's players were "
            "entered, the teams alternating: A1, B1, A2, B2."
        ),
        section=TABLE,
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
        _("Paulista: the vira names the manilhas"),
        text=_(
            "In the Paulista variant (manilha nova) a card is turned up, the vira; it is out "
            "of play. The manilhas are the four cards of the next rank in the circle 4 5 6 "
            "7 Q J K A 2 3 (after 3 comes 4), ranked by suit ♣ > ♥ > ♠ > ♦. Every other "
            "card keeps the plain order 3, 2, A, K, J, Q, 7, 6, 5, 4."
        ),
        section=ORDER,
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
        "truco.trick.player-count",
        _("Four cards to a trick"),
        _("A trick has %(expected)s cards, one per player; %(count)s were entered."),
        _("The four players each play one card to every trick."),
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
        "truco.hand.no-winner",
        _("Three tied tricks"),
        text=_(
            "Ruling: a hand of three tied tricks has no winner and nobody scores; the deal "
            "passes on. (In the mão de ferro such a hand is dealt again.)"
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
        "truco.hand.won",
        _("Hand won"),
        text=_(
            "The team that wins the hand scores what it is worth: 1 tento, or the stake "
            "accepted after a truco. The game stops at its target: tentos beyond it are not "
            "counted."
        ),
        section=HAND,
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
            "raise is accepted the hand is played at that stake, and the team that accepted "
            "may raise again later in the hand."
        ),
        section=STAKES,
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
        _(
            "Team %(team)s cannot call %(call)s: its %(score)s tentos and the %(stake)s on "
            "the table already reach %(target)s."
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
        _("Mineiro stakes"),
        text=_(
            "In the Mineiro variant the fixed manilhas are kept, a hand is worth 2 and the "
            "raises go truco (4), six (6), ten (10) and twelve (12). A refused call gives "
            "the stake before it (2, 4, 6 or 10). A team at 10 plays the mão de dez, and "
            "both at 10 play the mão de ferro."
        ),
        section=MINEIRO,
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
            "the game, the offending team loses 1 tento instead. Ruling: never below 0."
        ),
        section=PENALTIES,
    ),
    RuleText(
        "truco.penalty.unknown-reason",
        _("Unknown penalty"),
        _("“%(reason)s” is not one of the penalties."),
        _("A penalty names one of the four faults above."),
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
        "truco.deal.reject-limit",
        _("At most three rejections"),
        _("Step %(step)s: the mão may reject at most %(limit)s hands per deal."),
        _("The mão may reject at most three hands per deal."),
        DEALING,
    ),
    RuleText(
        "truco.deal.cut-count",
        _("One to three cuts"),
        _("%(cuts)s cuts: the cutter makes one to three."),
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
            "game to 12, 15 or 24 tentos, and a match of one game or the best of three."
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
