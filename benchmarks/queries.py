"""How many queries each request of the bench makes, counted in-process with Django's test
client against the bench's database. Prints JSON ``{hands: {figure: queries}}``."""

from __future__ import annotations

import json
import re
import sys
import uuid

import django

django.setup()

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

HTMX = {"HTTP_HX_REQUEST": "true"}


def count(call) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = call()
    if response.status_code not in (200, 304):
        raise RuntimeError(f"{response.status_code} from {response.request}")
    return len(queries)


def figures(client: Client, code: str) -> dict[str, int]:
    page = client.get(f"/matches/{code}/")
    etag = page.headers.get("ETag") or ""
    etag = client.get(f"/matches/{code}/live/")["ETag"]
    version = int(re.search(r"-v(\d+)-", etag).group(1))
    older = etag.replace(f"-v{version}-", f"-v{version - 1}-")
    out = {
        "match page": count(lambda: client.get(f"/matches/{code}/")),
        "changed poll": count(
            lambda: client.get(f"/matches/{code}/live/", HTTP_IF_NONE_MATCH=older, **HTMX)
        ),
    }
    client.get(f"/matches/{code}/live/", HTTP_IF_NONE_MATCH=etag)  # fills a shared cache
    out["unchanged poll"] = count(
        lambda: client.get(f"/matches/{code}/live/", HTTP_IF_NONE_MATCH=etag)
    )
    data = {"side_0": "1", "side_1": "2", "side_2": "3", "known_version": str(version)}
    out["add-hand POST"] = count(
        lambda: client.post(
            f"/matches/{code}/hands/", data | {"request_id": str(uuid.uuid4())}, **HTMX
        )
    )
    out["home"] = count(lambda: client.get("/"))
    return out


def main(codes: dict[str, list[str]]) -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="pt-br")
    for _code, edit in codes.values():
        client.get(f"/score/{edit}/")  # the scorer link: this client may see and change it
    print(json.dumps({hands: figures(client, code) for hands, (code, _edit) in codes.items()}))


if __name__ == "__main__":
    main(json.loads(sys.argv[1]))
