"""Language of each sentence, and nothing extracted from a language the extractor does not read (issue 17 class 10)."""

from __future__ import annotations

import pytest

from claimledger import extract
from claimledger.extraction.pipeline import split_sentences
from claimledger.text.lang import SUPPORTED, detect_lang

# Sentences written for these tests: figures a vendor might claim, in languages we do not read yet.
UNREAD = [
    ("ja", "新しいラックは最大3倍の性能を発揮します。"),
    ("ja", "HBMの容量は192GBで、前世代の2倍です。"),
    ("ja", "サーバー1台あたり8基のGPUを搭載する。"),
    ("ja", "消費電力は約30%削減されました。"),
    ("ko", "새 랙의 성능은 최대 3배 향상되었습니다."),
    ("ko", "메모리 대역폭은 8TB/s에 달합니다."),
    ("ko", "클러스터는 GPU 1만 개로 구성됩니다."),
    ("fr", "Les performances sont 4 fois plus élevées que la génération précédente."),
    ("fr", "Le nouveau serveur consomme 30 % d'énergie en moins et coûte 2 millions d'euros."),
    ("fr", "La puce offre une bande passante de 8 To/s pour les modèles les plus grands."),
    ("de", "Die Leistung ist 3 mal höher als bei der Vorgängergeneration."),
    ("es", "El rendimiento es 4 veces mayor que el de la generación anterior."),
    ("it", "Il nuovo chip offre prestazioni 3 volte superiori alla generazione precedente."),
    ("pt", "O novo chip oferece desempenho 3 vezes maior do que a geração anterior."),
    ("nl", "De nieuwe chip is 3 keer sneller dan de vorige generatie."),
    ("ru", "Производительность выросла в 3 раза."),
]


@pytest.mark.parametrize(("lang", "text"), UNREAD)
def test_each_language_is_detected(lang, text):
    assert detect_lang(text) == lang


@pytest.mark.parametrize(("lang", "text"), UNREAD)
def test_nothing_is_extracted_from_a_language_we_do_not_read(lang, text):
    assert lang not in SUPPORTED
    assert extract(text) == []
    assert extract(text, all_quantities=True) == []


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("GB200 NVL72: 1.4 exaflops", "en"),
        ("The die is 800 mm² and the chip has 208 billion transistors.", "en"),
        ("Le Chiffre, a café in Paris, serves 5 coffees per hour to the staff.", "en"),
        ("Acme's Société Générale deal adds 3 GW of capacity.", "en"),
        ("英伟达发布了 GB200 NVL72，性能提升 30 倍。", "zh"),
        ("華為今年推出昇騰910C晶片，效能提升 2 倍。", "zh"),
        ("ソニー的新品性能提升3倍。", "zh"),
        ("每个 GPU 的带宽为 8 TB/s", "zh"),
        ("123 456", "en"),
    ],
)
def test_english_and_chinese_stay_themselves(text, lang):
    assert detect_lang(text) == lang


def test_every_sentence_has_its_own_language():
    text = "The rack holds 72 GPUs. 新しいラックは最大3倍の性能です。La puce offre 8 To/s pour les modèles. 机柜功耗 130 kW。"
    assert [sentence.lang for sentence in split_sentences(text)] == ["en", "ja", "fr", "zh"]
    claims = extract(text)
    assert [(claim.text, claim.lang) for claim in claims] == [("72 GPUs", "en"), ("130 kW", "zh")]


def test_a_sentence_of_another_language_breaks_the_subject_carry_over():
    text = "Kestrel unveiled the K4. 新製品は3倍速い。It carries 432 GB of HBM."
    (claim,) = extract(text)
    assert claim.subject is None


def test_traditional_chinese_is_chinese():
    assert detect_lang("摩爾線程最近完成融資，籌集資金達 25 億元。") == "zh"
