"""What the PokerStars text reader returns: frozen hands, events, problems.

Amounts are integer minor units: cents for money games (``$``, ``€``, ``£``), chips for
tournaments and play money (:attr:`StarsHand.scale` says which). Cards are ints
(:mod:`floorman.domain.cards`). Every event keeps its 1-based ``line`` in the file, so an
audit finding can point at it.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from floorman.domain.cards import Card
from floorman.domain.model import BettingStructure, Game, Stakes


class StarsStreet(enum.Enum):
    """Where in the hand a line sits (names as in the engine's snapshot where they exist)."""

    SETUP = "setup"  # antes and blinds, before the first deal
    FIRST_ROUND = "first_round"  # the draw games, before the (first) draw
    DRAW = "draw"  # the draw, or a triple draw's first ("*** FIRST DRAW ***")
    SECOND_ROUND = "second_round"  # the draw games, after the (first) draw
    SECOND_DRAW = "second_draw"  # triple draw: "*** SECOND DRAW ***"
    THIRD_ROUND = "third_round"
    THIRD_DRAW = "third_draw"  # "*** THIRD DRAW ***"
    FOURTH_ROUND = "fourth_round"
    SECOND_STREET = "second_street"  # five card stud
    THIRD_STREET = "third_street"
    FOURTH_STREET = "fourth_street"
    FIFTH_STREET = "fifth_street"
    SIXTH_STREET = "sixth_street"
    SEVENTH_STREET = "seventh_street"  # "*** RIVER ***" in stud
    PRE_FLOP = "pre_flop"  # community-card games: "*** HOLE CARDS ***"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"  # "*** RIVER ***" in the community-card games
    SHOWDOWN = "showdown"
    SUMMARY = "summary"


DRAW_STREETS: frozenset[StarsStreet] = frozenset(
    {StarsStreet.DRAW, StarsStreet.SECOND_DRAW, StarsStreet.THIRD_DRAW}
)
"""The draws (one in single draw, three in triple draw and Badugi)."""
ROUND_AFTER_DRAW: dict[StarsStreet, StarsStreet] = {
    StarsStreet.DRAW: StarsStreet.SECOND_ROUND,
    StarsStreet.SECOND_DRAW: StarsStreet.THIRD_ROUND,
    StarsStreet.THIRD_DRAW: StarsStreet.FOURTH_ROUND,
}
"""The betting round a draw's first bet, check or fold opens (rooms write no section)."""
DRAW_AFTER_ROUND: dict[StarsStreet, StarsStreet] = {
    StarsStreet.FIRST_ROUND: StarsStreet.DRAW,
    StarsStreet.SECOND_ROUND: StarsStreet.SECOND_DRAW,
    StarsStreet.THIRD_ROUND: StarsStreet.THIRD_DRAW,
}
"""The draw a discard or stand-pat line opens after a betting round with no section line."""
DRAW_INDEX: dict[StarsStreet, int] = {
    StarsStreet.FIRST_ROUND: 0,
    StarsStreet.DRAW: 1,
    StarsStreet.SECOND_ROUND: 1,
    StarsStreet.SECOND_DRAW: 2,
    StarsStreet.THIRD_ROUND: 2,
    StarsStreet.THIRD_DRAW: 3,
    StarsStreet.FOURTH_ROUND: 3,
}
"""The engine's street index of a draw game's section (a draw and the betting after it are
the same street)."""


class StarsEventKind(enum.Enum):
    """The kinds of line the reader turns into events."""

    ANTE = "ante"  # posts the ante X
    SMALL_BLIND = "small_blind"  # posts small blind X
    BIG_BLIND = "big_blind"  # posts big blind X
    STRADDLE = "straddle"  # posts straddle X (community-card games)
    SMALL_AND_BIG_BLINDS = "small_and_big_blinds"  # posts small & big blinds X (SB dead)
    BRING_IN = "bring_in"  # brings in for X
    BET = "bet"
    CALL = "call"
    RAISE = "raise"  # raises X to Y; a stud completion is written this way
    CHECK = "check"
    FOLD = "fold"
    DEAL = "deal"  # Dealt to NAME [earlier] [new]
    COMMUNITY = "community"  # the stud community card "*** RIVER *** [6h]", board cards
    # "*** FLOP *** [Ah Kd 7c]", "*** TURN *** [Ah Kd 7c] [2s]" (the new card)
    DISCARD = "discard"  # discards N cards [cards]
    STAND_PAT = "stand_pat"  # stands pat [on cards]
    UNCALLED_RETURN = "uncalled_return"  # Uncalled bet (X) returned to NAME
    SHOW = "show"  # shows [cards] (description)
    MUCK = "muck"  # mucks hand
    NO_SHOW = "no_show"  # doesn't show hand
    COLLECT = "collect"  # NAME collected X from pot / main pot / side pot-N


@dataclass(frozen=True, slots=True, kw_only=True)
class StarsSeat:
    """A seat listed before the deal: number, screen name, chips at the start of the hand."""

    seat: int
    name: str
    stack: int
    sitting_out: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class StarsEvent:
    """One meaningful line of a hand.

    Attributes:
        kind: what the line says.
        line: 1-based line number in the file.
        street: the street the line belongs to.
        seat: the seat concerned (0 for a community card).
        amount: chips as written: posted, bet, called, returned, collected; for RAISE the
            raise increment ("raises 35 to 50": 35); for DISCARD the number of cards.
        to_amount: RAISE only: the seat's total bet for the street afterwards (50).
        added: chips moved from the seat's stack to the pot by this line (posts, bring-in,
            bet, call, raise: to_amount minus what the seat had bet on the street); 0 for the
            others (a dead small blind counts here as well).
        all_in: the line ends with "and is all-in".
        cards: DEAL: the new cards; DISCARD / STAND_PAT / SHOW / MUCK: the cards written;
            COMMUNITY: the community card(s): the stud card, or the board cards a flop,
            turn or river marker adds.
        previous: DEAL only: the cards repeated in the first bracket (earlier up cards, or
            the cards kept after a draw).
        pot: COLLECT only: 0 for "pot" / "main pot", k for "side pot-k" ("side pot" is 1).
        text: SHOW only: the room's hand description, as written.
        dead: SMALL_BLIND only: a dead small blind (dead money, not a bet): a
            ``posts small blind`` after a big blind or after another small blind was posted
            (a returning player's missed small blind; PokerStars writes it out of position).
    """

    kind: StarsEventKind
    line: int
    street: StarsStreet
    seat: int = 0
    amount: int = 0
    to_amount: int = 0
    added: int = 0
    all_in: bool = False
    cards: tuple[Card | None, ...] = ()
    previous: tuple[Card | None, ...] = ()
    pot: int = 0
    text: str = ""
    dead: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class StarsSeatResult:
    """A seat's line in the summary.

    ``showed`` / ``mucked`` are the cards written (``()`` when none); ``won`` is the amount in
    "won (X)" or "collected (X)" (0 when none); ``folded`` is True for "folded ...".
    """

    seat: int
    line: int
    showed: tuple[Card | None, ...] = ()
    mucked: tuple[Card | None, ...] = ()
    won: int = 0
    folded: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class StarsSummary:
    """``Total pot X [Main pot M. Side pot-1 S1. ...] | Rake R`` and the seat results
    (``rake`` ``None``: a room that writes no rake statement)."""

    total_pot: int
    rake: int | None
    main_pot: int | None = None
    side_pots: tuple[int, ...] = ()
    board: tuple[Card | None, ...] = ()
    seats: tuple[StarsSeatResult, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class StarsHand:
    """One hand of a seed game.

    Attributes:
        hand_id: the room's hand number.
        line: the header's line number.
        header: the header line as written.
        game / structure: the game and betting structure.
        game_name: the game as the header writes it (``"7 Card Stud Hi/Lo"``).
        mixed: the mixed-game name (``"8-Game"``, ``"HORSE"``) or ``""``.
        tournament_id: the tournament number, ``""`` for a cash game.
        currency: ``"USD"``, ``"EUR"`` ... or ``""`` for chips.
        scale: minor units per written unit: 100 for money, 1 for chips.
        stakes: small/big bet (fixed limit) from the header, or the blinds (pot and no
            limit); ante, bring-in and fixed-limit blinds from the forced-bet lines.
        table: the table name; max_seats from "N-max" (0 when absent).
        button_seat: the button (draw games), 0 when none (stud).
        seats: the seats listed, in order.
        events: every meaningful line, in order.
        summary: the summary section, or ``None`` when the hand has none.
        last_section: the last ``*** ... ***`` section the record reached (``SHOWDOWN`` for
            a hand that reached ``*** SHOW DOWN ***`` without a summary).
        digest: the fingerprint of the hand's lines as written
            (:func:`~floorman.domain.history.limits.text_digest`; ``""``: not computed).
    """

    hand_id: int | str  # Merge numbers hands "43618199-14"
    line: int
    header: str
    game: Game
    structure: BettingStructure
    game_name: str
    mixed: str
    tournament_id: str
    currency: str
    scale: int
    stakes: Stakes
    table: str
    max_seats: int
    button_seat: int
    seats: tuple[StarsSeat, ...]
    events: tuple[StarsEvent, ...]
    summary: StarsSummary | None
    last_section: StarsStreet = StarsStreet.SETUP
    digest: str = ""

    def seat_of(self, name: str) -> int:
        """The seat number of the player called ``name``.

        Raises:
            KeyError: when nobody of that name is seated.
        """
        for seat in self.seats:
            if seat.name == name:
                return seat.seat
        raise KeyError(name)

    def name_of(self, seat: int) -> str:
        """The screen name at ``seat``.

        Raises:
            KeyError: when the seat is not listed.
        """
        for listed in self.seats:
            if listed.seat == seat:
                return listed.name
        raise KeyError(seat)

    def events_of(self, *kinds: StarsEventKind) -> tuple[StarsEvent, ...]:
        """The events of the given kinds, in order."""
        return tuple(e for e in self.events if e.kind in kinds)


@dataclass(frozen=True, slots=True, kw_only=True)
class StarsProblem:
    """Input the reader could not understand: the hand (if known) is left out of the result."""

    line: int
    message: str
    hand_id: int | str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class StarsUnsupported:
    """A hand of a game floorman does not play (2-7 lowball, badugi ...)."""

    line: int
    hand_id: int | str
    game_name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class StarsFile:
    """The result of reading one file: the hands, the skipped hands and the problems."""

    hands: tuple[StarsHand, ...]
    unsupported: tuple[StarsUnsupported, ...]
    problems: tuple[StarsProblem, ...]
