"""The first line of a PokerStars hand: hand number, game, structure, stakes and unit.

Forms read (case-insensitive)::

    PokerStars Game #3587448:  7 Card Stud Hi/Lo Limit ($0.04/$0.08 USD) - 2009/11/26 ...
    PokerStars Hand #1649545:  8-Game (7 Card Stud Hi/Lo Limit, $400/$800 USD) - ...
    PokerStars Hand #4938294: Tournament #20100, $200+$15 USD Razz Limit - Level IV (50/100) - ...
    PokerStars Home Game Hand #9963175: {Club} Tournament #743144019, 100+9 8-Game
        (Razz Limit) - Match Round I, Level IV (30/60) - ...      [one line]
    PokerStars Hand #2: Hold'em No Limit ($0.50/$1.00 USD) - 2024/01/02 ...

The stakes pair is the small and big bet in fixed limit, the blinds in pot and no limit. A
stud game (stud, stud hi/lo, razz, five card stud) written without a structure word
(``7 Card Stud ($1/$2)``) is fixed limit, the default of RULES.md "Betting structures"; a
draw game without one stays unread (its pair could be bets or blinds).
A currency symbol makes the hand a money hand (amounts in cents); otherwise amounts are chips.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from floorman.domain.currency import default_minor_units
from floorman.domain.history.amounts import parse_money
from floorman.domain.model import BettingStructure, Game

HEADER: Final = re.compile(
    r"^PokerStars (?:Home Game )?(?:Zoom )?(?:Hand|Game) #(?P<id>\d+):\s*"
    r"(?:\{(?P<club>[^}]*)\}\s*)?(?P<rest>.*)$",
    re.IGNORECASE,
)
_DATE: Final = re.compile(r"\s+-\s+\d{4}/\d{1,2}/\d{1,2}\b.*$")
_TOURNAMENT: Final = re.compile(r"^Tournament #(?P<id>\d+),\s*(?P<rest>.*)$", re.IGNORECASE)
_LEVEL: Final = re.compile(
    r"^(?P<pre>.*?)\s+-\s+(?:Match Round [IVXLCDM]+,\s*)?Level [IVXLCDM]+\s*"
    r"\((?P<stakes>[^()]*)\)\s*$",
    re.IGNORECASE,
)
_BUY_IN: Final = re.compile(
    r"^(?P<buyin>Freeroll|\S*\d\S*(?:\s+(?-i:[A-Z]{3}))?)\s+(?P<game>.+)$", re.IGNORECASE
)
_MIXED_CASH: Final = re.compile(r"^(?P<mixed>.+?)\s*\((?P<game>[^(),]+),\s*(?P<stakes>[^()]+)\)$")
_PLAIN_CASH: Final = re.compile(r"^(?P<game>.+?)\s*\((?P<stakes>[^()]+)\)$")
_MIXED_GAME: Final = re.compile(r"^(?P<mixed>.+?)\s*\((?P<game>[^()]+)\)$")
_LIMIT: Final = re.compile(
    r"^(?P<name>.+?)\s+(?P<limit>Pot Limit|No Limit|Fixed Limit|Limit)$", re.IGNORECASE
)
_STAKES: Final = re.compile(
    r"^(?P<small>[^/\s]+)\s*/\s*(?P<big>[^/\s]+)(?:\s+(?P<currency>[A-Za-z]{3}))?$"
)
_STRUCTURES: Final = {
    "limit": BettingStructure.FIXED_LIMIT,
    "fixed limit": BettingStructure.FIXED_LIMIT,
    "pot limit": BettingStructure.POT_LIMIT,
    "no limit": BettingStructure.NO_LIMIT,
}
GAMES: Final = {
    "7 card stud": Game.SEVEN_CARD_STUD,
    "7 card stud hi/lo": Game.SEVEN_CARD_STUD_HI_LO,
    "razz": Game.RAZZ,
    "5 card draw": Game.FIVE_CARD_DRAW,
    "5 card draw 7-a": Game.FIVE_CARD_DRAW_7A,
    "5 card stud": Game.FIVE_CARD_STUD,
    "hold'em": Game.TEXAS_HOLDEM,
    "omaha": Game.OMAHA,
    "omaha hi/lo": Game.OMAHA_HI_LO,
    "5 card omaha": Game.FIVE_CARD_OMAHA,
    "5 card omaha hi/lo": Game.FIVE_CARD_OMAHA_HI_LO,
    "6+ hold'em": Game.SHORT_DECK_HOLDEM,
    "single draw 2-7 lowball": Game.DEUCE_TO_SEVEN_SINGLE_DRAW,
    "triple draw 2-7 lowball": Game.DEUCE_TO_SEVEN_TRIPLE_DRAW,
    "triple draw a-5 lowball": Game.ACE_TO_FIVE_TRIPLE_DRAW,
    "badugi": Game.BADUGI,
}
"""The PokerStars game names floorman reads (lower case) and the games they name
(``Hold'em No Limit``, ``Omaha Pot Limit``, ``Omaha Hi/Lo Limit``, ``5 Card Omaha Pot
Limit``, ``5 Card Omaha Hi/Lo Pot Limit``, ``6+ Hold'em No Limit`` for short deck; the
lowball draws ``Triple Draw 2-7 Lowball Limit``, ``Single Draw 2-7 Lowball No Limit``,
``Badugi Limit``, and ``Triple Draw A-5 Lowball Limit``, the same pattern, for the A-5 game
PokerStars never spread)."""
_SYMBOL_CURRENCIES: Final = {"$": "USD", "€": "EUR", "£": "GBP"}


@dataclass(frozen=True, slots=True, kw_only=True)
class StarsHeader:
    """What the header says. ``game`` is ``None`` for a game floorman does not play."""

    hand_id: int
    game_name: str
    game: Game | None
    structure: BettingStructure | None
    mixed: str
    tournament_id: str
    currency: str
    scale: int
    small: int
    big: int


def parse_header(line: str) -> StarsHeader:
    """Parse a header line (already known to match :data:`HEADER`).

    Raises:
        ValueError: when the game, structure or stakes cannot be read (the message says
            which). An unknown game is NOT an error: ``game`` is ``None``.
    """
    match = HEADER.match(line)
    if match is None:
        raise ValueError("not a PokerStars hand header")
    hand_id = int(match.group("id"))
    rest = _DATE.sub("", match.group("rest").strip())
    tournament = _TOURNAMENT.match(rest)
    if tournament is not None:
        tournament_id = tournament.group("id")
        level = _LEVEL.match(tournament.group("rest"))
        if level is None:
            raise ValueError("no '- Level N (small/big)' in the tournament header")
        stakes_text = level.group("stakes")
        buy_in = _BUY_IN.match(level.group("pre").strip())
        game_part = buy_in.group("game") if buy_in else level.group("pre").strip()
        mixed_match = _MIXED_GAME.match(game_part)
        mixed = mixed_match.group("mixed") if mixed_match else ""
        game_text = mixed_match.group("game").split(",")[0] if mixed_match else game_part
    else:
        tournament_id = ""
        cash = _MIXED_CASH.match(rest) or _PLAIN_CASH.match(rest)
        if cash is None:
            raise ValueError("no '(small/big)' stakes in the header")
        mixed = cash.groupdict().get("mixed") or ""
        game_text, stakes_text = cash.group("game"), cash.group("stakes")
    game_name, structure = _game_and_structure(game_text.strip())
    game = GAMES.get(game_name.lower())
    if structure is None and game is not None and game.is_stud:
        structure = BettingStructure.FIXED_LIMIT  # RULES.md: fixed limit is the default
    currency, scale, small, big = _stakes(stakes_text)
    return StarsHeader(
        hand_id=hand_id,
        game_name=game_name,
        game=game,
        structure=structure,
        mixed=mixed.strip(),
        tournament_id=tournament_id,
        currency=currency,
        scale=scale,
        small=small,
        big=big,
    )


def _game_and_structure(text: str) -> tuple[str, BettingStructure | None]:
    match = _LIMIT.match(text)
    if match is None:
        return text, None
    return match.group("name").strip(), _STRUCTURES[match.group("limit").lower()]


def _stakes(text: str) -> tuple[str, int, int, int]:
    match = _STAKES.match(text.strip())
    if match is None:
        raise ValueError(f"cannot read the stakes {text!r}")
    small, big = match.group("small"), match.group("big")
    symbol = small[0] if small[0] in _SYMBOL_CURRENCIES else ""
    currency = (match.group("currency") or _SYMBOL_CURRENCIES.get(symbol, "")).upper()
    # minor units per unit: the ISO 4217 default of the code (100 for USD, 1 for JPY)
    scale = default_minor_units(currency) if currency else (100 if symbol else 1)
    return currency, scale, parse_money(small, scale=scale), parse_money(big, scale=scale)
