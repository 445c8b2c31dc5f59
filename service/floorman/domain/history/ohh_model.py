"""Open Hand History (OHH) as floorman reads and writes it: the pinned version, the names
of streets and actions for the seed games, and the frozen hand a reader returns.

The specification is PokerTracker's Open Hand History, https://hh-specs.handhistory.org,
version :data:`SPEC_VERSION` (one JSON object ``{"ohh": {...}}`` per hand). Amounts in a file
are decimal currency amounts (money tables: minor units / 100) or whole chips; the classes
here hold integer MINOR units. How the studs and the draws map, and where floorman extends
the specification, is written in ``docs/hand-history-formats.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from floorman.domain.cards import Card
from floorman.domain.currency import default_minor_units, is_iso_code
from floorman.domain.model import BettingStructure, ForcedBet, Game, RakePolicy, Stakes

SPEC_VERSION: Final = "1.4.6"
"""The OHH specification version floorman follows (written in ``spec_version``)."""
EXTENSION: Final = "floorman"
"""The key of floorman's extension object inside ``ohh`` (exact configuration)."""
CHIPS: Final = "Chips"
"""``currency`` of a chip table without a code (amounts are whole chips)."""

SPEC_GAME_TYPES: Final = ("Holdem", "Omaha", "OmahaHiLo", "Stud", "StudHiLo", "Draw")
"""The specification's ``game_type`` values."""
SPEC_BET_TYPES: Final = ("NL", "PL", "FL")
"""The specification's ``bet_limit.bet_type`` values."""
GAME_TYPES: Final = {
    Game.SEVEN_CARD_STUD: "Stud",
    Game.SEVEN_CARD_STUD_HI_LO: "StudHiLo",
    Game.RAZZ: "Stud",  # nearest value; the extension's "game" says razz
    Game.FIVE_CARD_DRAW: "Draw",
    Game.FIVE_CARD_DRAW_7A: "Draw",  # the extension's "game" tells the 7-A deck apart
    Game.FIVE_CARD_STUD: "Stud",  # the extension's "game" tells five card stud apart
    Game.TEXAS_HOLDEM: "Holdem",
    Game.OMAHA: "Omaha",
    Game.OMAHA_HI_LO: "OmahaHiLo",
    Game.FIVE_CARD_OMAHA: "Omaha",  # the extension's "game" tells five hole cards apart
    Game.FIVE_CARD_OMAHA_HI_LO: "OmahaHiLo",  # likewise ("Big O")
    Game.SHORT_DECK_HOLDEM: "Holdem",  # the extension's "game" tells the 36-card deck apart
    Game.DEUCE_TO_SEVEN_SINGLE_DRAW: "Draw",  # the lowball draws and Badugi: the extension's
    Game.DEUCE_TO_SEVEN_TRIPLE_DRAW: "Draw",  # "game" names the variant
    Game.ACE_TO_FIVE_TRIPLE_DRAW: "Draw",
    Game.BADUGI: "Draw",
}
"""``game_type`` written for each game."""
GAMES_BY_TYPE: Final = {
    "stud": Game.SEVEN_CARD_STUD,
    "studhilo": Game.SEVEN_CARD_STUD_HI_LO,
    "razz": Game.RAZZ,  # written by floorman before 1.4.6 conformance, and by others
    "draw": Game.FIVE_CARD_DRAW,
    "holdem": Game.TEXAS_HOLDEM,
    "omaha": Game.OMAHA,
    "omahahilo": Game.OMAHA_HI_LO,
}
"""The game a ``game_type`` names when the file has no floorman extension (lower case)."""
BET_TYPES: Final = {
    BettingStructure.FIXED_LIMIT: "FL",
    BettingStructure.POT_LIMIT: "PL",
    BettingStructure.NO_LIMIT: "NL",
}
STRUCTURES_BY_TYPE: Final = {value: key for key, value in BET_TYPES.items()}

STREET_NAMES: Final = {
    "first_round": "First Round",
    "draw": "Draw",
    "second_round": "Second Round",
    "first_draw": "First Draw",
    "second_draw": "Second Draw",
    "third_round": "Third Round",
    "third_draw": "Third Draw",
    "fourth_round": "Fourth Round",
    "second_street": "Second Street",
    "third_street": "Third Street",
    "fourth_street": "Fourth Street",
    "fifth_street": "Fifth Street",
    "sixth_street": "Sixth Street",
    "seventh_street": "Seventh Street",
    "pre_flop": "Preflop",
    "flop": "Flop",
    "turn": "Turn",
    "river": "River",
    "showdown": "Showdown",
}
"""floorman's name of each street, written in the round's :data:`STREET_EXTENSION`."""
SPEC_STREETS: Final = ("Preflop", "Flop", "Turn", "River", "Showdown")
"""The specification's ``street`` values (round_obj.street)."""
BETTING_STREETS: Final = SPEC_STREETS[:4]
"""The specification's betting streets in order; a game's street of index i is written as
the i-th (index 3 and later: ``River``), the round of the same place and, in fixed limit, the
same bet size in hold'em (draw: first round, draw, second round -> Preflop, Flop, Turn; seven
card stud: 3rd to 7th street -> Preflop, Flop, Turn, River, River)."""
STREET_EXTENSION: Final = "floorman_street"
"""Round key: floorman's street name when the specification's value differs."""
ACTION_EXTENSION: Final = "floorman_action"
"""Action key: floorman's action name when the specification's value is only the nearest."""
FACE_UP_EXTENSION: Final = "floorman_face_up"
"""Action key: a stud ``Dealt Cards`` dealt face up (true) or down (false)."""
CARDS_EXTENSION: Final = "floorman_cards"
"""Action or round key: the cards in order with ``??`` for an unknown one (``cards`` then
holds only the known cards: the specification has no unknown card)."""
BURNS_EXTENSION: Final = "floorman_burns"
"""Action or round key: the burns (each a list of cards) just before the action, or at the
end of the round."""


TRIPLE_DRAW_STREETS: Final = {
    "first_round": "Preflop",
    "first_draw": "Flop",
    "second_round": "Flop",
    "second_draw": "Turn",
    "third_round": "Turn",
    "third_draw": "River",
    "fourth_round": "River",
}
"""The specification's street of each triple-draw round: the betting rounds as hold'em's of
the same place and, in fixed limit, bet size (small, small, big, big); each draw as the
betting round after it."""


def standard_street(index: int, name: str = "") -> str:
    """The specification's street for the game's street of ``index`` (0-based; -1: the
    showdown round); a triple-draw round by its ``name`` (given for the triple draws only:
    :data:`TRIPLE_DRAW_STREETS`)."""
    if index < 0:
        return "Showdown"
    if name in TRIPLE_DRAW_STREETS and index:
        return TRIPLE_DRAW_STREETS[name]
    return BETTING_STREETS[min(index, len(BETTING_STREETS) - 1)]


# Action names: the specification's, then floorman's own (written as the specification's
# nearest action plus ACTION_EXTENSION; documented).
DEALT = "Dealt Cards"
MUCKS = "Mucks Cards"
SHOWS = "Shows Cards"
POST_ANTE = "Post Ante"
POST_SB = "Post SB"
POST_BB = "Post BB"
POST_DEAD = "Post Dead"
POST_EXTRA = "Post Extra Blind"
STRADDLE = "Straddle"
FOLD = "Fold"
CHECK = "Check"
BET = "Bet"
RAISE = "Raise"
CALL = "Call"
BRING_IN = "Bring In"  # written as Post Extra Blind + floorman_action
DISCARD = "Discard Cards"  # written as Mucks Cards + floorman_action
STAND_PAT = "Stand Pat"  # written as Dealt Cards (no card) + floorman_action
BURN = "Burn Cards"  # written as floorman_burns on the next action or the round
WRITTEN_AS: Final = {BRING_IN: POST_EXTRA, DISCARD: MUCKS, STAND_PAT: DEALT}
"""floorman's own actions -> the specification's nearest action written for them."""
SEAT_CHANGES: Final = frozenset({"Added Chips", "Sits Down", "Stands Up"})
SPEC_ACTIONS: Final = frozenset(
    {DEALT, MUCKS, SHOWS, POST_ANTE, POST_SB, POST_BB, STRADDLE, POST_DEAD, POST_EXTRA}
    | {FOLD, CHECK, BET, RAISE, CALL}
    | SEAT_CHANGES
)
"""The specification's ``action`` values."""
"""Table actions that are not part of the hand (read and ignored)."""
POSTS: Final = frozenset({POST_ANTE, POST_SB, POST_BB, POST_DEAD, POST_EXTRA, STRADDLE})
ACTIONS: Final = frozenset(
    {DEALT, MUCKS, SHOWS, FOLD, CHECK, BET, RAISE, CALL, BRING_IN, DISCARD, STAND_PAT, BURN}
    | POSTS
    | SEAT_CHANGES
)
"""Every action name floorman reads."""


@dataclass(frozen=True, slots=True, kw_only=True)
class OhhAction:
    """One ``<action_obj>``.

    Attributes:
        number: ``action_number``.
        player_id: the player's ``id`` (``None`` for a burn).
        action: the action name (see the module's constants).
        amount: minor units the action put in (0 when none).
        is_allin: the action put the player all in.
        cards: dealt, discarded, burned or shown cards (``None``: unknown, ``??``).
        face_up: extension: a stud deal dealt face up (``None`` when not written).
    """

    number: int
    player_id: int | None
    action: str
    amount: int = 0
    is_allin: bool = False
    cards: tuple[Card | None, ...] = ()
    face_up: bool | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class OhhRound:
    """One ``<round_obj>``: its street, the board cards it adds, its actions in order."""

    id: int
    street: str
    cards: tuple[Card | None, ...]
    actions: tuple[OhhAction, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class OhhPlayer:
    """One ``<player_obj>``; ``starting_stack`` in minor units."""

    id: int
    seat: int
    name: str
    starting_stack: int


@dataclass(frozen=True, slots=True, kw_only=True)
class OhhWin:
    """One ``<player_wins>``: ``win_amount`` in minor units."""

    player_id: int
    win_amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class OhhPot:
    """One ``<pot_obj>``: ``amount`` is the pot before rake, ``rake`` what the house took."""

    number: int
    amount: int
    rake: int
    wins: tuple[OhhWin, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class OhhExtension:
    """floorman's extension object: the configuration the standard fields cannot carry.

    Attributes:
        game: the floorman game (five card stud and 7-A draw share a ``game_type``).
        amount_scale: minor units per written unit (100 money, 1 chips).
        stakes: the table's stakes exactly as configured (minor units; 0 = default).
        button_seat: the button (draw) or fixed dealer position (stud; 0 allowed).
        uncapped_heads_up: the fixed-limit cap is lifted heads-up.
        rake_policy: the table's rake policy.
        forced_bets: the explicit forced bets (``()``: derived from the stakes).
        player_ids: seat -> player id.
        hand_id / hand_number / table_id: the table log's identifiers.
        mixed: the mixed game the hand was dealt in (``"HORSE"``; ``""``: a single-game
            table); the hand is the game ``game`` names (RULES.md "Mixed games").
    """

    game: Game
    amount_scale: int
    stakes: Stakes
    button_seat: int
    uncapped_heads_up: bool = False
    rake_policy: RakePolicy = field(default_factory=RakePolicy)
    forced_bets: tuple[ForcedBet, ...] = ()
    player_ids: tuple[tuple[int, str], ...] = ()
    hand_id: str = ""
    hand_number: int = 0
    table_id: str = ""
    mixed: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class OhhHand:
    """One OHH hand, amounts in minor units (see :attr:`amount_scale`).

    Attributes:
        index: the hand's position in the text read (0-based).
        spec_version / site_name / network_name / game_number / table_name /
            start_date_utc / currency / table_size: as written (``""`` / 0 when absent).
        game_type / bet_type: as written (``"Stud"``, ``"FL"``).
        dealer_seat: the dealer seat (our button or dealer position).
        small_blind / big_blind / ante: the stakes fields, minor units.
        players / rounds / pots: as written, in order.
        extension: floorman's extension, or ``None``.
        digest: the fingerprint of the hand's JSON (keys sorted; see
            :func:`~floorman.domain.history.limits.text_digest`), ``""`` when not computed.
    """

    index: int
    spec_version: str
    site_name: str
    network_name: str
    game_number: str
    table_name: str
    start_date_utc: str
    game_type: str
    bet_type: str
    currency: str
    table_size: int
    dealer_seat: int
    small_blind: int
    big_blind: int
    ante: int
    players: tuple[OhhPlayer, ...]
    rounds: tuple[OhhRound, ...]
    pots: tuple[OhhPot, ...]
    extension: OhhExtension | None = None
    digest: str = ""

    @property
    def amount_scale(self) -> int:
        """Minor units per written unit: the extension's, else 1 for chips and 100 for money."""
        if self.extension is not None:
            return self.extension.amount_scale
        return chips_scale(self.currency)

    @property
    def game(self) -> Game | None:
        """The floorman game, or ``None`` for a game floorman does not play (hold'em ...)."""
        if self.extension is not None:
            return self.extension.game
        return GAMES_BY_TYPE.get(self.game_type.lower())

    @property
    def structure(self) -> BettingStructure | None:
        """The betting structure ``bet_type`` names, or ``None``."""
        return STRUCTURES_BY_TYPE.get(self.bet_type.upper())

    @property
    def supported(self) -> bool:
        """True when floorman plays this hand's game and structure."""
        return self.game is not None and self.structure is not None


def chips_scale(currency: str) -> int:
    """Minor units per written unit for ``currency`` (a file without the extension): 1 for
    chips (``""``, ``Chips``, play money), an ISO 4217 code's default (100 for ``USD``, 1 for
    ``JPY``), else 100 (cents)."""
    code = currency.strip()
    if code.lower() in ("", "chips", "play", "pm", "t$"):
        return 1
    return default_minor_units(code) if is_iso_code(code) else 100
