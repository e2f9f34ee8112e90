"""The extraction rows: claimledger beside quantulum3 on NewsQuant and a Chinese set, Chinese posts beside
claimledger at the baseline commit, and the start-up of `claims extract` on one line."""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
from pathlib import Path

from rich.console import Console

from benchmarks.measure import Measured, run_measured
from benchmarks.posts import post
from benchmarks.sentences import chinese_sentences, newsquant_sentences
from benchmarks.settings import BASELINE_COMMIT, CLAIMS, REPO, Settings
from benchmarks.table import Row, Section, failed, goal_mark, rate, speed_ratio

ONE_LINE = "The new rack draws up to 120 kW and serves 1,196 queries per second.\n"
# Generated Chinese posts for the throughput goal against the baseline (a post has 4 to 16 sentences).
CHINESE_POSTS = 300
console = Console(stderr=True)


def extraction_worker(settings: Settings, python: Path, engine: str, texts: Path, cwd: Path = REPO) -> Measured:
    command = [str(python), "-m", "benchmarks.extract_worker", engine, str(texts),
               "--min-seconds", str(settings.min_seconds)]
    if engine == "quantulum3":
        command += ["--classifier", str(quantulum3_classifier(settings))]
    console.log(f"extraction: {engine} on {texts.stem}" + (f" ({cwd.name})" if cwd != REPO else ""))
    return run_measured(command, cwd=cwd)


def quantulum3_classifier(settings: Settings) -> Path:
    """quantulum3's unit classifier, retrained once from the training set it ships.

    The classifier file in its wheel was pickled by an older scikit-learn and no
    longer loads; retraining on the same data with its own settings takes seconds.
    """
    path = settings.work.parent / "quantulum3-clf.joblib"
    if not path.exists():
        console.log("training quantulum3's unit classifier (once)")
        code = ("import sys; from quantulum3 import classifier; "
                "classifier.train_classifier(store=True, output_path=sys.argv[1])")
        subprocess.run([str(settings.peers_python), "-W", "ignore", "-c", code, str(path)],
                       check=True, capture_output=True)
    return path


def extraction_section(settings: Settings) -> Section:
    section = Section("Extraction")
    section.notes.append(
        "extraction: one process per engine and set, one untimed warm-up pass, then whole "
        f"passes for at least {settings.min_seconds:g} s; quantulum3 with its unit classifier "
        "(retrained from its shipped training set)")
    english = newsquant_sentences()
    sets = {"NewsQuant EN": english, "Chinese": chinese_sentences(len(english))}
    goal = 10.0
    for name, sentences in sets.items():
        path = write_texts(settings, f"sentences-{name.split()[0].lower()}", sentences)
        label = f"{name} ({len(sentences)} sentences, {megabytes(sentences):.3f} MB)"
        peer = extraction_worker(settings, settings.peers_python, "quantulum3", path)
        peer_plain = extraction_worker(settings, settings.peers_python, "quantulum3-noclf", path)
        peer_figures = peer.json() if peer.ok else None
        if not peer.ok:
            section.notes.append(failed(peer))
        if peer_plain.ok:
            plain = peer_plain.json()
            section.notes.append(
                f"{name}: quantulum3 without its unit classifier does "
                f"{plain['sentences_per_second']:,.0f} sentences/s, "
                f"{plain['peak_rss_mb']:.0f} MB"
            )
        for engine, mode in (("claimledger", "claims"), ("claimledger-all", "all quantities")):
            ours = extraction_worker(settings, Path(sys.executable), engine, path)
            section.rows += extraction_rows(f"{label}, {mode}", ours, peer_figures, goal, section)
    section.rows.append(chinese_posts_row(settings, section))
    section.rows.append(startup_row(settings))
    return section


def write_texts(settings: Settings, name: str, texts: list[str]) -> Path:
    path = settings.work / f"{name}.json"
    path.write_text(json.dumps(texts, ensure_ascii=False), encoding="utf-8")
    return path


def megabytes(texts: list[str]) -> float:
    return sum(len(text.encode("utf-8")) for text in texts) / 1e6


def extraction_rows(label: str, ours: Measured, peer: dict | None, goal: float,
                    section: Section) -> list[Row]:
    peer_rate = peer["sentences_per_second"] if peer else 0.0
    peer_text = rate(peer_rate, "sent/s") if peer else "failed"
    if not ours.ok:
        section.notes.append(failed(ours))
        return [Row(f"{label}: speed", "failed", peer_text)]
    figures = ours.json()
    if figures["errors"]:
        section.notes.append(f"{label}: {figures['errors']} sentences raised in claimledger, "
                             f"e.g. {figures['first_error']}")
    ratio = figures["sentences_per_second"] / peer_rate if peer_rate else 0.0
    return [
        Row(f"{label}: speed",
            f"{rate(figures['sentences_per_second'], 'sent/s')}, "
            f"{figures['megabytes_per_second']:.3f} MB/s",
            f"{peer_text}, {peer['megabytes_per_second']:.3f} MB/s" if peer else peer_text,
            speed_ratio(figures["sentences_per_second"], peer_rate),
            goal_mark(ratio, goal) if peer else ""),
        Row(f"{label}: peak memory, figures found",
            f"{figures['peak_rss_mb']:.0f} MB, {figures['found']:,}",
            f"{peer['peak_rss_mb']:.0f} MB, {peer['found']:,}" if peer else ""),
    ]


def chinese_posts_row(settings: Settings, section: Section) -> Row:
    """Whole Chinese posts (sentence splitting included), beside claimledger at the baseline commit."""
    rng = random.Random(11)
    posts = []
    for _ in range(CHINESE_POSTS):
        generated = post(rng, "zh")
        posts.append("\n\n".join([generated.title, *generated.paragraphs]))
    path = write_texts(settings, "posts-chinese", posts)
    label = f"Chinese posts ({len(posts)} posts, {megabytes(posts):.3f} MB), claims: speed"
    ours = extraction_worker(settings, Path(sys.executable), "claimledger", path)
    if not ours.ok:
        section.notes.append(failed(ours))
        return Row(label, "failed")
    figures = ours.json()
    ours_text = f"{rate(figures['sentences_per_second'], 'posts/s')}, {figures['megabytes_per_second']:.3f} MB/s"
    if not settings.has_baseline:
        return Row(label, ours_text, f"no baseline at {settings.baseline_tree} (make bench builds it)")
    baseline = extraction_worker(settings, settings.baseline_python, "claimledger", path, cwd=settings.baseline_tree)
    if not baseline.ok:
        section.notes.append(failed(baseline))
        return Row(label, ours_text, f"{BASELINE_COMMIT}: failed")
    then = baseline.json()
    ratio = figures["sentences_per_second"] / then["sentences_per_second"]
    return Row(label, ours_text,
               f"{rate(then['sentences_per_second'], 'posts/s')} (claimledger at {BASELINE_COMMIT})",
               speed_ratio(figures["sentences_per_second"], then["sentences_per_second"]), goal_mark(ratio, 1.4))


def startup_row(settings: Settings) -> Row:
    """Median wall time of `claims extract` on one line, after one run that fills caches."""
    ours_command = [str(CLAIMS), "extract", "-", "--format", "jsonl"]
    peer_command = [str(settings.peers_python), "-W", "ignore", "-c",
                    "import sys; from quantulum3 import parser; "
                    "parser.parse(sys.stdin.read(), classifier_path=sys.argv[1])",
                    str(quantulum3_classifier(settings))]
    console.log(f"start-up: {settings.startup_runs} runs each")
    figures = []
    for command in (ours_command, peer_command):
        runs = [run_measured(command, cwd=REPO, stdin=ONE_LINE)
                for _ in range(settings.startup_runs + 1)]
        if not all(run.ok for run in runs):
            return Row("start-up on one line (median)", failed(runs[-1]))
        figures.append((statistics.median(run.seconds for run in runs[1:]),
                        max(run.peak_rss_mb for run in runs)))
    (ours, ours_rss), (peer, peer_rss) = figures
    return Row(f"`claims extract` on one line: start-up (median of {settings.startup_runs})",
               f"{ours:.2f} s, {ours_rss:.0f} MB", f"{peer:.2f} s, {peer_rss:.0f} MB (quantulum3)",
               speed_ratio(peer, ours))
