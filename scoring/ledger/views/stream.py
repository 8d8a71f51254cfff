"""A match's live stream (Server-Sent Events): the phone hears each new version of the
match the moment it commits, and fetches what changed through the live poll's request.

An event's id is the match's version, so a phone that reconnects (``Last-Event-ID``, or
``?v=`` the version its page was drawn at) is told at once if it missed one.

A waiting stream holds no database connection and no thread: the access check runs in a
thread of the shared pool and lets its connection go; the request's own thread (where
Django ran the sync middleware) lets its connections go, then is let go itself before
the stream starts to wait, which is then nothing but asyncio."""

from __future__ import annotations

from collections.abc import AsyncIterator

from asgiref.sync import SyncToAsync, sync_to_async
from django.db import connections
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.views.decorators.http import require_safe

from scoring.ledger import access, push
from scoring.ledger.pages import read_int

# A comment this often keeps proxies from closing an idle stream, and lets the phone see
# that its stream is alive (an event without an id leaves Last-Event-ID as it was).
KEEPALIVE_SECONDS = 20
# A stream ends after this long and the phone reconnects (EventSource does, by itself):
# no connection stays pinned to one process for ever.
LIFETIME_SECONDS = 30 * 60
# How long the phone waits before reconnecting a stream that broke.
RETRY_MS = 3000


def _current(request: HttpRequest, code: str) -> tuple[int, bool]:
    """The version of match ``code`` and whether it is finished, if this phone may see
    it (404 otherwise); the thread's connections are let go before the stream waits."""
    try:
        match = access.match_for(request, code)
        return match.version, match.is_finished
    finally:
        _let_go()


def _let_go() -> None:
    for connection in connections.all(initialized_only=True):
        connection.close()


def _let_go_of_the_request_thread() -> None:
    """End the thread asgiref keeps for this request (Django ran the sync middleware in
    it) now rather than when the stream ends: it would sit idle for the stream's whole
    life. A later sync call of the request (the response's close) gets a new thread."""
    context = SyncToAsync.thread_sensitive_context.get(None)
    executor = SyncToAsync.context_to_thread_executor.pop(context, None)
    if executor is not None:
        executor.shutdown(wait=False)


def event(version: int) -> bytes:
    return f"id: {version}\nevent: version\ndata: {version}\n\n".encode()


async def _events(
    listener: push.Listener, version: int, known: int | None, *, finished: bool
) -> AsyncIterator[bytes]:
    try:
        # The middleware that ran after the view may have read the database again: in
        # the request's thread, which then has nothing left to do.
        await sync_to_async(_let_go)()
        _let_go_of_the_request_thread()
        yield f"retry: {RETRY_MS}\n\n".encode()
        if known is None or known < version:
            yield event(version)
        else:
            yield b"event: alive\ndata: \n\n"
        if finished:
            return
        sent = version
        waited = 0.0
        while waited < LIFETIME_SECONDS:
            if not await listener.wait(KEEPALIVE_SECONDS):
                waited += KEEPALIVE_SECONDS
                yield b"event: alive\ndata: \n\n"
                continue
            if listener.lost:
                return  # the phone reconnects and is told what it missed
            if listener.heard > sent:
                sent = listener.heard
                yield event(sent)
    finally:
        listener.close()


@require_safe
async def stream(request: HttpRequest, code: str) -> HttpResponse:
    # Listening first: a change committed while the version is read is still heard.
    listener = await push.listen(code)
    try:
        # Not in the request's thread: a phone that leaves while its stream opens could
        # otherwise call into that thread as it quits ("CurrentThreadExecutor already
        # quit"). Safe anywhere: the check's connections are closed when it returns.
        version, finished = await sync_to_async(_current, thread_sensitive=False)(request, code)
    except BaseException:
        listener.close()
        raise
    known = read_int(request.headers.get("Last-Event-ID")) or read_int(request.GET.get("v"))
    if finished and known is not None and known >= version:
        listener.close()
        return HttpResponse(status=204)  # a finished match: nothing more to hear
    response = StreamingHttpResponse(
        _events(listener, version, known, finished=finished), content_type="text/event-stream"
    )
    response["Cache-Control"] = "no-cache"
    # nginx (and proxies that honour it) pass each event on at once.
    response["X-Accel-Buffering"] = "no"
    return response
