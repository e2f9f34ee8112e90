"""The one annotation pass: the span groups on the sentence's Doc match the objects framing reads."""

from __future__ import annotations

from claimledger.extraction.annotate import annotate, folded, sentence_words


def test_the_doc_carries_names_metrics_and_figures_as_span_groups():
    annotated = annotate("The GB200 NVL72 delivers 16,635 tokens per second per GPU.", "en")
    doc = annotated.doc
    assert [(span.text, span.label_) for span in doc.spans["names"]] == [("GB200 NVL72", "system")]
    assert [span.label_ for span in doc.spans["metrics"]] == [metric.concept for metric in annotated.metrics]
    assert [span.text for span in doc.spans["figures"]] == ["16,635 tokens per second per GPU"]
    assert annotated.doc is doc


def test_a_sentence_without_a_known_name_start_gets_its_doc_when_asked():
    annotated = annotate("Cluster 3 now runs 4,096 GPUs.", "en")
    assert annotated._doc is None
    assert [span.text for span in annotated.doc.spans["figures"]] == ["4,096 GPUs"]


def test_words_hold_their_offsets_and_whitespace_as_the_doc_does():
    text = folded("  Kite K2\u3000 跑  3 倍 ")
    words = sentence_words(text)
    doc = annotate(text, "zh").doc
    assert words.written == [token.text for token in doc]
    assert words.starts == [token.idx for token in doc]
    assert words.spaces(len(text)) == [bool(token.whitespace_) for token in doc]
    assert all(text[start:end] == word for start, end, word in zip(words.starts, words.ends, words.written))
