"""PokerStars text reader: hands, exact amounts, events in order, skips and problems.

The hands below are written for these tests in the room's format (described in
``../shared/corpus/hh-fpdb/README.md``). Money is exact minor units (RULES.md "Common to every
game"); a stud completion is written by the room as a raise (RULES.md "Seven Card Stud family").
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.domain.cards import parse_card
from floorman.domain.history.pokerstars import (
    StarsEventKind,
    StarsStreet,
    parse_file,
)
from floorman.domain.model import BettingStructure, Game, Stakes

K = StarsEventKind

STUD_HI_LO = """\
PokerStars Game #1001:  7 Card Stud Hi/Lo Limit ($0.04/$0.08 USD) - 2009/11/26 10:24:59 ET
Table 'Dawn II' 8-max
Seat 1: Ann ($1,000.50 in chips)
Seat 3: PC [Mittel] ($1.24 in chips)
Seat 5: Bob Two ($0.03 in chips)
Ann: posts the ante $0.01
PC [Mittel]: posts the ante $0.01
Bob Two: posts the ante $0.01
*** 3rd STREET ***
Dealt to Ann [Qs]
Dealt to PC [Mittel] [4c]
Dealt to Bob Two [7h 2h 5h]
Bob Two joins the table at seat #7
Bob Two: brings in for $0.02 and is all-in
Ann: raises $0.02 to $0.04
PC [Mittel]: calls $0.04
Ann said, "gl: bets 5"
*** 4th STREET ***
Dealt to Ann [Qs] [Td]
Dealt to PC [Mittel] [4c] [Jc]
Dealt to Bob Two [7h 2h 5h] [3c]
Ann: bets $0.04
PC [Mittel]: folds
Uncalled bet ($0.04) returned to Ann
*** 5th STREET ***
Dealt to Ann [Qs Td] [Jh]
Dealt to Bob Two [7h 2h 5h 3c] [8c]
*** 6th STREET ***
Dealt to Ann [Qs Td Jh] [6d]
Dealt to Bob Two [7h 2h 5h 3c 8c] [Kd]
*** RIVER ***
Dealt to Bob Two [7h 2h 5h 3c 8c Kd] [4d]
*** SHOW DOWN ***
Ann: shows [Qc Kh Qs Td Jh 6d 6s] (HI: two pair, Queens and Sixes)
Bob Two: shows [7h 2h 5h 3c 8c Kd 4d] (HI: a straight, Four to Eight; LO: 5,4,3,2,7)
Ann collected $0.06 from pot
Bob Two collected $0.05 from pot
*** SUMMARY ***
Total pot $0.11 | Rake $0
Seat 1: Ann showed [Qc Kh Qs Td Jh 6d 6s] and won ($0.06) with HI: two pair, Queens and Sixes
Seat 3: PC [Mittel] folded on the 4th Street
Seat 5: Bob Two showed [7h 2h 5h 3c 8c Kd 4d] and won ($0.05) with HI: a straight, Four to Eight; LO: 5,4,3,2,7



"""  # noqa: E501

DRAW_SIDE_POT = """\
\ufeffPokerStars Game #2002:  5 Card Draw Limit ($0.10/$0.20 USD) - 2011/07/04 21:56:59 WET [2011/07/04 16:56:59 ET]\r
Table 'Pulova' 6-max Seat #3 is the button\r
Seat 1: Ann ($1.52 in chips) \r
Seat 3: Hero ($2.35 in chips) \r
Seat 4: Cy ($7.33 in chips) \r
Seat 5: Dee ($0.15 in chips) \r
Cy: posts small blind $0.05\r
Dee: posts big blind $0.10\r
Eve: sits out \r
*** DEALING HANDS ***\r
Dealt to Hero [Qd 7h 6c 6h Th]\r
Ann: folds \r
Hero: raises $0.10 to $0.20\r
Cy: calls $0.15\r
Dee: calls $0.05 and is all-in\r
Cy: discards 2 cards\r
Dee: stands pat\r
Hero: discards 2 cards [7h Th]\r
Dealt to Hero [Qd 6c 6h] [4h Td]\r
Cy: checks \r
Hero: checks \r
*** SHOW DOWN ***\r
Cy: shows [2h Kh Qs Ad Ks] (a pair of Kings)\r
Hero: mucks hand \r
Cy collected $0.10 from side pot\r
Dee: mucks hand \r
Cy collected $0.43 from main pot\r
*** SUMMARY ***\r
Total pot $0.55 Main pot $0.43. Side pot $0.10. | Rake $0.02 \r
Seat 1: Ann folded before the Draw (didn't bet)\r
Seat 3: Hero (button) mucked [Qd 4h 6c 6h Td]\r
Seat 4: Cy (small blind) showed [2h Kh Qs Ad Ks] and won ($0.53) with a pair of Kings\r
Seat 5: Dee (big blind) mucked [Kc 9c 9s Qc 4c]\r
"""  # noqa: E501

LOWBALL_IN_MIXED = """\
PokerStars Home Game Hand #3003: {Club} Tournament #77, 100+9 8-Game (Triple Draw 2-7 Lowball Limit) - Match Round I, Level II (20/40) - 2013/06/05 23:30:00 ET
Table '77 1' 2-max Seat #1 is the button
Seat 1: A (1500 in chips)
Seat 2: B (1500 in chips)
A: posts small blind 10
B: posts big blind 20
*** HOLE CARDS ***
A: folds
Uncalled bet (10) returned to B
B collected 20 from pot
*** SUMMARY ***
Total pot 20 | Rake 0
"""  # noqa: E501

RAZZ_TOURNAMENT = """\
PokerStars Home Game Hand #4004: {Club} Tournament #77, 100+9 8-Game (Razz Limit) - Match Round I, Level IV (30/60) - 2013/06/05 23:40:00 ET
Table '77 1' 2-max
Seat 1: A (1490 in chips)
Seat 2: B (4 in chips) is sitting out
A: posts the ante 5
B: posts the ante 4 and is all-in
*** 3rd STREET ***
Dealt to A [Kc 2d 3d]
Dealt to B [Qs]
*** 4th STREET ***
Dealt to A [Kc 2d 3d] [4s]
Dealt to B [Qs] [5c]
*** 5th STREET ***
Dealt to A [Kc 2d 3d 4s] [6h]
Dealt to B [Qs 5c] [7c]
*** 6th STREET ***
Dealt to A [Kc 2d 3d 4s 6h] [Th]
Dealt to B [Qs 5c 7c] [9d]
*** RIVER ***
Dealt to A [Kc 2d 3d 4s 6h Th] [Js]
*** SHOW DOWN ***
A: shows [Kc 2d 3d 4s 6h Th Js] (Lo: 10,6,4,3,2)
B: shows [8s 8d Qs 5c 7c 9d Ad] (Lo: 9,8,7,5,A)
Uncalled bet (1) returned to A
A collected 8 from pot
A wins the tournament and received 100
*** SUMMARY ***
Total pot 8 | Rake 0
Seat 1: A showed [Kc 2d 3d 4s 6h Th Js] and won (8) with Lo: 10,6,4,3,2
Seat 2: B showed [8s 8d Qs 5c 7c 9d Ad] and lost with Lo: 9,8,7,5,A
"""  # noqa: E501


def c(*texts: str | None) -> tuple[int | None, ...]:
    return tuple(None if t is None else parse_card(t) for t in texts)


def only_hand(text: str):
    result = parse_file(text)
    assert result.problems == ()
    assert len(result.hands) == 1
    return result.hands[0]


def test_stars_stud_hand_header_seats_and_exact_stakes():
    """The header gives game, structure and the fixed-limit bets; antes and the bring-in come
    from the forced-bet lines; money is exact cents."""
    hand = only_hand(STUD_HI_LO)
    assert hand.hand_id == 1001
    assert (hand.game, hand.structure) == (
        Game.SEVEN_CARD_STUD_HI_LO,
        BettingStructure.FIXED_LIMIT,
    )
    assert (hand.currency, hand.scale, hand.tournament_id, hand.mixed) == ("USD", 100, "", "")
    assert hand.stakes == Stakes(small_bet=4, big_bet=8, ante=1, whole_unit=100)
    assert hand.table == "Dawn II" and hand.max_seats == 8 and hand.button_seat == 0
    assert [(s.seat, s.name, s.stack) for s in hand.seats] == [
        (1, "Ann", 100050),
        (3, "PC [Mittel]", 124),
        (5, "Bob Two", 3),
    ]
    assert hand.seat_of("PC [Mittel]") == 3
    assert hand.name_of(5) == "Bob Two"


def test_stars_stud_bring_in_all_in_is_not_taken_as_the_stakes_bring_in():
    """A bring-in posted all in for less does not set the table's bring-in amount."""
    assert only_hand(STUD_HI_LO).stakes.bring_in == 0


def test_stars_stud_events_in_order_with_chips_added():
    """Each action line is an event on its street with the chips it added (a completion is
    a raise to the small bet: the chips added are the raise-to total)."""
    hand = only_hand(STUD_HI_LO)
    bets = [
        (e.kind, e.seat, e.amount, e.to_amount, e.added, e.all_in, e.street)
        for e in hand.events
        if e.kind not in (K.DEAL, K.SHOW, K.COLLECT)
    ]
    third, fourth = StarsStreet.THIRD_STREET, StarsStreet.FOURTH_STREET
    assert bets == [
        (K.ANTE, 1, 1, 0, 1, False, StarsStreet.SETUP),
        (K.ANTE, 3, 1, 0, 1, False, StarsStreet.SETUP),
        (K.ANTE, 5, 1, 0, 1, False, StarsStreet.SETUP),
        (K.BRING_IN, 5, 2, 0, 2, True, third),
        (K.RAISE, 1, 2, 4, 4, False, third),
        (K.CALL, 3, 4, 0, 4, False, third),
        (K.BET, 1, 4, 0, 4, False, fourth),
        (K.FOLD, 3, 0, 0, 0, False, fourth),
        (K.UNCALLED_RETURN, 1, 4, 0, 0, False, fourth),
    ]


def test_stars_stud_deals_keep_earlier_cards_apart_from_new_ones():
    """``Dealt to X [earlier] [new]`` gives the new cards and, apart, the earlier ones."""
    deals = [e for e in only_hand(STUD_HI_LO).events if e.kind is K.DEAL]
    assert (deals[2].seat, deals[2].cards, deals[2].previous) == (5, c("7h", "2h", "5h"), ())
    assert (deals[4].seat, deals[4].cards, deals[4].previous) == (3, c("Jc"), c("4c"))
    assert deals[-1].street is StarsStreet.SEVENTH_STREET
    assert deals[-1].cards == c("4d")


def test_stars_showdown_collections_and_summary():
    """Shows carry their cards and description; collections their pot; the summary the total,
    rake and each seat's result."""
    hand = only_hand(STUD_HI_LO)
    shows = hand.events_of(K.SHOW)
    assert [(e.seat, e.cards[:2], e.text) for e in shows] == [
        (1, c("Qc", "Kh"), "HI: two pair, Queens and Sixes"),
        (5, c("7h", "2h"), "HI: a straight, Four to Eight; LO: 5,4,3,2,7"),
    ]
    assert [(e.seat, e.amount, e.pot) for e in hand.events_of(K.COLLECT)] == [(1, 6, 0), (5, 5, 0)]
    summary = hand.summary
    assert summary is not None
    assert (summary.total_pot, summary.rake, summary.main_pot, summary.side_pots) == (
        11,
        0,
        None,
        (),
    )
    assert [(r.seat, r.won, r.folded, len(r.showed)) for r in summary.seats] == [
        (1, 6, False, 7),
        (3, 0, True, 0),
        (5, 5, False, 7),
    ]


def test_stars_draw_hand_with_bom_crlf_blinds_draw_and_side_pot():
    """A BOM and CRLF are accepted; blinds count as first-round bets; the draw has its own
    street; the side pot and the main pot are collected apart; line numbers are kept."""
    hand = only_hand(DRAW_SIDE_POT)
    assert (hand.game, hand.button_seat) == (Game.FIVE_CARD_DRAW, 3)
    assert hand.stakes == Stakes(small_bet=10, big_bet=20, small_blind=5, big_blind=10)
    by_kind = {(e.kind, e.seat): e for e in hand.events}
    assert by_kind[(K.CALL, 4)].added == 15 and by_kind[(K.CALL, 4)].line == 14
    assert by_kind[(K.CALL, 5)].all_in
    assert by_kind[(K.RAISE, 3)].added == 20
    discard = by_kind[(K.DISCARD, 3)]
    assert (discard.amount, discard.cards, discard.street) == (2, c("7h", "Th"), StarsStreet.DRAW)
    assert by_kind[(K.DISCARD, 4)].cards == ()
    assert by_kind[(K.STAND_PAT, 5)].cards == ()
    redeal = by_kind[(K.DEAL, 3)]
    assert (redeal.previous, redeal.cards) == (c("Qd", "6c", "6h"), c("4h", "Td"))
    assert by_kind[(K.CHECK, 4)].street is StarsStreet.SECOND_ROUND
    assert [(e.seat, e.amount, e.pot) for e in hand.events_of(K.COLLECT)] == [
        (4, 10, 1),
        (4, 43, 0),
    ]
    assert [e.seat for e in hand.events_of(K.MUCK)] == [3, 5]
    summary = hand.summary
    assert (summary.total_pot, summary.main_pot, summary.side_pots, summary.rake) == (
        55,
        43,
        (10,),
        2,
    )
    assert summary.seats[1].mucked == c("Qd", "4h", "6c", "6h", "Td")


def test_stars_no_limit_draw_takes_blinds_from_the_header():
    """Pot- and no-limit headers give the blinds, not the bets (RULES.md "Betting structures":
    blinds in pot limit and no limit draw come from small_blind / big_blind)."""
    text = DRAW_SIDE_POT.replace(
        "5 Card Draw Limit ($0.10/$0.20 USD)", "5 Card Draw No Limit ($0.25/$0.50 USD)"
    )
    hand = only_hand(text)
    assert hand.structure is BettingStructure.NO_LIMIT
    assert hand.stakes == Stakes(small_blind=25, big_blind=50)


def test_stars_tournament_chips_mixed_game_sitting_out_and_short_ante():
    """A home-game tournament hand in a mixed game is read in chips; a seat sitting out is
    flagged; a short all-in ante does not set the ante; tournament noise lines are ignored."""
    hand = only_hand(RAZZ_TOURNAMENT)
    assert (hand.game, hand.scale, hand.currency) == (Game.RAZZ, 1, "")
    assert (hand.tournament_id, hand.mixed) == ("77", "8-Game")
    assert hand.stakes == Stakes(small_bet=30, big_bet=60, ante=5, whole_unit=1)
    assert [s.sitting_out for s in hand.seats] == [False, True]
    returned = hand.events_of(K.UNCALLED_RETURN)
    assert [(e.seat, e.amount, e.street) for e in returned] == [(1, 1, StarsStreet.SHOWDOWN)]


def test_stars_file_of_several_hands_skips_other_games_and_keeps_line_numbers():
    """Hands are split on headers and blank lines; a 2-7 triple draw hand of a mixed file is
    read as its own game (RULES.md "Mixed games"), a hand of a game floorman does not play
    (Courchevel) is counted as unsupported, not read; later hands keep their line numbers."""
    other = LOWBALL_IN_MIXED.replace("#3003", "#5005").replace(
        "Triple Draw 2-7 Lowball Limit", "Courchevel Pot Limit"
    )
    text = "\n\n".join((STUD_HI_LO, LOWBALL_IN_MIXED, other, RAZZ_TOURNAMENT))
    result = parse_file(text)
    assert [(h.hand_id, h.game, h.mixed) for h in result.hands] == [
        (1001, Game.SEVEN_CARD_STUD_HI_LO, ""),
        (3003, Game.DEUCE_TO_SEVEN_TRIPLE_DRAW, "8-Game"),
        (4004, Game.RAZZ, "8-Game"),
    ]
    assert [(u.hand_id, u.game_name) for u in result.unsupported] == [(5005, "Courchevel")]
    assert result.problems == ()
    razz_line = text.splitlines().index(RAZZ_TOURNAMENT.splitlines()[0]) + 1
    assert result.hands[2].line == razz_line


COMMUNITY_CARD = """\
PokerStars Game #5005:  7 Card Stud Limit ($0.04/$0.08) - 2009/07/01 10:00:00 ET
Table 'T' 8-max
Seat 1: A ($1 in chips)
Seat 2: B ($1 in chips)
A: posts the ante $0.01
B: posts the ante $0.01
*** 3rd STREET ***
Dealt to A [Kc]
Dealt to B [2c]
B: brings in for $0.02
A: calls $0.02
*** RIVER *** [6h]
A: checks
B: checks
*** SHOW DOWN ***
A: shows [7s Qs Kc 7h 3s Qh] (two pair, Queens and Sevens)
B: mucks hand
A collected $0.06 from pot
*** SUMMARY ***
Total pot $0.06 | Rake $0
Board [6h]
Seat 1: A showed [7s Qs Kc 7h 3s Qh] and won ($0.06) with two pair, Queens and Sevens
Seat 2: B mucked [Kd Ks Jd 2c 9h 2s]
"""


def test_stars_stud_community_card_is_an_event_and_the_summary_board():
    """Seven Card Stud family: a 7th-street community card ("*** RIVER *** [6h]") is a
    COMMUNITY event and the summary's board; a header without currency code is still cents."""
    hand = only_hand(COMMUNITY_CARD)
    community = hand.events_of(K.COMMUNITY)
    assert [(e.seat, e.cards, e.street) for e in community] == [
        (0, c("6h"), StarsStreet.SEVENTH_STREET)
    ]
    assert hand.summary.board == c("6h")
    assert (hand.currency, hand.scale) == ("USD", 100)


@pytest.mark.parametrize(
    ("header", "game", "mixed", "small", "tournament"),
    [
        (
            "PokerStars Game #29356803849: TOURNAMENT #169962475, $10+$1 7 CARD STUD HI/LO "
            "LIMIT - LEVEL I (25/50) - 2009/06/14 11:45:00 ET",
            Game.SEVEN_CARD_STUD_HI_LO, "", 25, "169962475",
        ),
        (
            "PokerStars Hand #164954571644:  8-Game (7 Card Stud Hi/Lo Limit, $400/$800 USD) "
            "- 2017/01/21 16:58:03 ET",
            Game.SEVEN_CARD_STUD_HI_LO, "8-Game", 40000, "",
        ),
        (
            "PokerStars Hand #91733835979: Tournament #664712833, $2.00+$0.20 USD Triple Stud "
            "(7 Card Stud Limit) - Level XXXI (250/500) - 2013/01/03 16:27:43 EET "
            "[2013/01/03 9:27:43 ET]",
            Game.SEVEN_CARD_STUD, "Triple Stud", 250, "664712833",
        ),
        (
            "PokerStars Hand #9: Tournament #2010090015, $200+$15 USD Razz Limit - Level IV "
            "(50/100) - 2010/09/09 18:27:23 ET",
            Game.RAZZ, "", 50, "2010090015",
        ),
        (
            "PokerStars Game #7:  HORSE (Razz Limit, €0.10/€0.20 EUR) - 2010/01/01 10:00:00 CET",
            Game.RAZZ, "HORSE", 10, "",
        ),
        (
            "PokerStars Hand #8:  5 Card Draw 7-A Pot Limit ($1/$2 USD) - 2024/01/01 10:00:00 ET",
            Game.FIVE_CARD_DRAW_7A, "", 100, "",
        ),
    ],
)  # fmt: skip
def test_stars_header_forms(header, game, mixed, small, tournament):
    """Cash, tournament, upper-case re-export and mixed-game headers name the game and stakes."""
    body = (RAZZ_TOURNAMENT if tournament else STUD_HI_LO).split("\n", 1)[1]
    hand = only_hand(header + "\n" + body)
    assert (hand.game, hand.mixed, hand.tournament_id) == (game, mixed, tournament)
    assert small in (hand.stakes.small_bet, hand.stakes.small_blind)


def test_stars_unreadable_card_is_a_problem_with_line_and_hand_and_other_hands_survive():
    """A hand with a line that cannot be read (a card written 'of') is reported with its line
    number and hand number, and left out; the other hands of the file are still read."""
    broken = STUD_HI_LO.replace("Dealt to Ann [Qs Td Jh] [6d]", "Dealt to Ann [Qs Td Jh] [of]")
    result = parse_file(broken + "\n" + RAZZ_TOURNAMENT)
    assert [h.hand_id for h in result.hands] == [4004]
    assert len(result.problems) == 1
    problem = result.problems[0]
    line = STUD_HI_LO.splitlines().index("Dealt to Ann [Qs Td Jh] [6d]") + 1
    assert (problem.hand_id, problem.line) == (1001, line)
    assert "'of' is not a card" in problem.message


@pytest.mark.parametrize(
    ("bad_line", "message"),
    [
        ("Ann: dances", "cannot read the action 'dances'"),
        ("Zed: bets $0.04", "cannot read the line 'Zed: bets $0.04'"),
        ("Ann: bets $0.045", "finer than one minor unit"),
        ("*** 9th STREET ***", "unknown section"),
        ("Uncalled bet ($0.04) returned to Zed", "'Zed' is not seated"),
    ],
)
def test_stars_unreadable_lines_are_problems_not_exceptions(bad_line, message):
    """Every line that cannot be read becomes a problem naming its line; nothing raises."""
    text = STUD_HI_LO.replace("Ann: bets $0.04\n", bad_line + "\n", 1)
    result = parse_file(text)
    assert result.hands == ()
    assert [(p.hand_id, p.line) for p in result.problems] == [(1001, 22)]
    assert message in result.problems[0].message


def test_stars_stray_text_and_bad_header_are_problems():
    """Text outside any hand and a header without stakes are reported with their lines."""
    text = "garbage before\nmore\n\nPokerStars Game #6:  Razz Limit - 2009/11/26 10:24:59 ET\n"
    result = parse_file(text)
    assert [(p.line, p.hand_id) for p in result.problems] == [(1, None), (4, 6)]
    assert "outside any hand" in result.problems[0].message


def test_stars_hand_without_table_line_or_seats_is_a_problem():
    """A hand must list its table and at least two seats."""
    header = STUD_HI_LO.splitlines()[0]
    result = parse_file(header + "\nSeat 1: A ($1 in chips)\n")
    assert [p.line for p in result.problems] == [2]
    result = parse_file(header + "\nTable 'T' 8-max\nSeat 1: A ($1 in chips)\n")
    assert "fewer than two seats" in result.problems[0].message


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(STUD_HI_LO.splitlines() + DRAW_SIDE_POT.splitlines()
                                + ["", "*** RIVER *** [x]", "Total pot | Rake", "Seat 9: ?"]),
                max_size=40),
       st.text(max_size=60))  # fmt: skip
def test_stars_reader_never_raises_on_shuffled_or_random_input(lines, noise):
    """Whatever the input, parse_file returns hands and problems instead of raising."""
    result = parse_file("\n".join(lines) + noise)
    assert isinstance(result.problems, tuple)


DEAD_SMALL_BLIND = """\
PokerStars Hand #4:  5 Card Draw No Limit (10/20) - 2025/03/01 20:00:00 UTC
Table 'probe [t-1]' 5-max Seat #4 is the button
Seat 1: p1 (1000 in chips)
Seat 2: p2 (1000 in chips)
Seat 3: p3 (1000 in chips)
Seat 4: p4 (1000 in chips)
Seat 5: p5 (1000 in chips)
p5: posts small blind 10
p1: posts big blind 20
p3: posts small blind 10
*** DEALING HANDS ***
p2: folds
p3: raises 20 to 40
p4: folds
p5: folds
p1: folds
Uncalled bet (20) returned to p3
p3 collected 60 from pot
*** SUMMARY ***
Total pot 60 | Rake 0
Seat 1: p1 folded before the Draw
Seat 2: p2 folded before the Draw
Seat 3: p3 collected (60)
Seat 4: p4 (button) folded before the Draw
Seat 5: p5 folded before the Draw
"""


def test_a_small_blind_posted_after_the_blinds_is_dead_money() -> None:
    """RULES.md "Five Card Draw, 7-A" Button (a missed small blind is posted dead;
    docs/hand-history-formats.md): ``posts small blind`` after another blind is a dead small
    blind: not a bet, so the raise to 40 adds 40; the live small blind stays live."""
    from floorman.domain.history.stars_mapping import stars_to_hand
    from floorman.domain.model import Action, ActionType, ForcedBet, ForcedBetKind

    (hand,) = parse_file(DEAD_SMALL_BLIND).hands
    posts = [(e.seat, e.kind, e.amount, e.dead) for e in hand.events if e.street.value == "setup"]
    assert posts == [
        (5, K.SMALL_BLIND, 10, False),
        (1, K.BIG_BLIND, 20, False),
        (3, K.SMALL_BLIND, 10, True),
    ]
    raise_line = next(e for e in hand.events if e.kind is K.RAISE)
    assert (raise_line.to_amount, raise_line.added) == (40, 40)
    config, events = stars_to_hand(hand)
    assert config.forced_bets == (
        ForcedBet(seat=5, kind=ForcedBetKind.SMALL_BLIND, amount=10),
        ForcedBet(seat=1, kind=ForcedBetKind.BIG_BLIND, amount=20),
        ForcedBet(seat=3, kind=ForcedBetKind.DEAD_BLIND, amount=10),
    )
    raises = [(e.seat, e.type, e.amount) for e in events if isinstance(e, Action) and e.amount]
    assert raises == [(3, ActionType.RAISE, 40)]


def test_a_dead_small_blind_text_audits_clean_with_dead_money_in_the_pot() -> None:
    """The audit reads the dead small blind as dead money (``blind.amount`` of the small
    blind, no ``ante.amount`` for the other seats): the pot 60 and the payout 60 agree."""
    from floorman.domain.audit import AuditStatus, SourceFormat, audit_document

    (audit,) = audit_document(DEAD_SMALL_BLIND, source="t", format=SourceFormat.POKERSTARS)
    assert (audit.status, audit.findings) == (AuditStatus.CLEAN, ())


DEAD_BUTTON_SMALL_BLIND = """\
PokerStars Hand #2:  5 Card Draw Limit (20/40) - 2025/03/01 20:00:00 UTC
Table 'probe [t-1]' 5-max Seat #2 is the button
Seat 1: p1 (1000 in chips)
Seat 2: p2 (990 in chips)
Seat 4: p4 (1000 in chips)
Seat 5: p5 (1000 in chips)
p{big}: posts big blind 20
*** DEALING HANDS ***
{folds}
Uncalled bet (20) returned to p{big}
*** SUMMARY ***
Total pot 0 | Rake 0
"""


def test_a_dead_small_blind_placement_audits_clean_and_a_skipped_big_blind_does_not() -> None:
    """RULES.md "Five Card Draw, 7-A" Button, dead-button rule: with the button at seat 2 and
    nobody posting a small blind, the big blind of the seat after the button (seat 4: the
    small-blind seat was vacated) is the dead small blind's placement and audits CLEAN; a big
    blind posted by seat 1 fits neither placement: ``blind.player`` (seat 5 is due it)."""
    from floorman.domain.audit import AuditStatus, SourceFormat, audit_document

    clean = DEAD_BUTTON_SMALL_BLIND.format(big=4, folds="p5: folds\np1: folds\np2: folds")
    (audit,) = audit_document(clean, source="t", format=SourceFormat.POKERSTARS)
    assert (audit.status, audit.findings) == (AuditStatus.CLEAN, ())
    wrong = DEAD_BUTTON_SMALL_BLIND.format(big=1, folds="p2: folds\np4: folds\np5: folds")
    (audit,) = audit_document(wrong, source="t", format=SourceFormat.POKERSTARS)
    assert [(f.rule, f.expected, f.actual) for f in audit.findings] == [("blind.player", "5", "1")]
