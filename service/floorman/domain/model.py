"""The domain vocabulary shared by the engine, settlement, histories and the transport.

Plain frozen dataclasses and enums, no behaviour beyond small helpers. Money is ``int`` minor
units everywhere (never ``float``). Seats are numbered clockwise from 1; seat 0 in a
:class:`Deal` is the community. Cards are ints (see :mod:`floorman.domain.cards`); ``None``
is an unknown card (``??``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Final

from floorman.domain.cards import Card
from floorman.domain.fast_init import fast_frozen_init


class Game(enum.Enum):
    """The games of RULES.md."""

    __hash__ = object.__hash__  # identity: see floorman.domain.members

    FIVE_CARD_DRAW_7A = "five_card_draw_7a"
    FIVE_CARD_DRAW = "five_card_draw"
    SEVEN_CARD_STUD = "seven_card_stud"
    RAZZ = "razz"
    SEVEN_CARD_STUD_HI_LO = "seven_card_stud_hi_lo"
    FIVE_CARD_STUD = "five_card_stud"
    TEXAS_HOLDEM = "texas_holdem"
    OMAHA = "omaha"
    OMAHA_HI_LO = "omaha_hi_lo"
    FIVE_CARD_OMAHA = "five_card_omaha"
    FIVE_CARD_OMAHA_HI_LO = "five_card_omaha_hi_lo"
    SHORT_DECK_HOLDEM = "short_deck_holdem"
    DEUCE_TO_SEVEN_SINGLE_DRAW = "deuce_to_seven_single_draw"
    DEUCE_TO_SEVEN_TRIPLE_DRAW = "deuce_to_seven_triple_draw"
    ACE_TO_FIVE_TRIPLE_DRAW = "ace_to_five_triple_draw"
    BADUGI = "badugi"

    @property
    def is_stud(self) -> bool:
        """True for the stud games (antes, bring-in, fixed dealer position)."""
        return self in _STUD_GAMES

    @property
    def title(self) -> str:
        """The game's name as messages print it ("Texas Hold'em", "2-7 Triple Draw")."""
        return GAME_NAMES[self]

    @property
    def is_draw(self) -> bool:
        """True for the button games (blinds and a button: draw and community-card games)."""
        return not self.is_stud


_STUD_GAMES = frozenset(
    {Game.SEVEN_CARD_STUD, Game.RAZZ, Game.SEVEN_CARD_STUD_HI_LO, Game.FIVE_CARD_STUD}
)

GAME_NAMES: Final = {
    Game.FIVE_CARD_DRAW_7A: "Five Card Draw 7-A",
    Game.FIVE_CARD_DRAW: "Five Card Draw",
    Game.SEVEN_CARD_STUD: "Seven Card Stud",
    Game.RAZZ: "Razz",
    Game.SEVEN_CARD_STUD_HI_LO: "Seven Card Stud Hi-Lo",
    Game.FIVE_CARD_STUD: "Five Card Stud",
    Game.TEXAS_HOLDEM: "Texas Hold'em",
    Game.OMAHA: "Omaha",
    Game.OMAHA_HI_LO: "Omaha Hi-Lo",
    Game.FIVE_CARD_OMAHA: "Five Card Omaha",
    Game.FIVE_CARD_OMAHA_HI_LO: "Five Card Omaha Hi-Lo",
    Game.SHORT_DECK_HOLDEM: "Short-deck Hold'em",
    Game.DEUCE_TO_SEVEN_SINGLE_DRAW: "2-7 Single Draw",
    Game.DEUCE_TO_SEVEN_TRIPLE_DRAW: "2-7 Triple Draw",
    Game.ACE_TO_FIVE_TRIPLE_DRAW: "A-5 Triple Draw",
    Game.BADUGI: "Badugi",
}
"""Game names as messages print them (:attr:`Game.title`)."""


class BettingStructure(enum.Enum):
    """RULES.md "Betting structures"."""

    __hash__ = object.__hash__  # identity: see floorman.domain.members

    FIXED_LIMIT = "fixed_limit"
    POT_LIMIT = "pot_limit"
    NO_LIMIT = "no_limit"


class ActionType(enum.Enum):
    """A player action. Antes and blinds are posted by the engine, never acted."""

    __hash__ = object.__hash__  # identity: see floorman.domain.members

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    BRING_IN = "bring_in"
    COMPLETE = "complete"
    DRAW = "draw"
    SHOW = "show"
    MUCK = "muck"


class ForcedBetKind(enum.Enum):
    """Kinds of forced bet (DESIGN.md "Forced bets")."""

    __hash__ = object.__hash__  # identity: see floorman.domain.members

    ANTE = "ante"
    SMALL_BLIND = "small_blind"
    BIG_BLIND = "big_blind"
    DEAD_BLIND = "dead_blind"
    BRING_IN = "bring_in"
    STRADDLE = "straddle"
    BIG_BLIND_ANTE = "big_blind_ante"


class Phase(enum.Enum):
    """What a hand waits for next (the engine's state; snapshots, the PHH mapper and audit
    read it too)."""

    __hash__ = object.__hash__  # identity: see floorman.domain.members

    DEALING = "dealing"
    """Cards must be dealt (a street's deal, a draw's replacement cards, a community card)."""
    BETTING = "betting"
    """A seat must act in a betting round."""
    DRAWING = "drawing"
    """A seat must discard (DRAW) or stand pat."""
    SHOWDOWN = "showdown"
    """A seat must SHOW or MUCK, in showdown order."""
    COMPLETE = "complete"
    """The hand is over: won by folds, shown down, or every hand exposed after an all-in."""


@fast_frozen_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Stakes:
    """Table stakes in minor units. A field left 0 is unset (RULES.md "Stakes defaults")."""

    small_bet: int = 0
    big_bet: int = 0
    ante: int = 0
    bring_in: int = 0
    small_blind: int = 0
    big_blind: int = 0
    whole_unit: int = 100
    odd_chip_unit: int = 1
    straddle: int = 0
    big_blind_ante: int = 0


@fast_frozen_init
@dataclass(frozen=True, slots=True, kw_only=True)
class RakePolicy:
    """RULES.md "Rake": min(cap, increment x floor(pot x percent_bps / 10000 / increment))."""

    percent_bps: int = 0
    increment: int = 0
    cap: int = 0
    no_rake_first_round: bool = False


@fast_frozen_init
@dataclass(frozen=True, slots=True, kw_only=True)
class SeatState:
    """A seat dealt in: its number, the player, and the chips in front at the hand's start."""

    seat: int
    player_id: str = ""
    stack: int


@fast_frozen_init
@dataclass(frozen=True, slots=True, kw_only=True)
class ForcedBet:
    """An explicit forced bet overriding derivation; ``dead`` chips do not count as a bet."""

    seat: int
    kind: ForcedBetKind
    amount: int
    dead: bool = False


@fast_frozen_init
@dataclass(frozen=True, slots=True, kw_only=True)
class HandConfig:
    """Everything needed to play one hand.

    ``seats`` are the seats dealt in, clockwise. ``button_seat`` is the button (draw games)
    or the fixed dealer position used for ties (stud; 0 = just before the lowest seat).
    ``forced_bets``, when given, replace the derived antes and blinds.
    ``uncapped_heads_up`` lifts the fixed-limit cap with two players left (default: capped).
    """

    game: Game
    betting_structure: BettingStructure = BettingStructure.FIXED_LIMIT
    stakes: Stakes
    rake: RakePolicy = field(default_factory=RakePolicy)
    seats: tuple[SeatState, ...]
    button_seat: int = 0
    forced_bets: tuple[ForcedBet, ...] = ()
    uncapped_heads_up: bool = False


@fast_frozen_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Deal:
    """Cards dealt to ``seat`` (0: community). For a draw, the replacement cards.

    ``cards`` may hold ``None`` for an unknown card. ``burn`` marks a reported burn card.
    """

    seat: int
    cards: tuple[Card | None, ...]
    face_up: bool = False
    burn: bool = False


@fast_frozen_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Action:
    """A player action.

    ``amount``: for BET, RAISE and COMPLETE the total the seat's bet in this round becomes
    ("raise to"); for BRING_IN optional (must match when given); otherwise ignored.
    ``cards``: for DRAW the discards (empty: stand pat); for SHOW all the seat's own cards.
    """

    seat: int
    type: ActionType
    amount: int = 0
    cards: tuple[Card | None, ...] = ()


HandEvent = Deal | Action
