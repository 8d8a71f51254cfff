"""Whole numbers, sums of money and yes-or-no fields, as a phone types and taps them.

Every game asks for counts (canastras, penalties), totals and house rules; these fields
read only what a player means to type, and ``read_whole_number`` is the one reader of a
whole number sent by a button or a hidden field. Nothing here knows about cards.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms

# Digits as a phone's number pad types them, with a sign: Python's int() also reads
# "1_000", other scripts' digits and inner spaces, which no player means.
WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")


def read_whole_number(value: Any) -> int | None:
    """``value`` as a whole number if it is one written plainly, else None."""
    text = str(value).strip() if value is not None else ""
    return int(text) if WHOLE_NUMBER.fullmatch(text) else None


class WholeNumberField(forms.IntegerField):
    """Django's ``IntegerField``, reading only plain digits (and a sign)."""

    def to_python(self, value: Any) -> int | None:
        typed = isinstance(value, str) and value.strip() not in self.empty_values
        if typed and read_whole_number(value) is None:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return super().to_python(value)


# A sum of money typed on a phone: digits, one decimal mark (either: the language's own).
PLAIN_DECIMAL = re.compile(r"[+-]?(?=[.,]?[0-9])[0-9]*[.,]?[0-9]*")


class PlainDecimalField(forms.DecimalField):
    """Django's ``DecimalField``, reading only digits and one decimal mark: Python's
    ``Decimal`` also reads "1_000", "1e3" and other scripts' digits."""

    def to_python(self, value: Any) -> Any:
        typed = isinstance(value, str) and value.strip() not in self.empty_values
        if typed and not PLAIN_DECIMAL.fullmatch(value.strip()):
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return super().to_python(value)


def count_field(
    label: Any, maximum: int, *, step: int = 1, chips: int = 0, **attrs: Any
) -> forms.IntegerField:
    """A small whole number drawn as a stepper (− 0 +): counts of canastras, penalties.
    ``chips``: the commonest values 0 … chips−1 as one-tap buttons instead of − and +."""
    return WholeNumberField(
        label=label,
        required=False,
        initial=0,
        min_value=0,
        max_value=maximum,
        widget=StepperInput(attrs={"step": step, **attrs}, chips=min(chips, maximum + 1)),
    )


def checkbox(label: Any, help_text: Any = "") -> forms.BooleanField:
    """A yes-or-no the table may leave unticked: a house rule, something that happened in
    the hand (took its morto, the time is up)."""
    return forms.BooleanField(label=label, required=False, help_text=help_text)


# A whole number typed on a phone: its number pad, nothing suggested.
NUMERIC = {"inputmode": "numeric", "autocomplete": "off"}


def number_field(label: Any, minimum: int, maximum: int, **kwargs: Any) -> forms.IntegerField:
    """A whole number typed on the phone's number pad, bounded by what a real table can
    reach (a running total, chips, failed openings); ``kwargs`` as for ``IntegerField``."""
    kwargs.setdefault("widget", forms.NumberInput(attrs=NUMERIC))
    return WholeNumberField(label=label, min_value=minimum, max_value=maximum, **kwargs)


class StepperInput(forms.NumberInput):
    """A number between a − and a + button, or beside one-tap buttons for its commonest
    values (the buttons only where script runs; the number can always be typed)."""

    template_name = "ledger/widgets/stepper.html"

    def __init__(self, attrs: dict[str, Any] | None = None, *, chips: int = 0) -> None:
        super().__init__({"inputmode": "numeric", "autocomplete": "off", **(attrs or {})})
        self.chips = chips

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        context["widget"]["chips"] = list(range(self.chips))
        return context

    class Media:
        js = ("ledger/picker.js",)
