"""A validator of Open Hand History documents against the specification floorman pins.

Written from the specification's text (PokerTracker's Open Hand History,
https://hh-specs.handhistory.org, version :data:`SPEC_VERSION`; no JSON schema file is
published): its required fields and their types ("All fields are required unless otherwise
stated"), its enumerations of ``game_type``, ``bet_limit.bet_type``, ``round_obj.street`` and
``action_obj.action``, its card strings (rank then suit), "every hand must have one round 0
(Preflop)", "``Bet`` is not a valid pre-flop action", ``Shows Cards`` "should be included in
a Showdown round", and its storage format (one ``{"ohh": ...}`` object per hand, hands of a
file separated by one blank line). One policy of floorman's is checked too: a key the
specification does not define must carry the extension prefix (``floorman``).

Reusable for every game (other engineers apply it to hold'em and Omaha exports)::

    from tests.support.ohh_spec import assert_valid_ohh, assert_valid_ohh_file
    assert_valid_ohh(export_ohh(record), table_size=9)
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from decimal import Decimal
from typing import Any, Final

SPEC_VERSION: Final = "1.4.6"
"""The pinned specification version (``spec_version`` must equal it)."""
EXTENSION_PREFIX: Final = "floorman"

GAME_TYPES: Final = frozenset({"Holdem", "Omaha", "OmahaHiLo", "Stud", "StudHiLo", "Draw"})
BET_TYPES: Final = frozenset({"NL", "PL", "FL"})
STREETS: Final = frozenset({"Preflop", "Flop", "Turn", "River", "Showdown"})
ACTIONS: Final = frozenset(
    {
        "Dealt Cards", "Mucks Cards", "Shows Cards", "Post Ante", "Post SB", "Post BB",
        "Straddle", "Post Dead", "Post Extra Blind", "Fold", "Check", "Bet", "Raise", "Call",
        "Added Chips", "Sits Down", "Stands Up",
    }
)  # fmt: skip
CHIP_ACTIONS: Final = frozenset(
    {"Post Ante", "Post SB", "Post BB", "Straddle", "Post Dead", "Post Extra Blind"}
    | {"Bet", "Raise", "Call", "Added Chips"}
)
"""Actions that move chips: their ``amount`` is required."""

_CARD = re.compile(r"[AKQJT98765432][hsdc]")
_VERSION = re.compile(r"\d+\.\d+\.\d+")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?")

# field -> (type name, required)
_HAND_FIELDS: Final = {
    "spec_version": ("version", True),
    "site_name": ("string", True),
    "network_name": ("string", True),
    "internal_version": ("version", True),
    "tournament": ("boolean", False),  # "for tournaments only"
    "tournament_info": ("object", False),  # "for tournaments only"
    "game_number": ("string", True),
    "start_date_utc": ("date", True),
    "table_name": ("string", True),
    "table_handle": ("string", False),  # nullable
    "table_skin": ("string", False),  # nullable
    "game_type": ("string", True),
    "bet_limit": ("object", True),
    "table_size": ("integer", True),
    "currency": ("string", True),
    "dealer_seat": ("integer", True),
    "small_blind_amount": ("decimal", True),
    "big_blind_amount": ("decimal", True),
    "ante_amount": ("decimal", True),
    "hero_player_id": ("integer", False),  # "observed hand: omitted or null"
    "flags": ("array", False),
    "players": ("array", True),
    "rounds": ("array", True),
    "pots": ("array", True),
    "tournament_bounties": ("array", False),  # bounty tournaments only
}
_BET_LIMIT_FIELDS: Final = {"bet_type": ("string", True), "bet_cap": ("decimal", True)}
_PLAYER_FIELDS: Final = {
    "id": ("integer", True),
    "seat": ("integer", True),
    "name": ("string", True),
    "display": ("string", False),
    "starting_stack": ("decimal", True),
    "player_bounty": ("decimal", False),  # bounty tournaments only
    "is_sitting_out": ("boolean", False),
}
_ROUND_FIELDS: Final = {
    "id": ("integer", True),
    "street": ("string", True),
    "cards": ("array", False),  # "can be omitted, null or an empty array"
    "actions": ("array", True),
}
_ACTION_FIELDS: Final = {
    "action_number": ("integer", True),
    "player_id": ("integer", True),
    "action": ("string", True),
    "amount": ("decimal", False),  # required for CHIP_ACTIONS (checked below)
    "is_allin": ("boolean", False),
    "cards": ("array", False),
}
_POT_FIELDS: Final = {
    "number": ("integer", True),
    "amount": ("decimal", True),
    "rake": ("decimal", True),
    "jackpot": ("decimal", False),
    "player_wins": ("array", True),
}
_WIN_FIELDS: Final = {
    "player_id": ("integer", True),
    "win_amount": ("decimal", True),
    "cashout_amount": ("decimal", False),
    "cashout_fee": ("decimal", False),
    "bonus_amount": ("decimal", False),
    "contributed_rake": ("decimal", False),
}


class OhhValidationError(AssertionError):
    """A document breaks the specification; ``problems`` lists every ``path: message``."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


def _is_type(value: object, kind: str) -> bool:
    if kind == "string":
        return isinstance(value, str)
    if kind == "version":
        return isinstance(value, str) and bool(_VERSION.fullmatch(value))
    if kind == "date":
        return isinstance(value, str) and bool(_DATE.fullmatch(value))
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "decimal":
        return isinstance(value, int | float | Decimal) and not isinstance(value, bool)
    if kind == "object":
        return isinstance(value, dict)
    return isinstance(value, list)  # array


class _Checker:
    def __init__(self, *, table_size: int | None, prefix: str) -> None:
        self.problems: list[str] = []
        self.table_size = table_size
        self.prefix = prefix

    def bad(self, path: str, message: str) -> None:
        self.problems.append(f"{path}: {message}")

    def fields(
        self, data: object, spec: dict[str, tuple[str, bool]], path: str, *, nullable: bool
    ) -> dict[str, Any]:
        if not isinstance(data, dict):
            self.bad(path, "an object is expected")
            return {}
        for name, (kind, required) in spec.items():
            if name not in data:
                if required:
                    self.bad(f"{path}.{name}", "required field missing")
                continue
            value = data[name]
            if value is None and (nullable and not required):
                continue
            if not _is_type(value, kind):
                self.bad(f"{path}.{name}", f"{value!r} is not a {kind}")
            elif kind == "decimal" and value < 0:
                self.bad(f"{path}.{name}", f"{value} is negative")
        for name in data:
            if name not in spec and not name.startswith(self.prefix):
                self.bad(
                    f"{path}.{name}",
                    f"not a field of the specification (an extension needs the prefix "
                    f"{self.prefix!r})",
                )
        return data

    def cards(self, value: object, path: str) -> None:
        if value is None or value == "":
            return
        if not isinstance(value, list):
            self.bad(path, "an array of card strings is expected")
            return
        for i, card in enumerate(value):
            if not (isinstance(card, str) and _CARD.fullmatch(card)):
                self.bad(f"{path}[{i}]", f"{card!r} is not a card string (rank then suit)")

    def hand(self, document: object) -> None:
        if not isinstance(document, dict) or set(document) != {"ohh"}:
            self.bad("$", 'a hand history is the object {"ohh": {...}}')
            return
        path = "ohh"
        ohh = self.fields(document["ohh"], _HAND_FIELDS, path, nullable=True)
        if not ohh:
            return
        if ohh.get("spec_version") != SPEC_VERSION:
            self.bad(f"{path}.spec_version", f"{ohh.get('spec_version')!r} is not {SPEC_VERSION}")
        if ohh.get("game_type") not in GAME_TYPES:
            self.bad(f"{path}.game_type", f"{ohh.get('game_type')!r} is not one of the game types")
        limit = self.fields(
            ohh.get("bet_limit"), _BET_LIMIT_FIELDS, f"{path}.bet_limit", nullable=False
        )
        if limit and limit.get("bet_type") not in BET_TYPES:
            self.bad(f"{path}.bet_limit.bet_type", f"{limit.get('bet_type')!r} is not NL, PL or FL")
        size = ohh.get("table_size")
        if _is_type(size, "integer"):
            if size < 1:
                self.bad(f"{path}.table_size", "at least one seat")
            if self.table_size is not None and size != self.table_size:
                self.bad(f"{path}.table_size", f"{size} is not the table's {self.table_size} seats")
        else:
            size = None
        dealer = ohh.get("dealer_seat")
        if size is not None and _is_type(dealer, "integer") and not 0 <= dealer <= size:
            self.bad(f"{path}.dealer_seat", f"{dealer} is not a seat of the table (0 to {size})")
        ids = self.players(ohh.get("players"), f"{path}.players", size)
        hero = ohh.get("hero_player_id")
        if hero is not None and hero not in ids:
            self.bad(f"{path}.hero_player_id", f"{hero} is not a player id")
        if isinstance(ohh.get("flags"), list):
            for i, flag in enumerate(ohh["flags"]):
                if not isinstance(flag, str):
                    self.bad(f"{path}.flags[{i}]", "a string is expected")
        self.rounds(ohh.get("rounds"), f"{path}.rounds", ids)
        self.pots(ohh.get("pots"), f"{path}.pots", ids)

    def players(self, players: object, path: str, size: int | None) -> set[int]:
        ids: set[int] = set()
        seats: set[int] = set()
        if not isinstance(players, list):
            return ids
        if not players:
            self.bad(path, "a hand has players")
        for i, item in enumerate(players):
            player = self.fields(item, _PLAYER_FIELDS, f"{path}[{i}]", nullable=True)
            pid, seat = player.get("id"), player.get("seat")
            if _is_type(pid, "integer"):
                if pid in ids:
                    self.bad(f"{path}[{i}].id", f"player id {pid} appears twice")
                ids.add(pid)
            if _is_type(seat, "integer"):
                if seat in seats:
                    self.bad(f"{path}[{i}].seat", f"seat {seat} appears twice")
                seats.add(seat)
                if seat < 1 or (size is not None and seat > size):
                    self.bad(f"{path}[{i}].seat", f"seat {seat} is not 1 to table_size {size}")
        return ids

    def rounds(self, rounds: object, path: str, ids: set[int]) -> None:
        if not isinstance(rounds, list):
            return
        if not rounds:
            self.bad(path, "every hand must have one round 0 (Preflop)")
            return
        last_number = 0
        for i, item in enumerate(rounds):
            where = f"{path}[{i}]"
            round_ = self.fields(item, _ROUND_FIELDS, where, nullable=True)
            if not round_:
                continue
            street = round_.get("street")
            if street not in STREETS:
                self.bad(f"{where}.street", f"{street!r} is not one of the streets")
            if round_.get("id") != i:
                self.bad(f"{where}.id", f"{round_.get('id')!r}: rounds are numbered 0, 1, ...")
            if i == 0 and street != "Preflop":
                self.bad(f"{where}.street", "round 0 is Preflop")
            self.cards(round_.get("cards"), f"{where}.cards")
            actions = round_.get("actions")
            if not isinstance(actions, list):
                continue
            for j, entry in enumerate(actions):
                spot = f"{where}.actions[{j}]"
                action = self.fields(entry, _ACTION_FIELDS, spot, nullable=False)
                if not action:
                    continue
                name = action.get("action")
                if name not in ACTIONS:
                    self.bad(f"{spot}.action", f"{name!r} is not one of the actions")
                if name == "Bet" and street == "Preflop":
                    self.bad(f"{spot}.action", '"Bet" is not a valid pre-flop action')
                if name == "Shows Cards" and street != "Showdown":
                    self.bad(f"{spot}.action", '"Shows Cards" belongs in a Showdown round')
                if name in CHIP_ACTIONS and "amount" not in action:
                    self.bad(f"{spot}.amount", f"{name} needs its amount")
                if action.get("player_id") not in ids and "player_id" in action:
                    self.bad(f"{spot}.player_id", f"{action['player_id']!r} is not a player id")
                number = action.get("action_number")
                if _is_type(number, "integer"):
                    if number <= last_number:
                        self.bad(f"{spot}.action_number", f"{number} does not follow {last_number}")
                    last_number = number
                self.cards(action.get("cards"), f"{spot}.cards")

    def pots(self, pots: object, path: str, ids: set[int]) -> None:
        if not isinstance(pots, list):
            return
        for i, item in enumerate(pots):
            pot = self.fields(item, _POT_FIELDS, f"{path}[{i}]", nullable=True)
            wins = pot.get("player_wins")
            if not isinstance(wins, list):
                continue
            for j, win_item in enumerate(wins):
                where = f"{path}[{i}].player_wins[{j}]"
                win = self.fields(win_item, _WIN_FIELDS, where, nullable=True)
                if "player_id" in win and win["player_id"] not in ids:
                    self.bad(f"{where}.player_id", f"{win['player_id']!r} is not a player id")


def validate_ohh(
    document: object, *, table_size: int | None = None, prefix: str = EXTENSION_PREFIX
) -> list[str]:
    """Every problem of one hand history (``[]`` when it conforms).

    Args:
        document: the parsed ``{"ohh": {...}}`` object (numbers as int, float or Decimal).
        table_size: when given, ``table_size`` must equal it (the table's seats).
        prefix: the prefix every key outside the specification must carry.
    """
    checker = _Checker(table_size=table_size, prefix=prefix)
    checker.hand(document)
    return checker.problems


def _loads(text: str) -> object:
    return json.loads(text, parse_float=Decimal)


def assert_valid_ohh(
    hand: str | object, *, table_size: int | None = None, prefix: str = EXTENSION_PREFIX
) -> dict[str, Any]:
    """Raise :class:`OhhValidationError` unless ``hand`` (JSON text or parsed) conforms;
    returns the ``ohh`` object."""
    document = _loads(hand) if isinstance(hand, str) else hand
    problems = validate_ohh(document, table_size=table_size, prefix=prefix)
    if problems:
        raise OhhValidationError(problems)
    return document["ohh"]  # type: ignore[index]


def split_ohh_file(text: str) -> list[str]:
    """The hand texts of a ``.ohh`` file: JSON objects separated by ONE blank line (the
    storage format). Raises :class:`OhhValidationError` on another separation."""
    body = text.strip("\n")
    if not body:
        return []
    parts = body.split("\n\n")
    problems = [
        f"hand {i}: separated from the next by more than one blank line"
        for i, part in enumerate(parts)
        if not part.strip() or part.startswith("\n")
    ]
    for i, part in enumerate(parts):
        try:
            _loads(part)
        except json.JSONDecodeError as exc:
            problems.append(f"hand {i}: not one JSON object between blank lines ({exc})")
    if problems:
        raise OhhValidationError(problems)
    return parts


def assert_valid_ohh_file(
    text: str, *, table_size: int | None = None, prefix: str = EXTENSION_PREFIX
) -> list[dict[str, Any]]:
    """Every hand of a ``.ohh`` file conforms and the file follows the storage format;
    returns the ``ohh`` objects in order."""
    problems: list[str] = []
    hands = []
    for i, part in enumerate(split_ohh_file(text)):
        document = _loads(part)
        problems.extend(
            f"hand {i}: {p}" for p in validate_ohh(document, table_size=table_size, prefix=prefix)
        )
        if isinstance(document, dict):
            hands.append(document.get("ohh"))
    if problems:
        raise OhhValidationError(problems)
    return hands


def problems_of(documents: Iterable[object], **options: Any) -> list[str]:
    """Every problem of several parsed hands, each prefixed with its index."""
    return [
        f"hand {i}: {p}" for i, doc in enumerate(documents) for p in validate_ohh(doc, **options)
    ]
