"""The enum member aliases of the hot modules (``PHASE_BETTING`` for ``Phase.BETTING``: a
global load is several times cheaper than ``Enum.MEMBER``) are the members themselves.

They are defined once, in :mod:`floorman.domain.members` (the PHH verbs beside their enum in
:mod:`floorman.domain.history.phh_actions`), and imported by name where they are read."""

from __future__ import annotations

import enum
import importlib
import pkgutil
import re
import types

import pytest

import floorman.domain
from floorman.domain import members
from floorman.domain.audit.findings import AuditStatus, SourceFormat
from floorman.domain.games import BringInCard, ExposedOrder, ForcedBets, Opener, PotSide
from floorman.domain.history import phh_actions
from floorman.domain.history.phh_actions import PhhVerb
from floorman.domain.model import ActionType, BettingStructure, ForcedBetKind, Phase

PREFIXES: dict[str, type[enum.Enum]] = {
    "PHASE": Phase,
    "ACTION": ActionType,
    "STRUCTURE": BettingStructure,
    "VERB": PhhVerb,
    "KIND": ForcedBetKind,
    "OPENER": Opener,
    "SIDE": PotSide,
    "FORCED": ForcedBets,
    "BRING_IN_CARD": BringInCard,
    "EXPOSED_ORDER": ExposedOrder,
    "STATUS": AuditStatus,
    "FORMAT": SourceFormat,
}
_ALIAS = re.compile(rf"^_?({'|'.join(sorted(PREFIXES, key=len, reverse=True))})_([A-Z0-9_]+)$")
HOMES = {
    members: ("ACTION", "STRUCTURE", "KIND", "PHASE", "OPENER", "SIDE", "BRING_IN_CARD",
              "EXPOSED_ORDER"),
    phh_actions: ("VERB",),
}  # fmt: skip


def _aliases(module: types.ModuleType) -> dict[str, tuple[enum.Enum, object]]:
    """``name: (member, value)`` for each global of ``module`` named after a member."""
    found: dict[str, tuple[enum.Enum, object]] = {}
    for name, value in vars(module).items():
        match = _ALIAS.match(name)
        if match is None:
            continue
        member = PREFIXES[match.group(1)].__members__.get(match.group(2))
        if member is not None:  # else an unrelated constant that happens to share the prefix
            found[name] = (member, value)
    return found


@pytest.mark.parametrize("module", list(HOMES), ids=lambda m: m.__name__)
def test_the_shared_module_names_every_member_of_its_enums(module: types.ModuleType) -> None:
    """The shared module defines ``<PREFIX>_<MEMBER>`` for every member of each of its
    enums, and each is that very member (``is``)."""
    aliases = _aliases(module)
    for prefix in HOMES[module]:
        for name, member in PREFIXES[prefix].__members__.items():
            assert aliases.get(f"{prefix}_{name}", (None, None))[1] is member, f"{prefix}_{name}"


def test_every_alias_is_its_enum_member() -> None:
    """Each ``<ENUM>_<MEMBER>`` global of a domain module (imported from the shared module or,
    for an enum used in one module, its own) that names a member is that very member
    (``is``), so the comparisons mean what they say."""
    checked = 0
    for info in pkgutil.walk_packages(floorman.domain.__path__, "floorman.domain."):
        module = importlib.import_module(info.name)
        for name, (member, value) in _aliases(module).items():
            assert value is member, f"{info.name}.{name}"
            checked += 1
    assert checked > 100


def test_the_hot_modules_define_no_alias_of_a_shared_enum() -> None:
    """A shared enum's aliases are defined once: every other domain module imports them
    (the global is the shared module's own object, not a second definition)."""
    shared = "|".join(
        f"{prefix}_{name}"
        for prefixes in HOMES.values()
        for prefix in prefixes
        for name in PREFIXES[prefix].__members__
    )
    definition = re.compile(rf"^_?({shared})(: Final)? = ", re.M)
    for info in pkgutil.walk_packages(floorman.domain.__path__, "floorman.domain."):
        module = importlib.import_module(info.name)
        if module in HOMES:
            continue
        source = module.__loader__.get_source(info.name) or ""  # type: ignore[union-attr]
        match = definition.search(source)
        assert match is None, f"{info.name} defines {match.group(1)}"
