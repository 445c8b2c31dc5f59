"""PHH (Poker Hand History) reader and writer: one hand's TOML text <-> :class:`PhhHand`.

Pure: takes and returns ``str``; the caller reads and writes files. The reader keeps every
field floorman uses, typed, and every other field as frozen metadata so the writer gives it
back. Numbers stay exact: integral values become ``int``, others :class:`~decimal.Decimal`
(``10112.5``; ``inf`` for an unknown stack). Malformed input raises
:class:`~floorman.domain.errors.InvalidArgument` naming the field (``antes``, ``actions[7]``);
a hand of a game floorman does not play parses normally and reports ``supported == False``.
More players (per-player arrays) or actions than any seed game's hand holds
(:mod:`floorman.domain.history.limits`) is one problem, and the array is not read item by
item.

Format: the PHH specification (``uoftcprg/phh-std``), its variant codes plus floorman's house
codes (:mod:`floorman.domain.history.phh_variants`). :func:`phh_to_hand` / :func:`map_phh`
(from :mod:`floorman.domain.history.phh_mapping`) turn a parsed hand into floorman's
HandConfig and events.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from decimal import Decimal
from typing import Final

from floorman.domain.errors import FieldViolation, InvalidArgument
from floorman.domain.history.amounts import Amount, normalize_amount
from floorman.domain.history.limits import (
    MAX_AMOUNT,
    MAX_HAND_EVENTS,
    MAX_SEATS,
    beyond_amount_limit,
    too_deep,
    too_many,
)
from floorman.domain.history.phh_actions import (
    CardTextError,
    PhhAction,
    PhhVerb,
    format_phh_action,
    parse_phh_action,
    parse_phh_actions,
)
from floorman.domain.history.phh_currency import UNITS_FIELD, to_minor, to_written, written_scale
from floorman.domain.history.phh_mapping import PhhMapping, map_phh, phh_config, phh_to_hand
from floorman.domain.history.phh_model import PhhHand
from floorman.domain.history.phh_variants import PhhVariant, variant_for
from floorman.domain.history.toml_read import load_toml
from floorman.domain.history.toml_values import freeze, toml_key, toml_string, toml_value

__all__ = [
    "PhhAction",
    "PhhHand",
    "PhhMapping",
    "PhhVariant",
    "PhhVerb",
    "dump_phh",
    "format_phh_action",
    "map_phh",
    "parse_phh",
    "parse_phh_action",
    "phh_config",
    "phh_to_hand",
]

_TYPED_FIELDS: Final = frozenset((
    "variant", "ante_trimming_status", "antes", "blinds_or_straddles", "bring_in",
    "small_bet", "big_bet", "min_bet", "starting_stacks", "actions", "hand", "players",
    "seats", "seat_count", "finishing_stacks", "winnings",
))  # fmt: skip
_SIZES: Final = ("bring_in", "small_bet", "big_bet", "min_bet")
_PER_PLAYER: Final = ("antes", "blinds_or_straddles", "finishing_stacks", "winnings")
_STR_ONLY: Final = frozenset({str})
_INT_ONLY: Final = frozenset({int})
_FROZEN_AS_READ: Final = frozenset({str, int, bool})
"""The TOML value types :func:`~floorman.domain.history.toml_values.freeze` returns as they
are (``bool`` and ``int`` exactly, not subclasses)."""


def parse_phh(text: str) -> PhhHand:
    """Parse the TOML text of one PHH hand.

    Args:
        text: the file's text (a ``str``; decode the bytes as UTF-8 first).

    Returns:
        The hand, with every action parsed into a :class:`PhhAction`.

    Raises:
        InvalidArgument: every problem found, each naming its field (``phh`` for TOML syntax,
            ``variant``, ``antes``, ``actions[i]`` ...); malformed cards carry the rule
            ``card.malformed``, other shape problems no rule.
    """
    if (deep := too_deep(text, toml=True)) is not None:
        raise InvalidArgument.single("phh", "", deep)
    try:
        data = load_toml(text)
    except tomllib.TOMLDecodeError as exc:
        raise InvalidArgument.single("phh", "", f"not valid TOML: {exc}") from None
    return _Reader(data).read()


def parse_phhs(text: str) -> list[PhhHand]:
    """Parse a ``.phhs`` file: several hands, each a TOML table ``[1]``, ``[2]`` ... (the
    PHH specification's multi-hand file, as pokerkit's ``HandHistory.dumps_all`` writes it).

    Returns:
        The hands in file order.

    Raises:
        InvalidArgument: TOML syntax (``phhs``), a section that is not a table, or the
            problems of a hand, each field named under its section (``[2].antes``).
    """
    if (deep := too_deep(text, toml=True)) is not None:
        raise InvalidArgument.single("phhs", "", deep)
    try:
        data = load_toml(text)
    except tomllib.TOMLDecodeError as exc:
        raise InvalidArgument.single("phhs", "", f"not valid TOML: {exc}") from None
    hands: list[PhhHand] = []
    problems: list[FieldViolation] = []
    for key, section in data.items():
        if not isinstance(section, dict):
            problems.append(FieldViolation(f"[{key}]", "", "a hand is a TOML table [N]"))
            continue
        try:
            hands.append(_Reader(section).read())
        except InvalidArgument as error:
            problems += [
                FieldViolation(f"[{key}].{v.field}", v.rule, v.message) for v in error.violations
            ]
    if problems:
        raise InvalidArgument(problems)
    return hands


class _Reader:
    """Validates the decoded TOML table field by field, collecting every violation."""

    def __init__(self, data: dict[str, object]) -> None:
        self.data = data
        self.problems: list[FieldViolation] = []

    def bad(self, field: str, message: str, rule: str = "") -> None:
        self.problems.append(FieldViolation(field, rule, message))

    def read(self) -> PhhHand:
        variant = self._variant()
        stacks = self._amounts("starting_stacks", required=True, positive=True) or ()
        raw_stacks = self.data.get("starting_stacks")
        crowded = isinstance(raw_stacks, list) and len(raw_stacks) > MAX_SEATS
        if "starting_stacks" in self.data and not stacks:
            if not crowded and isinstance(raw_stacks, list):
                self.bad("starting_stacks", "at least one player is needed")
            # no player count: every per-player field and action would only echo it
            raise InvalidArgument(self.problems)
        count = len(stacks)
        known_count = count if "starting_stacks" in self.data else None
        antes, blinds, finishing, winnings = [  # in _PER_PLAYER's order: the problems' order
            self._amounts(name, required=False, count=known_count) for name in _PER_PLAYER
        ]
        bring_in, small_bet, big_bet, min_bet = [self._size(name) for name in _SIZES]
        if variant is not None:
            self._check_presence(variant)
        hand = PhhHand(
            variant=variant.code if variant is not None else "",
            antes=antes or (),
            starting_stacks=stacks,
            actions=self._actions(count),
            blinds_or_straddles=blinds,
            bring_in=bring_in,
            small_bet=small_bet,
            big_bet=big_bet,
            min_bet=min_bet,
            ante_trimming_status=self._bool("ante_trimming_status"),
            hand=self._hand_name(),
            players=self._players(count),
            seats=self._seats(count),
            seat_count=self._seat_count(),
            finishing_stacks=finishing,
            winnings=winnings,
            metadata=self._metadata(),
        )
        if hand.seats and hand.seat_count is not None and max(hand.seats) > hand.seat_count:
            self.bad("seat_count", f"{hand.seat_count} seats, but seat {max(hand.seats)}")
        units = self.data.get(UNITS_FIELD)
        if units is not None and not (
            _is_int(units) and units > 0 and str(units).rstrip("0") == "1"
        ):
            self.bad(UNITS_FIELD, f"{units!r} is not a power of ten (minor units per unit)")
            units = None
        if self.problems:
            raise InvalidArgument(self.problems)
        return to_minor(hand, written_scale(self.data.get("currency"), units))

    def _variant(self) -> PhhVariant | None:
        code = self.data.get("variant")
        if not isinstance(code, str):
            self.bad("variant", "variant is required (a string such as 'F7S')")
            return None
        variant = variant_for(code)
        if variant is None:
            self.bad("variant", f"unknown PHH variant code {code!r}")
        return variant

    def _check_presence(self, variant: PhhVariant) -> None:
        required = _required_fields(variant)
        for name in _PRESENCE_CHECKED:
            present = name in self.data
            if name in required and not present:
                self.bad(name, f"{name} is required for variant {variant.code}")
            elif name not in required and present:
                self.bad(name, f"{name} is not a field of variant {variant.code}")
        if "actions" not in self.data:
            self.bad("actions", "actions is required")

    def _number(
        self, name: str, value: object, *, positive: bool = False, index: int = -1
    ) -> Amount | None:
        """``value`` as an amount; a problem is reported on ``name`` (``name[index]`` for an
        array item; the path is formatted only then)."""
        if type(value) is int and (0 < value <= MAX_AMOUNT or (value == 0 and not positive)):
            return value  # the common case, decided without the checks below
        field = name if index < 0 else f"{name}[{index}]"
        if isinstance(value, bool) or not isinstance(value, int | Decimal):
            self.bad(field, f"{value!r} is not a number")
            return None
        try:
            amount = normalize_amount(value)
        except ValueError as exc:
            self.bad(field, str(exc))
            return None
        if amount < 0 or (positive and amount == 0):
            self.bad(field, f"{amount} must be {'positive' if positive else 'non-negative'}")
            return None
        if problem := beyond_amount_limit(amount):
            self.bad(field, problem)
            return None
        return amount

    def _amounts(
        self, name: str, *, required: bool, count: int | None = None, positive: bool = False
    ) -> tuple[Amount, ...] | None:
        if name not in self.data:
            if required:
                self.bad(name, f"{name} is required")
            return None
        raw = self.data[name]
        if not isinstance(raw, list):
            self.bad(name, f"{name} must be an array of numbers")
            return None
        if problem := too_many(len(raw), MAX_SEATS, "players"):
            self.bad(name, problem)  # not read one by one: a hostile file costs little
            return None
        if count is not None and len(raw) != count:
            self.bad(name, f"{len(raw)} values for {count} players (starting_stacks)")
        if (  # the common case: whole numbers within the limits, each as _number gives it
            raw
            and set(map(type, raw)) == _INT_ONLY
            and min(raw) >= (1 if positive else 0)
            and max(raw) <= MAX_AMOUNT
        ):
            return tuple(raw)
        values = [self._number(name, v, positive=positive, index=i) for i, v in enumerate(raw)]
        return tuple(v if v is not None else 0 for v in values)

    def _size(self, name: str) -> Amount | None:
        if name not in self.data:
            return None
        return self._number(name, self.data[name], positive=True)

    def _bool(self, name: str) -> bool:
        value = self.data.get(name, False)
        if not isinstance(value, bool):
            self.bad(name, f"{name} must be true or false")
            return False
        return value

    def _hand_name(self) -> int | str | None:
        value = self.data.get("hand")
        if value is None or isinstance(value, str) or _is_int(value):
            return value
        self.bad("hand", "hand must be an integer or a string")
        return None

    def _players(self, count: int) -> tuple[str, ...] | None:
        return self._list("players", count, lambda v: isinstance(v, str), "a string", _all_str)

    def _seats(self, count: int) -> tuple[int, ...] | None:
        seats = self._list(
            "seats", count, lambda v: _is_int(v) and v > 0, "a positive integer", _all_positive
        )
        if seats is not None and len(set(seats)) != len(seats):
            self.bad("seats", "a seat number appears twice")
        return seats

    def _seat_count(self) -> int | None:
        value = self.data.get("seat_count")
        if value is None:
            return None
        if not _is_int(value) or value <= 0:
            self.bad("seat_count", "seat_count must be a positive integer")
            return None
        return value

    def _list(
        self,
        name: str,
        count: int,
        valid: Callable[[object], bool],
        what: str,
        all_valid: Callable[[list], bool],
    ) -> tuple | None:
        """The array ``name`` as a tuple; each item not ``valid`` is a problem.
        ``all_valid(array)`` is True only when every item is ``valid`` (one pass)."""
        raw = self.data.get(name)
        if raw is None:
            return None
        if not isinstance(raw, list):
            self.bad(name, f"{name} must be an array")
            return None
        if len(raw) != count:
            self.bad(name, f"{len(raw)} values for {count} players (starting_stacks)")
        if all_valid(raw):
            return tuple(raw)
        for i, value in enumerate(raw):
            if not valid(value):
                self.bad(f"{name}[{i}]", f"{value!r} is not {what}")
        return tuple(raw)

    def _actions(self, count: int) -> tuple[PhhAction, ...]:
        raw = self.data.get("actions", [])
        if not isinstance(raw, list):
            self.bad("actions", "actions must be an array of strings")
            return ()
        if problem := too_many(len(raw), MAX_HAND_EVENTS, "actions"):
            self.bad("actions", problem)  # not read one by one: a hostile file costs little
            return ()
        if set(map(type, raw)) <= _STR_ONLY:  # the common case, read in one pass
            try:
                parsed, highest = parse_phh_actions(raw)
            except ValueError:
                pass  # the loop below names every problem
            else:
                if highest <= count:
                    return parsed
        actions = []
        for i, text in enumerate(raw):
            if not isinstance(text, str):
                self.bad(f"actions[{i}]", f"{text!r} is not a string")
                continue
            try:
                action = parse_phh_action(text)
            except CardTextError as exc:
                self.bad(f"actions[{i}]", str(exc), "card.malformed")
                continue
            except ValueError as exc:
                self.bad(f"actions[{i}]", str(exc))
                continue
            if action.actor > count or action.player > count:
                for number in {action.actor, action.player} - {0}:
                    if number > count:
                        self.bad(
                            f"actions[{i}]", f"p{number} in {text!r}, but there are {count} players"
                        )
            actions.append(action)
        return tuple(actions)

    def _metadata(self) -> tuple[tuple[str, object], ...]:
        plain = _FROZEN_AS_READ
        return tuple(
            [
                (key, value if type(value) in plain else freeze(value))
                for key, value in self.data.items()
                if key not in _TYPED_FIELDS
            ]
        )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _all_str(values: list) -> bool:
    return set(map(type, values)) <= _STR_ONLY


def _all_positive(values: list) -> bool:
    return not values or (set(map(type, values)) == _INT_ONLY and min(values) > 0)


_PRESENCE_CHECKED: Final = ("antes", "blinds_or_straddles", *_SIZES)
_REQUIRED: dict[str, frozenset[str]] = {}
"""Variant code -> its required fields (a constant of the variant table, read once)."""


def _required_fields(variant: PhhVariant) -> frozenset[str]:
    required = _REQUIRED.get(variant.code)
    if required is None:
        required = _REQUIRED[variant.code] = frozenset(variant.required_fields)
    return required


def dump_phh(hand: PhhHand) -> str:
    """The PHH (TOML) text of ``hand``; :func:`parse_phh` reads it back to an equal hand.
    Amounts are written in the file's currency units (minor units / ``minor_units_per_unit``).

    Fields are written required ones first (in the specification's order), then the typed
    optional fields, then the metadata; one action per line.

    Raises:
        ValueError: when the hand holds something PHH cannot express (an unknown variant
            code, a ``cbr`` without an amount).
    """
    hand.variant_info  # noqa: B018 -- raises ValueError for an unknown code
    hand = to_written(hand)  # minor units -> the numbers of the file's currency
    lines = [f"variant = {toml_string(hand.variant)}"]
    lines.append(f"ante_trimming_status = {toml_value(hand.ante_trimming_status)}")
    lines.append(f"antes = {toml_value(hand.antes)}")
    optional_required = (
        ("blinds_or_straddles", hand.blinds_or_straddles),
        ("bring_in", hand.bring_in),
        ("small_bet", hand.small_bet),
        ("big_bet", hand.big_bet),
        ("min_bet", hand.min_bet),
    )
    lines += [f"{name} = {toml_value(v)}" for name, v in optional_required if v is not None]
    lines.append(f"starting_stacks = {toml_value(hand.starting_stacks)}")
    lines.append("actions = [")
    lines += [f"  {toml_string(format_phh_action(a))}," for a in hand.actions]
    lines.append("]")
    optional = (
        ("hand", hand.hand),
        ("players", hand.players),
        ("seats", hand.seats),
        ("seat_count", hand.seat_count),
        ("finishing_stacks", hand.finishing_stacks),
        ("winnings", hand.winnings),
    )
    lines += [f"{name} = {toml_value(v)}" for name, v in optional if v is not None]
    lines += [f"{toml_key(k)} = {toml_value(v)}" for k, v in hand.metadata]
    return "\n".join(lines) + "\n"
