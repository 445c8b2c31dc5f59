"""PHH reader and writer: typed fields, variants, errors naming the field, and round trips.

The format is the PHH specification; the house codes F5CD / F5CD7A / F5S (and their P / N
forms) are floorman's (DESIGN.md "Hand-history formats"). Money stays exact (RULES.md "Common
to every game").
"""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.domain.cards import parse_card
from floorman.domain.errors import InvalidArgument
from floorman.domain.history.phh import PhhHand, dump_phh, parse_phh
from floorman.domain.history.phh_actions import PhhAction, PhhVerb, parse_phh_action
from floorman.domain.history.phh_variants import VARIANTS, variant_code, variant_for
from floorman.domain.history.toml_values import TomlTable
from floorman.domain.model import BettingStructure, Game

STUD_HAND = """\
# A made-up hi-lo hand.
variant = 'F7S/8'
ante_trimming_status = true
antes = [100, 100, 100]
bring_in = 150
small_bet = 500
big_bet = 1000
starting_stacks = [10000, 8000, 12000.0]
actions = [
  'd dh p1 6s5h6d', 'd dh p2 ??????', 'd dh p3 Ac7d3h',
  'p2 pb', 'p3 f', 'p1 cbr 500', 'p2 cc',
  'd dh p1 As', 'd dh p2 Kd',
  'p2 cc', 'p1 cbr 500', 'p2 f',
]
author = 'Someone'
event = 'Club night #3'
day = 22
hand = 7
players = ['Ann', 'Bob', "Cy 'the kid'"]
seats = [2, 5, 7]
seat_count = 8
finishing_stacks = [10850, 7350, 11900]
_venue_note = 'user field'
"""


def test_phh_reader_keeps_every_field_typed():
    """Every field floorman uses is read typed; numbers exact; players in p1..pN order."""
    hand = parse_phh(STUD_HAND)
    assert hand.variant == "F7S/8"
    assert hand.game is Game.SEVEN_CARD_STUD_HI_LO
    assert hand.betting_structure is BettingStructure.FIXED_LIMIT
    assert hand.supported
    assert hand.antes == (100, 100, 100)
    assert (hand.bring_in, hand.small_bet, hand.big_bet, hand.min_bet) == (150, 500, 1000, None)
    assert hand.starting_stacks == (10000, 8000, 12000)
    assert all(type(s) is int for s in hand.starting_stacks)
    assert hand.blinds_or_straddles is None
    assert hand.ante_trimming_status is True
    assert hand.hand == 7
    assert hand.players == ("Ann", "Bob", "Cy 'the kid'")
    assert hand.seats == (2, 5, 7)
    assert hand.seat_count == 8
    assert hand.finishing_stacks == (10850, 7350, 11900)
    assert hand.player_count == 3
    assert dict(hand.metadata) == {
        "author": "Someone",
        "event": "Club night #3",
        "day": 22,
        "_venue_note": "user field",
    }


def test_phh_reader_parses_every_action_in_order():
    """Actions become PhhAction tokens, with ``??`` as None and cbr as the raise-to total."""
    hand = parse_phh(STUD_HAND)
    assert len(hand.actions) == 12
    assert hand.actions[1] == PhhAction(
        actor=0, verb=PhhVerb.DEAL_HOLE, player=2, cards=(None, None, None)
    )
    assert hand.actions[5] == parse_phh_action("p1 cbr 500")
    assert hand.actions[7].cards == (parse_card("As"),)


def test_phh_reader_keeps_fractional_and_unknown_stacks_exact():
    """Fractional chips stay exact Decimals and ``inf`` (an unknown stack) is kept."""
    text = """
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [50, 100]
min_bet = 100
starting_stacks = [1259450.25, inf]
actions = []
finishing_stacks = [10112.5, 9887.50]
"""
    hand = parse_phh(text)
    assert hand.starting_stacks == (Decimal("1259450.25"), Decimal("Infinity"))
    assert hand.finishing_stacks == (Decimal("10112.5"), Decimal("9887.5"))


@pytest.mark.parametrize(
    ("code", "game", "structure"),
    [
        ("F7S", Game.SEVEN_CARD_STUD, BettingStructure.FIXED_LIMIT),
        ("F7S/8", Game.SEVEN_CARD_STUD_HI_LO, BettingStructure.FIXED_LIMIT),
        ("FR", Game.RAZZ, BettingStructure.FIXED_LIMIT),
        ("F5CD", Game.FIVE_CARD_DRAW, BettingStructure.FIXED_LIMIT),
        ("F5CD7A", Game.FIVE_CARD_DRAW_7A, BettingStructure.FIXED_LIMIT),
        ("F5S", Game.FIVE_CARD_STUD, BettingStructure.FIXED_LIMIT),
        ("P5CD", Game.FIVE_CARD_DRAW, BettingStructure.POT_LIMIT),
        ("N5CD7A", Game.FIVE_CARD_DRAW_7A, BettingStructure.NO_LIMIT),
        ("N5S", Game.FIVE_CARD_STUD, BettingStructure.NO_LIMIT),
        ("P5S", Game.FIVE_CARD_STUD, BettingStructure.POT_LIMIT),
    ],
)
def test_phh_variant_codes_name_seed_games(code, game, structure):
    """Standard codes F7S, F7S/8, FR and the house codes map to our games and structures."""
    variant = variant_for(code)
    assert variant is not None
    assert (variant.game, variant.structure, variant.supported) == (game, structure, True)
    assert variant.standard is (code in ("F7S", "F7S/8", "FR"))
    assert variant_code(game, structure) == code


@pytest.mark.parametrize(
    ("code", "game", "structure", "standard"),
    [
        ("FT", Game.TEXAS_HOLDEM, BettingStructure.FIXED_LIMIT, True),
        ("NT", Game.TEXAS_HOLDEM, BettingStructure.NO_LIMIT, True),
        ("NS", Game.SHORT_DECK_HOLDEM, BettingStructure.NO_LIMIT, True),
        ("PO", Game.OMAHA, BettingStructure.POT_LIMIT, True),
        ("FO/8", Game.OMAHA_HI_LO, BettingStructure.FIXED_LIMIT, True),
        ("PT", Game.TEXAS_HOLDEM, BettingStructure.POT_LIMIT, False),
        ("FO", Game.OMAHA, BettingStructure.FIXED_LIMIT, False),
        ("NO", Game.OMAHA, BettingStructure.NO_LIMIT, False),
        ("PO/8", Game.OMAHA_HI_LO, BettingStructure.POT_LIMIT, False),
        ("NO/8", Game.OMAHA_HI_LO, BettingStructure.NO_LIMIT, False),
        ("FS", Game.SHORT_DECK_HOLDEM, BettingStructure.FIXED_LIMIT, False),
        ("PS", Game.SHORT_DECK_HOLDEM, BettingStructure.POT_LIMIT, False),
        ("F5O", Game.FIVE_CARD_OMAHA, BettingStructure.FIXED_LIMIT, False),
        ("P5O", Game.FIVE_CARD_OMAHA, BettingStructure.POT_LIMIT, False),
        ("N5O", Game.FIVE_CARD_OMAHA, BettingStructure.NO_LIMIT, False),
        ("F5O/8", Game.FIVE_CARD_OMAHA_HI_LO, BettingStructure.FIXED_LIMIT, False),
        ("P5O/8", Game.FIVE_CARD_OMAHA_HI_LO, BettingStructure.POT_LIMIT, False),
        ("N5O/8", Game.FIVE_CARD_OMAHA_HI_LO, BettingStructure.NO_LIMIT, False),
    ],
)
def test_phh_community_card_codes_name_every_game_and_structure(code, game, structure, standard):
    """RULES.md "Hold'em and Omaha" (any betting structure): the PHH standard codes FT, NT,
    NS, PO, FO/8 and floorman's house codes for the other combinations (non-standard) name
    each game and structure, both ways; all are blind games."""
    variant = variant_for(code)
    assert variant is not None
    assert (variant.game, variant.structure, variant.standard) == (game, structure, standard)
    assert variant_code(game, structure) == code
    assert "blinds_or_straddles" in variant.required_fields
    assert not variant.stud


_DRAW_LOWBALL = (
    ("N2L1D", Game.DEUCE_TO_SEVEN_SINGLE_DRAW, BettingStructure.NO_LIMIT, True),
    ("F2L1D", Game.DEUCE_TO_SEVEN_SINGLE_DRAW, BettingStructure.FIXED_LIMIT, False),
    ("P2L1D", Game.DEUCE_TO_SEVEN_SINGLE_DRAW, BettingStructure.POT_LIMIT, False),
    ("F2L3D", Game.DEUCE_TO_SEVEN_TRIPLE_DRAW, BettingStructure.FIXED_LIMIT, True),
    ("P2L3D", Game.DEUCE_TO_SEVEN_TRIPLE_DRAW, BettingStructure.POT_LIMIT, False),
    ("N2L3D", Game.DEUCE_TO_SEVEN_TRIPLE_DRAW, BettingStructure.NO_LIMIT, False),
    ("FA5L3D", Game.ACE_TO_FIVE_TRIPLE_DRAW, BettingStructure.FIXED_LIMIT, False),
    ("PA5L3D", Game.ACE_TO_FIVE_TRIPLE_DRAW, BettingStructure.POT_LIMIT, False),
    ("NA5L3D", Game.ACE_TO_FIVE_TRIPLE_DRAW, BettingStructure.NO_LIMIT, False),
    ("FB", Game.BADUGI, BettingStructure.FIXED_LIMIT, True),
    ("PB", Game.BADUGI, BettingStructure.POT_LIMIT, False),
    ("NB", Game.BADUGI, BettingStructure.NO_LIMIT, False),
)


@pytest.mark.parametrize(("code", "game", "structure", "standard"), _DRAW_LOWBALL)
def test_phh_lowball_codes_name_every_game_and_structure(code, game, structure, standard):
    """RULES.md "Lowball draw and Badugi": the PHH standard codes N2L1D, F2L3D, FB and
    floorman's house codes (structure letter + the game's letters; A-5 triple draw has no PHH
    code: ``A5L3D``) name each game and structure both ways; a hand of each parses as a
    supported blind game."""
    variant = variant_for(code)
    assert variant is not None
    assert (variant.game, variant.structure, variant.standard) == (game, structure, standard)
    assert variant_code(game, structure) == code
    assert not variant.stud
    fields = {
        "antes": "[0, 0]",
        "blinds_or_straddles": "[1, 2]",
        "small_bet": "2",
        "big_bet": "4",
        "min_bet": "2",
    }
    text = f"variant = '{code}'\nstarting_stacks = [200, 200]\nactions = []\n" + "".join(
        f"{name} = {value}\n" for name, value in fields.items() if name in variant.required_fields
    )
    hand = parse_phh(text)
    assert (hand.game, hand.supported) == (game, True)


@pytest.mark.parametrize(
    ("code", "game", "structure"),
    [
        ("P7S", Game.SEVEN_CARD_STUD, BettingStructure.POT_LIMIT),
        ("N7S/8", Game.SEVEN_CARD_STUD_HI_LO, BettingStructure.NO_LIMIT),
        ("NR", Game.RAZZ, BettingStructure.NO_LIMIT),
    ],
)
def test_phh_big_bet_seven_card_studs_have_house_codes(code, game, structure):
    """PHH names the seven card studs in fixed limit only: their pot- and no-limit forms get
    house codes (non-standard, like F5CD), so every table's hand can be exported."""
    variant = variant_for(code)
    assert variant is not None
    assert (variant.game, variant.structure, variant.standard) == (game, structure, False)
    assert variant_code(game, structure) == code
    assert "min_bet" in variant.required_fields and "bring_in" in variant.required_fields


def test_phh_house_stud_code_requires_bring_in_and_draw_code_requires_blinds():
    """F5S is a bring-in game and F5CD a blind game (the required fields follow)."""
    assert "bring_in" in VARIANTS["F5S"].required_fields
    assert "blinds_or_straddles" in VARIANTS["F5CD"].required_fields
    assert "min_bet" in VARIANTS["N5CD"].required_fields
    assert "small_bet" not in VARIANTS["N5CD"].required_fields


def violations(text: str) -> dict[str, tuple[str, str]]:
    with pytest.raises(InvalidArgument) as caught:
        parse_phh(text)
    return {v.field: (v.rule, v.message) for v in caught.value.violations}


def test_phh_reader_reports_toml_syntax_errors_on_field_phh():
    """Text that is not TOML is an error on the field ``phh`` with the parser's position."""
    found = violations("variant = 'F7S'\nantes = = [0]")
    assert list(found) == ["phh"]
    assert found["phh"][1].startswith("not valid TOML")
    assert "line 2" in found["phh"][1]


def test_phh_reader_reports_unknown_and_missing_variant():
    """An unknown variant code and a missing variant are errors on ``variant``."""
    assert (
        "unknown PHH variant code 'XX'"
        in violations("variant = 'XX'\nantes=[0]\nstarting_stacks=[1]\nactions=[]")["variant"][1]
    )
    assert "variant" in violations("antes=[0]\nstarting_stacks=[1]\nactions=[]")


def test_phh_reader_collects_every_field_problem_at_once():
    """Every problem is reported together, each naming its field or array item."""
    text = """
variant = 'F7S'
antes = [100, -1]
blinds_or_straddles = [0, 0]
small_bet = 200
big_bet = 400
min_bet = 200
starting_stacks = [1000, 0]
actions = ['d dh p1 AsKdQh', 'p3 f', 'p1 zz', 'd dh p2 AsXx', 7]
players = ['A']
seats = [3, 3]
seat_count = 2
hand = true
ante_trimming_status = 'yes'
finishing_stacks = [1, 2, 3]
"""
    found = violations(text)
    assert found["antes[1]"][1] == "-1 must be non-negative"
    assert found["bring_in"][1] == "bring_in is required for variant F7S"
    assert found["blinds_or_straddles"][1] == "blinds_or_straddles is not a field of variant F7S"
    assert found["min_bet"][1] == "min_bet is not a field of variant F7S"
    assert found["starting_stacks[1]"][1] == "0 must be positive"
    assert "p3" in found["actions[1]"][1] and "2 players" in found["actions[1]"][1]
    assert "not a player action" in found["actions[2]"][1]
    assert found["actions[3]"][0] == "card.malformed"
    assert found["actions[4]"][1] == "7 is not a string"
    assert found["players"][1] == "1 values for 2 players (starting_stacks)"
    assert found["seats"][1] == "a seat number appears twice"
    assert found["seat_count"][1] == "2 seats, but seat 3"
    assert found["hand"][1] == "hand must be an integer or a string"
    assert found["ante_trimming_status"][1] == "ante_trimming_status must be true or false"
    assert found["finishing_stacks"][1] == "3 values for 2 players (starting_stacks)"
    assert "actions[0]" not in found


def test_phh_reader_requires_min_bet_in_no_limit_house_games():
    """N5CD needs min_bet and refuses small_bet/big_bet (they belong to fixed limit)."""
    found = violations(
        "variant='N5CD'\nantes=[0,0]\nblinds_or_straddles=[1,2]\nsmall_bet=2\n"
        "starting_stacks=[100,100]\nactions=[]"
    )
    assert set(found) == {"min_bet", "small_bet"}


def test_phh_writer_output_reads_back_equal():
    """parse(dump(parse(x))) == parse(x), metadata and comments-free layout included."""
    hand = parse_phh(STUD_HAND)
    text = dump_phh(hand)
    assert parse_phh(text) == hand
    assert 'actions = [\n  "d dh p1 6s5h6d",\n' in text
    assert 'players = ["Ann", "Bob", "Cy \'the kid\'"]' in text


def test_phh_writer_escapes_strings_and_keeps_tables_times_and_decimals():
    """Names with quotes, backslashes, newlines and unicode, inline tables, local times and
    fractional chips survive a round trip."""
    hand = PhhHand(
        variant="F5CD7A",
        antes=(0, 0, 0),
        blinds_or_straddles=(50, 100, 0),
        small_bet=100,
        big_bet=200,
        starting_stacks=(Decimal("1000.5"), 2000, 3000),
        actions=(
            parse_phh_action("d dh p1 AsKsQsJsTs"),
            parse_phh_action('p3 cbr 200 # "quoted" \\ back'),
            parse_phh_action("p1 sd"),
            parse_phh_action(""),
        ),
        players=('O"Neil\\', "Žofie\nNová", "\x01ctl"),
        hand="R5-123",
        metadata=(
            ("time", datetime.time(7, 32)),
            ("date", datetime.date(2024, 1, 2)),
            ("user defined", TomlTable((("a", 1), ("b", ("x", Decimal("0.5")))))),
            ("flag", False),
        ),
    )
    assert parse_phh(dump_phh(hand)) == hand


def test_phh_writer_refuses_unknown_variant():
    """A hand with a variant code PHH does not know cannot be written."""
    hand = PhhHand(variant="XX", antes=(0,), starting_stacks=(1,), actions=())
    with pytest.raises(ValueError, match="unknown PHH variant"):
        dump_phh(hand)


_names = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
_cards = st.lists(st.one_of(st.none(), st.integers(0, 51)), min_size=1, max_size=7).map(tuple)


@st.composite
def _actions(draw: st.DrawFn, count: int) -> PhhAction:
    player = draw(st.integers(1, count))
    commentary = draw(st.one_of(st.none(), _names.map(lambda s: s.replace("#", "").strip())))
    kind = draw(st.sampled_from(list(PhhVerb)))
    if kind is PhhVerb.NO_OP:
        return PhhAction(actor=0, verb=kind, commentary=commentary)
    if kind is PhhVerb.DEAL_HOLE:
        return PhhAction(actor=0, verb=kind, player=player, cards=draw(_cards),
                         commentary=commentary)  # fmt: skip
    if kind is PhhVerb.DEAL_BOARD:
        return PhhAction(actor=0, verb=kind, cards=draw(_cards), commentary=commentary)
    extra: dict[str, object] = {}
    if kind is PhhVerb.COMPLETE_BET_OR_RAISE_TO:
        extra["amount"] = draw(
            st.one_of(st.integers(0, 10**12), st.decimals(0, 10**6, places=2).map(_exact))
        )
    elif kind is PhhVerb.SHOW_OR_MUCK and draw(st.booleans()):
        extra["shows_dealt"] = True
    elif kind in (PhhVerb.SHOW_OR_MUCK, PhhVerb.STAND_PAT_OR_DISCARD):
        extra["cards"] = draw(st.one_of(st.just(()), _cards))
    return PhhAction(actor=player, player=player, verb=kind, commentary=commentary, **extra)


def _exact(value: Decimal) -> int | Decimal:
    return int(value) if value == value.to_integral_value() else value.normalize()


@st.composite
def _hands(draw: st.DrawFn) -> PhhHand:
    count = draw(st.integers(2, 8))
    code = draw(st.sampled_from(["F7S", "F7S/8", "FR", "F5CD", "F5CD7A", "F5S", "N5CD"]))
    variant = VARIANTS[code]
    money = st.integers(1, 10**9)
    sizes = {name: draw(money) for name in ("bring_in", "small_bet", "big_bet", "min_bet")
             if name in variant.required_fields}  # fmt: skip
    blinds = tuple(draw(st.lists(money, min_size=count, max_size=count)))
    return PhhHand(
        variant=code,
        antes=tuple(draw(st.lists(st.integers(0, 1000), min_size=count, max_size=count))),
        blinds_or_straddles=None if variant.stud else blinds,
        starting_stacks=tuple(draw(st.lists(money, min_size=count, max_size=count))),
        actions=tuple(draw(st.lists(_actions(count), max_size=20))),
        players=draw(
            st.one_of(st.none(), st.lists(_names, min_size=count, max_size=count).map(tuple))
        ),
        hand=draw(st.one_of(st.none(), st.integers(0, 10**6), _names)),
        ante_trimming_status=draw(st.booleans()),
        **sizes,
    )


@settings(max_examples=200, deadline=None)
@given(_hands())
def test_phh_round_trip_property(hand: PhhHand):
    """Any hand of our games written by dump_phh reads back equal."""
    assert parse_phh(dump_phh(hand)) == hand
