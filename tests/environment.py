"""Loaded by pytest before Django (``-p tests.environment`` in pyproject.toml): the suite
runs with the development settings (plain HTTP, a throwaway key). The production
settings are checked in a subprocess by ``tests/test_deploy.py``."""

import os

os.environ.setdefault("DEBUG", "1")
