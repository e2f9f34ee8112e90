"""The ledger's attribution columns and entities table (migration m007_attribution, ledger/entities.py)."""

from __future__ import annotations

import json

import sqlite_utils

from claimledger.crawl.prepare import extract_claims_and_names
from claimledger.ledger.open import open_ledger
from claimledger.ledger.schema import ATTRIBUTION_COLUMNS, migrations
from claimledger.ledger.writes import insert_document
from claimledger.types import Document

POST = (
    "Kestrel Silicon said the Kestrel K9 rack draws 140 kW.\n"
    "The Kestrel K9 rack holds 144 GPUs, not 128 GPUs as stated earlier.\n"
    "The GB200 NVL72 draws about 120 kW."
)


def stored(db: sqlite_utils.Database, text: str = POST, source: str = "Rack Notes") -> int:
    claims, entities = extract_claims_and_names(text, "en")
    document = Document(url="https://example.com/k9", title="K9", text=text, lang="en", source=source,
                        entry_id="k9", content_hash=str(hash(text)), claims=claims, entities=entities)
    with db.conn:
        return insert_document(db, None, document, "2026-01-01T00:00:00Z")[0]


def test_a_new_ledger_has_the_columns_and_the_packages_entities(tmp_path):
    db = open_ledger(tmp_path / "ledger.db")
    assert set(ATTRIBUTION_COLUMNS) <= set(db["claims"].columns_dict)
    row = db["entities"].get("GB200 NVL72")
    assert (row["kind"], row["origin"]) == ("system", "package")
    assert (row["parent"], json.loads(row["aliases"])) == ("GB200", ["Blackwell NVL72"])
    assert db.execute("select count(*) from entities where origin != 'package'").fetchone() == (0,)


def test_claims_keep_claimant_role_and_the_id_of_the_figure_that_replaces_them(tmp_path):
    db = open_ledger(tmp_path / "ledger.db")
    stored(db)
    rows = {row["text"]: row for row in db["claims"].rows}
    assert rows["140 kW"]["claimant"] == "Kestrel Silicon"
    assert rows["140 kW"]["self_reported"] == 1
    assert rows["144 GPUs"]["claimant"] is None  # the publisher's own claim
    assert rows["128 GPUs"]["role"] == "negated"
    assert rows["128 GPUs"]["replaced_by"] == rows["144 GPUs"]["id"]
    assert rows["144 GPUs"]["role"] == "current" and rows["144 GPUs"]["replaced_by"] is None
    assert rows["about 120 kW"]["subject_id"] == "GB200 NVL72"


def test_a_name_seen_in_a_post_is_added_once_and_never_overwrites_a_known_one(tmp_path):
    db = open_ledger(tmp_path / "ledger.db")
    stored(db)
    stored(db, POST.replace("about 120 kW", "about 125 kW"))
    seen = list(db.query("select id, kind, origin from entities where origin = 'seen'"))
    assert seen == [{"id": "Kestrel K9", "kind": "system", "origin": "seen"}]
    assert db["entities"].get("GB200 NVL72")["origin"] == "package"


def test_an_older_ledger_gains_the_columns_and_its_claims_are_current(tmp_path):
    path = tmp_path / "old.db"
    old = sqlite_utils.Database(path)
    migrations.apply(old, stop_before="m007_attribution")
    old["documents"].insert({"id": 1, "entry_id": "a", "content_hash": "1", "title": "K9"})
    old["claims"].insert({"id": 3, "document_id": 1, "text": "140 kW", "kind": "quantity", "start": 0, "end": 6})
    old.close()
    db = open_ledger(path)
    assert db.execute("select role, claimant, replaced_by from claims where id = 3").fetchone() == ("current", None, None)
    assert db["entities"].count > 100


def newer_package(monkeypatch) -> None:
    """A package whose entities file changed: GB200 NVL72 renamed, Kestrel K9 now known, one entity added."""
    import claimledger.entities
    from claimledger.entities import Entity, Registry, package_registry
    from claimledger.ledger import entities as ledger_entities

    current = [entity for entity in package_registry() if entity.id != "GB200 NVL72"]
    renamed = Entity("GB200 NVL72 rack", "system", parent="GB200", aliases=("GB200 NVL72",))
    added = [Entity("Kestrel K9", "system", maker="Kestrel Silicon"), Entity("Orion Z11", "chip")]
    registry = Registry([*current, renamed, *added])
    monkeypatch.setattr(claimledger.entities, "package_registry", lambda: registry)
    monkeypatch.setattr(ledger_entities, "package_digest", lambda: "a newer package")


def test_a_newer_packages_entities_replace_its_rows_and_keep_the_users_and_the_seen(tmp_path, monkeypatch):
    from claimledger.entities import Entity
    from claimledger.ledger.entities import record_stated

    path = tmp_path / "ledger.db"
    db = open_ledger(path)
    stored(db, POST + "\nThe Lyra L2 rack holds 64 GPUs.")
    with db.conn:
        record_stated(db.conn, [Entity("H100", "chip", aliases=("Hopper H100",), origin="user")])
    before = {row["id"]: row for row in db["entities"].rows}
    assert before["Kestrel K9"]["origin"] == "seen" and before["Lyra L2"]["origin"] == "seen"
    db.close()
    newer_package(monkeypatch)
    db = open_ledger(path)
    rows = {row["id"]: row for row in db["entities"].rows}
    assert "GB200 NVL72" not in rows, "an entity the package renamed goes"
    assert json.loads(rows["GB200 NVL72 rack"]["aliases"]) == ["GB200 NVL72"]
    assert (rows["Orion Z11"]["kind"], rows["Orion Z11"]["origin"]) == ("chip", "package")
    assert (rows["Kestrel K9"]["origin"], rows["Kestrel K9"]["maker"]) == ("package", "Kestrel Silicon")
    assert rows["Lyra L2"] == before["Lyra L2"], "a name only seen in posts stays"
    assert rows["H100"] == before["H100"], "the user's row stays"
    assert db.execute("select value from ledger_state where name = 'package_entities_digest'").fetchone() == ("a newer package",)


def test_a_crawl_refreshes_the_package_rows_of_a_ledger_it_opens_without_migrating(tmp_path, monkeypatch):
    from claimledger.crawl.round import open_crawl_ledger, record_entities

    path = tmp_path / "ledger.db"
    open_ledger(path).close()
    newer_package(monkeypatch)
    ledger = open_crawl_ledger(path)
    with ledger.conn:
        record_entities(ledger, ())
    ids = {row[0] for row in ledger.execute("select id from entities")}
    assert "Orion Z11" in ids and "GB200 NVL72" not in ids
    ledger.close()


def test_an_unchanged_package_writes_nothing(tmp_path):
    from claimledger.ledger.entities import refresh_package_entities

    db = open_ledger(tmp_path / "ledger.db")
    changes = db.conn.total_changes
    assert refresh_package_entities(db.conn) is False
    assert db.conn.total_changes == changes
