"""Who is dealt in, where the button and blinds go, and who posts what: the start of a hand.

RULES.md Five Card Draw 7-A "Button", "Blinds", "Heads-up" and Seven Card Stud family (fixed
dealer position, antes only), following RRoP / TDA where RULES.md is silent:

* Dead button (default): the big blind moves to the next player eligible for it (clockwise
  after last hand's big blind), so nobody posts it twice or skips it; the small blind goes to
  last hand's big-blind seat and the button to last hand's small-blind seat. Either may be
  dead: the seat is empty, busted, sitting out or not allowed in yet, and nobody posts or
  holds it. (When last hand was heads-up and the big blind comes back to the button's seat,
  the button goes to the seat just before the small blind.)
* Moving button (a table option): button, small blind and big blind are consecutive seats
  dealt in. Every active player is dealt in (one who owes blinds and chose to post, at
  once, wherever the positions fall); a player waiting for the big blind only when the big
  blind reaches the seat. The button moves to the first active player clockwise after last
  hand's button, the small blind to the next active player after it, the big blind to the
  next active or waiting player after that. So with three or more players dealt in the
  three positions are distinct, and the button moves every hand while two or more active
  players are seated.
* Heads-up (two players dealt in): the button posts the small blind. Dead button: the big
  blind still moves to the next player, so going from three players to two nobody posts the
  big blind twice; moving button: the button moves and the other player posts the big blind.
* Entering (dead button): a newcomer or a returning player who owes blinds is dealt in when
  the big blind reaches the seat (posting it, debts forgiven), or, having chosen to post, as
  soon as the seat is outside the button / small-blind area (between the button and the big
  blind nobody enters: RRoP). Posting: the big blind live, a missed small blind dead.
* Entering (moving button): the big-blind seat posts just the big blind (debts forgiven);
  the small-blind seat owing blinds posts the small blind live and a small blind dead (one
  seat holds one live blind, and the live big blind is the big-blind seat's); any other
  seat posts an owed big blind live and a missed small blind dead.
* Missed blinds: a player sitting out when the big blind passes the seat owes both blinds;
  sitting out when the small blind passes it owes the small blind.
* New game: at the table's first hand, or when fewer than two players could be dealt in
  under the rules above while two or more are present, every present player is dealt in,
  debts are forgiven and the blinds are placed afresh (the button on the lowest seat at the
  first hand; otherwise the big blind keeps its rotation).
* Stud: the dealer position never moves, every present player is dealt in, antes only.
* Community-card games (RULES.md "Hold'em and Omaha"): the button games' rules, plus the
  table's big-blind ante (posted by the big blind) and straddle (the first seat dealt in left
  of the big blind, never heads-up, not by a seat posting another blind, only when its stack
  covers it) every hand.

Everything here is pure: seats in, a :class:`Placement` out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from floorman.domain.errors import RuleViolation
from floorman.domain.model import ForcedBet, ForcedBetKind
from floorman.domain.table.rules import TABLE_PLAYERS
from floorman.domain.table.seats import Seat, SeatStatus
from floorman.domain.table.settings import ButtonRule, TableSettings


@dataclass(frozen=True, slots=True)
class Positions:
    """A button game's positions for one hand (seat numbers; any of them may be dead).

    In a heads-up hand ``small_blind == button``.
    """

    button: int
    small_blind: int
    big_blind: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Placement:
    """The start of a hand as the between-hands rules decide it.

    Attributes:
        dealt_in: seats dealt in, ascending.
        positions: button-game positions (``None`` in stud).
        engine_button: the ``HandConfig.button_seat``: a dealt-in seat whose left is where the
            deal starts (the dead button's nearest dealt-in seat counter-clockwise), or the
            fixed dealer position in stud.
        forced_bets: explicit antes and blinds (live and dead), in posting order.
        seats: every seat after the start: owed blinds marked or cleared, waiting players who
            took the big blind active.
        new_game: the blinds were placed afresh (first hand, or too few could be dealt in).
    """

    dealt_in: tuple[int, ...]
    positions: Positions | None
    engine_button: int
    forced_bets: tuple[ForcedBet, ...]
    seats: dict[int, Seat]
    new_game: bool = False


# ---------------------------------------------------------------------------- seat ring


def ring_after(seat: int, size: int) -> list[int]:
    """Every seat of a ``size``-seat table once, clockwise, from the seat after ``seat``
    (``seat`` itself last)."""
    return [(seat - 1 + k) % size + 1 for k in range(1, size + 1)]


def seat_before(seat: int, size: int) -> int:
    """The seat just counter-clockwise of ``seat``."""
    return (seat - 2) % size + 1


def open_arc(start: int, end: int, size: int) -> list[int]:
    """Seats strictly between ``start`` and ``end`` clockwise (all but ``start`` when equal)."""
    out = []
    for seat in ring_after(start, size):
        if seat == end:
            break
        out.append(seat)
    return out if start != end else [s for s in ring_after(start, size) if s != start]


def _next(after: int, size: int, seats: Mapping[int, Seat], want: str) -> int:
    """The first seat clockwise after ``after`` (``after`` itself last) whose occupant has
    property ``want`` (``free`` or ``present``); 0 when none."""
    for seat in ring_after(after, size):
        occupant = seats.get(seat)
        if occupant is not None and getattr(occupant, want):
            return seat
    return 0


# ---------------------------------------------------------------------------- entry point


def place_hand(
    *, settings: TableSettings, seats: Mapping[int, Seat], previous: Positions | None
) -> Placement:
    """Decide the next hand's seats, positions and forced bets (module docstring rules).

    Args:
        settings: the table's (checked) settings.
        seats: occupied seats by number.
        previous: the last hand's positions (``None`` before the first hand of a button game,
            always ``None`` in stud).

    Returns:
        The :class:`Placement`.

    Raises:
        RuleViolation: ``table.players`` when fewer players than the game needs can be dealt
            in (present: seated with chips and not sitting out).
    """
    present = sorted(s for s, occupant in seats.items() if occupant.present)
    spec = settings.spec
    if len(present) < spec.min_players:
        raise RuleViolation(
            TABLE_PLAYERS,
            f"{spec.game.title} needs {spec.min_players} players with chips who are not "
            f"sitting out; {len(present)} can be dealt in",
            expected=spec.min_players,
            actual=len(present),
        )
    if spec.is_stud:
        return _stud(settings, seats, present)
    if previous is None:
        placement = _new_game(settings, seats, present, big_blind=0)
    else:
        placement = _button_game(settings, seats, previous)
    return _with_board_posts(settings, placement)


def _with_board_posts(settings: TableSettings, placement: Placement) -> Placement:
    """Add the community-card games' big-blind ante and straddle (RULES.md "Hold'em and
    Omaha"; the table's stakes apply them every hand).

    The big blind posts the big-blind ante (dead). The straddle goes to the first seat dealt
    in left of the big blind, with three or more dealt in (no straddle heads-up), when that
    seat posts nothing else this hand (a player posting an entry or missed blind does not
    straddle too) and its stack covers the straddle (and an ante): docs/rules.md.
    """
    stakes = settings.resolved_stakes
    positions = placement.positions
    if positions is None or not (stakes.straddle or stakes.big_blind_ante):
        return placement
    forced = list(placement.forced_bets)
    big = positions.big_blind
    if stakes.big_blind_ante:
        forced.append(
            ForcedBet(
                seat=big,
                kind=ForcedBetKind.BIG_BLIND_ANTE,
                amount=stakes.big_blind_ante,
                dead=True,
            )
        )
    dealt_in = placement.dealt_in
    if stakes.straddle and len(dealt_in) >= 3:
        straddler = next(s for s in ring_after(big, settings.max_seats) if s in dealt_in)
        posting = {bet.seat for bet in forced if bet.kind is not ForcedBetKind.ANTE}
        stack = placement.seats[straddler].stack
        if straddler not in posting and stack >= stakes.straddle + stakes.ante:
            forced.append(
                ForcedBet(seat=straddler, kind=ForcedBetKind.STRADDLE, amount=stakes.straddle)
            )
    return replace(placement, forced_bets=tuple(forced))


def _stud(settings: TableSettings, seats: Mapping[int, Seat], present: list[int]) -> Placement:
    """Stud: the dealer position is fixed; everyone present antes and is dealt in."""
    updated = dict(seats)
    for seat in present:
        updated[seat] = replace(
            seats[seat], status=SeatStatus.ACTIVE, owes_small_blind=False, owes_big_blind=False
        )
    return Placement(
        dealt_in=tuple(present),
        positions=None,
        engine_button=settings.dealer_seat,
        forced_bets=_antes(settings, present),
        seats=updated,
    )


def _antes(settings: TableSettings, dealt_in: Iterable[int]) -> tuple[ForcedBet, ...]:
    ante = settings.resolved_stakes.ante
    if not ante:
        return ()
    return tuple(ForcedBet(seat=s, kind=ForcedBetKind.ANTE, amount=ante) for s in dealt_in)


def _button_game(
    settings: TableSettings, seats: Mapping[int, Seat], previous: Positions
) -> Placement:
    """The dead-button rule (module docstring); the moving button is :func:`_moving_button`."""
    if settings.button_rule is ButtonRule.MOVING_BUTTON:
        return _moving_button(settings, seats, previous)
    size = settings.max_seats
    big = _next(previous.big_blind, size, seats, "present")
    small = previous.big_blind
    button = previous.small_blind
    if button == big:
        button = seat_before(small, size)
    marked = _missed_blinds(seats, previous, small_blind=small, big_blind=big, size=size)
    if not big or not button:
        return _new_game(settings, marked, _present(marked), big_blind=big)
    zone = {button, *open_arc(button, big, size)} if button != big else set(seats) - {big}
    dealt_in = sorted(
        seat
        for seat, occupant in marked.items()
        if seat == big or occupant.free or (_may_post(occupant) and seat not in zone)
    )
    if len(dealt_in) < 2:
        return _new_game(settings, marked, _present(marked), big_blind=big)
    if len(dealt_in) == 2:
        other = next(s for s in dealt_in if s != big)
        return _heads_up(settings, marked, other, big)
    poster = small if small in dealt_in and marked[small].free else 0
    blinds = settings.resolved_stakes
    forced = list(_antes(settings, dealt_in))
    if poster and blinds.small_blind:
        forced.append(
            ForcedBet(seat=poster, kind=ForcedBetKind.SMALL_BLIND, amount=blinds.small_blind)
        )
    forced.append(ForcedBet(seat=big, kind=ForcedBetKind.BIG_BLIND, amount=blinds.big_blind))
    forced += _owed_posts(settings, marked, dealt_in, big=big, skip=(big, poster))
    return Placement(
        dealt_in=tuple(dealt_in),
        positions=Positions(button, small, big),
        engine_button=_engine_button(button, dealt_in, size),
        forced_bets=tuple(forced),
        seats=_dealt(marked, dealt_in),
    )


def _moving_button(
    settings: TableSettings, seats: Mapping[int, Seat], previous: Positions
) -> Placement:
    """The moving button: button, small blind and big blind are consecutive players dealt in.

    Who is dealt in: every active player (owing blinds or not: whoever chose to post is dealt
    in at once, wherever the positions fall) and a player waiting for the big blind only when
    the big blind reaches the seat. The button moves to the first active player clockwise
    after last hand's button, the small blind to the next active player after it, the big
    blind to the next active or waiting player after that. With two players dealt in the
    button posts the small blind and the other player the big blind.

    Forced bets: :func:`_moving_forced_bets`. Falls back to a new game when fewer than two
    players could be dealt in this way.
    """
    size = settings.max_seats
    active = {s for s, occupant in seats.items() if _may_post(occupant)}
    waiting = {
        s
        for s, occupant in seats.items()
        if occupant.present and occupant.status is SeatStatus.WAITING_FOR_BIG_BLIND
    }
    button = _next_of(previous.button, size, active)
    small = _next_of(button, size, active) if button else 0
    big = _next_of(small, size, active | waiting) if small else 0
    dealt_in = sorted(active | {big}) if big else []
    if len(dealt_in) < 2:  # nobody active: only players waiting for the big blind
        return _new_game(settings, seats, _present(seats), big_blind=0)
    if len(dealt_in) == 2:
        big = small if big == button else big
        small = button
    marked = _missed_blinds(seats, previous, small_blind=small, big_blind=big, size=size)
    positions = Positions(button, small, big)
    return Placement(
        dealt_in=tuple(dealt_in),
        positions=positions,
        engine_button=button,
        forced_bets=_moving_forced_bets(settings, marked, positions, dealt_in),
        seats=_dealt(marked, dealt_in),
    )


def _moving_forced_bets(
    settings: TableSettings,
    seats: Mapping[int, Seat],
    positions: Positions,
    dealt_in: list[int],
) -> tuple[ForcedBet, ...]:
    """Antes, the small blind, the big blind, then what the other dealt-in seats owe.

    The big-blind seat posts just the big blind (its debts are forgiven). The small-blind
    seat posts the small blind live and, when it owes blinds, one small blind dead: a live
    big blind there would take the big-blind seat's place as the bet's owner (the engine's
    big blind is the first one after the button), so its entry big blind is the small blind
    live plus a dead small blind, the shape of a missed small blind that every history
    format writes. Any other seat owing a big blind posts it live (a newcomer's entry big
    blind, or a missed big blind) and a missed small blind dead. Heads-up the button is the
    small blind.
    """
    blinds = settings.resolved_stakes
    forced = list(_antes(settings, dealt_in))
    small, big = positions.small_blind, positions.big_blind
    if blinds.small_blind:
        forced.append(
            ForcedBet(seat=small, kind=ForcedBetKind.SMALL_BLIND, amount=blinds.small_blind)
        )
    if seats[small].owes and blinds.small_blind:
        forced.append(
            ForcedBet(
                seat=small, kind=ForcedBetKind.DEAD_BLIND, amount=blinds.small_blind, dead=True
            )
        )
    forced.append(ForcedBet(seat=big, kind=ForcedBetKind.BIG_BLIND, amount=blinds.big_blind))
    forced += _owed_posts(settings, seats, dealt_in, big=big, skip=(big, small))
    return tuple(forced)


def _owed_posts(
    settings: TableSettings,
    seats: Mapping[int, Seat],
    dealt_in: Iterable[int],
    *,
    big: int,
    skip: tuple[int, ...],
) -> list[ForcedBet]:
    """What the other seats dealt in owe, clockwise from the big blind (RULES.md "Five Card
    Draw" Button: a player who missed blinds posts them on return, the big blind live and a
    missed small blind dead): a live big blind and / or a dead small blind each."""
    blinds = settings.resolved_stakes
    out: list[ForcedBet] = []
    for seat in ring_after(big, settings.max_seats):
        occupant = seats.get(seat)
        if seat in skip or seat not in dealt_in or occupant is None:
            continue
        if occupant.owes_big_blind:
            out.append(ForcedBet(seat=seat, kind=ForcedBetKind.BIG_BLIND, amount=blinds.big_blind))
        if occupant.owes_small_blind and blinds.small_blind:
            out.append(
                ForcedBet(
                    seat=seat, kind=ForcedBetKind.DEAD_BLIND, amount=blinds.small_blind, dead=True
                )
            )
    return out


def _next_of(after: int, size: int, candidates: set[int]) -> int:
    """The first seat of ``candidates`` clockwise after ``after`` (``after`` itself last);
    0 when there is none."""
    return next((seat for seat in ring_after(after, size) if seat in candidates), 0)


def _may_post(occupant: Seat) -> bool:
    """Present and active (free, or owing blinds it chose to post)."""
    return occupant.present and occupant.status is SeatStatus.ACTIVE


def _present(seats: Mapping[int, Seat]) -> list[int]:
    return sorted(s for s, occupant in seats.items() if occupant.present)


def _missed_blinds(
    seats: Mapping[int, Seat], previous: Positions, *, small_blind: int, big_blind: int, size: int
) -> dict[int, Seat]:
    """Mark players sitting out as owing the blinds that passed their seats.

    The big blind passed the seats strictly between last hand's big blind and this one's
    (both blinds owed); the small blind passed the seats after last hand's small blind up to
    and including this one's (the small blind owed).
    """
    updated = dict(seats)
    passed_big: set[int] = set()
    if big_blind and big_blind != previous.big_blind:
        passed_big = set(open_arc(previous.big_blind, big_blind, size))
    passed_small: set[int] = set()
    if small_blind and small_blind != previous.small_blind:
        passed_small = {*open_arc(previous.small_blind, small_blind, size), small_blind}
    for seat, occupant in seats.items():
        if not occupant.absent:
            continue
        if seat in passed_big:
            updated[seat] = replace(occupant, owes_small_blind=True, owes_big_blind=True)
        elif seat in passed_small:
            updated[seat] = replace(occupant, owes_small_blind=True)
    return updated


def _engine_button(button: int, dealt_in: list[int], size: int) -> int:
    """The dealt-in seat at or counter-clockwise of ``button`` (a dead button's stand-in)."""
    if button in dealt_in:
        return button
    for seat in reversed(ring_after(button, size)):
        if seat in dealt_in:
            return seat
    raise AssertionError("no seat dealt in")  # pragma: no cover - callers deal two or more


def _dealt(seats: Mapping[int, Seat], dealt_in: Iterable[int]) -> dict[int, Seat]:
    """Dealt-in seats become active and owe nothing (their blinds are posted now)."""
    updated = dict(seats)
    for seat in dealt_in:
        updated[seat] = replace(
            seats[seat], status=SeatStatus.ACTIVE, owes_small_blind=False, owes_big_blind=False
        )
    return updated


def _heads_up(
    settings: TableSettings, seats: Mapping[int, Seat], button: int, big: int
) -> Placement:
    """Two players: the button posts the small blind, the other the big blind."""
    dealt_in = sorted((button, big))
    blinds = settings.resolved_stakes
    forced = list(_antes(settings, dealt_in))
    if blinds.small_blind:
        forced.append(
            ForcedBet(seat=button, kind=ForcedBetKind.SMALL_BLIND, amount=blinds.small_blind)
        )
    forced.append(ForcedBet(seat=big, kind=ForcedBetKind.BIG_BLIND, amount=blinds.big_blind))
    return Placement(
        dealt_in=tuple(dealt_in),
        positions=Positions(button, button, big),
        engine_button=button,
        forced_bets=tuple(forced),
        seats=_dealt(seats, dealt_in),
    )


def _new_game(
    settings: TableSettings,
    seats: Mapping[int, Seat],
    present: list[int],
    *,
    big_blind: int,
) -> Placement:
    """Everyone present is dealt in, debts forgiven; the big blind keeps its rotation when
    there is one (``big_blind`` present), else the button starts on the lowest seat."""
    if big_blind not in present:
        button = present[0]
        big_blind = present[1] if len(present) == 2 else present[2]
    if len(present) == 2:
        button = next(s for s in present if s != big_blind)
        placement = _heads_up(settings, seats, button, big_blind)
        return replace(placement, new_game=True)
    index = present.index(big_blind)
    small = present[index - 1]
    button = present[index - 2]
    blinds = settings.resolved_stakes
    forced = list(_antes(settings, present))
    if blinds.small_blind:
        forced.append(
            ForcedBet(seat=small, kind=ForcedBetKind.SMALL_BLIND, amount=blinds.small_blind)
        )
    forced.append(ForcedBet(seat=big_blind, kind=ForcedBetKind.BIG_BLIND, amount=blinds.big_blind))
    return Placement(
        dealt_in=tuple(present),
        positions=Positions(button, small, big_blind),
        engine_button=button,
        forced_bets=tuple(forced),
        seats=_dealt(seats, present),
        new_game=True,
    )
