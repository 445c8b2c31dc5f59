"""The hand state: an immutable value as far as callers are concerned.

:class:`HandState` keeps per-seat data in small lists indexed by *position* (0 = the lowest
seat number, then clockwise). The engine's step functions take a state, copy it with
:meth:`HandState.clone` (a handful of list copies: cheap for at most ten seats) and change only
the copy, so :func:`~floorman.domain.engine.apply` never mutates its input. Read a state
through :func:`~floorman.domain.engine.snapshot`, :func:`~floorman.domain.engine.legal_actions`
and the read-only properties below; the underscored fields are the engine's.
"""

from __future__ import annotations

from operator import or_

from floorman.domain.cards import Card
from floorman.domain.engine.stakes import ResolvedStakes
from floorman.domain.engine.types import Finding, Phase
from floorman.domain.games import GameSpec, StreetSpec
from floorman.domain.members import PHASE_COMPLETE, PHASE_DEALING
from floorman.domain.model import HandConfig

NOBODY = -1
"""Position meaning "no seat"."""

_MAX_POSITIONS = 16
_ROTATIONS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple((start + k) % n for k in range(n)) for start in range(n))
    for n in range(_MAX_POSITIONS + 1)
)
"""``_ROTATIONS[n][start]``: the ``n`` positions clockwise from ``start`` (a static table)."""

_STATIC = (
    "config",
    "spec",
    "stakes",
    "seats",
    "positions",
    "deck",
    "button",
    "dealer_left",
    "dead",
    "forced_bring_in",
    "has_board",
)
_LISTS = (
    "stacks",
    "bets",
    "contributed",
    "folded",
    "all_in",
    "cards",
    "up",
    "need_down",
    "need_up",
    "acted_seq",
    "acted_level",
)
_SCALARS = (
    "street",
    "phase",
    "community",
    "need_community",
    "street_started",
    "street_burned",
    "stub",
    "used",
    "available",
    "discards",
    "to_act",
    "candidates",
    "first_rule",
    "current_bet",
    "bet_count",
    "full_level",
    "min_raise",
    "reopen_seq",
    "bring_in_pending",
    "open_pair",
    "open_pair_unknown",
    "big_made",
    "aggressor",
    "round_first",
    "showdown_lead",
    "big_blind_pos",
    "draw_queue",
    "draw_owed",
    "show_queue",
    "show_order",
    "exposed",
    "notes",
    "events",
)
_CACHES = ("turn_cache", "view_cache")
"""Values worked out from the others on demand: never compared, cleared after every step."""


class HandState:
    """One hand in progress (or over). Treat as immutable; compare with ``==``.

    Static (shared by every state of a hand): ``config``, ``spec`` (the game's definition),
    ``stakes`` (resolved), ``seats`` (seat numbers by position, clockwise), ``positions``
    (seat number -> position), ``deck``, ``button`` (position of the button in draw games,
    :data:`NOBODY` in stud), ``dealer_left`` (position of the first seat left of the dealer),
    ``dead`` (dead chips posted by position: dead blinds, part of ``contributed`` but never a
    bet; fixed once the forced bets are posted), ``forced_bring_in`` (the position an explicit
    BRING_IN forced bet names to bring in, :data:`NOBODY` when the door cards choose),
    ``has_board`` (``spec.has_board``, a community-card game: read on every deal).

    Per seat, by position: ``stacks`` (chips behind), ``bets`` (in front this round),
    ``contributed`` (whole hand), ``folded``, ``all_in``, ``cards`` (own cards, dealt order,
    ``None`` unknown), ``up`` (face-up flags parallel to ``cards``), ``need_down`` /
    ``need_up`` (cards still due this street), ``acted_seq`` (the reopening count when the
    seat last acted this round, -1: not yet), ``acted_level`` (the bet it matched then).

    Hand: ``street`` (index into ``spec.streets``), ``phase``, ``community``, the stub
    (``stub`` cards left, ``used`` known cards out of it, ``available`` known cards a draw
    reshuffle put back, ``discards`` not yet reshuffled as ``(position, card)``), whose turn
    (``to_act``, ``candidates`` also accepted as the round's first actor when unknown cards
    hide the rule, ``first_rule`` the rule id for a wrong first actor), the round's betting
    (``current_bet``, ``bet_count`` toward the cap, ``full_level`` the last full bet level,
    ``min_raise`` pot-/no-limit minimum raise size, ``reopen_seq`` full raises so far,
    ``bring_in_pending``, ``open_pair`` / ``open_pair_unknown`` / ``big_made`` for the
    Stud Hi 4th-street option, ``aggressor`` and ``round_first`` for the showdown order),
    ``showdown_lead``, ``big_blind_pos``, the draw (``draw_queue`` seats still to draw,
    ``draw_owed`` replacement cards due to ``to_act``), the showdown (``show_queue`` still to
    act, ``show_order`` everyone in order), ``exposed`` (every hand turned up after an
    all-in), ``notes`` and ``events`` applied.

    Cache (not part of the value, never compared): ``turn_cache``, the betting round's
    :class:`~floorman.domain.engine.options.TurnOptions` for ``to_act`` once worked out
    (``None`` until asked): :func:`~floorman.domain.engine.options.turn_options` fills it, and
    every step clears it (:func:`~floorman.domain.engine.apply` and
    :func:`~floorman.domain.engine.apply_in_place` on the state they return), so asking twice
    about one state computes once, and a copy made before a step starts from it;
    ``view_cache``, the seat views of the last :func:`~floorman.domain.engine.snapshot` of
    this state or an earlier one of the hand, with the ``cards`` and ``up`` tuples they were
    made from (``None`` until one is taken): kept across steps, each view reused only while
    its seat is unchanged.
    """

    __slots__ = _STATIC + _LISTS + _SCALARS + _CACHES

    config: HandConfig
    spec: GameSpec
    stakes: ResolvedStakes
    seats: tuple[int, ...]
    positions: dict[int, int]
    deck: frozenset[Card]
    button: int
    dealer_left: int
    dead: tuple[int, ...]
    forced_bring_in: int
    has_board: bool
    stacks: list[int]
    bets: list[int]
    contributed: list[int]
    folded: list[bool]
    all_in: list[bool]
    cards: list[tuple[Card | None, ...]]
    up: list[tuple[bool, ...]]
    need_down: list[int]
    need_up: list[int]
    acted_seq: list[int]
    acted_level: list[int]
    street: int
    phase: Phase
    community: tuple[Card | None, ...]
    need_community: int
    street_started: bool
    street_burned: bool
    stub: int
    used: frozenset[Card]
    available: frozenset[Card]
    discards: tuple[tuple[int, Card | None], ...]
    to_act: int
    candidates: tuple[int, ...]
    first_rule: str
    current_bet: int
    bet_count: int
    full_level: int
    min_raise: int
    reopen_seq: int
    bring_in_pending: bool
    open_pair: bool
    open_pair_unknown: bool
    big_made: bool
    aggressor: int
    round_first: int
    showdown_lead: int
    big_blind_pos: int
    draw_queue: tuple[int, ...]
    draw_owed: int
    show_queue: tuple[int, ...]
    show_order: tuple[int, ...]
    exposed: bool
    notes: tuple[Finding, ...]
    events: int
    turn_cache: object
    view_cache: object

    def clone(self) -> HandState:
        """A copy whose lists may be changed without touching ``self``.

        Spelled out field by field: it runs once per event, and a loop over the field names
        costs several times more. Keep it in step with ``__slots__`` (a test checks it).
        """
        new = object.__new__(HandState)
        new.config = self.config
        new.spec = self.spec
        new.stakes = self.stakes
        new.seats = self.seats
        new.positions = self.positions
        new.deck = self.deck
        new.button = self.button
        new.dealer_left = self.dealer_left
        new.dead = self.dead
        new.forced_bring_in = self.forced_bring_in
        new.has_board = self.has_board
        new.street = self.street
        new.phase = self.phase
        new.community = self.community
        new.need_community = self.need_community
        new.street_started = self.street_started
        new.street_burned = self.street_burned
        new.stub = self.stub
        new.used = self.used
        new.available = self.available
        new.discards = self.discards
        new.to_act = self.to_act
        new.candidates = self.candidates
        new.first_rule = self.first_rule
        new.current_bet = self.current_bet
        new.bet_count = self.bet_count
        new.full_level = self.full_level
        new.min_raise = self.min_raise
        new.reopen_seq = self.reopen_seq
        new.bring_in_pending = self.bring_in_pending
        new.open_pair = self.open_pair
        new.open_pair_unknown = self.open_pair_unknown
        new.big_made = self.big_made
        new.aggressor = self.aggressor
        new.round_first = self.round_first
        new.showdown_lead = self.showdown_lead
        new.big_blind_pos = self.big_blind_pos
        new.draw_queue = self.draw_queue
        new.draw_owed = self.draw_owed
        new.show_queue = self.show_queue
        new.show_order = self.show_order
        new.exposed = self.exposed
        new.notes = self.notes
        new.events = self.events
        new.turn_cache = self.turn_cache
        new.view_cache = self.view_cache
        new.stacks = self.stacks[:]
        new.bets = self.bets[:]
        new.contributed = self.contributed[:]
        new.folded = self.folded[:]
        new.all_in = self.all_in[:]
        new.cards = self.cards[:]
        new.up = self.up[:]
        new.need_down = self.need_down[:]
        new.need_up = self.need_up[:]
        new.acted_seq = self.acted_seq[:]
        new.acted_level = self.acted_level[:]
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandState):
            return NotImplemented
        return all(
            getattr(self, name) == getattr(other, name) for name in ("config", *_LISTS, *_SCALARS)
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"HandState(game={self.spec.game.value}, street={self.street_spec.name}, "
            f"phase={self.phase.value}, to_act={self.seat_to_act}, events={self.events})"
        )

    # --- read-only views -------------------------------------------------------------------

    @property
    def street_spec(self) -> StreetSpec:
        """The current street's definition."""
        return self.spec.streets[self.street]

    @property
    def is_last_street(self) -> bool:
        """True on the game's last street."""
        return self.street == len(self.spec.streets) - 1

    @property
    def complete(self) -> bool:
        """True once the hand is over."""
        return self.phase is PHASE_COMPLETE

    @property
    def seat_to_act(self) -> int:
        """Seat number to act (bet, draw or show), 0 when cards are due or the hand is over."""
        if self.phase in (PHASE_DEALING, PHASE_COMPLETE) or self.to_act == NOBODY:
            return 0
        return self.seats[self.to_act]

    def dead_chips(self) -> dict[int, int]:
        """Seat -> dead chips it posted (dead blinds; no zero entries): what settlement needs
        to keep dead money out of uncalled returns and bet levels."""
        return {self.seats[pos]: chips for pos, chips in enumerate(self.dead) if chips}

    @property
    def pot_total(self) -> int:
        """Chips in the pots and in front of the players."""
        return sum(self.contributed)

    def live(self, pos: int) -> bool:
        """Position ``pos`` is still in the hand (not folded, not mucked)."""
        return not self.folded[pos]

    def able(self, pos: int) -> bool:
        """Position ``pos`` may still put chips in (live and not all in)."""
        return not self.folded[pos] and not self.all_in[pos]

    def live_count(self) -> int:
        """Seats still in the hand."""
        return self.folded.count(False)

    def able_count(self) -> int:
        """Seats still able to bet."""
        folded, all_in = self.folded, self.all_in
        if True not in all_in:  # nobody all in (the common case): one C-level scan
            return folded.count(False)
        return len(folded) - sum(map(or_, folded, all_in))

    def clockwise(self, start: int) -> tuple[int, ...]:
        """Every position once, clockwise, starting at ``start``."""
        n = len(self.seats)
        if n <= _MAX_POSITIONS:
            return _ROTATIONS[n][start]
        return tuple((start + k) % n for k in range(n))

    def unit(self) -> int:
        """This street's fixed-limit bet size (small or big bet)."""
        return self.stakes.big_bet if self.street_spec.big_bet else self.stakes.small_bet
