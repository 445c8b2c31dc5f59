"""Open Hand History (OHH) JSON: writer, reader and mapping to floorman's model.

* :func:`export_ohh` -- a :class:`~floorman.domain.history.record.HandRecord` as OHH JSON
  (:mod:`floorman.domain.history.ohh_export`).
* :func:`parse_ohh` -- OHH text -> :class:`OhhHand` list, amounts in minor units, exact
  (:mod:`floorman.domain.history.ohh_reader`).
* :func:`ohh_to_hand` / :func:`map_ohh` -- an OHH hand -> ``(HandConfig, events)``
  (:mod:`floorman.domain.history.ohh_mapping`).

Pinned specification: PokerTracker's Open Hand History, version
:data:`~floorman.domain.history.ohh_model.SPEC_VERSION` (https://hh-specs.handhistory.org).
The specification has no stud or draw streets, no bring-in, no draw, no Razz and no house
games: floorman's mapping and extensions are documented in ``docs/hand-history-formats.md``.
Trap: an OHH ``Bet`` / ``Raise`` / ``Call`` amount is the chips ADDED by the action; a PHH
``cbr`` amount (and floorman's BET / RAISE / COMPLETE amount) is the raise-to total.
"""

from __future__ import annotations

from floorman.domain.history.ohh_export import export_ohh, record_to_ohh
from floorman.domain.history.ohh_mapping import map_ohh, ohh_config, ohh_to_hand
from floorman.domain.history.ohh_model import (
    SPEC_VERSION,
    OhhAction,
    OhhExtension,
    OhhHand,
    OhhPlayer,
    OhhPot,
    OhhRound,
    OhhWin,
)
from floorman.domain.history.ohh_reader import parse_ohh
from floorman.domain.history.stepper import HistoryMapping

__all__ = [
    "SPEC_VERSION",
    "HistoryMapping",
    "OhhAction",
    "OhhExtension",
    "OhhHand",
    "OhhPlayer",
    "OhhPot",
    "OhhRound",
    "OhhWin",
    "export_ohh",
    "map_ohh",
    "ohh_config",
    "ohh_to_hand",
    "parse_ohh",
    "record_to_ohh",
]
