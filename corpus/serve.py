"""Serve a folder (the demo corpus) on loopback, with Last-Modified and 304s, for `make run` and tests.

    python corpus/serve.py --root corpus --port 8765    # serve until killed
    python corpus/serve.py --wait-for 8765              # block until that port answers

`relocated_copy` serves a copy on a free port instead, for runs that must not
depend on 8765 being free (the README's examples, tests).
"""

from __future__ import annotations

import argparse
import functools
import shutil
import socket
import sys
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

HOST = "127.0.0.1"
# The origin the corpus's feeds and pages, and feeds/demo.toml, are written for.
ORIGIN = f"{HOST}:8765"
CORPUS = Path(__file__).resolve().parent
DEMO_FEEDS = CORPUS.parent / "feeds" / "demo.toml"


class CorpusHandler(SimpleHTTPRequestHandler):
    """Static files with feed content types; quiet."""

    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".xml": "application/xml",
        ".atom": "application/atom+xml",
        ".rss": "application/rss+xml",
        ".html": "text/html; charset=utf-8",
    }

    def log_message(self, format: str, *args: object) -> None:
        pass


def make_server(root: Path, port: int) -> ThreadingHTTPServer:
    """A server for `root` on 127.0.0.1:`port` (0 picks a free port); call serve_forever() on it."""
    handler = functools.partial(CorpusHandler, directory=str(root))
    server = ThreadingHTTPServer((HOST, port), handler)
    server.daemon_threads = True
    return server


def relocated_copy(folder: Path) -> tuple[ThreadingHTTPServer, Path]:
    """corpus/ and feeds/demo.toml copied into `folder`, moved from ORIGIN to a free port.

    Returns the server for the copy (call serve_forever() on it) and the copied feeds file.
    """
    root = folder / "corpus"
    shutil.copytree(CORPUS, root, ignore=shutil.ignore_patterns("__pycache__"))
    server = make_server(root, 0)
    origin = f"{HOST}:{server.server_address[1]}"
    feeds = folder / "feeds" / "demo.toml"
    feeds.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(DEMO_FEEDS, feeds)
    for file in [feeds, *root.rglob("*.xml"), *root.rglob("*.html")]:
        file.write_text(file.read_text(encoding="utf-8").replace(ORIGIN, origin), encoding="utf-8")
    return server, feeds


def wait_for(port: int, seconds: float = 15.0) -> bool:
    """True once something accepts connections on 127.0.0.1:`port`, False after `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((HOST, port), timeout=0.5):
                return True
        except OSError:
            time.sleep(0.05)
    return False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python corpus/serve.py", description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path("corpus"), help="folder to serve (default: corpus)")
    parser.add_argument("--port", type=int, default=8765, help="port on 127.0.0.1 (default: 8765)")
    parser.add_argument("--wait-for", type=int, metavar="PORT", help="only wait until PORT answers, then exit")
    arguments = parser.parse_args(argv)
    if arguments.wait_for is not None:
        if wait_for(arguments.wait_for):
            return 0
        print(f"nothing answers on {HOST}:{arguments.wait_for}", file=sys.stderr)
        return 1
    if not arguments.root.is_dir():
        print(f"{arguments.root}: no such folder to serve", file=sys.stderr)
        return 1
    try:
        server = make_server(arguments.root, arguments.port)
    except OSError as error:
        print(f"cannot serve on {HOST}:{arguments.port}: {error.strerror}", file=sys.stderr)
        return 1
    print(f"serving {arguments.root} on http://{HOST}:{server.server_address[1]}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
