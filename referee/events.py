"""Club events above the matches: who plays whom, what a table's result is worth next to
the others', and who leads.

Plain functions over plain data, like the games' referees: ``pair`` draws a round in one
of the ``FORMATS``, ``victory_points`` turns a table's scores into event points on a
scale, ``standing`` orders the entrants across every table with its tiebreaks and says
how each line was reached. Whatever cannot be done raises ``RuleError`` naming rules of
``RULE_IDS``; the rulebook (/rules/events/) gives each its words.

The standing an entrant is drawn by is its event points (``Entrant.points``), ties kept
in the order the entrants are given: a caller gives them in the order of ``standing``
(``entrants_after`` does both), so that the tiebreaks decide the draw as they decide the
table. Table 1 is always the top of that standing.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from itertools import pairwise
from math import ceil
from typing import Any

import networkx as nx

from referee.rulings import RuleError, Violation

FORMATS = ("round-robin", "danish", "swiss", "groups-knockout", "knockout", "seated")
SCALES = ("burraco-3", "burraco-4", "win-draw-loss", "difference", "games")
TIEBREAKS = ("head-to-head", "opponents-points", "score-difference", "lot")

RULE_IDS: tuple[str, ...] = (
    # the request
    "events.format.unknown",  # the formats are round-robin, danish, swiss, groups-knockout …
    "events.options.unknown",  # a format takes only the options it documents
    "events.entrants.too-few",  # a round needs at least two entrants
    "events.entrants.duplicate",  # each entrant is entered once
    "events.entrants.unknown-opponent",  # an entrant's past opponents are entrants too
    "events.entrants.duplicate-seed",  # two entrants cannot hold the same seed
    "events.round.invalid",  # rounds count from 1
    "events.round.beyond-schedule",  # a round robin has N−1 rounds (N for odd N)
    "events.lot.seed-required",  # a draw by lot needs its recorded seed
    # the formats (what each draw follows)
    "events.format.round-robin",  # the circle method: every two entrants meet once
    "events.format.danish",  # by standing, 1 v 2, 3 v 4 …, rematches allowed
    "events.format.swiss",  # by standing, no rematch wherever one can be avoided
    "events.format.groups-knockout",  # groups by snake seeding, then a seeded knockout
    "events.format.knockout",  # the standard bracket, byes to the top seeds
    "events.format.seated",  # tables of the game's size, as even as possible
    "events.bye",  # a bye goes to the lowest-standing entrant without one so far
    # groups and knockout
    "events.groups.size",  # groups have 3 to 6 entrants
    "events.knockout.advance",  # the best K of a group go on: at least 1, fewer than a group
    "events.knockout.best-of",  # a knockout tie is played over an odd number of games
    # seating
    "events.seated.table-size",  # a table seats at least two
    "events.seated.too-few",  # not enough entrants for tables of the smallest size allowed
    # scales
    "events.scale.unknown",  # the scales are burraco-3, burraco-4, win-draw-loss …
    "events.scale.bands",  # a scale's bands climb in difference and never favour the loser
    "events.scale.two-scores",  # victory points on a 20–0 scale compare two scores
    "events.scale.scores",  # a table's result has at least two scores
    "events.scale.burraco-3",  # the 20–0 bands of Italian Burraco for rounds of 3 hands
    "events.scale.burraco-4",  # the 20–0 bands of Italian Burraco for rounds of 4 hands
    "events.scale.win-draw-loss",  # 2 for a win, 1 for a draw, 0 for a loss (settable)
    "events.scale.difference",  # the raw score difference
    "events.scale.games",  # games won, for a best of three
    # results and the standing
    "events.result.unknown-entrant",  # a table's result names only entrants
    "events.result.shape",  # a result gives one number of points and score per entrant
    "events.standing.points",  # the standing orders by event points
    "events.standing.head-to-head",  # then the points the tied scored against each other
    "events.standing.opponents-points",  # then (swiss) the sum of the opponents' points
    "events.standing.score-difference",  # then the difference of the scores
    "events.standing.lot",  # and last by lot from the event's seed
)

# The Italian federation's 20–0 scales: (largest difference covered, winner, loser).
BURRACO_3 = (
    (50, 10, 10),
    (150, 11, 9),
    (250, 12, 8),
    (350, 13, 7),
    (500, 14, 6),
    (650, 15, 5),
    (800, 16, 4),
    (1000, 17, 3),
    (1250, 18, 2),
    (1500, 19, 1),
)
BURRACO_4 = (
    (100, 10, 10),
    (300, 11, 9),
    (500, 12, 8),
    (700, 13, 7),
    (900, 14, 6),
    (1100, 15, 5),
    (1300, 16, 4),
    (1500, 17, 3),
    (1700, 18, 2),
    (2000, 19, 1),
)
ABOVE = (20, 0)
WIN_DRAW_LOSS = (2, 1, 0)
# A bye on a 20–0 scale: 12 of 20, as a narrow win.
BYE_VP = 12

GROUP_SIZES = (3, 6)
# How many closest-standing opponents a swiss draw looks at first (widened when needed).
SWISS_WINDOW = 16


@dataclass(frozen=True)
class Entrant:
    """An entrant as a draw sees it: a pair, a team or a player, by its ``id``; its event
    points so far, whom it has met (once per meeting), its byes, its seed (1 the best) for
    a knockout or groups."""

    id: str
    points: float = 0
    opponents: tuple[str, ...] = ()
    byes: int = 0
    seed: int | None = None


@dataclass(frozen=True)
class Draw:
    """A round drawn: each table's entrants (table 1 the top of the standing) and who has
    a bye. ``groups``: for groups-knockout, each group's entrants by seed. ``best_of``: the
    games a knockout tie is played over."""

    tables: tuple[tuple[str, ...], ...]
    byes: tuple[str, ...]
    groups: tuple[tuple[str, ...], ...] = ()
    best_of: int = 1
    # A knockout's entrants by seed (1 first): the later rounds are drawn as ``knockout``
    # with these seeds, for those still in.
    seeds: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "tables": [
                {"table": number, "entrants": list(table)}
                for number, table in enumerate(self.tables, start=1)
            ],
            "byes": list(self.byes),
        }


# --- pairing ------------------------------------------------------------------------


def pair(
    format: str,
    entrants: Sequence[Entrant],
    *,
    round: int = 1,
    table_size: int = 2,
    seed: int | None = None,
    **options: Any,
) -> Draw:
    """The draw of ``round`` in ``format``; raises ``RuleError`` for what cannot be drawn.

    Options: ``advance`` (groups-knockout: the best K of each group, default 2),
    ``best_next`` (groups-knockout: how many of the best next-placed also go on, default
    0), ``groups`` (groups-knockout: how many groups; default groups of about four),
    ``best_of`` (knockout and groups-knockout: games per knockout tie, default 1),
    ``min_table_size`` (seated: the fewest a table may seat, default 2)."""
    if format not in FORMATS:
        raise RuleError(Violation("events.format.unknown", {"format": format, "formats": FORMATS}))
    allowed = _OPTIONS[format]
    unknown = [
        Violation("events.options.unknown", {"option": name, "options": allowed})
        for name in options
        if name not in allowed
    ]
    problems = [*unknown, *_field_problems(entrants)]
    if round < 1:
        problems.append(Violation("events.round.invalid", {"round": round}))
    if problems:
        raise RuleError(problems)
    return _DRAWS[format](list(entrants), round=round, table_size=table_size, seed=seed, **options)


def _field_problems(entrants: Sequence[Entrant]) -> list[Violation]:
    problems: list[Violation] = []
    if len(entrants) < 2:
        problems.append(Violation("events.entrants.too-few", {"count": len(entrants), "min": 2}))
    counts = Counter(entrant.id for entrant in entrants)
    problems += [
        Violation("events.entrants.duplicate", {"entrant": entrant})
        for entrant, count in counts.items()
        if count > 1
    ]
    problems += [
        Violation("events.entrants.unknown-opponent", {"entrant": entrant.id, "opponent": other})
        for entrant in entrants
        for other in dict.fromkeys(entrant.opponents)
        if other not in counts
    ]
    seeds = Counter(entrant.seed for entrant in entrants if entrant.seed is not None)
    problems += [
        Violation("events.entrants.duplicate-seed", {"seed": number})
        for number, count in seeds.items()
        if count > 1
    ]
    return problems


def by_standing(entrants: Iterable[Entrant]) -> list[Entrant]:
    """Most points first; equal points in the order given."""
    return sorted(entrants, key=lambda entrant: -entrant.points)


def by_seed(entrants: Iterable[Entrant]) -> list[Entrant]:
    """Seed 1 first; the unseeded after the seeded, by standing."""
    ranked = by_standing(entrants)
    return sorted(ranked, key=lambda entrant: (entrant.seed is None, entrant.seed or 0))


def bye_for(entrants: Sequence[Entrant]) -> Entrant:
    """Who sits out when a round cannot seat everyone: the lowest-standing entrant among
    those with the fewest byes so far (so nobody has a second bye while another has had
    none). ``entrants`` are in standing order."""
    fewest = min(entrant.byes for entrant in entrants)
    return [entrant for entrant in entrants if entrant.byes == fewest][-1]


def _ordered_tables(
    tables: Iterable[Sequence[Entrant]], ranked: Sequence[Entrant]
) -> tuple[tuple[str, ...], ...]:
    """Tables ordered by the best standing at each, each table's entrants by standing."""
    place = {entrant.id: index for index, entrant in enumerate(ranked)}
    seated = [sorted((e.id for e in table), key=place.__getitem__) for table in tables]
    return tuple(tuple(table) for table in sorted(seated, key=lambda t: place[t[0]]))


def circle_rounds(ids: Sequence[str]) -> list[list[tuple[str | None, str | None]]]:
    """The whole round-robin schedule by the circle method: the first entrant stays put
    and the others turn one place a round. With an odd number a ``None`` joins the
    circle, and whoever meets it has the round's bye."""
    circle: list[str | None] = list(ids)
    if len(circle) % 2:
        circle.append(None)
    size = len(circle)
    schedule = []
    for _ in range(size - 1):
        schedule.append([(circle[i], circle[size - 1 - i]) for i in range(size // 2)])
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return schedule


def rounds_of(entrants: int) -> int:
    """A round robin's rounds: N − 1 for an even field, N for an odd one."""
    return entrants - 1 if entrants % 2 == 0 else entrants


def _round_robin_round(
    entrants: Sequence[Entrant], round: int
) -> tuple[list[list[Entrant]], list[Entrant]]:
    schedule = circle_rounds([entrant.id for entrant in entrants])
    if round > len(schedule):
        raise RuleError(
            Violation("events.round.beyond-schedule", {"round": round, "rounds": len(schedule)})
        )
    by_id = {entrant.id: entrant for entrant in entrants}
    tables, byes = [], []
    for first, second in schedule[round - 1]:
        if first is None or second is None:
            byes.append(by_id[first or second])  # type: ignore[index]
        else:
            tables.append([by_id[first], by_id[second]])
    return tables, byes


def _round_robin(entrants: list[Entrant], *, round: int, **_: Any) -> Draw:
    """The schedule is fixed by the entrants' seeds (the order given where there are
    none), so that every round of it is drawn from the same circle whatever the points."""
    ranked = by_standing(entrants)
    tables, byes = _round_robin_round(by_seed_only(entrants), round)
    return Draw(_ordered_tables(tables, ranked), tuple(entrant.id for entrant in byes))


def by_seed_only(entrants: Iterable[Entrant]) -> list[Entrant]:
    """Seed 1 first, the unseeded after in the order given: points play no part."""
    return sorted(entrants, key=lambda entrant: (entrant.seed is None, entrant.seed or 0))


def _danish(entrants: list[Entrant], **_: Any) -> Draw:
    ranked = by_standing(entrants)
    byes = []
    if len(ranked) % 2:
        byes.append(bye_for(ranked))
        ranked.remove(byes[0])
    tables = [ranked[i : i + 2] for i in range(0, len(ranked), 2)]
    return Draw(_ordered_tables(tables, ranked), tuple(entrant.id for entrant in byes))


_BYE = "\x00bye"


def _swiss(entrants: list[Entrant], **_: Any) -> Draw:
    """A minimum-cost perfect matching (networkx's blossom algorithm, never a greedy
    walk down the standing). With an odd number the bye is one more entrant, one place
    below the last, whom only those with the fewest byes may meet. What a pairing costs,
    each weighing more than everything after it together: a rematch; how far above the
    last place the bye goes; the square of the places between the two. So the draw has
    no rematch wherever that can be, the bye as low as that allows, then standings as
    close as can be."""
    ranked = by_standing(entrants)
    ids = [entrant.id for entrant in ranked]
    place = {entrant.id: index for index, entrant in enumerate(ranked)}
    met = {entrant.id: Counter(entrant.opponents) for entrant in ranked}
    may_sit_out: set[str] = set()
    if len(ids) % 2:
        fewest = min(entrant.byes for entrant in ranked)
        may_sit_out = {entrant.id for entrant in ranked if entrant.byes == fewest}
        place[_BYE] = len(ranked)
        ids.append(_BYE)
    size = len(ids)

    def cost(first: str, second: str) -> tuple[int, int, int] | None:
        """(rematches, places the bye goes above the last, the square of the places
        between), or None where the two cannot be paired (a bye nobody may have)."""
        if _BYE in (first, second):
            other = first if second == _BYE else second
            return (0, size - 1 - place[other], 0) if other in may_sit_out else None
        times = met[first][second] + met[second][first]
        return times, 0, (place[first] - place[second]) ** 2

    tables, byes = [], []
    for first, second in _closest_matching(ids, cost):
        if _BYE in (first, second):
            byes.append(first if second == _BYE else second)
        else:
            tables.append([ranked[place[first]], ranked[place[second]]])
    return Draw(_ordered_tables(tables, ranked), tuple(byes))


def _closest_matching(
    ids: Sequence[str], cost: Callable[[str, str], tuple[int, int, int] | None]
) -> list[tuple[str, str]]:
    """The cheapest perfect matching of ``ids`` (an even number, in standing order).
    First among pairs who have not met and stand within a window of each other, the
    window doubled until such a matching exists; if none exists even over the whole
    field, over every pair, rematches and all, so as few as can be."""
    size = len(ids)
    # Each part of a cost weighs more than all the later parts of a whole draw together.
    bye, rematch = size**3, size**5

    def weigh(graph: nx.Graph, first: str, second: str, rematches: bool) -> None:
        found = cost(first, second)
        if found is not None and (rematches or not found[0]):
            graph.add_edge(first, second, weight=-(found[0] * rematch + found[1] * bye + found[2]))

    window = SWISS_WINDOW
    while True:
        graph = nx.Graph()
        for i, first in enumerate(ids):
            for second in ids[i + 1 : i + 1 + window]:
                weigh(graph, first, second, rematches=False)
        matching = _cheapest(graph)
        if len(matching) * 2 == size or window >= size:
            break
        window *= 2
    if len(matching) * 2 < size:
        graph = nx.Graph()
        for i, first in enumerate(ids):
            for second in ids[i + 1 :]:
                weigh(graph, first, second, rematches=True)
        matching = _cheapest(graph)
    return matching


def _cheapest(graph: nx.Graph) -> list[tuple[str, str]]:
    """The largest matching and, among the largest, the one of least cost (weights are
    minus the costs, shifted to be positive: the algorithm maximises)."""
    if not graph.number_of_edges():
        return []
    low = min(weight for _, _, weight in graph.edges(data="weight"))
    for _, _, data in graph.edges(data=True):
        data["weight"] = data["weight"] - low + 1
    return [tuple(edge) for edge in nx.max_weight_matching(graph, maxcardinality=True)]


def bracket(size: int) -> list[int]:
    """The seeds of a standard knockout bracket of ``size`` (a power of two) from the top:
    1, 8, 4, 5, 2, 7, 3, 6 for eight, so that 1 and 2 can meet only in the final."""
    seeds = [1]
    while len(seeds) < size:
        total = len(seeds) * 2 + 1
        seeds = [seed for top in seeds for seed in (top, total - top)]
    return seeds


def _seeded(entrants: Sequence[Entrant]) -> dict[int, Entrant]:
    """Each entrant by seed; those without one are seeded after the seeded, by standing."""
    ranked = by_seed(entrants)
    taken = {entrant.seed for entrant in ranked if entrant.seed is not None}
    free = (number for number in range(1, len(ranked) * 2 + 1) if number not in taken)
    return {
        entrant.seed if entrant.seed is not None else next(free): entrant for entrant in ranked
    }


def _knockout_round(entrants: Sequence[Entrant]) -> tuple[list[list[Entrant]], list[Entrant]]:
    """The ties of the bracket for those still in. The bracket is the standard one of the
    smallest power of two that holds every seed; a round's ties are the widest blocks of
    it whose halves hold one entrant each, so a later round (only those still in, with
    their seeds) continues the same bracket, and an entrant alone in its block — a top
    seed where the field is not a power of two — has a bye."""
    seeded = _seeded(entrants)
    size = 1
    while size < max(len(seeded), *seeded):
        size *= 2
    slots = [seeded.get(number) for number in bracket(size)]
    width = 2
    while width * 2 <= size and all(
        sum(slot is not None for slot in slots[start : start + width]) <= 1
        for start in range(0, size, width)
    ):
        width *= 2
    tables, byes = [], []
    for start in range(0, size, width):
        present = [slot for slot in slots[start : start + width] if slot is not None]
        if len(present) == 1:
            byes.append(present[0])
        elif present:
            tables.append(present)
    return tables, byes


def knockout_rounds(entrants: int) -> int:
    """A knockout's rounds for a field of ``entrants``: ceil(log2 N), the last the final."""
    rounds = 0
    while 2**rounds < entrants:
        rounds += 1
    return rounds


def group_rounds(entrants: int, groups: int | None = None) -> int:
    """How many rounds the groups of a groups-knockout play before its knockout: the
    longest group's round robin."""
    count = group_count(entrants, groups)
    if count < 1:
        return 0
    return rounds_of(ceil(entrants / count))


def _best_of(best_of: int) -> int:
    if best_of < 1 or best_of % 2 == 0:
        raise RuleError(Violation("events.knockout.best-of", {"best_of": best_of}))
    return best_of


def _knockout(entrants: list[Entrant], *, best_of: int = 1, **_: Any) -> Draw:
    tables, byes = _knockout_round(entrants)
    seeded = _seeded(entrants)
    return Draw(
        tuple(tuple(entrant.id for entrant in table) for table in tables),
        tuple(entrant.id for entrant in byes),
        best_of=_best_of(best_of),
        seeds=tuple(seeded[number].id for number in sorted(seeded)),
    )


def snake(entrants: Sequence[Entrant], groups: int) -> list[list[Entrant]]:
    """Groups by snake seeding: seeds 1…g one to each group, then g+1…2g back from the
    last group, and so on, so every group gets as strong a field as the others."""
    dealt: list[list[Entrant]] = [[] for _ in range(groups)]
    for index, entrant in enumerate(by_seed(entrants)):
        lap, step = divmod(index, groups)
        dealt[step if lap % 2 == 0 else groups - 1 - step].append(entrant)
    return dealt


def group_count(entrants: int, groups: int | None = None) -> int:
    """How many groups: as asked, or groups of about four."""
    if groups is not None:
        return groups
    least, most = GROUP_SIZES
    count = max(1, round(entrants / 4))
    while count > 1 and entrants // count < least:
        count -= 1
    while ceil(entrants / count) > most:
        count += 1
    return count


def _groups_of(entrants: Sequence[Entrant], groups: int | None) -> list[list[Entrant]]:
    count = group_count(len(entrants), groups)
    least, most = GROUP_SIZES
    if count < 1 or not least <= len(entrants) // count <= ceil(len(entrants) / count) <= most:
        raise RuleError(
            Violation(
                "events.groups.size",
                {"entrants": len(entrants), "groups": count, "min": least, "max": most},
            )
        )
    return snake(entrants, count)


def _check_advance(groups: Sequence[Sequence[Entrant]], advance: int, best_next: int) -> None:
    """At least one of every group goes on and one stays behind; the best next-placed are
    at most one a group; and two at least make a knockout."""
    smallest = min(len(group) for group in groups)
    going_on = advance * len(groups) + best_next
    if not 1 <= advance < smallest or not 0 <= best_next <= len(groups) or going_on < 2:
        raise RuleError(
            Violation(
                "events.knockout.advance",
                {"advance": advance, "best_next": best_next, "group_size": smallest},
            )
        )


def qualifiers(
    groups: Sequence[Sequence[Entrant]],
    advance: int,
    best_next: int = 0,
    given: Sequence[Entrant] = (),
) -> list[Entrant]:
    """Who goes on from the groups, seeded: every group's winner (by points), then every
    runner-up, … down to the ``advance``-th placed, then the ``best_next`` best of the
    next-placed. Each group is in its standing order; those level on points are taken in
    the order ``given`` (the event's standing), else group by group."""
    order = {entrant.id: index for index, entrant in enumerate(given)}

    def ranked(placed: Iterable[Entrant]) -> list[Entrant]:
        return sorted(placed, key=lambda entrant: (-entrant.points, order.get(entrant.id, 0)))

    _check_advance(groups, advance, best_next)
    chosen = []
    for place in range(advance):
        chosen += ranked(group[place] for group in groups)
    chosen += ranked(group[advance] for group in groups)[:best_next]
    return chosen


def _groups_knockout(
    entrants: list[Entrant],
    *,
    round: int,
    groups: int | None = None,
    advance: int = 2,
    best_next: int = 0,
    best_of: int = 1,
    **_: Any,
) -> Draw:
    """Rounds 1… are the groups' round robins (each group's schedule by its seeds; a
    group with fewer rounds sits the last ones out); the round after the longest group's
    schedule draws the knockout's first round from every entrant with its group points,
    in standing order. Its ``seeds`` carry on: later rounds are ``knockout`` draws of
    those still in, each with its seed of that first knockout round (``group_rounds``
    says which round that is)."""
    dealt = _groups_of(entrants, groups)
    _check_advance(dealt, advance, best_next)
    _best_of(best_of)
    group_rounds = max(rounds_of(len(group)) for group in dealt)
    if round > group_rounds + 1:
        raise RuleError(
            Violation("events.round.beyond-schedule", {"round": round, "rounds": group_rounds + 1})
        )
    listing = tuple(tuple(entrant.id for entrant in group) for group in dealt)
    if round <= group_rounds:
        ranked = by_standing(entrants)
        tables: list[list[Entrant]] = []
        byes: list[Entrant] = []
        for group in dealt:
            if round <= rounds_of(len(group)):
                group_tables, group_byes = _round_robin_round(group, round)
                tables += group_tables
                byes += group_byes
        return Draw(_ordered_tables(tables, ranked), tuple(e.id for e in byes), groups=listing)
    in_order = {entrant.id: index for index, entrant in enumerate(entrants)}
    standings = [sorted(group, key=lambda e: (-e.points, in_order[e.id])) for group in dealt]
    going_on = qualifiers(standings, advance, best_next, entrants)
    knockout = [
        Entrant(entrant.id, entrant.points, entrant.opponents, entrant.byes, number)
        for number, entrant in enumerate(going_on, start=1)
    ]
    tables, byes = _knockout_round(knockout)
    return Draw(
        tuple(tuple(e.id for e in table) for table in tables),
        tuple(e.id for e in byes),
        groups=listing,
        best_of=_best_of(best_of),
        seeds=tuple(entrant.id for entrant in going_on),
    )


def table_sizes(entrants: int, table_size: int, min_table_size: int = 2) -> list[int]:
    """As few tables as seat everyone at no more than ``table_size``, their sizes as even
    as can be (never more than one apart), the larger first. Where that would make a
    table smaller than ``min_table_size``, one table fewer, full, and the rest sit out."""
    count = min(ceil(entrants / table_size), entrants // min_table_size)
    if count == 0:
        return []
    seated = min(entrants, count * table_size)
    small, larger = divmod(seated, count)
    return [small + 1] * larger + [small] * (count - larger)


def _seated(
    entrants: list[Entrant],
    *,
    round: int,
    table_size: int,
    seed: int | None,
    min_table_size: int = 2,
    **_: Any,
) -> Draw:
    """Round 1 by lot from the recorded ``seed`` (the same seed always draws the same
    tables, so the draw can be checked); later rounds by standing, the top players
    together at table 1. Those who cannot be seated have byes."""
    if table_size < 2 or not 2 <= min_table_size <= table_size:
        raise RuleError(
            Violation(
                "events.seated.table-size",
                {"table_size": table_size, "min_table_size": min_table_size},
            )
        )
    sizes = table_sizes(len(entrants), table_size, min_table_size)
    if not sizes:
        raise RuleError(
            Violation(
                "events.seated.too-few",
                {"entrants": len(entrants), "table_size": table_size, "min": min_table_size},
            )
        )
    if round == 1:
        if seed is None:
            raise RuleError(Violation("events.lot.seed-required", {"format": "seated"}))
        order = sorted(entrants, key=lambda entrant: entrant.id)
        random.Random(seed).shuffle(order)
    else:
        order = by_standing(entrants)
    byes = []
    while len(order) > sum(sizes):
        byes.append(bye_for(order))
        order.remove(byes[-1])
    tables, start = [], 0
    for size in sizes:
        tables.append(tuple(entrant.id for entrant in order[start : start + size]))
        start += size
    return Draw(tuple(tables), tuple(entrant.id for entrant in byes))


_DRAWS = {
    "round-robin": _round_robin,
    "danish": _danish,
    "swiss": _swiss,
    "groups-knockout": _groups_knockout,
    "knockout": _knockout,
    "seated": _seated,
}
_OPTIONS: dict[str, tuple[str, ...]] = {
    "round-robin": (),
    "danish": (),
    "swiss": (),
    "groups-knockout": ("groups", "advance", "best_next", "best_of"),
    "knockout": ("best_of",),
    "seated": ("min_table_size",),
}


# --- victory points -------------------------------------------------------------------


@dataclass(frozen=True)
class Scale:
    """A scale read: its name (a preset's, or "bands" / "win-draw-loss" for the club's
    own), its bands (largest difference, winner, loser) and what is above the last, or
    its win, draw and loss points."""

    name: str
    bands: tuple[tuple[int, int, int], ...] = ()
    above: tuple[int, int] = ABOVE
    win_draw_loss: tuple[float, float, float] = WIN_DRAW_LOSS

    @property
    def top(self) -> int:
        return self.above[0] + self.above[1]


def read_scale(scale: str | Mapping[str, Any]) -> Scale:
    """A scale by name (``SCALES``), or a club's own: ``{"bands": [[50, 10, 10], …],
    "above": [20, 0]}``, or ``{"win": 3, "draw": 1, "loss": 0}``."""
    if isinstance(scale, str):
        presets = {"burraco-3": BURRACO_3, "burraco-4": BURRACO_4}
        if scale in presets:
            return Scale(scale, presets[scale])
        if scale in SCALES:
            return Scale(scale)
        raise RuleError(Violation("events.scale.unknown", {"scale": scale, "scales": SCALES}))
    if "bands" in scale:
        bands = tuple(tuple(band) for band in scale["bands"])
        above = tuple(scale.get("above", ABOVE))
        _check_bands(bands, above)  # type: ignore[arg-type]
        return Scale("bands", bands, above)  # type: ignore[arg-type]
    if {"win", "draw", "loss"} >= set(scale) and scale:
        win, draw, loss = WIN_DRAW_LOSS
        points = (scale.get("win", win), scale.get("draw", draw), scale.get("loss", loss))
        if not points[0] >= points[1] >= points[2]:
            raise RuleError(Violation("events.scale.bands", {"problem": "order"}))
        return Scale("win-draw-loss", win_draw_loss=points)
    raise RuleError(Violation("events.scale.unknown", {"scale": dict(scale), "scales": SCALES}))


def _check_bands(bands: Sequence[Sequence[int]], above: Sequence[int]) -> None:
    problems = []
    if not bands or len(above) != 2 or any(len(band) != 3 for band in bands):
        raise RuleError(Violation("events.scale.bands", {"problem": "shape"}))
    for number, (previous, band) in enumerate(pairwise(bands), start=2):
        if band[0] <= previous[0]:
            problems.append(Violation("events.scale.bands", {"problem": "climb", "band": number}))
    for number, band in enumerate([*bands, (None, *above)], start=1):
        if band[1] < band[2] or band[2] < 0:
            problems.append(Violation("events.scale.bands", {"problem": "loser", "band": number}))
    if bands[0][0] < 0:
        problems.append(Violation("events.scale.bands", {"problem": "negative", "band": 1}))
    if problems:
        raise RuleError(problems)


def victory_points(
    scale: str | Mapping[str, Any], scores: Sequence[int]
) -> tuple[list[float], int]:
    """Each score's event points on ``scale``, in the order of the scores, and the
    difference between the best score and the next."""
    read = read_scale(scale)
    if len(scores) < 2:
        raise RuleError(Violation("events.scale.scores", {"count": len(scores)}))
    best, second = sorted(scores, reverse=True)[:2]
    difference = best - second
    if read.bands:
        if len(scores) != 2:
            raise RuleError(Violation("events.scale.two-scores", {"count": len(scores)}))
        winner, loser = next(
            ((won, lost) for most, won, lost in read.bands if difference <= most), read.above
        )
        if scores[0] == scores[1]:
            winner = loser = read.top / 2 if read.top % 2 else read.top // 2
        return ([winner, loser] if scores[0] >= scores[1] else [loser, winner]), difference
    if read.name == "win-draw-loss":
        win, draw, loss = read.win_draw_loss
        tied = scores.count(best) > 1
        return [(draw if tied else win) if score == best else loss for score in scores], difference
    if read.name == "difference":
        return [score - max(_others(scores, i)) for i, score in enumerate(scores)], difference
    # games: the games each side won are its points
    return list(scores), difference


def _others(scores: Sequence[int], index: int) -> list[int]:
    return [score for i, score in enumerate(scores) if i != index]


def bye_points(scale: str | Mapping[str, Any], bye: float | None = None) -> float:
    """What a bye scores: the event's setting, or by default 12 on a 20–0 scale (in
    proportion on a club's own), a win on win-draw-loss, nothing on the others."""
    if bye is not None:
        return bye
    read = read_scale(scale)
    if read.bands:
        return BYE_VP if read.top == 20 else round(read.top * BYE_VP / 20)
    if read.name == "win-draw-loss":
        return read.win_draw_loss[0]
    return 0


# --- the standing ---------------------------------------------------------------------


@dataclass(frozen=True)
class Result:
    """One table's result: its entrants, their event points and their scores, in the same
    order. A bye is a table of one, with its points and no score."""

    entrants: tuple[str, ...]
    points: tuple[float, ...]
    scores: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        for name in ("entrants", "points", "scores"):
            object.__setattr__(self, name, tuple(getattr(self, name)))

    @property
    def bye(self) -> bool:
        return len(self.entrants) == 1


@dataclass(frozen=True)
class StandingLine:
    """One entrant's line: its place, its event points and each tiebreak's value, and the
    rule that put it below the line above (``reached_by``: ``events.standing.points`` when
    it has fewer points; the first line is reached by points)."""

    place: int
    entrant: str
    points: float
    played: int
    byes: int
    reached_by: str
    tiebreaks: Mapping[str, float] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        plain = {f.name: getattr(self, f.name) for f in fields(self)}
        return plain | {"tiebreaks": dict(self.tiebreaks)}


def tiebreaks_for(format: str) -> tuple[str, ...]:
    """The stated order: head-to-head among the tied, the opponents' points (swiss only),
    the score difference, then lot."""
    if format == "swiss":
        return TIEBREAKS
    return tuple(name for name in TIEBREAKS if name != "opponents-points")


def _check_results(entrant_ids: Sequence[str], results: Sequence[Result]) -> None:
    known = set(entrant_ids)
    problems = []
    for number, result in enumerate(results, start=1):
        if len(result.points) != len(result.entrants) or (
            result.scores and len(result.scores) != len(result.entrants)
        ):
            problems.append(Violation("events.result.shape", {"table": number}))
        problems += [
            Violation("events.result.unknown-entrant", {"table": number, "entrant": entrant})
            for entrant in result.entrants
            if entrant not in known
        ]
    if problems:
        raise RuleError(problems)


def standing(
    entrant_ids: Sequence[str],
    results: Sequence[Result],
    *,
    tiebreaks: Sequence[str] = tiebreaks_for("round-robin"),
    seed: int = 0,
) -> list[StandingLine]:
    """Every entrant's line, best first: by event points, then each of ``tiebreaks`` in
    turn among those still level (``TIEBREAKS``; head-to-head counts only the tables the
    tied played among themselves), the lot last from the event's ``seed``."""
    _check_results(entrant_ids, results)
    unknown = [name for name in tiebreaks if name not in TIEBREAKS]
    if unknown:
        raise ValueError(f"unknown tiebreaks {unknown}: the tiebreaks are {TIEBREAKS}")
    points: dict[str, float] = dict.fromkeys(entrant_ids, 0)
    played: Counter[str] = Counter()
    byes: Counter[str] = Counter()
    difference: Counter[str] = Counter()
    opponents: dict[str, list[str]] = defaultdict(list)
    for result in results:
        for index, entrant in enumerate(result.entrants):
            points[entrant] += result.points[index]
            if result.bye:
                byes[entrant] += 1
                continue
            played[entrant] += 1
            opponents[entrant] += _others(list(result.entrants), index)  # type: ignore[arg-type]
            if result.scores:
                difference[entrant] += result.scores[index] - max(_others(result.scores, index))
    lot = list(entrant_ids)
    random.Random(seed).shuffle(lot)
    criteria = {
        "head-to-head": lambda group: _head_to_head(group, results),
        "opponents-points": lambda group: {e: sum(points[o] for o in opponents[e]) for e in group},
        "score-difference": lambda group: {e: difference[e] for e in group},
        "lot": lambda group: {e: -lot.index(e) for e in group},
    }
    values: dict[str, dict[str, float]] = defaultdict(dict)
    order: list[tuple[str, str]] = []  # (entrant, the rule that placed it below the last)

    def split(group: list[str], names: Sequence[str], reason: str) -> None:
        if len(group) == 1 or not names:
            order.extend((entrant, reason if i == 0 else "") for i, entrant in enumerate(group))
            return
        found = criteria[names[0]](group)
        for entrant in group:
            # the lot is shown as the place drawn (1 first), not as its sort key
            shown = 1 - found[entrant] if names[0] == "lot" else found[entrant]
            values[entrant][names[0]] = shown
        levels = sorted(set(found.values()), reverse=True)
        for level_index, level in enumerate(levels):
            tied = [entrant for entrant in group if found[entrant] == level]
            rule = reason if level_index == 0 else f"events.standing.{names[0]}"
            split(tied, names[1:], rule)

    by_points: dict[float, list[str]] = defaultdict(list)
    for entrant in entrant_ids:
        by_points[points[entrant]].append(entrant)
    for level in sorted(by_points, reverse=True):
        split(
            by_points[level],
            [*tiebreaks, "lot"] if "lot" not in tiebreaks else tiebreaks,
            "events.standing.points",
        )
    lines = []
    for place, (entrant, reason) in enumerate(order, start=1):
        lines.append(
            StandingLine(
                place=place,
                entrant=entrant,
                points=points[entrant],
                played=played[entrant],
                byes=byes[entrant],
                reached_by=reason or "events.standing.points",
                tiebreaks=values[entrant],
            )
        )
    return lines


def _head_to_head(group: Sequence[str], results: Sequence[Result]) -> dict[str, float]:
    """The event points each of ``group`` scored at tables where only the group played."""
    members = set(group)
    scored: dict[str, float] = dict.fromkeys(group, 0)
    for result in results:
        if not result.bye and set(result.entrants) <= members:
            for entrant, won in zip(result.entrants, result.points, strict=True):
                scored[entrant] += won
    return scored


def entrants_after(
    entrant_ids: Sequence[str],
    results: Sequence[Result],
    *,
    seeds: Mapping[str, int] | None = None,
    tiebreaks: Sequence[str] = tiebreaks_for("round-robin"),
    seed: int = 0,
) -> list[Entrant]:
    """The entrants as the next draw needs them, in standing order: their points, whom
    they met, their byes and seeds."""
    met: dict[str, list[str]] = defaultdict(list)
    for result in results:
        for index, entrant in enumerate(result.entrants):
            met[entrant] += _others(list(result.entrants), index)  # type: ignore[arg-type]
    return [
        Entrant(
            line.entrant,
            line.points,
            tuple(met[line.entrant]),
            line.byes,
            (seeds or {}).get(line.entrant),
        )
        for line in standing(entrant_ids, results, tiebreaks=tiebreaks, seed=seed)
    ]
