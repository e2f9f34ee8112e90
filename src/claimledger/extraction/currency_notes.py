"""Currency notes: "收入 2478 亿元（美元，下同）" names the currency of the amount before it and of
every later amount of the post written with a bare 元 ("亿元", "元"); an amount naming its own
currency ("50 亿港元") keeps it, and a later note holds from where it stands."""

from __future__ import annotations

import re
from collections.abc import Sequence

from claimledger.extraction.units import match_atom, si_value, unit_info
from claimledger.types import Claim

# "（美元，下同）", "(单位：人民币，下同)".
CURRENCY_NOTE = re.compile(r"[（(]\s*(?:单位\s*[:：]\s*)?(?P<currency>[\u4e00-\u9fff]{1,4})\s*[，,、]\s*下同\s*[）)]")


def apply_currency_notes(text: str, claims: Sequence[Claim]) -> None:
    """Give the amounts each note of `text` holds for its currency (unit, dimensionality, value in base units)."""
    if "下同" not in text:
        return
    notes = list(CURRENCY_NOTE.finditer(text))
    for index, note in enumerate(notes):
        currency = match_atom(note.group("currency"), 0)
        if currency is None or currency.end != len(note.group("currency")):
            continue
        info = unit_info(currency.expression)
        until = notes[index + 1].start() if index + 1 < len(notes) else len(text)
        for claim in claims:
            right_before = claim.end <= note.start() and not text[claim.end:note.start()].strip()
            if not (right_before or note.end() <= claim.start < until) or claim.unit_text != "元" or claim.unit == info.unit:
                continue
            claim.unit, claim.dimensionality = info.unit, info.dimensionality
            claim.si_value = si_value(claim.value, currency.expression) if claim.value is not None else None
