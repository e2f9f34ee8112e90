"""Shared fixtures: a real HTTP server on 127.0.0.1 that serves a folder and custom handlers.

    def test_feed(http_server, tmp_path):
        http_server.serve_folder(tmp_path)                      # files under tmp_path
        http_server.route("/feed.xml", reply(FEED, "application/rss+xml"))
        http_server.route("/slow", lambda request: ...)          # full control
        url = http_server.url("/feed.xml")
        ...
        assert http_server.requests[-1].headers["User-Agent"]

A handler receives the `BaseHTTPRequestHandler` and writes the whole response
itself, so it can trickle a body, close a connection halfway or redirect.
"""

from __future__ import annotations

import json
import mimetypes
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit
from xml.sax.saxutils import escape

import pytest

Handler = Callable[[BaseHTTPRequestHandler], None]
# The longest a stalled handler waits; every client timeout in the tests is shorter (and at least 10 s).
STALL_AT_MOST = 120


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--regen-golden", action="store_true", default=False,
        help="rewrite the golden files under tests/data/ (feeds -> entries, posts -> claims) from what the code "
             "gives now, instead of comparing; review the diff before committing it",
    )


@dataclass(frozen=True)
class GoldenFiles:
    """Expected outputs kept as JSON files beside their inputs."""

    regenerate: bool

    def expected(self, path: Path, actual: object) -> object:
        """The golden value in `path`; with --regen-golden, `actual` is written there first and the test skipped."""
        if self.regenerate:
            path.write_text(json.dumps(actual, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            pytest.skip(f"regenerated {path.name}")
        if not path.exists():
            pytest.fail(f"{path} is missing: run this test with `pytest --regen-golden` and review what it wrote")
        return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture
def golden(request: pytest.FixtureRequest) -> GoldenFiles:
    """Golden files, compared, or rewritten when pytest runs with --regen-golden."""
    return GoldenFiles(regenerate=request.config.getoption("--regen-golden"))


@dataclass(frozen=True)
class LoggedRequest:
    """One request the server received."""

    method: str
    path: str
    headers: dict[str, str]


def reply(
    body: bytes | str = b"",
    content_type: str = "application/xml",
    status: int = 200,
    headers: dict[str, str] | None = None,
) -> Handler:
    """A handler that answers every request with the same response."""
    data = body.encode("utf-8") if isinstance(body, str) else body

    def handle(request: BaseHTTPRequestHandler) -> None:
        request.send_response(status)
        if content_type:
            request.send_header("Content-Type", content_type)
        for name, value in (headers or {}).items():
            request.send_header(name, value)
        request.send_header("Content-Length", str(len(data)))
        request.end_headers()
        request.wfile.write(data)

    return handle


def rss_feed(items: list[dict[str, str]], title: str = "Test feed", encoding: str = "utf-8") -> bytes:
    """An RSS 2.0 document; each item's keys (title, link, guid, pubDate, description, content) become elements.

    `content` goes into content:encoded as CDATA, the others are escaped.
    """
    parts = []
    for item in items:
        elements = "".join(
            f"<{name}>{escape(value)}</{name}>" for name, value in item.items() if name != "content"
        )
        if "content" in item:
            elements += f"<content:encoded><![CDATA[{item['content']}]]></content:encoded>"
        parts.append(f"<item>{elements}</item>")
    return (
        f'<?xml version="1.0" encoding="{encoding}"?>\n'
        '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>'
        f"<title>{escape(title)}</title><link>http://127.0.0.1/</link><description>tests</description>"
        + "".join(parts)
        + "</channel></rss>\n"
    ).encode(encoding)


def write_feeds(path: Path, feeds: dict[str, str]) -> Path:
    """A feeds file at `path` listing `feeds` (name -> URL), each allowed its private address (they are on loopback)."""
    path.write_text("".join(
        f"[[feeds]]\nname = {json.dumps(name)}\nurl = {json.dumps(url)}\nallow_private = true\n\n"
        for name, url in feeds.items()
    ), encoding="utf-8")
    return path


# Runs `claims crawl` and writes the peak RSS (KiB) of its largest process, itself or a worker, to the file named first.
MEASURE = (
    "import resource, subprocess, sys; code = subprocess.call(sys.argv[2:]); "
    "open(sys.argv[1], 'w').write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)); sys.exit(code)"
)
CLAIMS = str(Path(sys.executable).parent / "claims")


@dataclass
class CrawlRun:
    """One `claims crawl` process: its exit, output, wall time and peak RSS."""

    returncode: int
    output: str
    seconds: float
    peak_rss_mb: float


def run_measured(feeds_file: Path, db_path: Path, *options: str, timeout: float = 300) -> CrawlRun:
    """Run `claims crawl` in a wrapper process that reports the crawl's peak RSS."""
    rss_file = db_path.with_suffix(".rss")
    started = time.monotonic()
    process = subprocess.run(
        [sys.executable, "-c", MEASURE, str(rss_file), CLAIMS, "crawl", "--feeds", str(feeds_file),
         "--db", str(db_path), *options],
        capture_output=True, text=True, timeout=timeout,
    )
    return CrawlRun(process.returncode, process.stdout + process.stderr, time.monotonic() - started,
                    int(rss_file.read_text()) / 1024)


def redirect(location: str, status: int = 301) -> Handler:
    """A handler that redirects every request to `location`."""
    return reply(b"", content_type="", status=status, headers={"Location": location})


class QuietHTTPServer(ThreadingHTTPServer):
    """A threaded server that does not print a traceback when a client hangs up: tests make clients do that."""

    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        if not isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            super().handle_error(request, client_address)


class LoopbackServer:
    """A threaded HTTP server on 127.0.0.1 with routes by exact path, then by prefix, then a folder."""

    def __init__(self) -> None:
        self.routes: dict[str, Handler] = {}
        self.prefix_routes: dict[str, Handler] = {}
        self.folder: Path | None = None
        self.requests: list[LoggedRequest] = []
        # Set when the server stops: a handler that stalls waits on it, so no thread outlives the test.
        self.stopping = threading.Event()
        self._lock = threading.Lock()
        self._server = QuietHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    @property
    def port(self) -> int:
        return self._server.server_address[1]

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str) -> str:
        """Absolute URL of `path` on this server."""
        return self.base_url + path

    def route(self, path: str, handler: Handler, prefix: bool = False) -> None:
        """Answer requests for `path` (or every path starting with it) with `handler`."""
        (self.prefix_routes if prefix else self.routes)[path] = handler

    def serve_folder(self, folder: Path) -> None:
        """Serve the files under `folder` for paths no route claims."""
        self.folder = Path(folder)

    def hits(self, path: str) -> list[LoggedRequest]:
        """Requests received for `path` (query string ignored)."""
        with self._lock:
            return [request for request in self.requests if urlsplit(request.path).path == path]

    def stall(self, before: Handler | None = None) -> Handler:
        """A handler that runs `before` (e.g. sends headers and part of a body), then answers nothing more until
        the server stops: whatever ends the request is the client's own timeout or deadline."""

        def handle(request: BaseHTTPRequestHandler) -> None:
            if before:
                before(request)
            self.stopping.wait(STALL_AT_MOST)
            request.close_connection = True

        return handle

    def stop(self) -> None:
        self.stopping.set()
        self._server.shutdown()
        self._server.server_close()

    def _find_handler(self, path: str) -> Handler | None:
        if path in self.routes:
            return self.routes[path]
        for prefix in sorted(self.prefix_routes, key=len, reverse=True):
            if path.startswith(prefix):
                return self.prefix_routes[prefix]
        return self._file_handler(path)

    def _file_handler(self, path: str) -> Handler | None:
        if self.folder is None:
            return None
        file = (self.folder / unquote(path).lstrip("/")).resolve()
        if not file.is_file() or self.folder.resolve() not in file.parents:
            return None
        content_type = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
        return reply(file.read_bytes(), content_type)

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class RequestHandler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self) -> None:  # noqa: N802 - the name http.server looks for
                with server._lock:
                    server.requests.append(LoggedRequest("GET", self.path, dict(self.headers.items())))
                handler = server._find_handler(urlsplit(self.path).path)
                if handler is None:
                    handler = reply(b"not found", "text/plain", status=404)
                try:
                    handler(self)
                except (BrokenPipeError, ConnectionResetError):
                    # The client gave up (a timeout or a size cap): exactly what some tests want.
                    self.close_connection = True

            def log_message(self, format: str, *args: object) -> None:
                pass

        return RequestHandler


@pytest.fixture
def http_server() -> Iterator[LoopbackServer]:
    """A fresh loopback HTTP server, stopped after the test."""
    server = LoopbackServer()
    yield server
    server.stop()
