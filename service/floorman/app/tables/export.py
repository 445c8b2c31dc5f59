"""ExportHandHistory: a settled hand as PHH, Open Hand History JSON or PokerStars-style text.

The exporters live in :mod:`floorman.domain.history` (one module per format, each taking a
:class:`~floorman.domain.history.record.HandRecord`); a format whose module is not in this
build is :class:`FormatUnavailable` (the RPC answers UNIMPLEMENTED). Hole cards go into the
record as the caller may see them once the hand has ended (the exporters decide nothing
about secrecy).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from floorman.domain.errors import InvalidArgument, RuleViolation
from floorman.domain.history.record import HandRecord
from floorman.domain.table.hand import HandRun
from floorman.domain.table.redaction import Viewer, redact_event
from floorman.domain.table.rules import HAND_IN_PROGRESS
from floorman.domain.table.settings import TableSettings

EXPORTERS: Final = {
    # format -> (module, function, media type)
    "phh": ("floorman.domain.history.export_phh", "export_phh", "application/toml"),
    "ohh": ("floorman.domain.history.export_ohh", "export_ohh", "application/json"),
    "pokerstars": (
        "floorman.domain.history.export_pokerstars",
        "export_pokerstars",
        "text/plain",
    ),
}


class FormatUnavailable(Exception):
    """The hand-history exporter of a format is not available (UNIMPLEMENTED)."""


@dataclass(frozen=True, slots=True)
class Export:
    """A hand history: ``content`` text and its ``media_type``."""

    content: str
    media_type: str


def check_format(fmt: str) -> None:
    """Raises InvalidArgument ``format`` unless ``fmt`` is ``phh``, ``ohh`` or ``pokerstars``."""
    if fmt not in EXPORTERS:
        raise InvalidArgument.single("format", "", f"choose one of {sorted(EXPORTERS)}")


def export_run(
    run: HandRun, fmt: str, *, table_id: str, settings: TableSettings, viewer: Viewer
) -> Export:
    """The history of the settled hand ``run`` in ``fmt`` for ``viewer`` (the table's name,
    seat count and currency from ``settings``).

    Raises:
        InvalidArgument: an unknown format. RuleViolation ``hand.in_progress``: not settled.
        FormatUnavailable: the format's exporter is not in this build.
    """
    check_format(fmt)
    if not run.settled:
        raise RuleViolation(HAND_IN_PROGRESS, f"hand {run.number} is not settled yet")
    exporter, media_type = _exporter(fmt)
    return Export(
        exporter(hand_record(run, table_id=table_id, settings=settings, viewer=viewer)), media_type
    )


def export_session(
    runs: list[HandRun], fmt: str, *, table_id: str, settings: TableSettings, viewer: Viewer
) -> Export:
    """Every hand of ``runs`` (settled, in order) in one file of ``fmt``: OHH objects
    separated by one blank line (the OHH storage format, a ``.ohh`` file), PHH as a
    ``.phhs`` file (one ``[N]`` TOML section per hand, N from 1, blank lines between), the
    PokerStars hands one after another (each ends with blank lines); ``""`` for no hand.

    Raises:
        InvalidArgument: an unknown format. FormatUnavailable: no exporter in this build.
    """
    check_format(fmt)
    exporter, media_type = _exporter(fmt)
    texts = [
        exporter(hand_record(run, table_id=table_id, settings=settings, viewer=viewer))
        for run in runs
    ]
    if fmt == "ohh":
        content = "\n".join(texts)  # each text ends with a newline: one blank line between
    elif fmt == "phh":
        content = "\n".join(f"[{i}]\n{text}" for i, text in enumerate(texts, start=1))
    else:
        content = "".join(texts)
    return Export(content, media_type)


def _exporter(fmt: str) -> tuple[Callable[[HandRecord], str], str]:
    module_name, function_name, media_type = EXPORTERS[fmt]
    exporter = find_exporter(module_name, function_name)
    if exporter is None:
        raise FormatUnavailable(f"the {fmt} exporter is not available in this build")
    return exporter, media_type


def hand_record(
    run: HandRun, *, table_id: str, settings: TableSettings, viewer: Viewer
) -> HandRecord:
    """The exporters' input for a settled ``run``: hole cards as ``viewer`` may see them once
    the hand has ended, the table's name, seat count and currency."""
    public = run.public_cards()
    return HandRecord(
        hand_id=run.hand_id,
        hand_number=run.number,
        table_id=table_id,
        table_name=settings.name,
        started_at=run.started_at,
        config=run.config,
        events=tuple(
            redact_event(e, viewer=viewer, hand_over=True, public=public) for e in run.events
        ),
        player_names={s.seat: s.player_id for s in run.config.seats if s.player_id},
        currency=settings.currency_code,
        minor_units_per_unit=settings.currency.minor_units,
        table_size=settings.max_seats,
        mixed=mixed_name(settings),
    )


MIXED_NAMES: Final = {"horse": "HORSE", "eight_game": "8-Game"}
"""The header name of each named rotation (as PokerStars writes "HORSE (Razz Limit, ...)")."""


def mixed_name(settings: TableSettings) -> str:
    """The mixed-game name a hand history of this table carries (RULES.md "Mixed games"):
    ``"HORSE"``, ``"8-Game"``, ``"Dealer's Choice"``, ``"Mixed Games"`` for a custom list;
    ``""`` at a one-game table."""
    rotation = settings.rotation
    if rotation is None:
        return ""
    if rotation.dealers_choice:
        return "Dealer's Choice"
    return MIXED_NAMES.get(rotation.named, "Mixed Games")


def find_exporter(module_name: str, function_name: str) -> Callable[[HandRecord], str] | None:
    """The exporter function when its module is installed (exporters land separately)."""
    try:
        module = importlib.import_module(module_name)
    except ImportError:
        package = importlib.import_module("floorman.domain.history")
        return getattr(package, function_name, None)
    return getattr(module, function_name, None)
