"""`claims crawl --feeds BAD`: every mistake in the feeds file is one line naming the file and the problem, exit 1.

Nothing is fetched and the ledger is neither created nor touched.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from claimledger.ledger.open import open_ledger

CLAIMS = str(Path(sys.executable).parent / "claims")
GOOD = '[[feeds]]\nname = "Vendor blog"\nurl = "https://vendor.example/feed.xml"\n'

# name -> (file contents, a fragment of the message after "<path>: ")
MISTAKES = {
    "bad-toml": ('[[feeds]]\nname = "Vendor blog\nurl = "https://v.example/"\n', "invalid TOML"),
    "not-utf8": ('[[feeds]]\nname = "\xe9\xe9"\n'.encode("latin-1"), "not UTF-8 text"),
    "unknown-top-key": ("title = 'mine'\n" + GOOD, "unknown top-level key 'title'"),
    "unknown-feed-key": (GOOD + 'urll = "https://v.example/"\n', "unknown key 'urll'"),
    "feeds-not-tables": ('feeds = "https://v.example/"\n', "'feeds' must be an array of tables"),
    "no-name": ('[[feeds]]\nurl = "https://v.example/"\n', "'name' is required"),
    "empty-name": ('[[feeds]]\nname = "  "\nurl = "https://v.example/"\n', "'name' is required"),
    "no-url": ('[[feeds]]\nname = "Vendor blog"\n', "'url' is required"),
    "url-not-text": ('[[feeds]]\nname = "Vendor blog"\nurl = 42\n', "'url' is required and must be a string"),
    "ftp-url": ('[[feeds]]\nname = "Vendor blog"\nurl = "ftp://v.example/feed.xml"\n', "must start with http://"),
    "javascript-url": ('[[feeds]]\nname = "Vendor blog"\nurl = "javascript:alert(1)"\n', "must start with http://"),
    "relative-url": ('[[feeds]]\nname = "Vendor blog"\nurl = "/feed.xml"\n', "must start with http://"),
    "no-host": ('[[feeds]]\nname = "Vendor blog"\nurl = "https:///feed.xml"\n', "invalid URL"),
    "space-in-url": ('[[feeds]]\nname = "Vendor blog"\nurl = "https://v.example/a feed"\n', "invalid URL"),
    "bad-ipv6": ('[[feeds]]\nname = "Vendor blog"\nurl = "http://[::1/feed"\n', "invalid URL"),
    "bad-port": ('[[feeds]]\nname = "Vendor blog"\nurl = "http://v.example:99999/"\n', "Port out of range"),
    "bad-lang": (GOOD + 'lang = "fr"\n', "'lang' must be one of"),
    "allow-private-text": (GOOD + 'allow_private = "yes"\n', "'allow_private' must be true or false"),
    "duplicate-name": (GOOD + GOOD.replace("feed.xml", "other.xml"), "duplicate feed name 'Vendor blog'"),
    "duplicate-url": (GOOD + GOOD.replace("Vendor blog", "Other"), "duplicate feed URL"),
}


def run_crawl(feeds: Path, db_path: Path, *options: str) -> subprocess.CompletedProcess:
    return subprocess.run([CLAIMS, "crawl", "--feeds", str(feeds), "--db", str(db_path), *options],
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("mistake", MISTAKES)
def test_a_mistake_in_the_feeds_file_is_one_line_naming_file_and_problem(mistake, tmp_path):
    text, fragment = MISTAKES[mistake]
    feeds = tmp_path / "feeds.toml"
    feeds.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    result = run_crawl(feeds, tmp_path / "claims.db")
    assert result.returncode == 1
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"Error: {feeds}: ") and fragment in line, line
    assert "Traceback" not in result.stderr and result.stdout == ""
    assert not (tmp_path / "claims.db").exists()


def test_a_missing_feeds_file(tmp_path):
    result = run_crawl(tmp_path / "nowhere.toml", tmp_path / "claims.db")
    assert result.returncode == 1
    assert result.stderr.splitlines() == [f"Error: {tmp_path / 'nowhere.toml'}: no such feeds file"]


def test_a_folder_given_as_the_feeds_file(tmp_path):
    result = run_crawl(tmp_path, tmp_path / "claims.db")
    assert result.returncode == 2
    assert result.stderr.splitlines()[-1] == f"Error: Invalid value for '--feeds': File '{tmp_path}' is a directory."


@pytest.mark.parametrize(("option", "value"), [("--every", "soon"), ("--concurrency", "0"), ("--timeout", "-1")])
def test_bad_options_are_refused_before_anything_runs(option, value, tmp_path):
    feeds = tmp_path / "feeds.toml"
    feeds.write_text(GOOD, encoding="utf-8")
    result = run_crawl(feeds, tmp_path / "claims.db", option, value)
    assert result.returncode == 2
    assert result.stderr.splitlines()[-1].startswith("Error: Invalid value for") and option in result.stderr
    assert not (tmp_path / "claims.db").exists()


def test_a_bad_feeds_file_leaves_an_existing_ledger_untouched(tmp_path):
    db_path = tmp_path / "claims.db"
    open_ledger(db_path).close()
    before = db_path.read_bytes()
    feeds = tmp_path / "feeds.toml"
    feeds.write_text(MISTAKES["ftp-url"][0], encoding="utf-8")
    assert run_crawl(feeds, db_path).returncode == 1
    assert db_path.read_bytes() == before
