"""Time one extractor on a file of sentences, in a process of its own; print JSON.

    python -m benchmarks.extract_worker ENGINE SENTENCES.json [--min-seconds S]

ENGINE is `claimledger`, `claimledger-all` (every quantity, not only claims),
`quantulum3` (with its unit classifier; `--classifier PATH` names the model
file) or `quantulum3-noclf`. One untimed pass warms caches up; then whole
passes run until `--min-seconds` have passed. Peak memory is this process's
`ru_maxrss`, imports included. Runs under whichever Python has the engine:
quantulum3 lives only in the bench's own environment.
"""

from __future__ import annotations

import argparse
import json
import resource
import time
import warnings
from collections.abc import Callable
from pathlib import Path

Extractor = Callable[[str], list]


def claimledger_extractor(all_quantities: bool) -> Extractor:
    """`claimledger.extract`, claims only or every quantity."""
    from claimledger import extract

    if all_quantities:
        return lambda text: extract(text, all_quantities=True)
    return extract


def quantulum3_extractor(classifier_path: str | None) -> Extractor:
    """quantulum3's parser; with a classifier path its classifier picks ambiguous units,
    without one it falls back to its rules, as when installed without the extra."""
    warnings.simplefilter("ignore")
    from quantulum3 import classifier, parser

    if classifier_path is None:
        classifier.USE_CLF = False
        return parser.parse
    return lambda text: parser.parse(text, classifier_path=classifier_path)


def load_extractor(engine: str, classifier_path: str | None) -> Extractor:
    """The extractor named by `engine`."""
    if engine == "claimledger":
        return claimledger_extractor(all_quantities=False)
    if engine == "claimledger-all":
        return claimledger_extractor(all_quantities=True)
    if engine == "quantulum3":
        return quantulum3_extractor(classifier_path)
    if engine == "quantulum3-noclf":
        return quantulum3_extractor(None)
    raise SystemExit(f"extract_worker: unknown engine {engine!r}")


def guarded(extract: Extractor, errors: list[str]) -> Extractor:
    """`extract` that records an exception instead of raising, so one bad sentence costs one figure."""

    def call(text: str) -> list:
        try:
            return extract(text)
        except Exception as error:  # noqa: BLE001 - counted and reported by the bench
            errors.append(f"{type(error).__name__}: {error}")
            return []

    return call


def measure(extract: Extractor, sentences: list[str], min_seconds: float) -> dict:
    """Warm up with one pass, then time whole passes for at least `min_seconds`."""
    errors: list[str] = []
    found = sum(len(guarded(extract, errors)(text)) for text in sentences)
    failures = list(errors)
    extract = guarded(extract, errors)
    passes, elapsed = 0, 0.0
    started = time.perf_counter()
    while elapsed < min_seconds or passes == 0:
        for text in sentences:
            extract(text)
        passes += 1
        elapsed = time.perf_counter() - started
    size = sum(len(text.encode("utf-8")) for text in sentences)
    return {
        "sentences": len(sentences),
        "passes": passes,
        "seconds": elapsed,
        "sentences_per_second": passes * len(sentences) / elapsed,
        "megabytes_per_second": passes * size / elapsed / 1e6,
        "found": found,
        "errors": len(failures),
        "first_error": failures[0] if failures else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("engine")
    parser.add_argument("sentences", type=Path)
    parser.add_argument("--min-seconds", type=float, default=5.0)
    parser.add_argument("--classifier")
    args = parser.parse_args()
    sentences = json.loads(args.sentences.read_text(encoding="utf-8"))
    started = time.perf_counter()
    extract = load_extractor(args.engine, args.classifier)
    result = {"engine": args.engine, "load_seconds": time.perf_counter() - started}
    result |= measure(extract, sentences, args.min_seconds)
    result["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps(result))


if __name__ == "__main__":
    main()
