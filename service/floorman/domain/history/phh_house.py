"""floorman's user-defined PHH fields: what a table's hand needs and PHH cannot say.

The PHH specification lets an annotator add fields whose names start with ``_`` (readers
ignore them). floorman's exporter writes these, and :func:`apply_house_fields` (called by
:func:`~floorman.domain.history.phh.phh_config`) reads them back, so an exported hand maps
to the configuration it was played with:

========================= ===========================================================
``_hand_id``              the table log's hand id (string)
``_table_id``             the table id (string)
``_currency``             ISO code of a money table; every amount is in MINOR units
``_player_ids``           player ids in player order, when they differ from ``players``
``_button_seat``          the button (draw) or fixed dealer position (stud), when the
                          player order alone does not give it (``pN``'s seat)
``_forced_bets``          the explicit forced bets, ``[{seat, kind, amount, dead}]``; their
                          per-player dead and live amounts must equal ``antes`` and
                          ``blinds_or_straddles``
``_rake_policy``          ``{percent_bps, increment, cap, no_rake_first_round}`` (rake
                          policies in force; without it the hand has none)
``_rake``                 the rake the hand paid (minor units; informational)
``_odd_chip_unit``        ``Stakes.odd_chip_unit`` when not 1
``_whole_unit``           ``Stakes.whole_unit`` when not 100
``_uncapped_heads_up``    ``true`` when the fixed-limit cap is lifted heads-up
========================= ===========================================================

Burn cards have no PHH action: the exporter writes each as a no-op whose commentary is
``burn CARDS`` (``"# burn 7c"``), which :func:`burn_cards` reads back. A hand turned face up
after an all-in (TDA, RULES.md "Showdown order") needs no SHOW in floorman, but PHH readers
award a pot only to shown hands: the exporter writes ``pK sm CARDS # exposed`` for each, and
for the last hand left at a showdown (it wins without showing); the mapping drops those
that show nothing new once the hand is over.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import Final

from floorman.domain.cards import Card, card_str
from floorman.domain.errors import FieldViolation, InvalidArgument
from floorman.domain.history.amounts import parse_card_run
from floorman.domain.history.phh_model import PhhHand
from floorman.domain.history.toml_values import TomlTable
from floorman.domain.members import KIND_ANTE, KIND_BIG_BLIND_ANTE, KIND_DEAD_BLIND
from floorman.domain.model import ForcedBet, ForcedBetKind, HandConfig, RakePolicy, SeatState

EXPOSED: Final = "exposed"
"""The commentary of a show written for a hand turned face up after an all-in."""
_BURN: Final = re.compile(r"^burn ([2-9TJQKA?][cdhs?])+$")
_RAKE_FIELDS: Final = ("percent_bps", "increment", "cap", "no_rake_first_round")
_DEAD_KINDS: Final = (KIND_ANTE, KIND_DEAD_BLIND, KIND_BIG_BLIND_ANTE)
_KNOWN: Final = (  # the fields that change the configuration
    "_player_ids",
    "_button_seat",
    "_forced_bets",
    "_rake_policy",
    "_odd_chip_unit",
    "_whole_unit",
    "_uncapped_heads_up",
)


def is_dead(bet: ForcedBet) -> bool:
    """True when ``bet`` goes to the pot without counting as a bet (ante, big-blind ante,
    dead blind)."""
    return bet.kind in _DEAD_KINDS or bet.dead


def burn_commentary(cards: tuple[Card | None, ...]) -> str:
    """The commentary of a no-op standing for a burn: ``burn 7c`` (``??`` when unknown)."""
    return "burn " + "".join(card_str(card) for card in cards)


def burn_cards(commentary: str | None) -> tuple[Card | None, ...] | None:
    """The cards of a ``burn CARDS`` commentary, or ``None`` when it is something else."""
    if commentary is None or not _BURN.match(commentary.strip()):
        return None
    try:
        return parse_card_run(commentary.strip()[len("burn ") :])
    except ValueError:
        return None


def forced_bet_table(bet: ForcedBet) -> TomlTable:
    """One ``_forced_bets`` entry."""
    return TomlTable(
        (("seat", bet.seat), ("kind", bet.kind.value), ("amount", bet.amount), ("dead", bet.dead))
    )


def rake_policy_table(policy: RakePolicy) -> TomlTable:
    """The ``_rake_policy`` value."""
    return TomlTable(tuple((name, getattr(policy, name)) for name in _RAKE_FIELDS))


def apply_house_fields(phh: PhhHand, config: HandConfig) -> HandConfig:
    """``config`` with what floorman's user-defined fields add (see the module table).

    Args:
        phh: the parsed hand (its ``metadata`` holds the user-defined fields).
        config: the configuration mapped from the standard fields.

    Returns:
        The configuration with the player ids, button, explicit forced bets, rake policy,
        odd-chip and whole units and the heads-up cap option of the user-defined fields.

    Raises:
        InvalidArgument: a malformed user-defined field (field ``_forced_bets`` ...), or
            ``_forced_bets`` that disagree with ``antes`` / ``blinds_or_straddles``.
    """
    fields = dict(phh.metadata)
    if not any(key in fields for key in _KNOWN):
        return config
    reader = _HouseReader(fields, config)
    changes = reader.read(phh)
    if reader.problems:
        raise InvalidArgument(reader.problems)
    return dataclasses.replace(config, **changes)


class _HouseReader:
    """Reads and checks the user-defined fields, collecting every problem."""

    def __init__(self, fields: Mapping[str, object], config: HandConfig) -> None:
        self.fields = fields
        self.config = config
        self.problems: list[FieldViolation] = []

    def bad(self, field: str, message: str) -> None:
        self.problems.append(FieldViolation(field, "", message))

    def integer(self, field: str, value: object, *, minimum: int = 0) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            self.bad(field, f"{value!r} is not an integer >= {minimum}")
            return None
        return value

    def read(self, phh: PhhHand) -> dict[str, object]:
        changes: dict[str, object] = {}
        fields = self.fields
        seats = tuple(seat.seat for seat in self.config.seats)
        if "_player_ids" in fields:
            changes["seats"] = self._player_ids(fields["_player_ids"])
        if "_button_seat" in fields:
            button = self.integer("_button_seat", fields["_button_seat"])
            if button is not None:
                changes["button_seat"] = button
        if "_forced_bets" in fields:
            changes["forced_bets"] = self._forced_bets(fields["_forced_bets"], phh, seats)
        if "_rake_policy" in fields:
            changes["rake"] = self._rake(fields["_rake_policy"])
        stakes = {}
        for name, minimum in (("odd_chip_unit", 1), ("whole_unit", 1)):
            if f"_{name}" in fields:
                value = self.integer(f"_{name}", fields[f"_{name}"], minimum=minimum)
                if value is not None:
                    stakes[name] = value
        if stakes:
            changes["stakes"] = dataclasses.replace(self.config.stakes, **stakes)
        if "_uncapped_heads_up" in fields:
            value = fields["_uncapped_heads_up"]
            if not isinstance(value, bool):
                self.bad("_uncapped_heads_up", "must be true or false")
            else:
                changes["uncapped_heads_up"] = value
        return changes

    def _player_ids(self, value: object) -> tuple[SeatState, ...]:
        seats = self.config.seats
        if not isinstance(value, tuple) or len(value) != len(seats):
            self.bad("_player_ids", f"an array of {len(seats)} strings is expected")
            return seats
        if not all(isinstance(item, str) for item in value):
            self.bad("_player_ids", "every player id is a string")
            return seats
        return tuple(
            dataclasses.replace(seat, player_id=player_id)
            for seat, player_id in zip(seats, value, strict=True)
        )

    def _forced_bets(
        self, value: object, phh: PhhHand, seats: tuple[int, ...]
    ) -> tuple[ForcedBet, ...]:
        if not isinstance(value, tuple):
            self.bad("_forced_bets", "an array of inline tables is expected")
            return self.config.forced_bets
        bets: list[ForcedBet] = []
        for i, item in enumerate(value):
            bet = self._forced_bet(f"_forced_bets[{i}]", item, seats)
            if bet is not None:
                bets.append(bet)
        if len(bets) == len(value):
            self._check_against_standard(tuple(bets), phh, seats)
        return tuple(bets)

    def _forced_bet(self, field: str, item: object, seats: tuple[int, ...]) -> ForcedBet | None:
        if not isinstance(item, TomlTable):
            self.bad(field, "an inline table {seat, kind, amount, dead} is expected")
            return None
        data = dict(item.items)
        seat = self.integer(f"{field}.seat", data.get("seat"), minimum=1)
        amount = self.integer(f"{field}.amount", data.get("amount"), minimum=1)
        try:
            kind = ForcedBetKind(data.get("kind"))
        except ValueError:
            self.bad(f"{field}.kind", f"{data.get('kind')!r} is not a forced bet kind")
            return None
        dead = data.get("dead", False)
        if not isinstance(dead, bool):
            self.bad(f"{field}.dead", "must be true or false")
            return None
        if seat is None or amount is None:
            return None
        if seat not in seats:
            self.bad(f"{field}.seat", f"seat {seat} is not dealt in")
            return None
        return ForcedBet(seat=seat, kind=kind, amount=amount, dead=dead)

    def _check_against_standard(
        self, bets: tuple[ForcedBet, ...], phh: PhhHand, seats: tuple[int, ...]
    ) -> None:
        """The forced bets must post, player by player, what the standard arrays say."""
        dead = dict.fromkeys(seats, 0)
        live = dict.fromkeys(seats, 0)
        for bet in bets:
            (dead if is_dead(bet) else live)[bet.seat] += bet.amount
        standard_dead = player_values(phh.antes, seats)
        standard_live = player_values(phh.blinds_or_straddles or (0,) * len(seats), seats)
        if standard_dead != dead or standard_live != live:
            self.bad(
                "_forced_bets",
                f"dead {dead} and live {live} posts disagree with antes {standard_dead} and "
                f"blinds_or_straddles {standard_live}",
            )

    def _rake(self, value: object) -> RakePolicy:
        if not isinstance(value, TomlTable):
            self.bad("_rake_policy", "an inline table is expected")
            return self.config.rake
        data = dict(value.items)
        out: dict[str, object] = {}
        for name in _RAKE_FIELDS[:3]:
            number = self.integer(f"_rake_policy.{name}", data.get(name, 0))
            out[name] = number or 0
        flag = data.get("no_rake_first_round", False)
        if not isinstance(flag, bool):
            self.bad("_rake_policy.no_rake_first_round", "must be true or false")
            flag = False
        return RakePolicy(no_rake_first_round=flag, **out)  # type: ignore[arg-type]


def player_values(values: tuple, seats: tuple[int, ...]) -> dict[int, object]:
    """seat -> value of a per-player PHH array (heads-up arrays list p2 first, as PHH does)."""
    ordered = tuple(values)[::-1] if len(seats) == 2 else tuple(values)
    return dict(zip(seats, ordered, strict=False))


def per_player(values_by_seat: Mapping[int, int], order: tuple[int, ...]) -> tuple[int, ...]:
    """A per-player PHH array from seat values, ``order`` being p1..pN (heads-up: reversed,
    as PHH writes antes and blinds)."""
    values = tuple(values_by_seat.get(seat, 0) for seat in order)
    return values[::-1] if len(order) == 2 else values
