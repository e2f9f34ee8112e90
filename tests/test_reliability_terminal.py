"""Text from feeds and servers never drives the terminal: `claims crawl` and `claims diff` print no control characters.

A hostile feed puts escape sequences (colours, clear screen, window title, C1
CSI), bells and carriage returns in its titles and text, and a hostile server
puts them in a redirect's Location and its status line, which end up in the
crawl's reasons (HTTP refuses them there: the reason quotes them escaped).
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import unicodedata
from http.server import BaseHTTPRequestHandler
from pathlib import Path

from conftest import reply, rss_feed

CLAIMS = str(Path(sys.executable).parent / "claims")
HOSTILE = "\x1b[2J\x1b]0;owned\x07\x9b31m\r\x08"
POSTS = [
    {"title": f"GB200{HOSTILE} cluster", "guid": f"urn:tty:1{HOSTILE}", "pubDate": "Mon, 02 Mar 2026 10:00:00 GMT",
     "content": f"<p>The GB200 cluster{HOSTILE} runs 4,096 GPUs.</p>"},
    {"title": f"GB200 cluster grows{HOSTILE}", "guid": "urn:tty:2", "pubDate": "Mon, 06 Apr 2026 10:00:00 GMT",
     "content": f"<p>The GB200 cluster now runs 8,192 GPUs{HOSTILE}.</p>"},
]


def controls(text: str) -> list[str]:
    """Control characters other than newline: what could move the cursor, recolour or retitle a terminal."""
    return [repr(char) for char in text if char != "\n" and unicodedata.category(char) == "Cc"]


def status_line_with_escapes(request: BaseHTTPRequestHandler) -> None:
    request.wfile.write(f"HTTP/1.1 503 Busy{HOSTILE}\r\nContent-Length: 0\r\n\r\n".encode("latin-1"))


def test_crawl_summary_and_diff_tables_carry_no_control_characters(tmp_path, http_server):
    http_server.route("/feed.xml", reply(rss_feed(POSTS), "application/rss+xml"))
    http_server.route("/moved.xml", reply(b"", "", status=302, headers={"Location": f"/loop.xml?{HOSTILE}"}))
    http_server.route("/loop.xml", reply(b"", "", status=302, headers={"Location": f"/moved.xml?{HOSTILE}"}))
    http_server.route("/busy.xml", status_line_with_escapes)
    feeds = tmp_path / "feeds.toml"
    feeds.write_text("".join(
        f'[[feeds]]\nname = "{name}"\nurl = "{http_server.url(path)}"\nallow_private = true\n\n'
        for name, path in [("Vendor\\u001b[5m blog", "/feed.xml"), ("Loop", "/moved.xml"), ("Busy", "/busy.xml")]
    ), encoding="utf-8")
    db_path = tmp_path / "claims.db"
    crawl = subprocess.run([CLAIMS, "crawl", "--feeds", str(feeds), "--db", str(db_path), "--workers", "1"],
                           capture_output=True, text=True, timeout=120)
    assert crawl.returncode == 0, crawl.stderr
    assert "2 new documents" in " ".join(crawl.stdout.split())
    flat = " ".join(crawl.stdout.split())
    # Whole escape sequences go, not just their ESC; what a server sent in its headers shows as inert text.
    assert "Vendor blog" in flat
    with sqlite3.connect(db_path) as connection:
        errors = dict(connection.execute("SELECT name, error FROM feeds").fetchall())
    assert "illegal header line" in errors["Loop"] and "illegal status line" in errors["Busy"]
    diff = subprocess.run([CLAIMS, "diff", "--db", str(db_path)], capture_output=True, text=True, timeout=120)
    assert diff.returncode == 0, diff.stderr
    assert "8,192" in diff.stdout or "8192" in diff.stdout
    for output in (crawl.stdout, crawl.stderr, diff.stdout, diff.stderr):
        assert controls(output) == [], output
