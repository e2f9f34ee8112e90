"""The year a forecast is for: a plan for 2026 and a plan for 2030 are two figures.

A projected figure ("Meta plans to bring about 1 GW online this year", "到 2030 年容量达到 2 吉瓦")
whose sentence names one target year, and no other figure of its measure, is keyed with that
year (`target_year`: ``by 2030``); "this year", 今年 and the like are the year the post was published,
"next year" and 明年 the one after ("今年2月" is a date gone by, no target). A sentence naming two target years, or giving two figures of one
measure ("2 GW by 2030, scaling to 5 GW in several years"), says too little of which is which: none.
A forecast naming no year never joins one naming a year (`periods.is_period`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from claimledger.data_files import data_table
from claimledger.diff.dates import published_moment

# How a forecast's year is written in a key.
TARGET = re.compile(r"by \d{4}")


@cache
def target_pattern() -> re.Pattern[str]:
    """Every way a sentence names the year a plan is for (diff.toml ``[targets]``): a year after a word for
    "by" or "in", a year before 底/前/内, and the words for this year and the next."""
    table = data_table("diff.toml")["targets"]
    before_en = "|".join(r"\s+".join(map(re.escape, word.split())) for word in sorted(table["before_en"], key=len, reverse=True))
    before_zh = "|".join(map(re.escape, table["before_zh"]))
    after_zh = "|".join(map(re.escape, table["after_zh"]))
    relative = "|".join(map(re.escape, sorted(_relative_years(), key=len, reverse=True)))
    return re.compile(
        rf"(?<![a-z])(?:{before_en})\s+(?:the\s+end\s+of\s+)?(?P<en>(?:19|20)\d\d)(?!\d)"
        rf"|(?:{before_zh})\s*(?P<zh>(?:19|20)\d\d)\s*年|(?P<zh_end>(?:19|20)\d\d)\s*年\s*(?:{after_zh})"
        rf"|(?P<relative>{relative})(?!\s*(?:\d|[一二三四五六七八九十]+\s*月|初|早))",
        re.IGNORECASE,
    )


def target_year(claim: Mapping[str, Any], siblings: Iterable[Mapping[str, Any]] = ()) -> str | None:
    """The year a projected figure is for (module docstring), as a key's condition writes it: ``by 2030``."""
    sentence = claim.get("sentence")
    if not claim.get("projected") or not sentence:
        return None
    where = (claim.get("start"), claim.get("end"))
    if any((other.get("start"), other.get("end")) != where and other.get("dimensionality") == claim.get("dimensionality")
           for other in siblings):
        return None  # two figures of one measure: which year is whose is unsure
    years = set()
    for match in target_pattern().finditer(sentence):
        if match.group("relative"):
            published = published_moment(claim.get("published") or claim.get("dated"))
            if published is None:
                return None
            years.add(published.year + _relative_years()[match.group("relative").casefold()])
        else:
            years.add(int(match.group("en") or match.group("zh") or match.group("zh_end")))
    return f"by {years.pop()}" if len(years) == 1 else None


@cache
def _relative_years() -> dict[str, int]:
    """The words for this year and the next, and how many years after the post's they name."""
    table = data_table("diff.toml")["targets"]
    return {word.casefold(): offset for word, offset in {**table["this_year"], **table["next_year"]}.items()}
