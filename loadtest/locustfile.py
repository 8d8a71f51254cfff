"""A club night, as locust phones: 60 tables, 4 phones at each polling the live scoreboard
every 2 seconds, and one phone per table recording a hand every minute.

Started by ``loadtest/run.py`` (``make load``), which seeds the matches and passes them in
LOAD_TABLES (a JSON list of [match code, edit token, share token]) and the app servers in
LOAD_HOSTS (comma separated); phone i sits at table i // 4 and talks to server
i % len(hosts), so the phones at one table are spread over the servers and meet only in
PostgreSQL and Redis. The scorer opens the match by its scorer link, the three others by
its share link, as at a real table. Every hand a phone saw recorded is written to
LOAD_POSTED when the run ends, for the check.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import time
import uuid

from locust import FastHttpUser, between, events, task
from locust.contrib.fasthttp import FastHttpSession

TABLES: list[list[str]] = json.loads(os.environ.get("LOAD_TABLES", "[]"))
HOSTS = os.environ.get("LOAD_HOSTS", "http://127.0.0.1:8101").split(",")
POSTED: list[dict[str, str]] = []
PHONES = itertools.count()
PHONES_PER_TABLE = 4
HAND_EVERY = 60.0
POLL_EVERY = 2.0


class Phone(FastHttpUser):
    host = HOSTS[0]
    wait_time = between(POLL_EVERY, POLL_EVERY)

    def on_start(self) -> None:
        index = next(PHONES)
        self.code, edit, share = TABLES[(index // PHONES_PER_TABLE) % len(TABLES)]
        self.scorer = index % PHONES_PER_TABLE == 0
        self.client = FastHttpSession(
            base_url=HOSTS[index % len(HOSTS)],
            request_event=self.environment.events.request,
            user=self,
        )
        link = f"/score/{edit}/" if self.scorer else f"/watch/{share}/"
        self.client.get(link, name="scorer link" if self.scorer else "share link")
        page = self.client.get(f"/matches/{self.code}/", name="match page")
        found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text or "")
        self.token = found.group(1) if found else ""
        self.etag = None
        self.version = 0
        # Scorers start at different moments so the tables do not all post at once.
        self.next_hand = 0.0
        self.hands = 0

    @task
    def poll(self) -> None:
        headers = {"HX-Request": "true", "Accept-Encoding": "gzip"}
        if self.etag:
            headers["If-None-Match"] = self.etag
        name = "poll"
        with self.client.get(
            f"/matches/{self.code}/live/", headers=headers, name=name, catch_response=True
        ) as response:
            if response.status_code == 304:
                response.success()
            elif response.status_code == 200:
                self.etag = response.headers.get("ETag") or self.etag
                response.success()
            else:
                response.failure(f"poll answered {response.status_code}")
        if self.scorer:
            self.maybe_record()

    def maybe_record(self) -> None:
        now = time.monotonic()
        if not self.next_hand:
            self.next_hand = now + (hash(self.code) % int(HAND_EVERY))
        if now < self.next_hand:
            return
        self.next_hand += HAND_EVERY
        request_id = str(uuid.uuid4())
        self.hands += 1
        data = {
            "side_0": "1",
            "side_1": "2",
            "side_2": "3",
            "request_id": request_id,
            "csrfmiddlewaretoken": self.token,
        }
        headers = {"HX-Request": "true", "X-CSRFToken": self.token, "Accept-Encoding": "gzip"}
        for _attempt in range(3):  # a retry sends the same request id: recorded once
            with self.client.post(
                f"/matches/{self.code}/hands/",
                data=data,
                headers=headers,
                name="add hand",
                catch_response=True,
            ) as response:
                if response.status_code == 200:
                    response.success()
                    POSTED.append({"code": self.code, "request_id": request_id})
                    return
                response.failure(f"add hand answered {response.status_code}")


class Probe(FastHttpUser):
    """One extra client asking the bench's bare view twice a second: the latency the
    machine itself adds (another engineer's test suite, locust), for comparison."""

    fixed_count = 1
    host = HOSTS[0]
    wait_time = between(0.5, 0.5)

    @task
    def bare(self) -> None:
        self.client.get("/bench/bare/", name="bare view (probe)")


@events.quitting.add_listener
def write_posted(environment, **_kwargs) -> None:
    path = os.environ.get("LOAD_POSTED")
    if path:
        with open(path, "w") as file:
            json.dump(POSTED, file)
