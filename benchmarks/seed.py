"""Seed the bench's database: one free-scoring match per size, printed as JSON
``{hands: [code, edit token]}`` (the edit token opens the scorer link, which lets a phone
see and change the match). Run under the bench's settings
(``python -m benchmarks.seed 10 40``)."""

from __future__ import annotations

import json
import sys
import uuid

import django

django.setup()

from tests.conftest import make_match  # noqa: E402


def main(sizes: list[int]) -> None:
    codes = {}
    for size in sizes:
        match = make_match(names=["Ana", "Bia", "Caio"])
        for i in range(size):
            match.record_hand({"points": [i % 7, 2 * (i % 5), -(i % 3)]}, request_id=uuid.uuid4())
        codes[size] = [match.code, match.edit_token]
    print(json.dumps(codes))


if __name__ == "__main__":
    main([int(arg) for arg in sys.argv[1:]])
