"""`claims eval`: precision, recall and F1 of the extractor on public sets and gold files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import click

from claimledger.cli.failure import failure

if TYPE_CHECKING:
    from rich.console import Console

    from claimledger.evaluation import Result

SET_NAMES = ("newsquant", "recognizers-zh", "recognizers-en", "gold")


def render(result: Result, errors: int) -> None:
    """A result as a small table, then its worst cases when asked."""
    skipped = f", {result.skipped} skipped as not supported on Python upstream" if result.skipped else ""
    click.echo(f"{result.name}: {result.cases} cases{skipped}")
    click.echo(f"  {'measure':<12} {'precision':>9} {'recall':>7} {'F1':>6} {'tp':>6} {'predicted':>9} {'gold':>6}")
    for measure, score in result.scores.items():
        click.echo(
            f"  {measure:<12} {score.precision:>9.3f} {score.recall:>7.3f} {score.f1:>6.3f}"
            f" {score.true_positives:>6} {score.predicted:>9} {score.gold:>6}"
        )
    worst = result.worst(errors)
    if worst:
        click.echo(f"  worst {len(worst)} cases (misses, false hits):")
    for case in worst:
        click.echo(f"  - {case.case_id}: {case.text}")
        for item in case.missed:
            click.echo(f"      missed {item}")
        for item in case.false_hits:
            click.echo(f"      false  {item}")


def write_predictions(folder: Path, result: Result) -> Path:
    """The scored predictions, one JSON line per case, in the reference scorers' format."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{Path(result.name).stem}.pred.jsonl"
    with path.open("w", encoding="utf-8") as out:
        for record in result.predictions:
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
    return path


@click.command("eval")
@click.argument("set_name", metavar="SET", type=click.Choice(SET_NAMES))
@click.argument("path", required=False, type=click.Path(path_type=Path))
@click.option("--errors", "errors", type=click.IntRange(min=0), default=0, show_default=True, help="Show the N cases with the most misses and false hits.")
@click.option("--predictions", "predictions_dir", type=click.Path(file_okay=False, path_type=Path), help="Also write the scored predictions here (one .pred.jsonl per scored file).")
def command(set_name: str, path: Path | None, errors: int, predictions_dir: Path | None) -> None:
    """Score the extractor on SET and print precision, recall and F1.

    SET is `newsquant` (English news quantities: value, value+unit and change),
    `recognizers-zh` or `recognizers-en` (Recognizers-Text number, percent,
    dimension and currency specs: value per file), or `gold` with PATH a gold
    file of your own in the NewsQuant JSONL format. PATH defaults to
    ../shared/benchmarks next to the checkout for the public sets.

    \b
    Example:
        claims eval newsquant --errors 5
        claims eval recognizers-zh
        claims eval gold my_gold.jsonl
    """
    from rich.progress import Progress

    from claimledger.errors import EvaluationError
    from claimledger.evaluation import count_cases, evaluate

    if set_name == "gold" and path is None:
        raise click.UsageError("the gold set needs a PATH to your gold JSONL file")
    try:
        total = count_cases(set_name, path)
        with Progress(transient=True, console=_stderr_console()) as progress:
            task = progress.add_task(f"scoring {set_name}", total=total)
            results = evaluate(set_name, path, advance=lambda n: progress.advance(task, n))
    except EvaluationError as error:
        raise failure(error) from error
    except OSError as error:
        raise click.ClickException(f"{error.filename or path}: {error.strerror}") from error
    for result in results:
        render(result, errors)
        if predictions_dir is not None:
            click.echo(f"  predictions: {write_predictions(predictions_dir, result)}")


def _stderr_console() -> Console:
    from rich.console import Console

    return Console(stderr=True)
