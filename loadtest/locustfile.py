"""A club night, as locust phones: tables of 4 phones, one scorer recording a hand a
minute; the others follow the match live, pushed (LOAD_MODE=stream: the match's stream,
and the live fragment fetched when it tells of a change) or polled (LOAD_MODE=poll:
every 2 s). Half the phones are hidden between hands (two of the three watchers at each
table, shown 10 s a minute): a hidden phone neither streams nor polls, and asks once
when it is shown again, as live.js does.

Started by ``loadtest/run.py`` (``make load``), which seeds the matches and passes them in
LOAD_TABLES (a JSON list of [match code, edit token, share token]) and the app servers in
LOAD_HOSTS (comma separated); phone i sits at table i // 4 and talks to server
i % len(hosts), so the phones at one table are spread over the servers and meet only in
the database and Redis. Every hand a phone sent, and whether it was answered, is written
to LOAD_POSTED when the run ends, for the check.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import time
import uuid
from urllib.parse import urlsplit

import gevent
from gevent import socket
from locust import FastHttpUser, constant, events, task
from locust.contrib.fasthttp import FastHttpSession

TABLES: list[list[str]] = json.loads(os.environ.get("LOAD_TABLES", "[]"))
HOSTS = os.environ.get("LOAD_HOSTS", "http://127.0.0.1:8101").split(",")
MODE = os.environ.get("LOAD_MODE", "stream")
POSTED: list[dict[str, str]] = []
PHONES = itertools.count()
PHONES_PER_TABLE = 4
HAND_EVERY = 60.0
POLL_EVERY = 2.0
# A hiding phone is shown this many seconds of every minute.
SHOWN, CYCLE = 10.0, 60.0
TICK = 0.25


class Phone(FastHttpUser):
    host = HOSTS[0]
    wait_time = constant(0)

    def on_start(self) -> None:
        index = next(PHONES)
        self.code, edit, share = TABLES[(index // PHONES_PER_TABLE) % len(TABLES)]
        seat = index % PHONES_PER_TABLE
        self.scorer = seat == 0
        self.hides = seat in (2, 3)
        self.phase = (index * 7.3) % CYCLE
        self.base = HOSTS[index % len(HOSTS)]
        self.client = FastHttpSession(
            base_url=self.base, request_event=self.environment.events.request, user=self
        )
        link = f"/score/{edit}/" if self.scorer else f"/watch/{share}/"
        self.client.get(link, name="scorer link" if self.scorer else "share link")
        page = self.client.get(f"/matches/{self.code}/", name="match page")
        found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text or "")
        self.token = found.group(1) if found else ""
        self.etag = page.headers.get("ETag") if page.headers else None
        found = re.search(r'data-version="(\d+)"', page.text or "")
        self.version = int(found.group(1)) if found else 0
        self.next_hand = 0.0
        self.stream: gevent.Greenlet | None = None

    def on_stop(self) -> None:
        self.close_stream()

    def visible(self) -> bool:
        return not self.hides or (time.monotonic() + self.phase) % CYCLE < SHOWN

    @task
    def follow(self) -> None:
        shown = self.visible()
        if shown and MODE == "stream":
            self.open_stream()
        next_poll = time.monotonic() + POLL_EVERY
        while True:
            now = time.monotonic()
            visible = self.visible()
            if visible and not shown:  # shown again: ask once, and listen again
                self.ask("ask when shown")
                if MODE == "stream":
                    self.open_stream()
                next_poll = now + POLL_EVERY
            elif shown and not visible:
                self.close_stream()
            shown = visible
            if visible and MODE == "poll" and now >= next_poll:
                self.ask("poll")
                next_poll = now + POLL_EVERY
            if self.scorer:
                self.maybe_record()
            gevent.sleep(TICK)

    def ask(self, name: str) -> None:
        headers = {"HX-Request": "true", "Accept-Encoding": "gzip"}
        if self.etag:
            headers["If-None-Match"] = self.etag
        with self.client.get(
            f"/matches/{self.code}/live/", headers=headers, name=name, catch_response=True
        ) as response:
            if response.status_code == 304:
                response.success()
            elif response.status_code == 200:
                self.etag = response.headers.get("ETag") or self.etag
                response.success()
            else:
                response.failure(f"{name} answered {response.status_code}")

    # --- the stream: a socket of its own, read line by line --------------------------
    def open_stream(self) -> None:
        if self.stream is None or self.stream.dead:
            self.stream = gevent.spawn(self.listen)

    def close_stream(self) -> None:
        if self.stream is not None:
            self.stream.kill(block=False)
            self.stream = None

    def listen(self) -> None:
        address = urlsplit(self.base)
        cookies = "; ".join(f"{c.name}={c.value}" for c in self.client.cookiejar)
        start = time.perf_counter()
        sock = None
        try:
            sock = socket.create_connection((address.hostname, address.port), timeout=120)
            sock.sendall(
                (
                    f"GET /matches/{self.code}/stream/ HTTP/1.1\r\nHost: {address.netloc}\r\n"
                    f"Cookie: {cookies}\r\nLast-Event-ID: {self.version}\r\n"
                    "Accept: text/event-stream\r\n\r\n"
                ).encode()
            )
            lines = sock.makefile("rb")
            status = lines.readline().split()
            ok = len(status) > 1 and status[1] == b"200"
            self.report("stream (open)", start, None if ok else f"stream answered {status}")
            if not ok:
                return
            for raw in lines:
                line = raw.decode().strip()
                if line.startswith("id: "):
                    version = int(line[4:])
                    if version > self.version:
                        self.version = version
                        self.ask("ask when told")
        except (OSError, ValueError) as error:
            self.report("stream (open)", start, str(error))
        finally:
            if sock is not None:
                sock.close()

    def report(self, name: str, start: float, error: str | None) -> None:
        self.environment.events.request.fire(
            request_type="GET",
            name=name,
            response_time=(time.perf_counter() - start) * 1000,
            response_length=0,
            exception=RuntimeError(error) if error else None,
            context={},
        )

    def maybe_record(self) -> None:
        now = time.monotonic()
        if not self.next_hand:
            self.next_hand = now + (hash(self.code) % int(HAND_EVERY))
        if now < self.next_hand:
            return
        self.next_hand += HAND_EVERY
        request_id = str(uuid.uuid4())
        data = {"side_0": "1", "side_1": "2", "side_2": "3", "request_id": request_id}
        data["csrfmiddlewaretoken"] = self.token
        # Noted before it leaves: a hand whose answer the end of the run cuts off may be
        # stored, but must be stored once.
        sent = {"code": self.code, "request_id": request_id, "answered": False}
        POSTED.append(sent)
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
                    sent["answered"] = True
                    return
                response.failure(f"add hand answered {response.status_code}")


class Probe(FastHttpUser):
    """One extra client asking the bench's bare view twice a second: the latency the
    machine itself adds (another engineer's test suite, locust), for comparison."""

    fixed_count = 1
    host = HOSTS[0]
    wait_time = constant(0.5)

    @task
    def bare(self) -> None:
        self.client.get("/bench/bare/", name="bare view (probe)")


@events.quitting.add_listener
def write_posted(environment, **_kwargs) -> None:
    path = os.environ.get("LOAD_POSTED")
    if path:
        with open(path, "w") as file:
            json.dump(POSTED, file)
