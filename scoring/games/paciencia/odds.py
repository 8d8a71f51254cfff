"""The computed odds of the dog's patience, as the rulebook and a player's log show them.

``manage.py paciencia_odds`` plays 100,000 shuffles and writes ``odds.json`` beside this
module; here it is read (once), drawn as two small charts whose geometry is worked out
below and drawn as SVG by a template (no script, no chart library), and a player's own
record is set beside it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from referee.paciencia import DEALS, DECK_SIZE, PILES, wilson

ODDS_FILE = Path(__file__).resolve().parent / "odds.json"


class Interval:
    """A rate's 95% interval (``low`` to ``high``, shares of 1) in percent, for the pages
    (a template does not multiply)."""

    low: float
    high: float

    @property
    def low_percent(self) -> float:
        return self.low * 100

    @property
    def high_percent(self) -> float:
        return self.high * 100


@dataclass(frozen=True)
class Odds(Interval):
    """What ``odds.json`` says: how many shuffles were played and how they ended."""

    shuffles: int
    wins: int
    low: float
    high: float
    first_shuffle: int
    last_shuffle: int
    computed: str
    # deal reached → games; for the won ones only; cards left off the piles → games
    deals: dict[int, int]
    won_in_deal: dict[int, int]
    cards_left: dict[int, int]

    @property
    def estimate(self) -> float:
        return self.wins / self.shuffles if self.shuffles else 0.0

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Odds:
        low, high = data["ci95"]
        return cls(
            shuffles=int(data["shuffles"]),
            wins=int(data["wins"]),
            low=float(low),
            high=float(high),
            first_shuffle=int(data.get("first_shuffle", 0)),
            last_shuffle=int(data.get("last_shuffle", int(data["shuffles"]) - 1)),
            computed=str(data.get("computed", "")),
            deals={int(k): int(v) for k, v in data["deals"].items()},
            won_in_deal={int(k): int(v) for k, v in data["won_in_deal"].items()},
            cards_left={int(k): int(v) for k, v in data["cards_left"].items()},
        )

    @property
    def lost(self) -> int:
        return self.shuffles - self.wins

    # percentages, for the pages (a template does not multiply)
    @property
    def estimate_percent(self) -> float:
        return self.estimate * 100

    @property
    def median_left(self) -> int | None:
        """The median of the cards left off the piles in the lost games."""
        lost = sorted((k, v) for k, v in self.cards_left.items() if k > 0 and v)
        total = sum(v for _k, v in lost)
        seen = 0
        for k, v in lost:
            seen += v
            if seen * 2 >= total:
                return k
        return None


@cache
def load_odds(path: Path = ODDS_FILE) -> Odds | None:
    """The committed odds, or None before the command has ever been run."""
    try:
        return Odds.from_dict(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError):
        return None


# --- the charts ---------------------------------------------------------------------------

# The SVG's own units; it is drawn at the width of the page (viewBox), 360 px and up.
WIDTH, HEIGHT = 320, 150
LEFT, RIGHT, TOP, BOTTOM = 30, 6, 8, 22  # room for the axis labels


@dataclass(frozen=True)
class Bar:
    """A <rect> of the histogram, in the viewBox's units, and what it counts."""

    x: float
    y: float
    width: float
    height: float
    value: int  # cards left off the piles (0: won)
    games: int
    share: float  # of all shuffles

    @property
    def won(self) -> bool:
        return self.value == 0


@dataclass(frozen=True)
class Tick:
    at: float  # x for the horizontal axis, y for the vertical
    label: str


@dataclass(frozen=True)
class Histogram:
    width: int
    height: int
    bars: tuple[Bar, ...]
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    left: float
    right: float
    base: float  # the y of the horizontal axis
    top: float

    @property
    def y_label_x(self) -> float:
        return self.left - 4

    @property
    def x_label_y(self) -> float:
        return self.base + 14


def _nice_top(share: float) -> float:
    """The vertical axis' top, a round percentage just above the tallest bar."""
    for step in (0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0):
        if share <= step * 4:
            top = step
            while top < share:
                top += step
            return top
    return 1.0


def histogram(odds: Odds) -> Histogram:
    """The cards left off the piles, one bar per count from 0 (won) to the most seen,
    each as a share of all the shuffles played."""
    most = max([k for k, v in odds.cards_left.items() if v] or [0])
    last = min(DECK_SIZE - PILES, max(10, -(-most // 10) * 10))  # up to a round ten
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM
    base = TOP + plot_h
    step = plot_w / (last + 1)
    tallest = max(odds.cards_left.values(), default=0) / odds.shuffles if odds.shuffles else 0
    top = _nice_top(tallest) if tallest else 0.01
    bars = []
    for value in range(last + 1):
        games = odds.cards_left.get(value, 0)
        share = games / odds.shuffles if odds.shuffles else 0.0
        height = plot_h * share / top
        bars.append(
            Bar(
                x=round(LEFT + value * step + step * 0.1, 2),
                y=round(base - height, 2),
                width=round(step * 0.8, 2),
                height=round(height, 2),
                value=value,
                games=games,
                share=share,
            )
        )
    x_ticks = tuple(
        Tick(round(LEFT + value * step + step / 2, 2), str(value))
        for value in range(0, last + 1, 10 if last <= 60 else 20)
    )
    y_ticks = tuple(
        Tick(round(base - plot_h * fraction, 2), _percent(top * fraction))
        for fraction in (0, 0.5, 1)
    )
    return Histogram(WIDTH, HEIGHT, tuple(bars), x_ticks, y_ticks, LEFT, WIDTH - RIGHT, base, TOP)


def _percent(share: float) -> str:
    # an axis label: as few digits as say it
    text = f"{share * 100:.1f}".rstrip("0").rstrip(".")
    return f"{text}%"


@dataclass(frozen=True)
class Ending:
    """One way a game ends: won in deal 1, 2 or 3, or lost after the third."""

    won: bool
    deal: int
    games: int
    share: float
    width: float  # of the bar, in the SVG's units
    y: float  # the row's top

    @property
    def percent(self) -> float:
        return self.share * 100

    @property
    def text_y(self) -> float:
        return self.y + ROW * 0.68

    @property
    def bar_y(self) -> float:
        return self.y + 4

    @property
    def value_x(self) -> float:
        return BAR_X + self.width + 4


# The deal chart: a row per ending, its name left of BAR_X, the bar, its share after it.
ROW, BAR_X, BAR_WIDTH = 22, 112, 150


@dataclass(frozen=True)
class Endings:
    rows: tuple[Ending, ...]
    width: int = WIDTH
    bar_x: int = BAR_X
    bar_width: int = BAR_WIDTH
    bar_height: int = 14

    @property
    def height(self) -> int:
        return ROW * len(self.rows)


def endings(odds: Odds) -> Endings:
    """How the shuffles ended, by the deal reached: the deal chart's rows."""
    rows = [(True, deal, odds.won_in_deal.get(deal, 0)) for deal in range(1, DEALS + 1)]
    rows.append((False, DEALS, odds.lost))
    total = odds.shuffles or 1
    return Endings(
        tuple(
            Ending(won, deal, games, games / total, round(BAR_WIDTH * games / total, 2), i * ROW)
            for i, (won, deal, games) in enumerate(rows)
        )
    )


# --- a player's record beside the odds ----------------------------------------------------

BELOW, WITHIN, ABOVE = "below", "within", "above"


@dataclass(frozen=True)
class Record(Interval):
    """A player's games against the odds: their rate, where it falls against the computed
    interval, and their own 95 % interval (``consistent``: it holds the computed odds, so
    the difference is what chance gives over so few games)."""

    played: int
    won: int
    low: float
    high: float
    odds: Odds | None

    @property
    def rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    @property
    def rate_percent(self) -> float:
        return self.rate * 100

    @property
    def against(self) -> str | None:
        if self.odds is None or not self.played:
            return None
        if self.rate < self.odds.low:
            return BELOW
        if self.rate > self.odds.high:
            return ABOVE
        return WITHIN

    @property
    def consistent(self) -> bool | None:
        if self.odds is None or not self.played:
            return None
        return self.low <= self.odds.estimate <= self.high


def record(played: int, won: int, odds: Odds | None) -> Record:
    low, high = wilson(won, played) if played else (0.0, 1.0)
    return Record(played, won, low, high, odds)
