"""A match's changes pushed to the phones watching it (Server-Sent Events).

A change calls ``announce(code, version)``; once its transaction commits, every stream
open on that match hears the new version (``views.stream``) and the phone fetches what
changed through the live poll's own request (the delta it already knows how to ask for).

The news travels:
- in one process (the embedded default, ``make run``): straight to the streams' queues
  (``HUB``), from whichever thread committed the change;
- across processes, when ``REDIS_URL`` is set: published on a Redis channel, and every
  process relays what its one subscription hears to its own streams (``RELAY``). A
  change is then heard through Redis by its own process too, so it is heard once.

Redis that is down loses news, never a hand: a stream that may have missed some is
closed, the phone reconnects and is brought up to date, and the poll stays the fallback.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections import defaultdict
from functools import cache as once

import redis
import redis.asyncio
from django.conf import settings
from django.db import transaction

logger = logging.getLogger(__name__)

CHANNEL = "tento:match:"
# How long a stream waits for the relay's subscription before reading the version: a
# change committed meanwhile could otherwise be missed (the phone would hear it at the
# next change or poll).
RELAY_READY_SECONDS = 2.0


def announce(code: str, version: int) -> None:
    """Tell every stream of match ``code`` about ``version`` once the change commits."""
    transaction.on_commit(lambda: send(code, version))


def send(code: str, version: int) -> None:
    if not settings.REDIS_URL:
        HUB.deliver(code, version)
        return
    try:
        _publisher(settings.REDIS_URL).publish(CHANNEL + code, version)
    except redis.RedisError as error:  # the phones' poll brings the change instead
        logger.warning("push: could not publish %s v%s: %s", code, version, error)


@once
def _publisher(url: str) -> redis.Redis:
    timeout = getattr(settings, "REDIS_TIMEOUT", 1)
    return redis.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout)


class Listener:
    """One stream's ear: the highest version heard for its match, on its event loop."""

    def __init__(self, hub: Hub, code: str) -> None:
        self.hub, self.code = hub, code
        self.loop = asyncio.get_running_loop()
        self.heard = 0
        self.lost = False  # news may have been missed: the stream ends, the phone asks again
        self._news = asyncio.Event()

    def tell(self, version: int | None) -> None:
        """From any thread: ``version`` was committed (None: news may have been lost)."""
        with contextlib.suppress(RuntimeError):  # its loop has closed: nobody to tell
            self.loop.call_soon_threadsafe(self._hear, version)

    def _hear(self, version: int | None) -> None:
        if version is None:
            self.lost = True
        elif version > self.heard:
            self.heard = version
        self._news.set()

    async def wait(self, seconds: float) -> bool:
        """True when news came within ``seconds``."""
        try:
            await asyncio.wait_for(self._news.wait(), seconds)
        except TimeoutError:
            return False
        self._news.clear()
        return True

    def close(self) -> None:
        self.hub.forget(self)


class Hub:
    """This process's streams, by match: the in-process broadcast."""

    def __init__(self) -> None:
        self._listeners: dict[str, set[Listener]] = defaultdict(set)
        self._lock = threading.Lock()

    def listen(self, code: str) -> Listener:
        listener = Listener(self, code)
        with self._lock:
            self._listeners[code].add(listener)
        return listener

    def forget(self, listener: Listener) -> None:
        with self._lock:
            held = self._listeners.get(listener.code)
            if held is not None:
                held.discard(listener)
                if not held:
                    del self._listeners[listener.code]

    def deliver(self, code: str, version: int) -> None:
        with self._lock:
            listeners = list(self._listeners.get(code, ()))
        for listener in listeners:
            listener.tell(version)

    def lost(self) -> None:
        """News may have been missed (the relay lost Redis): every stream ends."""
        with self._lock:
            listeners = [one for held in self._listeners.values() for one in held]
        for listener in listeners:
            listener.tell(None)

    def __len__(self) -> int:
        with self._lock:
            return sum(len(held) for held in self._listeners.values())


class Relay:
    """This process's one Redis subscription (every match's channel), relayed to
    ``HUB``. Started by the first stream, on the server's event loop."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._task: asyncio.Task[None] | None = None
        self._ready: asyncio.Event | None = None

    async def ready(self) -> None:
        loop = asyncio.get_running_loop()
        if self._task is None or self._task.done() or self._task.get_loop() is not loop:
            self._ready = asyncio.Event()
            self._task = loop.create_task(self._run(settings.REDIS_URL, self._ready))
        try:
            await asyncio.wait_for(self._ready.wait(), RELAY_READY_SECONDS)
        except TimeoutError:
            logger.warning("push: Redis subscription not ready; the poll will bring news")

    async def _run(self, url: str, ready: asyncio.Event) -> None:
        while True:
            try:
                client = redis.asyncio.Redis.from_url(url)
                async with client.pubsub() as pubsub:
                    await pubsub.psubscribe(CHANNEL + "*")
                    ready.set()
                    async for message in pubsub.listen():
                        if message["type"] == "pmessage":
                            code = message["channel"].decode()[len(CHANNEL) :]
                            self.hub.deliver(code, int(message["data"]))
            except (redis.RedisError, OSError) as error:
                logger.warning("push: Redis subscription lost: %s", error)
            ready.clear()
            self.hub.lost()
            await asyncio.sleep(1)


HUB = Hub()
RELAY = Relay(HUB)


async def listen(code: str) -> Listener:
    """A listener for match ``code``, hearing every change committed from now on."""
    listener = HUB.listen(code)
    if settings.REDIS_URL:
        await RELAY.ready()
    return listener
