"""The rulebook of club events (/rules/events/): one text per rule id of ``referee.events``
— the formats a round is drawn in, byes, the victory-point scales, the standing and its
tiebreaks, and what a draw cannot be asked to do. A standing line names the tiebreak
that placed it (``events.standing.*``), so each of those has its paragraph here too.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from scoring.ledger.rulebook import OPTION, RuleText

FORMATS = _("Formats")
BYES = _("Byes")
SCALES = _("Victory points")
STANDING = _("The standing")
REQUESTS = _("Asking for a draw")

RULES: tuple[RuleText, ...] = (
    # --- formats
    RuleText(
        "events.format.round-robin",
        _("Round robin"),
        text=_(
            "Every entrant meets every other exactly once, by the circle method: the first "
            "entrant (by seed, else as entered) stays in place and the others turn one place "
            "a round. An even field of N plays N − 1 rounds; an odd field plays N rounds and "
            "each round one entrant, a different one each time, has the bye. Points do not "
            "move the schedule. Example: a, b, c, d play a–d and b–c, then a–c and d–b, then "
            "a–b and c–d."
        ),
        section=FORMATS,
    ),
    RuleText(
        "events.format.danish",
        _("Danish"),
        text=_(
            "Each round by the standing: 1st plays 2nd, 3rd plays 4th, and so on down. "
            "Entrants may meet again. Example: on 40, 35, 30 and 10 points, a v b and c v d, "
            "even if a and b met last round."
        ),
        section=FORMATS,
    ),
    RuleText(
        "events.format.swiss",
        _("Swiss"),
        text=_(
            "Each round by the standing, with no rematch wherever a pairing without one "
            "exists, and the two at each table as close in the standing as that allows. The "
            "whole round is found at once, as the cheapest pairing of everyone (a rematch "
            "costs more than any other pairing; two entrants cost the square of the places "
            "between them), never by walking down the standing: that is how other tools "
            "end up with a rematch at the bottom. Example: a, b, c, d, e, f in that order, e "
            "and f have met: a–b, c–e, d–f, not a–b, c–d, e–f."
        ),
        section=FORMATS,
    ),
    RuleText(
        "events.format.groups-knockout",
        _("Groups, then knockout"),
        text=_(
            "The entrants are dealt into groups of 3 to 6 by snake seeding (seeds 1, 2, 3 to "
            "groups A, B, C, then 4, 5, 6 to C, B, A, …) and each group plays a round robin. "
            "Then the best K of every group go on, and if the event says so the best of the "
            "next-placed: group winners are seeded first (by points), then the runners-up, "
            "and so on, into a knockout. Example: 12 pairs in three groups, the two best of "
            "each and the two best third-placed make a knockout of eight."
        ),
        section=FORMATS,
    ),
    RuleText(
        "events.format.knockout",
        _("Knockout"),
        text=_(
            "The standard bracket: with eight seeds, 1 v 8, 4 v 5, 2 v 7, 3 v 6, so that 1 "
            "and 2 can meet only in the final. When the field is not a power of two the top "
            "seeds have byes into the second round: with six, 1 and 2 wait while 4 v 5 and "
            "3 v 6 are played. Each later round pairs the winners along the same bracket."
        ),
        section=FORMATS,
    ),
    RuleText(
        "events.knockout.best-of",
        _("A knockout tie over several games"),
        _("A knockout tie is played over an odd number of games, not %(best_of)s."),
        _(
            "A knockout tie may be one game or the best of three (or five): the first to "
            "win two of three goes on. Scored on the games scale, each game won is a point."
        ),
        section=FORMATS,
        kind=OPTION,
    ),
    RuleText(
        "events.format.seated",
        _("Seated (individual games)"),
        text=_(
            "For games each player plays for themselves (Pif-Paf, Pinkerton): tables of the "
            "game's size, as few as seat everyone, their sizes as even as possible — never "
            "more than one apart. 10 players at tables of up to 4 sit 4, 3, 3. Round 1 is "
            "drawn by lot from the event's recorded seed, so the same seed always gives the "
            "same tables and anyone can check the draw; later rounds by standing, the top "
            "players together at table 1."
        ),
        section=FORMATS,
    ),
    # --- byes
    RuleText(
        "events.bye",
        _("Bye"),
        text=_(
            "When a round cannot seat everyone, the lowest-standing entrant who has had no "
            "bye yet sits out (once everyone has had one, the lowest-standing of those with "
            "the fewest), so nobody has a second bye while another has had none. A bye "
            "scores what the event sets: by default 12 of 20 victory points, or a win where "
            "points are win, draw and loss. In a knockout the byes go to the top seeds."
        ),
        section=BYES,
    ),
    # --- scales
    RuleText(
        "events.scale.burraco-3",
        _("20–0 scale, rounds of 3 hands"),
        text=_(
            "From Italian Burraco tournaments: the difference of the two scores gives the "
            "winner's and the loser's victory points. Up to 50: 10–10; 150: 11–9; 250: 12–8; "
            "350: 13–7; 500: 14–6; 650: 15–5; 800: 16–4; 1000: 17–3; 1250: 18–2; 1500: "
            "19–1; above 1500: 20–0. Example: 1780 to 1540 is a difference of 240: 12–8."
        ),
        section=SCALES,
    ),
    RuleText(
        "events.scale.burraco-4",
        _("20–0 scale, rounds of 4 hands"),
        text=_(
            "As for 3 hands, with wider bands. Up to 100: 10–10; 300: 11–9; 500: 12–8; "
            "700: 13–7; 900: 14–6; 1100: 15–5; 1300: 16–4; 1500: 17–3; 1700: 18–2; 2000: "
            "19–1; above 2000: 20–0."
        ),
        section=SCALES,
    ),
    RuleText(
        "events.scale.bands",
        _("The club's own bands"),
        _(
            "These bands cannot make a scale: each band's largest difference must be "
            "above the one before, and no band may give the loser more than the winner, "
            "or less than 0."
        ),
        _(
            "A club may set its own bands: each the largest difference it covers with the "
            "winner's and the loser's points, and the points above the last band. Equal "
            "scores share the scale's points evenly."
        ),
        section=SCALES,
        kind=OPTION,
    ),
    RuleText(
        "events.scale.two-scores",
        _("Victory points compare two scores"),
        _("A 20–0 scale compares two scores; this table has %(count)s."),
        _("Victory points on a 20–0 scale are for tables of two sides."),
        section=SCALES,
    ),
    RuleText(
        "events.scale.win-draw-loss",
        _("Win, draw, loss"),
        text=_(
            "2 points for a win, 1 for a draw, 0 for a loss, unless the event sets others "
            "(3, 1, 0). At a table of more than two, the best score wins; if two or more "
            "share it, each of them draws."
        ),
        section=SCALES,
    ),
    RuleText(
        "events.scale.difference",
        _("Score difference"),
        text=_(
            "Each side scores its score minus the best of the others': 1780 to 1540 gives "
            "+240 and −240."
        ),
        section=SCALES,
    ),
    RuleText(
        "events.scale.games",
        _("Games won"),
        text=_("Each side scores the games it won: a best of three won 2–1 gives 2 and 1."),
        section=SCALES,
    ),
    RuleText(
        "events.scale.unknown",
        _("Unknown scale"),
        _(
            "“%(scale)s” is not a scale. The scales are burraco-3, burraco-4, "
            "win-draw-loss, difference and games, or a club's own bands."
        ),
        section=SCALES,
    ),
    RuleText(
        "events.scale.scores",
        _("A result needs scores"),
        _("A table's result needs a score for each side; it has %(count)s."),
        section=SCALES,
    ),
    # --- the standing
    RuleText(
        "events.standing.points",
        _("Event points"),
        text=_(
            "The standing adds up each entrant's event points from every table (and bye) "
            "and orders by them. Between entrants level on points the tiebreaks below "
            "decide, in this order, and each line of the standing says which one placed it."
        ),
        section=STANDING,
    ),
    RuleText(
        "events.standing.head-to-head",
        _("Head-to-head"),
        text=_(
            "Among the entrants level on points, the points each scored at the tables where "
            "only they met. Example: a and b both have 29; a beat b 11–9: a is ahead."
        ),
        section=STANDING,
    ),
    RuleText(
        "events.standing.opponents-points",
        _("Opponents' points (swiss)"),
        text=_(
            "In a swiss event only, next: the sum of the points of everyone each has met, "
            "once per meeting. Who met the stronger field is ahead."
        ),
        section=STANDING,
    ),
    RuleText(
        "events.standing.score-difference",
        _("Score difference"),
        text=_(
            "Next, the sum over every table of the entrant's score minus the best of the "
            "others' scores at that table."
        ),
        section=STANDING,
    ),
    RuleText(
        "events.standing.lot",
        _("Lot"),
        text=_(
            "Last, a lot drawn from the event's recorded seed: the same seed always draws "
            "the same order, so the lot can be checked."
        ),
        section=STANDING,
    ),
    RuleText(
        "events.result.unknown-entrant",
        _("Result for someone not entered"),
        _("Table %(table)s names %(entrant)s, who is not an entrant."),
        section=STANDING,
    ),
    RuleText(
        "events.result.shape",
        _("A result for each entrant"),
        _("Table %(table)s must give points and a score for each of its entrants."),
        section=STANDING,
    ),
    # --- what a draw cannot be asked to do
    RuleText(
        "events.format.unknown",
        _("Unknown format"),
        _(
            "“%(format)s” is not an event format. The formats are round-robin, danish, "
            "swiss, groups-knockout, knockout and seated."
        ),
        section=REQUESTS,
    ),
    RuleText(
        "events.options.unknown",
        _("Option the format does not take"),
        _("This format does not take the option “%(option)s”."),
        section=REQUESTS,
    ),
    RuleText(
        "events.entrants.too-few",
        _("Too few entrants"),
        _("A round needs at least %(min)s entrants. Entrants given: %(count)s."),
        section=REQUESTS,
    ),
    RuleText(
        "events.entrants.duplicate",
        _("Entrant twice"),
        _("%(entrant)s is entered more than once."),
        section=REQUESTS,
    ),
    RuleText(
        "events.entrants.unknown-opponent",
        _("Opponent not entered"),
        _("%(entrant)s has met %(opponent)s, who is not an entrant."),
        section=REQUESTS,
    ),
    RuleText(
        "events.entrants.duplicate-seed",
        _("Seed twice"),
        _("Seed %(seed)s is given to more than one entrant."),
        section=REQUESTS,
    ),
    RuleText(
        "events.round.invalid",
        _("No such round"),
        _("Rounds are counted from 1, not %(round)s."),
        section=REQUESTS,
    ),
    RuleText(
        "events.round.beyond-schedule",
        _("Round beyond the schedule"),
        _("Rounds in the schedule: %(rounds)s. There is no round %(round)s."),
        section=REQUESTS,
    ),
    RuleText(
        "events.lot.seed-required",
        _("A lot needs its seed"),
        _("Round 1 is drawn by lot: give the seed the event recorded for it."),
        section=REQUESTS,
    ),
    RuleText(
        "events.groups.size",
        _("Group sizes"),
        _(
            "A group has %(min)s to %(max)s entrants: a field of %(entrants)s cannot be "
            "dealt into %(groups)s such groups."
        ),
        section=REQUESTS,
    ),
    RuleText(
        "events.knockout.advance",
        _("Who goes on from the groups"),
        _(
            "From groups of %(group_size)s, the best %(advance)s of each (and %(best_next)s "
            "of the next-placed) cannot make a knockout: at least one of each group goes on "
            "and one stays behind, at most one next-placed per group."
        ),
        section=REQUESTS,
    ),
    RuleText(
        "events.seated.table-size",
        _("Table size"),
        _(
            "Tables seat from %(min_table_size)s to %(table_size)s: a table seats at least "
            "2, and its smallest size cannot be above its largest."
        ),
        section=REQUESTS,
    ),
    RuleText(
        "events.seated.too-few",
        _("Too few for a table"),
        _("Not enough entrants (%(entrants)s) for a table of at least %(min)s."),
        section=REQUESTS,
    ),
)
