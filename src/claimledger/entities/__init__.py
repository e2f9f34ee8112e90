"""Entities: what figures are about, who states them and what they are measured on.

An entity has a kind (organisation, product family, system, chip, cloud
instance, model, software, component, benchmark), a parent (a system's chip,
a chip's family or maker, a product's maker organisation) and aliases in both
languages. The package's entities come from `data/entities.toml`; a user's own
file (`--entities PATH`, `feeds/entities.toml`) adds and corrects them; names
the extractor recognises by shape are entities of origin "seen".

Ids are canonical names: "GB200 NVL72", "NVIDIA", "MLPerf Inference".
"""

from claimledger.entities.model import KINDS, Entity
from claimledger.entities.registry import Registry, package_registry
from claimledger.entities.user_file import EntitiesFileError, load_registry, read_entities_file

__all__ = [
    "KINDS",
    "EntitiesFileError",
    "Entity",
    "Registry",
    "load_registry",
    "package_registry",
    "read_entities_file",
]
