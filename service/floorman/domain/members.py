"""Every member of the domain's shared enums as a module global, for the hot loops.

``Phase.BETTING`` is an attribute lookup that goes through ``EnumType.__getattr__``'s slow
path (~8x a global load); ``PHASE_BETTING``, imported by name into the module that reads it
(``from floorman.domain.members import PHASE_BETTING``), is one global load. The engine, the
PHH mapper, settlement and audit compare phases, action types and forced-bet kinds on every
step, so they read these names instead of ``Enum.MEMBER``; each alias *is* its member
(``PHASE_BETTING is Phase.BETTING``, checked by ``tests/domain/test_enum_aliases.py``).

The same enums (and the PHH verbs, the audit's status and format) hash by identity
(``__hash__ = object.__hash__``): ``Enum.__hash__`` is a Python function (``hash(self._name_)``)
run for every dict key and set member (``GAMES[game]``, ``kind in _AGGRESSIVE``), ~2.5x the
C-level identity hash. Members are singletons compared by identity, so equality is unchanged.

Naming: ``<PREFIX>_<MEMBER>``, one prefix an enum (table below). The enums come from leaf
modules only (:mod:`~floorman.domain.model`, :mod:`~floorman.domain.games`), so any module of
the domain may import this one without an import cycle. The PHH verbs' aliases stand beside
:class:`~floorman.domain.history.phh_actions.PhhVerb` (the history package is no leaf: the
engine must not load it).

====================  ==========================================
prefix                enum
====================  ==========================================
``ACTION_``           :class:`~floorman.domain.model.ActionType`
``STRUCTURE_``        :class:`~floorman.domain.model.BettingStructure`
``KIND_``             :class:`~floorman.domain.model.ForcedBetKind`
``PHASE_``            :class:`~floorman.domain.model.Phase`
``OPENER_``           :class:`~floorman.domain.games.Opener`
``SIDE_``             :class:`~floorman.domain.games.PotSide`
``BRING_IN_CARD_``    :class:`~floorman.domain.games.BringInCard`
``EXPOSED_ORDER_``    :class:`~floorman.domain.games.ExposedOrder`
====================  ==========================================
"""

from __future__ import annotations

from typing import Final

from floorman.domain.games import BringInCard, ExposedOrder, Opener, PotSide
from floorman.domain.model import ActionType, BettingStructure, ForcedBetKind, Phase

ACTION_FOLD: Final = ActionType.FOLD
ACTION_CHECK: Final = ActionType.CHECK
ACTION_CALL: Final = ActionType.CALL
ACTION_BET: Final = ActionType.BET
ACTION_RAISE: Final = ActionType.RAISE
ACTION_BRING_IN: Final = ActionType.BRING_IN
ACTION_COMPLETE: Final = ActionType.COMPLETE
ACTION_DRAW: Final = ActionType.DRAW
ACTION_SHOW: Final = ActionType.SHOW
ACTION_MUCK: Final = ActionType.MUCK

STRUCTURE_FIXED_LIMIT: Final = BettingStructure.FIXED_LIMIT
STRUCTURE_POT_LIMIT: Final = BettingStructure.POT_LIMIT
STRUCTURE_NO_LIMIT: Final = BettingStructure.NO_LIMIT

KIND_ANTE: Final = ForcedBetKind.ANTE
KIND_SMALL_BLIND: Final = ForcedBetKind.SMALL_BLIND
KIND_BIG_BLIND: Final = ForcedBetKind.BIG_BLIND
KIND_DEAD_BLIND: Final = ForcedBetKind.DEAD_BLIND
KIND_BRING_IN: Final = ForcedBetKind.BRING_IN
KIND_STRADDLE: Final = ForcedBetKind.STRADDLE
KIND_BIG_BLIND_ANTE: Final = ForcedBetKind.BIG_BLIND_ANTE

PHASE_DEALING: Final = Phase.DEALING
PHASE_BETTING: Final = Phase.BETTING
PHASE_DRAWING: Final = Phase.DRAWING
PHASE_SHOWDOWN: Final = Phase.SHOWDOWN
PHASE_COMPLETE: Final = Phase.COMPLETE

OPENER_LEFT_OF_BIG_BLIND: Final = Opener.LEFT_OF_BIG_BLIND
OPENER_LEFT_OF_BUTTON: Final = Opener.LEFT_OF_BUTTON
OPENER_BRING_IN: Final = Opener.BRING_IN
OPENER_BEST_EXPOSED: Final = Opener.BEST_EXPOSED

SIDE_HIGH: Final = PotSide.HIGH
SIDE_HIGH_7A: Final = PotSide.HIGH_7A
SIDE_LOW_A5: Final = PotSide.LOW_A5
SIDE_LOW_8: Final = PotSide.LOW_8
SIDE_LOW_27: Final = PotSide.LOW_27
SIDE_BADUGI: Final = PotSide.BADUGI

BRING_IN_CARD_LOWEST_ACE_HIGH: Final = BringInCard.LOWEST_ACE_HIGH
BRING_IN_CARD_HIGHEST_ACE_LOW: Final = BringInCard.HIGHEST_ACE_LOW

EXPOSED_ORDER_HIGH: Final = ExposedOrder.HIGH
EXPOSED_ORDER_LOW: Final = ExposedOrder.LOW
