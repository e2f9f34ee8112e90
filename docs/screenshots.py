"""Retake the README's screenshots of the browse pages, 1400 px wide, in headless Chromium.

    make run                                   # builds run/claims.db from corpus/
    .venv/bin/python docs/screenshots.py       # writes docs/browse-*.png

Serves the ledger with plain `datasette` (the installed plugin gives every
page) on a free loopback port and stops it when done. Needs Debian's chromium
and a CJK font (fonts-wqy-zenhei) for the Chinese text.
"""

from __future__ import annotations

import argparse
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote, urlencode

import httpx

DOCS = Path(__file__).parent
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
]
WIDTH = 1400


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def tps_per_mw_claim(ledger: Path) -> tuple[int, str]:
    """The id and key of Stratus's 880,000 TPS/MW claim, the corpus's best-documented figure."""
    connection = sqlite3.connect(f"{ledger.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return connection.execute(
            "select id, claim_key from claims where text = '880,000 TPS/MW' and source = 'Stratus Cloud Blog'"
        ).fetchone()
    finally:
        connection.close()


def pages(ledger: Path) -> dict[str, tuple[str, int]]:
    """Screenshot name -> (path on the server, height in pixels)."""
    from claimledger.browse.terms import concept

    claim_id, key = tps_per_mw_claim(ledger)
    name = ledger.stem
    return {
        "browse-changes": (f"/{name}?until=2026-11-18&days=30", 1500),
        "browse-compare": (f"/{name}/-/compare?" + urlencode({"concept": concept(key)}), 800),
        "browse-history": (f"/{name}/-/history?" + urlencode({"key": key}), 1100),
        "browse-claim": (f"/{name}/claims/{claim_id}", 900),
        "browse-claims": (f"/{name}/claims", 1300),
        "browse-superseded": (f"/{name}/superseded_figures", 900),
        "browse-search": (f"/{name}/search?q={quote('倍')}", 900),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ledger", nargs="?", default="run/claims.db", type=Path)
    ledger = parser.parse_args().ledger
    chromium = shutil.which("chromium")
    if chromium is None or not ledger.is_file():
        sys.exit(f"needs chromium and a ledger ({ledger}): run `make run` and `apt-get install chromium`")
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "datasette", "serve", str(ledger), "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                if httpx.get(f"{base}/{ledger.stem}", timeout=10).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.2)
        with tempfile.TemporaryDirectory() as profile:
            for name, (path, height) in pages(ledger).items():
                target = DOCS / f"{name}.png"
                subprocess.run([chromium, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", f"--screenshot={target}",
                                f"--window-size={WIDTH},{height}", base + path],
                               check=True, capture_output=True, timeout=120)
                print(f"{target} <- {path}")
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
