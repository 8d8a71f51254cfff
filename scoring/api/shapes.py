"""A body of the wrong shape, said in the reader's words: pydantic explains each problem in
English only, so its error type (``missing``, ``too_long`` …) and the bounds it checked
are worded here, in the request's language."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy
from ninja.parser import Parser

_NUMBER = _("must be a number")
_WHOLE = _("must be a whole number")
_TRUE_OR_FALSE = _("must be true or false")
_OBJECT = _("must be an object of named fields")
_DATE = _("must be a date (YYYY-MM-DD)")
_ONE_OF = _("must be one of %(expected)s")

# Pydantic's error types → the problem in words; %(name)s takes the error's context.
PROBLEMS: Mapping[str, Promise] = {
    "missing": _("is required"),
    "extra_forbidden": _("is not a field of this request"),
    "string_type": _("must be text"),
    "int_type": _WHOLE,
    "int_parsing": _WHOLE,
    "int_from_float": _WHOLE,
    "float_type": _NUMBER,
    "float_parsing": _NUMBER,
    "bool_type": _TRUE_OR_FALSE,
    "bool_parsing": _TRUE_OR_FALSE,
    "list_type": _("must be a list"),
    "dict_type": _OBJECT,
    "model_type": _OBJECT,
    "model_attributes_type": _OBJECT,
    "uuid_type": _("must be a UUID"),
    "uuid_parsing": _("must be a UUID"),
    "date_type": _DATE,
    "date_parsing": _DATE,
    "date_from_datetime_parsing": _DATE,
    "literal_error": _ONE_OF,
    "enum": _ONE_OF,
    "too_long": ngettext_lazy(
        "may hold at most %(max_length)s item",
        "may hold at most %(max_length)s items",
        "max_length",
    ),
    "too_short": ngettext_lazy(
        "must hold at least %(min_length)s item",
        "must hold at least %(min_length)s items",
        "min_length",
    ),
    "string_too_long": ngettext_lazy(
        "may be at most %(max_length)s character long",
        "may be at most %(max_length)s characters long",
        "max_length",
    ),
    "string_too_short": ngettext_lazy(
        "must be at least %(min_length)s character long",
        "must be at least %(min_length)s characters long",
        "min_length",
    ),
    "less_than_equal": _("must be at most %(le)s"),
    "greater_than_equal": _("must be at least %(ge)s"),
    "less_than": _("must be less than %(lt)s"),
    "greater_than": _("must be greater than %(gt)s"),
}
# A key the object does not have, when one it has is close (``ObjectIn`` finds it).
DID_YOU_MEAN = _("is not a field of this request: did you mean %(suggestion)s?")
# Any other error type: what the rulebook says of it is the whole story.
UNKNOWN = _("does not have the documented shape")


def _choices(expected: str) -> str:
    """Pydantic's "'en', 'pt' or 'pl'" as a list with no English word: 'en', 'pt', 'pl'."""
    return ", ".join(re.split(r", | or ", expected))


def shape_problem(error: Mapping[str, Any]) -> str:
    """One of pydantic's errors (``type``, ``ctx``) as a problem in the active language."""
    context = dict(error.get("ctx") or {})
    if "expected" in context:
        context["expected"] = _choices(str(context["expected"]))
    problem = PROBLEMS.get(error.get("type", ""), UNKNOWN)
    if error.get("type") == "extra_forbidden" and context.get("suggestion"):
        problem = DID_YOU_MEAN
    try:
        return str(problem % context)
    except (KeyError, TypeError, ValueError):
        return str(UNKNOWN)


class UnreadableBody(ValueError):
    """A body that is not JSON at all: where reading it stopped, as line and column."""

    def __init__(self, line: int, column: int) -> None:
        super().__init__(f"unreadable JSON at line {line}, column {column}")
        self.line, self.column = line, column


class BodyParser(Parser):
    """Ninja's JSON parser, telling where an unreadable body stopped making sense (ninja
    answers any parse failure with one English sentence; ``scoring.api.urls`` words it)."""

    def parse_body(self, request: Any) -> Any:
        try:
            return super().parse_body(request)
        except json.JSONDecodeError as error:
            raise UnreadableBody(error.lineno, error.colno) from error
        except UnicodeDecodeError as error:  # not UTF-8: where the first bad byte is
            before = request.body[: error.start]
            column = error.start - before.rfind(b"\n")
            raise UnreadableBody(before.count(b"\n") + 1, column) from error
