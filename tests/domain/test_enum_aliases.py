"""The module-level enum member aliases of the hot modules (``_PHASE_BETTING`` for
``Phase.BETTING``: a global load is several times cheaper than ``Enum.MEMBER``) are the
members themselves."""

from __future__ import annotations

import importlib
import pkgutil
import re

import floorman.domain
from floorman.domain.audit.findings import AuditStatus, SourceFormat
from floorman.domain.engine.types import Phase
from floorman.domain.games import BringInCard, ExposedOrder, ForcedBets, Opener, PotSide
from floorman.domain.history.phh_actions import PhhVerb
from floorman.domain.model import ActionType, BettingStructure, ForcedBetKind

PREFIXES = {
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
_ALIAS = re.compile(rf"^_({'|'.join(sorted(PREFIXES, key=len, reverse=True))})_([A-Z0-9_]+)$")


def test_every_alias_is_its_enum_member() -> None:
    """Each ``_<ENUM>_<MEMBER>`` global of a domain module that names a member is that
    very member (``is``), so the rewritten comparisons mean what they meant."""
    checked = 0
    for info in pkgutil.walk_packages(floorman.domain.__path__, "floorman.domain."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            match = _ALIAS.match(name)
            if match is None:
                continue
            enum = PREFIXES[match.group(1)]
            member = enum.__members__.get(match.group(2))
            if member is None:
                continue  # an unrelated constant that happens to share the prefix
            assert value is member, f"{info.name}.{name}"
            checked += 1
    assert checked > 100
