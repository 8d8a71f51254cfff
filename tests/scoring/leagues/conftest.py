from tests.scoring.events.conftest import club  # noqa: F401  (the events' people)
