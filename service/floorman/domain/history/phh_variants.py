"""PHH variant codes: which game and betting structure each names, and its required fields.

The standard codes come from the PHH specification (pokerkit 0.7.7 ``notation.py`` lists the
same eleven): ``F7S``, ``F7S/8``, ``FR``, the community-card games ``FT`` (fixed-limit
Texas hold'em), ``NT`` (no-limit), ``NS`` (no-limit short-deck), ``PO`` (pot-limit Omaha),
``FO/8`` (fixed-limit Omaha hi-lo 8-or-better), and the lowball draws ``N2L1D`` (no-limit 2-7
single draw), ``F2L3D`` (fixed-limit 2-7 triple draw), ``FB`` (fixed-limit Badugi). Every
other community-card or lowball game and structure gets a house code built the same way
(structure letter + game letters): ``F2L1D`` / ``P2L1D``, ``P2L3D`` / ``N2L3D``, ``PB`` /
``NB``, ``PT`` / ``FO`` / ``NO`` / ``PO/8`` / ``NO/8``, ``FS`` / ``PS`` (short-deck), and five
card Omaha ``F5O`` / ``P5O`` / ``N5O`` with its hi-lo ("Big O") ``F5O/8`` / ``P5O/8`` /
``N5O/8``. The house codes ``F5CD`` (classic five card draw), ``F5CD7A`` (five card draw 7-A),
``FA5L3D`` (A-5 lowball triple draw: PHH has no A-5 code) and ``F5S`` (five card stud) are NOT
in the PHH specification (DESIGN.md "Hand-history formats"); their pot-limit and no-limit
forms take a ``P`` or ``N`` prefix instead of the ``F`` (``N5CD``, ``P5S``, ``NA5L3D``), and so
do the pot- and no-limit seven card studs and razz (``P7S``, ``N7S/8``, ``NR``: house codes).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from floorman.domain.model import BettingStructure, Game

_FIXED: Final = BettingStructure.FIXED_LIMIT
_POT: Final = BettingStructure.POT_LIMIT
_NO: Final = BettingStructure.NO_LIMIT


@dataclass(frozen=True, slots=True, kw_only=True)
class PhhVariant:
    """One PHH variant code.

    Attributes:
        code: the code as written in ``variant`` (``"F7S/8"``).
        name: a readable name.
        game: the floorman game, or ``None`` when floorman does not play it (unsupported).
        structure: the betting structure the code names.
        stud: True for bring-in games (``bring_in`` required, no ``blinds_or_straddles``).
        standard: True for codes of the PHH specification, False for floorman's house codes.
    """

    code: str
    name: str
    game: Game | None
    structure: BettingStructure
    stud: bool
    standard: bool

    @property
    def supported(self) -> bool:
        """True when floorman plays this game."""
        return self.game is not None

    @property
    def required_fields(self) -> tuple[str, ...]:
        """The fields this variant must define (PHH "Required Fields" table)."""
        forced = ("bring_in",) if self.stud else ("blinds_or_straddles",)
        sizes = ("small_bet", "big_bet") if self.structure is _FIXED else ("min_bet",)
        return ("variant", "antes", *forced, *sizes, "starting_stacks", "actions")


def _v(
    code: str,
    name: str,
    game: Game | None,
    structure: BettingStructure,
    *,
    stud: bool = False,
    standard: bool = True,
) -> PhhVariant:
    return PhhVariant(
        code=code, name=name, game=game, structure=structure, stud=stud, standard=standard
    )


_STANDARD: Final = (
    _v("F7S", "fixed-limit seven card stud", Game.SEVEN_CARD_STUD, _FIXED, stud=True),
    _v("F7S/8", "fixed-limit seven card stud hi-lo 8-or-better",
       Game.SEVEN_CARD_STUD_HI_LO, _FIXED, stud=True),
    _v("FR", "fixed-limit razz", Game.RAZZ, _FIXED, stud=True),
    _v("FT", "fixed-limit Texas hold'em", Game.TEXAS_HOLDEM, _FIXED),
    _v("NT", "no-limit Texas hold'em", Game.TEXAS_HOLDEM, _NO),
    _v("NS", "no-limit short-deck hold'em", Game.SHORT_DECK_HOLDEM, _NO),
    _v("PO", "pot-limit Omaha", Game.OMAHA, _POT),
    _v("FO/8", "fixed-limit Omaha hi-lo 8-or-better", Game.OMAHA_HI_LO, _FIXED),
    _v("N2L1D", "no-limit 2-7 lowball single draw", Game.DEUCE_TO_SEVEN_SINGLE_DRAW, _NO),
    _v("F2L3D", "fixed-limit 2-7 lowball triple draw", Game.DEUCE_TO_SEVEN_TRIPLE_DRAW,
       _FIXED),
    _v("FB", "fixed-limit badugi", Game.BADUGI, _FIXED),
)  # fmt: skip

_HOUSE_GAMES: Final = (
    ("5CD", "five card draw", Game.FIVE_CARD_DRAW, False),
    ("5CD7A", "five card draw 7-A", Game.FIVE_CARD_DRAW_7A, False),
    ("5S", "five card stud", Game.FIVE_CARD_STUD, True),
    ("A5L3D", "A-5 lowball triple draw", Game.ACE_TO_FIVE_TRIPLE_DRAW, False),
)
_PREFIXES: Final = (("F", "fixed-limit", _FIXED), ("P", "pot-limit", _POT), ("N", "no-limit", _NO))

_HOUSE_BIG_BET_STUDS: Final = (
    ("7S", "seven card stud", Game.SEVEN_CARD_STUD),
    ("7S/8", "seven card stud hi-lo 8-or-better", Game.SEVEN_CARD_STUD_HI_LO),
    ("R", "razz", Game.RAZZ),
)
"""Pot- and no-limit forms of the standard fixed-limit stud codes (``P7S``, ``N7S/8``, ``NR``):
house codes too, since PHH names these games in fixed limit only."""

_HOUSE_BOARD_GAMES: Final = (
    ("T", "Texas hold'em", Game.TEXAS_HOLDEM),
    ("S", "short-deck hold'em", Game.SHORT_DECK_HOLDEM),
    ("O", "Omaha", Game.OMAHA),
    ("O/8", "Omaha hi-lo 8-or-better", Game.OMAHA_HI_LO),
    ("5O", "five card Omaha", Game.FIVE_CARD_OMAHA),
    ("5O/8", "five card Omaha hi-lo 8-or-better (Big O)", Game.FIVE_CARD_OMAHA_HI_LO),
)
"""The community-card games in every structure PHH has no code for (``PT``, ``NO``, ``P5O/8``
...): house codes, the standard ones (``FT``, ``NT``, ``NS``, ``PO``, ``FO/8``) kept."""

_HOUSE_LOWBALL: Final = (
    ("2L1D", "2-7 lowball single draw", Game.DEUCE_TO_SEVEN_SINGLE_DRAW),
    ("2L3D", "2-7 lowball triple draw", Game.DEUCE_TO_SEVEN_TRIPLE_DRAW),
    ("B", "badugi", Game.BADUGI),
)
"""The lowball draws and Badugi in the structures PHH has no code for (``F2L1D``, ``N2L3D``,
``PB`` ...): house codes, the standard ``N2L1D``, ``F2L3D``, ``FB`` kept."""

VARIANTS: Final[dict[str, PhhVariant]] = {v.code: v for v in _STANDARD}
for _prefix, _label, _structure in _PREFIXES:
    for _suffix, _name, _game, _stud in _HOUSE_GAMES:
        _code = _prefix + _suffix
        VARIANTS[_code] = _v(
            _code, f"{_label} {_name} (house code)", _game, _structure, stud=_stud, standard=False
        )
    if _structure is not _FIXED:
        for _suffix, _name, _game in _HOUSE_BIG_BET_STUDS:
            _code = _prefix + _suffix
            VARIANTS[_code] = _v(
                _code, f"{_label} {_name} (house code)", _game, _structure, stud=True,
                standard=False,
            )  # fmt: skip
    for _suffix, _name, _game in (*_HOUSE_BOARD_GAMES, *_HOUSE_LOWBALL):
        _code = _prefix + _suffix
        if _code not in VARIANTS:
            VARIANTS[_code] = _v(
                _code, f"{_label} {_name} (house code)", _game, _structure, standard=False
            )


def variant_for(code: str) -> PhhVariant | None:
    """The variant named by ``code`` (exact spelling), or ``None`` when no such code exists."""
    return VARIANTS.get(code)


def variant_code(game: Game, structure: BettingStructure) -> str:
    """The PHH code for a floorman game and structure (``F7S``, ``N5CD``, ``F5CD7A``).

    Raises:
        ValueError: for a game and structure without a code (none since the pot- and
            no-limit stud house codes).
    """
    for variant in VARIANTS.values():
        if variant.game is game and variant.structure is structure:
            return variant.code
    raise ValueError(f"PHH has no variant code for {game.value} {structure.value}")
