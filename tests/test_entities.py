"""Entities: the package's table, lookups by any alias, makers, and a user's own file."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimledger import extract
from claimledger.entities import EntitiesFileError, load_registry, package_registry, read_entities_file


@pytest.mark.parametrize(
    ("written", "entity"),
    [
        ("GB200-NVL72", "GB200 NVL72"),
        ("gb200 nvl72", "GB200 NVL72"),
        ("摩爾線程", "Moore Threads"),
        ("昇騰 910B", "Ascend 910B"),
        ("Ironwood", "TPU v7"),
        ("GB300 NVL72 rack", "GB300 NVL72"),
    ],
)
def test_an_alias_in_any_spelling_resolves(written: str, entity: str) -> None:
    assert package_registry().resolve(written).id == entity


def test_a_system_its_chip_and_a_cloud_instance_are_three_entities_with_their_makers() -> None:
    registry = package_registry()
    system, chip, instance = (registry.resolve(name) for name in ("GB200 NVL72", "GB200", "ND GB200 v6"))
    assert len({system.id, chip.id, instance.id}) == 3
    assert (system.kind, chip.kind, instance.kind) == ("system", "chip", "cloud_instance")
    assert system.parent == chip.id and instance.parent == chip.id
    assert registry.maker(system).id == "NVIDIA"
    assert registry.maker(instance).id == "Azure"


@pytest.mark.parametrize(
    ("text", "written", "subject"),
    [
        ("廣達10月合併營收1,520億元，月增8%。", "1,520億元", "廣達"),
        ("鴻海今日公布10月營收達6,100億元。", "6,100億元", "鴻海"),
        ("中际旭创前三季度实现营业收入120.5亿元。", "120.5亿元", "中际旭创"),
        ("曙光数创的浸没液冷方案PUE低至1.05。", "低至1.05", "曙光数创"),
    ],
)
def test_a_server_or_optics_maker_is_the_subject_of_its_own_earnings(text: str, written: str, subject: str) -> None:
    assert {claim.text: claim.subject for claim in extract(text)}[written] == subject


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "entities.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_users_entity_is_found_and_is_the_subject(tmp_path: Path) -> None:
    path = write(tmp_path, '[[entity]]\nname = "Quill Q9"\nkind = "chip"\nmaker = "AMD"\naliases = ["羽毛 Q9"]\n')
    registry = load_registry(path)
    (claim,) = extract("The new Quill Q9 draws 700 W.", registry=registry)
    assert claim.subject == "Quill Q9"
    (claim,) = extract("羽毛 Q9 的功耗为 700W。", registry=registry)
    assert claim.subject == "羽毛 Q9"
    assert registry.maker(registry.resolve("Quill Q9")).id == "AMD"


def test_a_users_file_corrects_a_kind_and_adds_an_alias(tmp_path: Path) -> None:
    path = write(tmp_path, '[[entity]]\nname = "Mission Control"\nkind = "system"\naliases = ["MC suite"]\n')
    registry = load_registry(path)
    assert registry.resolve("MC suite").id == "Mission Control"
    assert registry.resolve("Mission Control").kind == "system"
    assert package_registry().resolve("Mission Control").kind == "software"


@pytest.mark.parametrize(
    ("text", "line", "problem"),
    [
        ('[[entity]]\nname = "X1"\nkind = "chip"\n[[entity]\n', 4, "not valid TOML"),
        ('[[entity]]\nname = "X1"\nkind = "chip"\ncolour = "red"\n', 4, "unknown key 'colour'"),
        ('[[entity]]\nname = "X1"\nkind = "chipset"\n', 3, "unknown kind 'chipset'"),
        ('[[entity]]\nname = "X1"\n', 1, "new entity 'X1' needs a kind"),
        ('[[entity]]\nname = "X1"\nkind = "chip"\nparent = "Nowhere"\n', 4, "parent 'Nowhere' is not a known entity"),
        ('[[entity]]\nname = "X1"\nkind = "chip"\n\n[[entity]]\nname = "X1"\nkind = "chip"\n', 6, "already defined on line 2"),
        ('[[entity]]\nname = "X1"\nkind = "chip"\naliases = ["Y"]\n[[entity]]\nname = "X2"\nkind = "chip"\naliases = ["y"]\n', 8, "alias 'y' already names 'X1'"),
        ('[[entity]]\nname = "X1"\nkind = "chip"\naliases = "Y"\n', 4, "'aliases' must be a list"),
        ('[[entity]]\nkind = "chip"\n', 1, "an entity needs a name"),
        ('[chips]\nname = "X1"\n', 1, "unknown table or key 'chips'"),
    ],
)
def test_a_mistake_names_the_file_the_line_and_the_problem(tmp_path: Path, text: str, line: int, problem: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(EntitiesFileError) as raised:
        read_entities_file(path)
    message = str(raised.value)
    assert message.startswith(f"{path}:{line}: "), message
    assert problem in message
    assert "\n" not in message


def test_a_missing_file_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(EntitiesFileError, match="cannot read it"):
        read_entities_file(tmp_path / "absent.toml")
