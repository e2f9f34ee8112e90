"""`claims text` on the command line: pages, gzip, standard input, JSON lines, unreadable files, start-up imports."""

from __future__ import annotations

import gzip
import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from claimledger.cli import cli

PAGES = Path(__file__).parent / "data" / "pages"
ARTICLE = PAGES / "boilerplate-around-article.html"
BENCHMARK = Path(__file__).parents[1].parent / "shared" / "benchmarks" / "article-extraction"


def run(*args: str, input: bytes | None = None):
    return CliRunner().invoke(cli, ["text", *args], input=input)


def test_plain_text_is_the_document_the_crawl_keeps():
    result = run(str(ARTICLE))
    assert result.exit_code == 0, result.output
    paragraphs = result.stdout.rstrip("\n").split("\n\n")
    assert paragraphs[:2] == [
        "Finch Cloud opens its Lisbon region",
        "Finch Cloud customers can now run workloads in Lisbon, our ninth region and the second in southern Europe.",
    ]
    assert paragraphs.count("Finch Cloud opens its Lisbon region") == 1
    assert "cookies" not in result.stdout and "30,000 engineers" not in result.stdout


def test_jsonl_has_file_title_published_and_the_body(tmp_path):
    compressed = tmp_path / "div-only.html.gz"
    compressed.write_bytes(gzip.compress((PAGES / "div-only.html").read_bytes()))
    result = run("--format", "jsonl", str(ARTICLE), str(compressed))
    assert result.exit_code == 0, result.output
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    assert first["file"] == str(ARTICLE)
    assert (first["title"], first["published"]) == ("Finch Cloud opens its Lisbon region", "2025-10-01T02:30:00Z")
    assert first["text"].startswith("Finch Cloud customers can now run workloads in Lisbon")
    assert first["extractor"] == "trafilatura"
    assert (second["file"], second["title"]) == (str(compressed), "Heron 2 ships")
    assert second["published"] == "2025-05-06T06:15:00Z"
    assert second["text"].startswith("Heron Labs began shipping the Heron 2 switch today.")


def test_standard_input_plain_or_gzip():
    html = (PAGES / "page-in-a-form.html").read_bytes()
    for data in (html, gzip.compress(html)):
        result = run("--format", "jsonl", "-", input=data)
        assert result.exit_code == 0, result.output
        record = json.loads(result.stdout)
        assert record["file"] == "-"
        assert record["text"] == "The Osprey accelerator draws 450 W.\n\nIt ships in 3 configurations."


def test_several_pages_in_plain_text_are_headed_by_their_file():
    result = run(str(PAGES / "nested-roles.html"), str(PAGES / "page-in-a-form.html"))
    assert result.exit_code == 0
    assert result.stdout.count("==> ") == 2
    assert f"==> {PAGES / 'page-in-a-form.html'} <==\nThe Osprey accelerator draws 450 W." in result.stdout


def test_unreadable_pages_are_named_on_stderr_and_the_others_still_printed(tmp_path):
    broken = tmp_path / "cut-short.html.gz"
    broken.write_bytes(gzip.compress(ARTICLE.read_bytes())[:40])
    missing = tmp_path / "missing.html"
    result = run("--format", "jsonl", str(missing), str(ARTICLE), str(broken))
    assert result.exit_code == 1
    assert [json.loads(line)["file"] for line in result.stdout.splitlines()] == [str(ARTICLE)]
    errors = result.stderr.splitlines()
    assert len(errors) == 2
    assert errors[0] == f"cannot read {missing}: No such file or directory"
    assert errors[1].startswith(f"cannot read {broken}: not valid gzip")


def test_a_page_without_main_text_prints_an_empty_body(tmp_path):
    aside_only = tmp_path / "aside.html"
    aside_only.write_text("<html><body><aside><p>Related: 3 posts</p></aside></body></html>", encoding="utf-8")
    result = run("--format", "jsonl", str(aside_only))
    assert result.exit_code == 0
    assert json.loads(result.stdout) | {"file": None} == {
        "file": None, "title": "", "published": None, "text": "", "extractor": None,
    }


def test_trafilatura_loads_only_once_a_page_is_read():
    probe = (
        "import sys; from claimledger.cli import cli; from click.testing import CliRunner; "
        "CliRunner().invoke(cli, ['--help']); CliRunner().invoke(cli, ['text', '--help']); "
        "before = 'trafilatura' in sys.modules; "
        f"CliRunner().invoke(cli, ['text', {str(ARTICLE)!r}]); "
        "print(before, 'trafilatura' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "True"]


@pytest.mark.shared
@pytest.mark.skipif(not BENCHMARK.is_dir(), reason="../shared/benchmarks/article-extraction is absent")
def test_article_extraction_benchmark(tmp_path):
    """Every page of the benchmark answered, at F1 0.95 or better by its own scorer."""
    spec = importlib.util.spec_from_file_location("article_extraction_evaluate", BENCHMARK / "evaluate.py")
    evaluate = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(evaluate)
    truth = json.loads((BENCHMARK / "ground-truth.json").read_text(encoding="utf-8"))
    pages = sorted(str(path) for path in (BENCHMARK / "html").glob("*.html.gz"))
    claims = shutil.which("claims", path=str(Path(sys.executable).parent))
    done = subprocess.run([claims, "text", "--format", "jsonl", *pages], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    answers = {}
    for line in done.stdout.splitlines():
        record = json.loads(line)
        answers[Path(record["file"]).name.split(".")[0]] = {"articleBody": record["text"]}
    assert answers.keys() == truth.keys()
    assert all(answer["articleBody"] for answer in answers.values())
    metrics = evaluate.evaluate(truth, answers, n_bootstrap=10)
    assert metrics["f1"] >= 0.95, metrics
