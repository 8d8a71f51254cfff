"""The ASGI server the project deploys (uvicorn), run for a test on a free port.

``InProcess`` serves from a thread of the test process, against the test database (the
settings already name it), so a change made by the test is heard as it commits.
``Subprocess`` is another process with its own environment: two processes that hear
each other's changes only through Redis."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

import uvicorn

from scoring.asgi import application


def free_socket() -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    return sock


class InProcess:
    def __init__(self) -> None:
        self.sock = free_socket()
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        config = uvicorn.Config(
            application, lifespan="off", log_level="warning", server_header=False
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True
        )

    def __enter__(self) -> InProcess:
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.01)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.sock.close()


@contextmanager
def subprocess_server(environment: Mapping[str, str]) -> Iterator[str]:
    """uvicorn serving the project from another process; yields its address."""
    sock = free_socket()
    port = sock.getsockname()[1]
    sock.close()
    env = os.environ | dict(environment)
    command = [sys.executable, "-m", "uvicorn", "scoring.asgi:application"]
    command += ["--port", str(port), "--lifespan", "off", "--log-level", "warning"]
    command += ["--no-server-header"]
    process = subprocess.Popen(command, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                urllib.request.urlopen(url + "/offline/", timeout=1)
                break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise RuntimeError("uvicorn (subprocess) did not start") from None
                time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        process.wait(10)
