"""A player's rating over time, drawn as the records' charts are (``records.charts``:
geometry here, colours in the stylesheet): one line, the figure before their first
match of the season and after each one, between the lowest and highest it reached."""

from __future__ import annotations

from collections.abc import Sequence

from scoring.records import charts


def rating_chart(name: str, figures: Sequence[int]) -> charts.LineChart:
    low, high = min(figures, default=0), max(figures, default=0)
    # A little room above and below, so that a flat line is not drawn on the frame.
    low, high = low - 10, high + 10
    inner_h = charts.HEIGHT - 2 * charts.PAD_Y
    inner_w = charts.WIDTH - charts.PAD_LEFT - charts.PAD_RIGHT
    steps = max(len(figures) - 1, 0)

    def x(i: int) -> float:
        return round(charts.PAD_LEFT + (i * inner_w / steps if steps else 0), 1)

    def y(value: int) -> float:
        return round(charts.PAD_Y + (high - value) * inner_h / (high - low), 1)

    series = ()
    if figures:
        series = (
            charts.Series(
                name=name,
                points=" ".join(f"{x(i)},{y(v)}" for i, v in enumerate(figures)),
                last_x=x(len(figures) - 1),
                last_y=y(figures[-1]),
                last=figures[-1],
                colour=0,
            ),
        )
    return charts.LineChart(series=series, zero_y=None, top=high, bottom=low, hands=steps)
