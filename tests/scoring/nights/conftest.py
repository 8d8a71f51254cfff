from tests.scoring.events.conftest import club, event  # noqa: F401  (the events' people)
