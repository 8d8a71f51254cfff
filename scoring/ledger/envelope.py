"""The ledger's hidden fields, around every form that changes a match: one form draws
them (``ledger/_envelope.html``) and reads them back.

- ``request_id``: made once per hand; the same id twice is the same hand (a double tap,
  a retry, the offline queue);
- ``expected_number``: the hand the phone was entering (or correcting);
- ``draft_revision``: the revision of the shared hand in progress the phone last saw;
- ``known_version``: the match's version the phone holds (its answer sends only what
  changed since);
- ``revision``: the revision of the hand being corrected;
- ``confirmed`` and ``renumber``: the buttons that record a hand anyway (every side at
  nothing), or as the next one after another phone's.

A guard (``GUARDS``) that is sent but is no whole number refuses the post (400) rather
than let the write through unguarded; the others read as absent.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from typing import Any

from django import forms
from django.core.exceptions import BadRequest

from scoring.kit.fields import WholeNumberField


def _count() -> WholeNumberField:
    return WholeNumberField(required=False, min_value=0, widget=forms.HiddenInput)


class Envelope(forms.Form):
    request_id = forms.UUIDField(required=False, widget=forms.HiddenInput)
    expected_number = _count()
    draft_revision = _count()
    known_version = _count()
    revision = _count()
    confirmed = forms.CharField(required=False, widget=forms.HiddenInput)
    renumber = _count()

    GUARDS = ("expected_number", "draft_revision", "revision")

    @classmethod
    def drawn(cls, *, form: str | None = None, **values: Any) -> dict[str, Any]:
        """What ``ledger/_envelope.html`` draws: these of the envelope's fields with their
        values (the form itself is made only to read them back); ``form``: the id of the
        form they belong to, when they are drawn outside it."""
        unknown = set(values) - set(cls.base_fields)
        if unknown:
            raise TypeError(f"not a field of the envelope: {', '.join(sorted(unknown))}")
        return {"fields": list(values.items()), "form_id": form}

    @classmethod
    def read(cls, data: Mapping[str, Any], *, guarding: bool = True) -> Envelope:
        """The hidden fields as posted; when the post writes (``guarding``), a guard that
        is no whole number refuses it."""
        envelope = cls(data)
        envelope.is_valid()
        for name in cls.GUARDS if guarding else ():
            if name in envelope.errors:
                raise BadRequest(f"{name} is not a whole number")
        return envelope

    def value(self, name: str) -> Any:
        """What was posted as ``name``, None if nothing readable was."""
        return self.cleaned_data.get(name)

    def request(self) -> uuid.UUID:
        """The hand's request id, or a new one if none (readable) was sent."""
        sent = self.value("request_id")
        if sent is None:
            sent = self.cleaned_data["request_id"] = uuid.uuid4()
        return sent
