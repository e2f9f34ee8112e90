"""Serve a folder (the demo corpus) on loopback, with Last-Modified and 304s, for `make run` and tests.

    python corpus/serve.py --root corpus --port 8765    # serve until killed
    python corpus/serve.py --wait-for 8765              # block until that port answers
"""

from __future__ import annotations

import argparse
import functools
import socket
import sys
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

HOST = "127.0.0.1"


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
