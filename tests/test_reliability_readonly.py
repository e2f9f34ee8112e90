"""A ledger on a read-only filesystem: browsable with `claims serve`, and a correct message from the commands that write.

The filesystem is a real read-only mount (tmpfs remounted `ro` in a private
mount namespace made by `unshare`), so SQLite sees EROFS exactly as on a
read-only disk; skipped where the system does not allow unprivileged
namespaces. Before, every command called such a ledger "not a SQLite
database" and `claims serve` could not open it.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from conftest import reply, rss_feed

CLAIMS = str(Path(sys.executable).parent / "claims")
POSTS = [{"title": f"Cluster {number}", "guid": f"urn:ro:{number}",
          "content": f"<p>Cluster {number} runs {1024 * number} GPUs.</p>"} for number in (1, 2)]


def namespaces_available() -> bool:
    if shutil.which("unshare") is None:
        return False
    probe = subprocess.run(["unshare", "-rm", "true"], capture_output=True)
    return probe.returncode == 0


pytestmark = pytest.mark.skipif(not namespaces_available(), reason="unshare -rm is not allowed here")


def read_only_script(ledger: Path, mount: Path, command: str) -> list[str]:
    """`command` run on a copy of `ledger` in `mount`, a tmpfs remounted read-only in a private namespace."""
    copy = mount / ledger.name
    script = (f"mount -t tmpfs none {shlex.quote(str(mount))} && cp {shlex.quote(str(ledger))} {shlex.quote(str(copy))}"
              f" && mount -o remount,ro {shlex.quote(str(mount))} && exec {command.format(db=shlex.quote(str(copy)))}")
    return ["unshare", "-rm", "sh", "-c", script]


@pytest.fixture(scope="module")
def ledger(tmp_path_factory) -> Path:
    from conftest import LoopbackServer

    server = LoopbackServer()
    folder = tmp_path_factory.mktemp("ledger")
    server.route("/feed.xml", reply(rss_feed(POSTS), "application/rss+xml"))
    feeds = folder / "feeds.toml"
    feeds.write_text(f'[[feeds]]\nname = "Vendor"\nurl = "{server.url("/feed.xml")}"\nallow_private = true\n',
                     encoding="utf-8")
    try:
        subprocess.run([CLAIMS, "crawl", "--feeds", str(feeds), "--db", str(folder / "claims.db"), "--workers", "1"],
                       check=True, capture_output=True, timeout=300)
        # A ledger as a finished crawl leaves it: WAL checkpointed, no -wal or -shm beside it.
        subprocess.run([CLAIMS, "diff", "--db", str(folder / "claims.db")], check=True, capture_output=True,
                       timeout=300)
    finally:
        server.stop()
    assert not (folder / "claims.db-shm").exists()
    return folder / "claims.db"


def run_read_only(ledger: Path, tmp_path: Path, command: str) -> subprocess.CompletedProcess:
    mount = tmp_path / "ro"
    mount.mkdir()
    return subprocess.run(read_only_script(ledger, mount, command), capture_output=True, text=True, timeout=300)


def test_diff_says_the_ledger_cannot_be_written_not_that_it_is_not_sqlite(ledger, tmp_path):
    result = run_read_only(ledger, tmp_path, f"{CLAIMS} diff --db {{db}}")
    assert result.returncode == 2
    assert "the ledger cannot be written (a read-only filesystem" in result.stderr
    assert "copy the ledger somewhere writable" in result.stderr
    assert "not a SQLite database" not in result.stderr and "Traceback" not in result.stderr


def test_crawl_names_the_read_only_filesystem(ledger, tmp_path):
    feeds = tmp_path / "feeds.toml"
    feeds.write_text('[[feeds]]\nname = "x"\nurl = "http://127.0.0.1:9/feed.xml"\nallow_private = true\n')
    result = run_read_only(ledger, tmp_path, f"{CLAIMS} crawl --feeds {feeds} --db {{db}}")
    assert result.returncode == 1
    assert "cannot use the ledger" in result.stderr and "Read-only file system" in result.stderr
    assert "Traceback" not in result.stderr


def test_key_reads_stored_claims_from_read_only_media(ledger, tmp_path):
    result = run_read_only(ledger, tmp_path, f"{CLAIMS} key --db {{db}} --claim 1 --format json")
    assert result.returncode == 0, result.stderr
    assert '"text": "1024 GPUs"' in result.stdout


@contextmanager
def serving(ledger: Path, tmp_path: Path, port: int) -> Iterator[subprocess.Popen]:
    mount = tmp_path / "ro"
    mount.mkdir()
    process = subprocess.Popen(read_only_script(ledger, mount, f"{CLAIMS} serve --db {{db}} --port {port}"),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        yield process
    finally:
        process.terminate()
        process.wait(timeout=30)


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_serve_browses_a_ledger_on_read_only_media(ledger, tmp_path):
    port = free_port()
    with serving(ledger, tmp_path, port) as process:
        answer = None
        deadline = time.monotonic() + 120
        while answer is None and time.monotonic() < deadline and process.poll() is None:
            try:
                answer = httpx.get(f"http://127.0.0.1:{port}/ledger/claims.json",
                                   params={"_shape": "array", "_col": "value"}, timeout=10)
            except httpx.TransportError:
                time.sleep(0.3)
        assert answer is not None, process.stderr.read() if process.poll() is not None else "no answer"
        assert answer.status_code == 200
        assert sorted(row["value"] for row in answer.json()) == [1024, 2048]
        search = httpx.get(f"http://127.0.0.1:{port}/ledger", timeout=10)
        assert search.status_code == 200
