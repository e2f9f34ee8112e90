"""The feeds file: valid files load, every kind of mistake is one clear line naming the file."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimledger.crawl.config import FeedConfig, load_feeds
from claimledger.errors import FeedsConfigError

REPO = Path(__file__).parents[1]


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "feeds.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_valid_file_loads(tmp_path):
    path = write(tmp_path, """
[[feeds]]
name = "Vendor"
url = "https://vendor.example/feed.xml"

[[feeds]]
name = "本地"
url = "http://127.0.0.1:8765/zh.xml"
lang = "zh"
allow_private = true
""")
    assert load_feeds(path) == [
        FeedConfig("Vendor", "https://vendor.example/feed.xml"),
        FeedConfig("本地", "http://127.0.0.1:8765/zh.xml", "zh", True),
    ]


@pytest.mark.parametrize(("text", "message"), [
    ('[[feeds]]\nname = "a"\nurl = "https://a.example/"\nurl2 = 1\n', r"feed #1 \('a'\): unknown key 'url2'"),
    ('[[feeds]]\nname = "a"\nurl = "ftp://a.example/feed"\n', "must start with http:// or https://"),
    ('[[feeds]]\nname = "a"\nurl = "https:///feed"\n', "invalid URL"),
    ('[[feeds]]\nname = "a"\nurl = "http://a.example:99999/"\n', "invalid URL"),
    ('[[feeds]]\nname = "a"\n', "'url' is required"),
    ('[[feeds]]\nurl = "https://a.example/"\n', "feed #1: 'name' is required"),
    ('[[feeds]]\nname = "a"\nurl = "https://a.example/"\nlang = "fr"\n', "'lang' must be one of"),
    ('[[feeds]]\nname = "a"\nurl = "https://a.example/"\nallow_private = "yes"\n', "'allow_private' must be true or false"),
    ('[[feeds]]\nname = "a"\nurl = "https://a.example/"\n[[feeds]]\nname = "a"\nurl = "https://b.example/"\n',
     "duplicate feed name 'a'"),
    ('[[feeds]]\nname = "a"\nurl = "https://a.example/"\n[[feeds]]\nname = "b"\nurl = "https://a.example/"\n',
     "duplicate feed URL"),
    ('feeds = "x"\n', "must be an array of tables"),
    ('[feed]\nname = "a"\n', "unknown top-level key 'feed'"),
    ('[[feeds]]\nname = "a"\nurl = "https://a.example/\n', r"invalid TOML: .*line 3"),
])
def test_mistakes_name_the_file_and_the_problem(tmp_path, text, message):
    path = write(tmp_path, text)
    with pytest.raises(FeedsConfigError, match=message) as raised:
        load_feeds(path)
    assert str(raised.value).startswith(f"{path}:")
    assert "\n" not in str(raised.value)


def test_missing_file(tmp_path):
    with pytest.raises(FeedsConfigError, match="no such feeds file"):
        load_feeds(tmp_path / "absent.toml")


def test_shipped_feeds_files_are_valid():
    for path in sorted((REPO / "feeds").glob("*.toml")):
        assert load_feeds(path), path
