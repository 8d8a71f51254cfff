"""The release id: what every key the ledger keeps in the cache carries
(``scoring.ledger.standing.key``), so a deploy never serves what the release before drew.

``TENTO_RELEASE`` from the environment when the deploy names its release (a git commit,
an image tag); otherwise a digest of what a drawing depends on — the templates, the
static files, the translations and the code — taken once when the process starts (a
tenth of a second). Two hosts running the same files agree on it without being told.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

# What a drawn page or a kept read depends on, under the project's root.
DRAWN_FROM = (
    ("templates", "**/*"),
    ("static", "**/*"),
    ("locale", "**/*.po"),
    ("scoring", "**/*.py"),
    ("referee", "**/*.py"),
)


def code_release(root: Path) -> str:
    """A digest of the files ``DRAWN_FROM`` names, their paths and their contents."""
    digest = hashlib.blake2b(digest_size=6)
    for folder, pattern in DRAWN_FROM:
        for path in sorted((root / folder).glob(pattern)):
            if path.is_file():
                digest.update(path.relative_to(root).as_posix().encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()
