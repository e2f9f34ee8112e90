"""The evidence of a claim as markup: its sentence escaped, the figure marked; links only to web addresses."""

from __future__ import annotations

from markupsafe import Markup


def marked(sentence: str | None, start: int | None, end: int | None, sentence_start: int | None,
           tag: str = "mark") -> Markup:
    """`sentence` escaped, the span start..end (offsets in the document) wrapped in `tag` when it fits."""
    sentence = sentence or ""
    if None in (start, end, sentence_start):
        return Markup("{}").format(sentence)
    begin, finish = start - sentence_start, end - sentence_start
    if not 0 <= begin <= finish <= len(sentence):
        return Markup("{}").format(sentence)
    return Markup("{}<{}>{}</{}>{}").format(
        sentence[:begin], Markup(tag), sentence[begin:finish], Markup(tag), sentence[finish:]
    )


def web_url(url: str | None) -> str | None:
    """`url` when it is an http(s) address a page may link to, else None (never javascript: or data:)."""
    if isinstance(url, str) and url.lower().startswith(("http://", "https://")):
        return url
    return None


def percent(change: float | None) -> str:
    """A change in percent as people write it: +9.4%, -18.8%, 0%."""
    if change is None:
        return ""
    return f"{change:+.1f}%".replace("+0.0%", "0%").replace("-0.0%", "0%")
