from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def portuguese() -> Iterator[None]:
    """The table's language, whatever an earlier request left active in this thread."""
    with translation.override("pt-br"):
        yield
