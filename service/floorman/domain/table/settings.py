"""Table settings: the HandConfig parts of a table plus how it runs (deal mode, button rule).

RULES.md "Stakes defaults" and "Betting structures" (checked through the engine's stakes
resolution), "Five Card Draw, 7-A" ("Button": dead button by default, the moving button as a
table option), "Seven Card Stud family" (the fixed dealer position) and "Mixed games" (a
rotation of entries, at most 8 seats).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from typing import Final

from floorman.domain.currency import Currency, check_currency, default_minor_units
from floorman.domain.engine.stakes import ResolvedStakes, resolve_stakes
from floorman.domain.errors import FieldViolation, InvalidArgument
from floorman.domain.games import MAX_SEATS, GameSpec, game_spec, highest_seat
from floorman.domain.model import BettingStructure, Game, RakePolicy, Stakes
from floorman.domain.text_limits import TABLE_NAME

MAX_TABLE_SEATS: Final = MAX_SEATS
MIN_TABLE_SEATS: Final = 2
MAX_NAME_LENGTH: Final = TABLE_NAME.most
MAX_MIXED_SEATS: Final = 8
"""RULES.md "Mixed games": a mixed table seats at most 8 (the stud limit)."""
MAX_ROTATION_ENTRIES: Final = 32
"""A custom or dealer's-choice list holds 1 to this many entries (docs/rules.md)."""
ROTATION_SEATS: Final = "rotation.seats"
"""A mixed table with more seats than 8 or than one of its games seats (docs/rules.md)."""


class DealMode(enum.Enum):
    """Who deals the cards."""

    SERVICE_DEALT = "service_dealt"
    """floorman shuffles (cryptographically secure) and deals every card the hand needs."""
    RECORDED = "recorded"
    """The dealer deals physical cards and reports them (DealCards)."""


class ButtonRule(enum.Enum):
    """How the button moves when players leave or bust (RULES.md Five Card Draw "Button")."""

    DEAD_BUTTON = "dead_button"
    """RRoP / TDA: the big blind always moves to the next player; button or small blind may
    be dead."""
    MOVING_BUTTON = "moving_button"
    """The button moves to the next active player; the blinds follow it."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RotationEntry:
    """One entry of a mixed table's rotation: a game, its betting structure and its stakes
    (minor units), RULES.md "Mixed games"."""

    game: Game
    betting_structure: BettingStructure
    stakes: Stakes
    table_stakes: bool = field(default=False, compare=False, repr=False)
    """The entry takes the table's stakes (a named rotation's entries, a listed entry sent
    without stakes): a problem with them is the caller's ``settings.stakes``. Only the
    settings check reads it (not stored)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Rotation:
    """A mixed table's games (RULES.md "Mixed games").

    Attributes:
        entries: the entries in rotation order (a named rotation's, or the caller's list).
        named: the named rotation the entries come from (``"horse"``, ``"eight_game"``: the
            values of :class:`floorman.domain.table.rotation.NamedRotation`), ``""`` for a
            custom list.
        dealers_choice: the button names each orbit's entry from ``entries`` (StartHand's
            choice); else the entries play in order, one orbit each.
    """

    entries: tuple[RotationEntry, ...]
    named: str = ""
    dealers_choice: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class TableSettings:
    """A table's configuration (money in minor units).

    Attributes:
        name: a display name.
        game / betting_structure / stakes / rake / uncapped_heads_up: copied into every
            hand's :class:`~floorman.domain.model.HandConfig`.
        max_seats: seats numbered 1..max_seats (at most the game's maximum player count).
        deal_mode: service-dealt or recorded.
        button_rule: dead button (default) or moving button (button games only).
        min_buy_in / max_buy_in: buy-in limits, 0 meaning none.
        dealer_seat: stud games only: the fixed dealer position (0: before the lowest seat).
        currency_code: ISO 4217 (``USD``) or a house chip code (``CHIPS``); ``""``: chips
            (:mod:`floorman.domain.currency`).
        minor_units_per_unit: minor units in one unit of the currency (a power of ten; 0:
            the code's default, 100 for most ISO codes, 1 for chips).
        rotation: a mixed table's games (``None``: one game). ``game``,
            ``betting_structure`` and ``stakes`` are then the first entry's (checked
            settings), and each hand takes its entry's (:func:`for_entry`).
    """

    name: str = ""
    game: Game
    betting_structure: BettingStructure = BettingStructure.FIXED_LIMIT
    stakes: Stakes
    rake: RakePolicy = field(default_factory=RakePolicy)
    max_seats: int = 0
    deal_mode: DealMode = DealMode.SERVICE_DEALT
    button_rule: ButtonRule = ButtonRule.DEAD_BUTTON
    uncapped_heads_up: bool = False
    min_buy_in: int = 0
    max_buy_in: int = 0
    dealer_seat: int = 0
    currency_code: str = ""
    minor_units_per_unit: int = 0
    rotation: Rotation | None = None

    @property
    def currency(self) -> Currency:
        """How the table's amounts are written (code and minor units per unit)."""
        return Currency.of(self.currency_code, self.minor_units_per_unit)

    @property
    def spec(self) -> GameSpec:
        """The game's definition."""
        return game_spec(self.game)

    @property
    def resolved_stakes(self) -> ResolvedStakes:
        """The stakes with every RULES.md default applied (blinds, bring-in, big bet)."""
        return resolve_stakes(self.stakes, spec=self.spec, structure=self.betting_structure)


def for_entry(settings: TableSettings, entry: RotationEntry) -> TableSettings:
    """The settings one hand of a mixed table is dealt with: the table's, with the entry's
    game, betting structure and stakes."""
    return replace(
        settings,
        game=entry.game,
        betting_structure=entry.betting_structure,
        stakes=entry.stakes,
    )


def _rename(violation: FieldViolation, prefix: str) -> FieldViolation:
    """``config.stakes.x`` -> ``settings.stakes.x`` (the engine names its own config)."""
    name = violation.field
    if name.startswith("config."):
        name = prefix + name[len("config") :]
    return FieldViolation(name, violation.rule, violation.message)


def check_settings(settings: TableSettings, *, field: str = "settings") -> TableSettings:
    """Validate ``settings`` and fill its defaults (``max_seats`` 0: the game's maximum).

    Returns:
        The settings with ``max_seats`` and ``minor_units_per_unit`` set.

    Raises:
        InvalidArgument: every problem, with paths such as ``settings.max_seats``,
            ``settings.stakes.bring_in`` (rule ``bring_in.amount``), ``settings.rake.cap``,
            ``settings.max_buy_in``, ``settings.dealer_seat``, ``settings.currency_code``,
            ``settings.minor_units_per_unit`` (RULES.md "Money"; docs/hand-history-formats.md
            "Currency").
    """
    problems: list[FieldViolation] = []

    def bad(name: str, rule: str, message: str) -> None:
        problems.append(FieldViolation(f"{field}.{name}", rule, message))

    rotation = settings.rotation
    if rotation is not None:
        settings, most, any_stud = _check_rotation(settings, rotation, field, problems)
    try:
        spec = game_spec(settings.game)
    except InvalidArgument:
        raise InvalidArgument.single(f"{field}.game", "", "the game is required") from None
    if not TABLE_NAME.fits(settings.name):
        bad("name", "", TABLE_NAME.message())
    if rotation is None:
        try:
            resolve_stakes(settings.stakes, spec=spec, structure=settings.betting_structure)
        except InvalidArgument as error:
            problems.extend(_rename(v, field) for v in error.violations)
        most, any_stud = highest_seat(spec.game), spec.is_stud
    rake = settings.rake
    if not 0 <= rake.percent_bps <= 10_000:
        bad(
            "rake.percent_bps",
            "rake.amount",
            f"must be 0-10000 basis points, got {rake.percent_bps}",
        )
    if rake.increment < 0:
        bad("rake.increment", "rake.amount", "must be 0 or more")
    if rake.cap < 0:
        bad("rake.cap", "rake.amount", "must be 0 or more")
    seats = settings.max_seats or most
    if rotation is not None and not MIN_TABLE_SEATS <= seats <= most:
        bad(
            "max_seats",
            ROTATION_SEATS,
            f"this mixed table seats {MIN_TABLE_SEATS} to {most} (at most {MAX_MIXED_SEATS}, "
            "and no more than each of its games seats)",
        )
    elif not MIN_TABLE_SEATS <= seats <= most:
        bad("max_seats", "", f"{spec.game.title} tables have {MIN_TABLE_SEATS} to {most} seats")
    if settings.min_buy_in < 0:
        bad("min_buy_in", "", "must be 0 or more")
    if settings.max_buy_in < 0:
        bad("max_buy_in", "", "must be 0 or more")
    if 0 < settings.max_buy_in < settings.min_buy_in:
        bad("max_buy_in", "", f"below the minimum buy-in {settings.min_buy_in}")
    if any_stud and not 0 <= settings.dealer_seat <= seats:
        bad("dealer_seat", "", f"the dealer position must be 0 to {seats}")
    if not any_stud and settings.dealer_seat:
        bad("dealer_seat", "", "button games move a button: the dealer position is for stud")
    problems.extend(
        check_currency(settings.currency_code, settings.minor_units_per_unit, field=field)
    )
    if problems:
        raise InvalidArgument(problems)
    units = settings.minor_units_per_unit or default_minor_units(settings.currency_code)
    return replace(settings, max_seats=seats, minor_units_per_unit=units)


def _check_rotation(
    settings: TableSettings, rotation: Rotation, field: str, problems: list[FieldViolation]
) -> tuple[TableSettings, int, bool]:
    """A mixed table's entries: 1 to 32, each a game floorman deals with coherent stakes.

    Paths name the request's field: a listed entry's own game or stakes
    ``settings.rotation.custom.entries[i].game`` / ``.stakes.small_bet`` (``dealers_choice``
    for a dealer's-choice list); stakes an entry takes from the table (every entry of a named
    rotation, a listed entry without stakes) ``settings.stakes.small_bet``, once, naming the
    games of the rotation that need it.

    Returns:
        The settings with ``game`` / ``betting_structure`` / ``stakes`` set to the first
        entry's, the most seats the table may have (8, and no more than any entry's game
        seats), and whether an entry is a stud game (the dealer position then applies).
    """
    if rotation.named:
        where = f"{field}.rotation.named"
    else:
        kind = "dealers_choice" if rotation.dealers_choice else "custom"
        where = f"{field}.rotation.{kind}.entries"
    entries = rotation.entries
    if not 1 <= len(entries) <= MAX_ROTATION_ENTRIES:
        problems.append(
            FieldViolation(where, "", f"a rotation has 1 to {MAX_ROTATION_ENTRIES} entries")
        )
        raise InvalidArgument(problems)
    most, any_stud = MAX_MIXED_SEATS, False
    shared: dict[tuple[str, str], tuple[str, list[str]]] = {}
    for index, entry in enumerate(entries):
        own = f"{where}[{index}]"
        try:
            spec = game_spec(entry.game)
        except InvalidArgument:
            problems.append(FieldViolation(f"{own}.game", "", "the game is required"))
            continue
        most = min(most, highest_seat(spec.game))
        any_stud = any_stud or spec.is_stud
        try:
            resolve_stakes(entry.stakes, spec=spec, structure=entry.betting_structure)
        except InvalidArgument as error:
            for violation in error.violations:
                if not (rotation.named or entry.table_stakes):
                    problems.append(_rename(violation, own))
                    continue
                renamed = _rename(violation, field)
                message, games = shared.setdefault(
                    (renamed.field, renamed.rule), (renamed.message, [])
                )
                games.append(_entry_name(index, entry))
    for (name, rule), (message, games) in shared.items():
        problems.append(
            FieldViolation(
                name,
                rule,
                f"{message} (the table's stakes, as {', '.join(games)} of the rotation play them)",
            )
        )
    if problems:
        raise InvalidArgument(problems)
    first = entries[0]
    return for_entry(settings, first), most, any_stud


def _entry_name(index: int, entry: RotationEntry) -> str:
    return f"entry {index + 1} ({entry.game.value} {entry.betting_structure.value})"
