"""Charts as data for server-drawn SVG: Python works out the geometry (coordinates in a
fixed viewBox), the templates draw it. Colours are not chosen here: each series has a
class, and ``static/records/records.css`` colours it from custom properties that follow
the light or dark scheme; axes and labels use ``currentColor``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

# The viewBox: the SVG scales to the width it is given (360 px phones and up).
WIDTH = 320
HEIGHT = 160
PAD_LEFT = 36
PAD_RIGHT = 8
PAD_Y = 10
SERIES_COLOURS = 8


@dataclass(frozen=True, kw_only=True)
class Chart:
    """What every chart's template draws besides its marks: the y of the zero line (None
    when 0 is off the chart), the values at the top and bottom, and the viewBox."""

    zero_y: float | None
    top: int
    bottom: int
    width: int = WIDTH
    height: int = HEIGHT
    left: int = PAD_LEFT


@dataclass(frozen=True)
class Rect:
    """A <rect> of a chart, in the viewBox's units."""

    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class Series:
    name: str
    points: str  # "x,y x,y …" for a <polyline>
    last_x: float
    last_y: float
    last: int
    colour: int  # the series-N class


@dataclass(frozen=True, kw_only=True)
class LineChart(Chart):
    series: tuple[Series, ...]
    hands: int


def _scale(low: int, high: int):
    span = (high - low) or 1
    inner = HEIGHT - 2 * PAD_Y

    def y(value: int) -> float:
        return round(PAD_Y + (high - value) * inner / span, 1)

    return y


def line_chart(names: Sequence[str], series: Sequence[Sequence[int]]) -> LineChart:
    """Running totals, one line per side, hand 0 (the start) to the last hand."""
    values = [v for line in series for v in line] or [0]
    low, high = min(0, *values), max(0, *values)
    y = _scale(low, high)
    steps = max((len(line) for line in series), default=1) - 1
    inner = WIDTH - PAD_LEFT - PAD_RIGHT

    def x(i: int) -> float:
        return round(PAD_LEFT + (i * inner / steps if steps else 0), 1)

    drawn = tuple(
        Series(
            name=name,
            points=" ".join(f"{x(i)},{y(v)}" for i, v in enumerate(line)),
            last_x=x(len(line) - 1),
            last_y=y(line[-1]),
            last=line[-1],
            colour=n % SERIES_COLOURS,
        )
        for n, (name, line) in enumerate(zip(names, series, strict=True))
    )
    return LineChart(
        series=drawn, zero_y=y(0) if low < 0 < high else None, top=high, bottom=low, hands=steps
    )


@dataclass(frozen=True)
class Bar(Rect):
    won: bool
    margin: int
    code: str


@dataclass(frozen=True, kw_only=True)
class BarChart(Chart):
    bars: tuple[Bar, ...]


def form_chart(points: Sequence[tuple[str, bool, int]]) -> BarChart:
    """A player's form: one bar per finished match (code, won, margin), oldest first; up
    for a lead over the best opponent, down for a deficit."""
    margins = [margin for _code, _won, margin in points] or [0]
    low, high = min(0, *margins), max(0, *margins)
    y = _scale(low, high)
    zero = y(0)
    inner = WIDTH - PAD_LEFT - PAD_RIGHT
    slot = inner / max(len(points), 1)
    bars = []
    for i, (code, won, margin) in enumerate(points):
        top, bottom = sorted((y(margin), zero))
        bars.append(
            Bar(
                x=round(PAD_LEFT + i * slot + slot * 0.15, 1),
                y=top,
                width=round(slot * 0.7, 1),
                height=max(round(bottom - top, 1), 1.0),  # a level match still shows
                won=won,
                margin=margin,
                code=code,
            )
        )
    return BarChart(bars=tuple(bars), zero_y=zero, top=high, bottom=low)
