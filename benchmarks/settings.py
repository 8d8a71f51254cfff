"""The app's own settings, with the bench's bare view routed beside it (same middleware,
same server), so every figure can be priced against it."""

from scoring.settings import *  # noqa: F403

ROOT_URLCONF = "benchmarks.urls"
