"""Declarative game definitions (RULES.md game sections).

A game is data, not a code path: its deck, its streets (what each deals face down and face
up, whether it is a draw, which bet size it uses, who opens its betting), its forced bets,
how exposed cards order the action, and the ranking of each pot side. The hand state machine
(:mod:`floorman.domain.engine`) reads these specs and nothing else about the game, so every
game plays in fixed limit, pot limit and no limit alike.

Street names are the ones the snapshot reports: ``first_round`` / ``second_round`` for the
draw games (the drawing phase reports ``draw``), ``second_street`` .. ``fifth_street`` for
Five Card Stud, ``third_street`` .. ``seventh_street`` for the seven card studs and
``pre_flop`` / ``flop`` / ``turn`` / ``river`` for the community-card games.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final

from floorman.domain.cards import RANKS, Card, deck_from_rank
from floorman.domain.errors import InvalidArgument
from floorman.domain.model import BettingStructure, Game


class Opener(enum.Enum):
    """Who opens a street's betting (RULES.md game sections)."""

    __hash__ = object.__hash__  # identity: see floorman.domain.members

    LEFT_OF_BIG_BLIND = "left_of_big_blind"
    """Draw round 1, pre-flop: the first player left of the big blind (or of the straddle;
    heads-up: the button)."""
    LEFT_OF_BUTTON = "left_of_button"
    """Draw round 2, flop / turn / river: the first active player left of the button."""
    BRING_IN = "bring_in"
    """Stud, first street: the bring-in by the door card, then left of the bring-in."""
    BEST_EXPOSED = "best_exposed"
    """Stud, later streets: the best exposed hand, full ties nearest the dealer's left."""


class ForcedBets(enum.Enum):
    """The forced-bet scheme a game derives from its stakes."""

    __hash__ = object.__hash__  # identity: see floorman.domain.members

    BLINDS = "blinds"
    """Small and big blind left of the button (RULES.md "Five Card Draw, 7-A", "Hold'em and
    Omaha"; the community-card games add the optional straddle and big-blind ante)."""
    ANTES_AND_BRING_IN = "antes_and_bring_in"
    """Every player antes; the door card brings in (RULES.md "Seven Card Stud family")."""


_FORCED_BLINDS = ForcedBets.BLINDS
_FORCED_ANTES_AND_BRING_IN = ForcedBets.ANTES_AND_BRING_IN
"""The members as module globals, for :class:`GameSpec`'s properties (read on every step):
``Enum.MEMBER`` goes through ``EnumType.__getattr__``'s slow path, ~8x a global load."""


class BringInCard(enum.Enum):
    """Which door card brings in, and how suits break a tie."""

    __hash__ = object.__hash__  # identity: see floorman.domain.members

    LOWEST_ACE_HIGH = "lowest_ace_high"
    """Stud Hi, Hi-Lo, Five Card Stud: lowest rank (ace high), ties: lowest suit."""
    HIGHEST_ACE_LOW = "highest_ace_low"
    """Razz: highest rank (ace low, so a king is highest), ties: highest suit."""


class ExposedOrder(enum.Enum):
    """How exposed cards rank for the first to act from the second betting street on."""

    __hash__ = object.__hash__  # identity: see floorman.domain.members

    HIGH = "high"
    """Quads > trips > two pair > pair > high cards; no straights or flushes."""
    LOW = "low"
    """Razz: the lowest ace-to-five board acts first (pairs are bad)."""


class PotSide(enum.Enum):
    """A ranking a pot (or half of it) is awarded on."""

    __hash__ = object.__hash__  # identity: see floorman.domain.members

    HIGH = "high"
    """Standard high ranking, best five cards."""
    HIGH_7A = "high_7a"
    """7-A ranking: flush beats full house, A-7-8-9-T (32-card deck) or A-6-7-8-9 (36-card
    deck: 7-A draw with five players, Short-deck Hold'em) lowest straight."""
    LOW_A5 = "low_a5"
    """Ace-to-five low (Razz)."""
    LOW_8 = "low_8"
    """Eight-or-better ace-to-five low; may not qualify (Stud Hi-Lo, Omaha Hi-Lo)."""
    LOW_27 = "low_27"
    """Deuce-to-seven low: the lowest hand by the standard high ranking, aces always high
    (A-2-3-4-5 is ace high, no straight), straights and flushes count against the hand
    (RULES.md "Lowball draw and Badugi")."""
    BADUGI = "badugi"
    """Badugi: the largest set of cards of different ranks and suits (aces low) plays; more
    cards beat fewer, then the lower highest card (RULES.md "Lowball draw and Badugi")."""


@dataclass(frozen=True, slots=True, kw_only=True)
class StreetSpec:
    """One street: its deal (or draw), then one betting round.

    Attributes:
        name: the street's name as the snapshot reports it.
        down: cards dealt face down to each live seat on this street.
        up: cards dealt face up to each live seat on this street.
        board: community cards dealt face up on this street (flop 3, turn 1, river 1).
        draw: the street starts with a draw (each live seat discards 0-5 and is dealt as
            many) instead of a deal.
        big_bet: fixed-limit bets and raises are the big bet (else the small bet).
        opener: who opens the betting.
        burn: a service-dealt table burns one card before this street's deal.
    """

    name: str
    down: int = 0
    up: int = 0
    board: int = 0
    draw: bool = False
    big_bet: bool = False
    opener: Opener
    burn: bool = False

    @property
    def cards(self) -> int:
        """Cards each live seat receives on this street (a draw deals what is discarded)."""
        return self.down + self.up


@dataclass(frozen=True, slots=True, kw_only=True)
class GameSpec:
    """Everything the engine needs to know about one game.

    Attributes:
        game: the game.
        min_players / max_players: seats that may be dealt in.
        forced_bets: the forced-bet scheme.
        streets: the streets in order; the first one's betting is the "first round".
        deck_lowest_rank: ``(up to this many players, lowest rank index in the deck)``
            pairs, ascending by player count (a stripped deck follows the players dealt in).
        bring_in_card: which door card brings in (stud games; ``None`` for draw games).
        exposed_order: how exposed hands order the action (stud games; ``None`` for draw).
        open_pair_option: the 4th-street open pair lets anyone bet the big bet (Stud Hi).
        open_pair_street: index of the street where that option applies.
        community_last_street: when the stub cannot give every live seat its last card, one
            community card is dealt face up instead (seven card studs).
        sides: the rankings a pot is awarded on, main side first (two sides: split pot).
        exact_hole_cards: a showdown hand uses exactly this many own (hole) cards with
            ``5 - exact_hole_cards`` board cards, for every side (Omaha: 2); 0: any five of
            the own and board cards (Hold'em, Short-deck; every non-board game).
        default_structure: the betting structure a table of this game gets when none is
            named (RULES.md: Hold'em fixed limit, Omaha pot limit, Short-deck no limit).
        max_discards: most cards one draw may discard (5; Badugi 4: RULES.md "Lowball draw
            and Badugi"); meaningless in a game without a draw street.
    """

    game: Game
    min_players: int
    max_players: int
    forced_bets: ForcedBets
    streets: tuple[StreetSpec, ...]
    deck_lowest_rank: tuple[tuple[int, int], ...]
    bring_in_card: BringInCard | None = None
    exposed_order: ExposedOrder | None = None
    open_pair_option: bool = False
    open_pair_street: int = 1
    community_last_street: bool = False
    sides: tuple[PotSide, ...]
    exact_hole_cards: int = 0
    default_structure: BettingStructure = BettingStructure.FIXED_LIMIT
    max_discards: int = 5

    @property
    def is_stud(self) -> bool:
        """True for the stud games (antes, bring-in, fixed dealer position)."""
        return self.forced_bets is _FORCED_ANTES_AND_BRING_IN

    @property
    def has_button(self) -> bool:
        """True for the button games: blinds and a moving button (the draw games and the
        community-card games)."""
        return self.forced_bets is _FORCED_BLINDS

    @property
    def is_draw(self) -> bool:
        """The older name of :attr:`has_button` (kept: the history and audit readers use
        it); true for every blinds-and-button game, the community-card games included."""
        return self.forced_bets is _FORCED_BLINDS

    @property
    def draws(self) -> int:
        """Draw streets the game plays (0 stud and community-card games, 1 single draw, 3
        triple draw and Badugi)."""
        return sum(1 for street in self.streets if street.draw)

    @property
    def has_board(self) -> bool:
        """True for the community-card games (Hold'em, Omaha, Short-deck)."""
        return any(street.board for street in self.streets)

    @property
    def hand_cards(self) -> int:
        """Own cards a seat holds after every street is dealt (draws keep the count)."""
        return sum(street.cards for street in self.streets)

    @property
    def board_cards(self) -> int:
        """Community cards on the board after every street is dealt (0: no board)."""
        return sum(street.board for street in self.streets)

    def deck(self, players: int) -> frozenset[Card]:
        """The deck this game deals from with ``players`` dealt in.

        Raises:
            InvalidArgument: ``config.seats`` when ``players`` is outside the game's range.
        """
        if not self.min_players <= players <= self.max_players:
            raise InvalidArgument.single(
                "config.seats",
                "",
                f"{self.game.title} seats {self.min_players} to {self.max_players} players "
                f"(got {players})",
            )
        for most, lowest_rank in self.deck_lowest_rank:
            if players <= most:
                return deck_from_rank(lowest_rank)
        raise AssertionError("deck_lowest_rank covers max_players")  # pragma: no cover


def _draw_streets() -> tuple[StreetSpec, ...]:
    """Five card draw: deal five down, bet (small bet), draw, bet (big bet)."""
    return (
        StreetSpec(name="first_round", down=5, opener=Opener.LEFT_OF_BIG_BLIND),
        StreetSpec(name="second_round", draw=True, big_bet=True, opener=Opener.LEFT_OF_BUTTON),
    )


def _triple_draw_streets(hand: int) -> tuple[StreetSpec, ...]:
    """Triple draw (2-7, A-5, Badugi): deal ``hand`` down, bet, then three draws each
    followed by a betting round; fixed limit: the small bet on the first two rounds, the big
    bet on the last two (RULES.md "Lowball draw and Badugi")."""
    later = Opener.LEFT_OF_BUTTON
    return (
        StreetSpec(name="first_round", down=hand, opener=Opener.LEFT_OF_BIG_BLIND),
        StreetSpec(name="second_round", draw=True, opener=later),
        StreetSpec(name="third_round", draw=True, big_bet=True, opener=later),
        StreetSpec(name="fourth_round", draw=True, big_bet=True, opener=later),
    )


def _seven_stud_streets() -> tuple[StreetSpec, ...]:
    """Seven card stud: 2 down + 1 up, three single up cards, one down; big bet from 5th."""
    exposed = Opener.BEST_EXPOSED
    return (
        StreetSpec(name="third_street", down=2, up=1, opener=Opener.BRING_IN),
        StreetSpec(name="fourth_street", up=1, opener=exposed, burn=True),
        StreetSpec(name="fifth_street", up=1, big_bet=True, opener=exposed, burn=True),
        StreetSpec(name="sixth_street", up=1, big_bet=True, opener=exposed, burn=True),
        StreetSpec(name="seventh_street", down=1, big_bet=True, opener=exposed, burn=True),
    )


def _five_stud_streets() -> tuple[StreetSpec, ...]:
    """Five card stud: 1 down + 1 up, then three single up cards; big bet from 4th."""
    exposed = Opener.BEST_EXPOSED
    return (
        StreetSpec(name="second_street", down=1, up=1, opener=Opener.BRING_IN),
        StreetSpec(name="third_street", up=1, opener=exposed, burn=True),
        StreetSpec(name="fourth_street", up=1, big_bet=True, opener=exposed, burn=True),
        StreetSpec(name="fifth_street", up=1, big_bet=True, opener=exposed, burn=True),
    )


def _board_streets(hole_cards: int) -> tuple[StreetSpec, ...]:
    """Hold'em and Omaha: ``hole_cards`` down, pre-flop betting, then flop (3), turn and
    river (1 each) with a burn before each; big bet from the turn (RULES.md "Hold'em and
    Omaha")."""
    later = Opener.LEFT_OF_BUTTON
    return (
        StreetSpec(name="pre_flop", down=hole_cards, opener=Opener.LEFT_OF_BIG_BLIND),
        StreetSpec(name="flop", board=3, opener=later, burn=True),
        StreetSpec(name="turn", board=1, big_bet=True, opener=later, burn=True),
        StreetSpec(name="river", board=1, big_bet=True, opener=later, burn=True),
    )


_FULL_DECK: Final = ((99, 0),)
_SEVEN_TO_ACE: Final = ((4, RANKS.index("7")), (5, RANKS.index("6")))
_SIX_TO_ACE: Final = ((99, RANKS.index("6")),)

GAMES: Final[dict[Game, GameSpec]] = {
    Game.FIVE_CARD_DRAW_7A: GameSpec(
        game=Game.FIVE_CARD_DRAW_7A,
        min_players=2,
        max_players=5,
        forced_bets=ForcedBets.BLINDS,
        streets=_draw_streets(),
        deck_lowest_rank=_SEVEN_TO_ACE,
        sides=(PotSide.HIGH_7A,),
    ),
    Game.FIVE_CARD_DRAW: GameSpec(
        game=Game.FIVE_CARD_DRAW,
        min_players=2,
        max_players=6,
        forced_bets=ForcedBets.BLINDS,
        streets=_draw_streets(),
        deck_lowest_rank=_FULL_DECK,
        sides=(PotSide.HIGH,),
    ),
    Game.SEVEN_CARD_STUD: GameSpec(
        game=Game.SEVEN_CARD_STUD,
        min_players=2,
        max_players=8,
        forced_bets=ForcedBets.ANTES_AND_BRING_IN,
        streets=_seven_stud_streets(),
        deck_lowest_rank=_FULL_DECK,
        bring_in_card=BringInCard.LOWEST_ACE_HIGH,
        exposed_order=ExposedOrder.HIGH,
        open_pair_option=True,
        open_pair_street=1,
        community_last_street=True,
        sides=(PotSide.HIGH,),
    ),
    Game.RAZZ: GameSpec(
        game=Game.RAZZ,
        min_players=2,
        max_players=8,
        forced_bets=ForcedBets.ANTES_AND_BRING_IN,
        streets=_seven_stud_streets(),
        deck_lowest_rank=_FULL_DECK,
        bring_in_card=BringInCard.HIGHEST_ACE_LOW,
        exposed_order=ExposedOrder.LOW,
        community_last_street=True,
        sides=(PotSide.LOW_A5,),
    ),
    Game.SEVEN_CARD_STUD_HI_LO: GameSpec(
        game=Game.SEVEN_CARD_STUD_HI_LO,
        min_players=2,
        max_players=8,
        forced_bets=ForcedBets.ANTES_AND_BRING_IN,
        streets=_seven_stud_streets(),
        deck_lowest_rank=_FULL_DECK,
        bring_in_card=BringInCard.LOWEST_ACE_HIGH,
        exposed_order=ExposedOrder.HIGH,
        community_last_street=True,
        sides=(PotSide.HIGH, PotSide.LOW_8),
    ),
    Game.FIVE_CARD_STUD: GameSpec(
        game=Game.FIVE_CARD_STUD,
        min_players=2,
        max_players=10,
        forced_bets=ForcedBets.ANTES_AND_BRING_IN,
        streets=_five_stud_streets(),
        deck_lowest_rank=_FULL_DECK,
        bring_in_card=BringInCard.LOWEST_ACE_HIGH,
        exposed_order=ExposedOrder.HIGH,
        sides=(PotSide.HIGH,),
    ),
    Game.TEXAS_HOLDEM: GameSpec(
        game=Game.TEXAS_HOLDEM,
        min_players=2,
        max_players=10,
        forced_bets=ForcedBets.BLINDS,
        streets=_board_streets(2),
        deck_lowest_rank=_FULL_DECK,
        sides=(PotSide.HIGH,),
    ),
    Game.OMAHA: GameSpec(
        game=Game.OMAHA,
        min_players=2,
        max_players=10,
        forced_bets=ForcedBets.BLINDS,
        streets=_board_streets(4),
        deck_lowest_rank=_FULL_DECK,
        sides=(PotSide.HIGH,),
        exact_hole_cards=2,
        default_structure=BettingStructure.POT_LIMIT,
    ),
    Game.OMAHA_HI_LO: GameSpec(
        game=Game.OMAHA_HI_LO,
        min_players=2,
        max_players=10,
        forced_bets=ForcedBets.BLINDS,
        streets=_board_streets(4),
        deck_lowest_rank=_FULL_DECK,
        sides=(PotSide.HIGH, PotSide.LOW_8),
        exact_hole_cards=2,
        default_structure=BettingStructure.POT_LIMIT,
    ),
    Game.FIVE_CARD_OMAHA: GameSpec(
        game=Game.FIVE_CARD_OMAHA,
        min_players=2,
        max_players=8,
        forced_bets=ForcedBets.BLINDS,
        streets=_board_streets(5),
        deck_lowest_rank=_FULL_DECK,
        sides=(PotSide.HIGH,),
        exact_hole_cards=2,
        default_structure=BettingStructure.POT_LIMIT,
    ),
    Game.FIVE_CARD_OMAHA_HI_LO: GameSpec(
        game=Game.FIVE_CARD_OMAHA_HI_LO,
        min_players=2,
        max_players=8,
        forced_bets=ForcedBets.BLINDS,
        streets=_board_streets(5),
        deck_lowest_rank=_FULL_DECK,
        sides=(PotSide.HIGH, PotSide.LOW_8),
        exact_hole_cards=2,
        default_structure=BettingStructure.POT_LIMIT,
    ),
    Game.SHORT_DECK_HOLDEM: GameSpec(
        game=Game.SHORT_DECK_HOLDEM,
        min_players=2,
        max_players=9,
        forced_bets=ForcedBets.BLINDS,
        streets=_board_streets(2),
        deck_lowest_rank=_SIX_TO_ACE,
        sides=(PotSide.HIGH_7A,),
        default_structure=BettingStructure.NO_LIMIT,
    ),
    Game.DEUCE_TO_SEVEN_SINGLE_DRAW: GameSpec(
        game=Game.DEUCE_TO_SEVEN_SINGLE_DRAW,
        min_players=2,
        max_players=7,
        forced_bets=ForcedBets.BLINDS,
        streets=_draw_streets(),
        deck_lowest_rank=_FULL_DECK,
        sides=(PotSide.LOW_27,),
        default_structure=BettingStructure.NO_LIMIT,
    ),
    Game.DEUCE_TO_SEVEN_TRIPLE_DRAW: GameSpec(
        game=Game.DEUCE_TO_SEVEN_TRIPLE_DRAW,
        min_players=2,
        max_players=6,
        forced_bets=ForcedBets.BLINDS,
        streets=_triple_draw_streets(5),
        deck_lowest_rank=_FULL_DECK,
        sides=(PotSide.LOW_27,),
    ),
    Game.ACE_TO_FIVE_TRIPLE_DRAW: GameSpec(
        game=Game.ACE_TO_FIVE_TRIPLE_DRAW,
        min_players=2,
        max_players=6,
        forced_bets=ForcedBets.BLINDS,
        streets=_triple_draw_streets(5),
        deck_lowest_rank=_FULL_DECK,
        sides=(PotSide.LOW_A5,),
    ),
    Game.BADUGI: GameSpec(
        game=Game.BADUGI,
        min_players=2,
        max_players=6,
        forced_bets=ForcedBets.BLINDS,
        streets=_triple_draw_streets(4),
        deck_lowest_rank=_FULL_DECK,
        sides=(PotSide.BADUGI,),
        max_discards=4,
    ),
}
"""Every game's definition, by :class:`~floorman.domain.model.Game`."""


def game_spec(game: Game) -> GameSpec:
    """The definition of ``game`` (RULES.md game sections).

    Raises:
        InvalidArgument: ``config.game`` when ``game`` is not a game floorman plays.
    """
    spec = GAMES.get(game) if isinstance(game, Game) else None
    if spec is None:
        raise InvalidArgument.single("config.game", "", f"{game!r} is not a game floorman plays")
    return spec


MAX_SEATS: Final = 10
"""No table has more seats than this, whatever the game (RULES.md: seats from 1)."""


def highest_seat(game: Game) -> int:
    """The highest seat number of ``game``: seats are numbered 1..this (the game's maximum
    player count, at most :data:`MAX_SEATS`), at a live table and in a stateless HandConfig.

    Raises:
        InvalidArgument: ``config.game`` when ``game`` is not a game floorman plays.
    """
    return min(game_spec(game).max_players, MAX_SEATS)
