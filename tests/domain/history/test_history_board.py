"""Hand histories of the community-card games (issue 11 point 5): the straddle, the big-blind
ante, the button blind, fractional PHH chips and the board lines of PHH, OHH and PokerStars
text, read and written (RULES.md "Hold'em and Omaha"; docs/hand-history-formats.md)."""

from __future__ import annotations

import dataclasses
import random
from datetime import UTC, datetime

import pytest
from export_support import canonical_events, config_signature, final_stacks, play

from floorman.domain.audit import AuditStatus, audit_document
from floorman.domain.cards import parse_card
from floorman.domain.history import export_ohh, export_phh, export_pokerstars, parse_ohh
from floorman.domain.history.ohh_mapping import map_ohh
from floorman.domain.history.phh import map_phh, parse_phh, phh_to_hand
from floorman.domain.history.phh_mapping import phh_config, phh_scale
from floorman.domain.history.pokerstars import StarsEventKind, StarsStreet, parse_file
from floorman.domain.history.record import HandRecord
from floorman.domain.history.stars_mapping import map_stars, recorded_rake_policy
from floorman.domain.model import (
    BettingStructure,
    Deal,
    ForcedBet,
    ForcedBetKind,
    Game,
    HandConfig,
    SeatState,
    Stakes,
)

NT = """\
variant = 'NT'
antes = [0, 0, 0, 0]
blinds_or_straddles = [50, 100, 200, 0]
min_bet = 100
starting_stacks = [10000, 10000, 10000, 10000]
actions = ['d dh p1 AhAd', 'd dh p2 KhKd', 'd dh p3 7c2d', 'd dh p4 QsJs', 'p4 cbr 600',
           'p1 cc', 'p2 f', 'p3 f', 'd db Ts9s2h', 'p1 cc', 'p4 cbr 800', 'p1 cc', 'd db 3c',
           'p1 cc', 'p4 cc', 'd db 4d', 'p1 cc', 'p4 cc', 'p1 sm AhAd', 'p4 sm QsJs']
finishing_stacks = [11700, 9900, 9800, 8600]
"""


def c(text: str) -> tuple[int, ...]:
    return tuple(parse_card(text[i : i + 2]) for i in range(0, len(text), 2))


def test_phh_straddle_is_the_third_blind_of_twice_the_big_blind() -> None:
    """RULES.md "Hold'em and Omaha": a live straddle of twice the big blind by the player left
    of it (PHH ``blinds_or_straddles`` [50, 100, 200, 0]) is ``Stakes.straddle``; the action
    starts left of the straddle, the flop is one seat-0 Deal, and the hand replays to its
    finishing stacks."""
    hand = parse_phh(NT)
    mapping = map_phh(hand)
    config = mapping.config
    assert (config.stakes.small_blind, config.stakes.big_blind, config.stakes.straddle) == (
        50,
        100,
        200,
    )
    assert config.forced_bets == ()
    assert mapping.refused_at is None, mapping.violation
    assert Deal(seat=0, cards=c("Ts9s2h"), face_up=True) in mapping.events
    assert mapping.state is not None and mapping.state.complete
    assert final_stacks(config, mapping.events) == {1: 11700, 2: 9900, 3: 9800, 4: 8600}


def test_phh_straddle_that_is_not_twice_the_big_blind_is_refused() -> None:
    """RULES.md "Hold'em and Omaha" (the straddle is twice the big blind; Mississippi and
    button straddles are not played): a third blind of 300 names the field."""
    from floorman.domain.errors import InvalidArgument

    with pytest.raises(InvalidArgument) as caught:
        phh_config(parse_phh(NT.replace("[50, 100, 200, 0]", "[50, 100, 300, 0]")))
    assert [v.field for v in caught.value.violations] == ["blinds_or_straddles"]


def test_phh_big_blind_ante_is_the_big_blinds_own_ante() -> None:
    """RULES.md "Hold'em and Omaha" (the big blind posts one ante for the table, dead money):
    ``antes`` with only the big blind's entry (index 1, as in the WSOP 2023 hands) is
    ``Stakes.big_blind_ante``; heads-up the arrays are reversed and index 1 is still the big
    blind's."""
    text = NT.replace("antes = [0, 0, 0, 0]", "antes = [0, 100, 0, 0]").replace(
        "[50, 100, 200, 0]", "[50, 100, 0, 0]"
    )
    config = phh_config(parse_phh(text))
    assert (config.stakes.big_blind_ante, config.stakes.ante, config.forced_bets) == (100, 0, ())


def test_phh_button_blind_is_an_explicit_big_blind_on_the_button() -> None:
    """The Triton short-deck rule (``NS/phua-xuan-2019.phh``: antes and a blind by the button
    alone, ``[0, 0, 0, 3000]``) maps to an explicit big blind on the button (pN) with every
    ante; the action starts left of it (p1)."""
    text = (
        "variant = 'NS'\nantes = [30, 30, 30, 30]\nblinds_or_straddles = [0, 0, 0, 30]\n"
        "min_bet = 30\nstarting_stacks = [1000, 1000, 1000, 1000]\n"
        "actions = ['d dh p1 AhAd', 'd dh p2 KhKd', 'd dh p3 7c6d', 'd dh p4 QsJs', 'p1 cbr 90',"
        " 'p2 f', 'p3 f', 'p4 f']\n"
    )
    mapping = map_phh(parse_phh(text))
    bets = {(b.seat, b.kind, b.amount) for b in mapping.config.forced_bets}
    assert (4, ForcedBetKind.BIG_BLIND, 30) in bets
    assert {(s, ForcedBetKind.ANTE, 30) for s in (1, 2, 3, 4)} <= bets
    assert mapping.refused_at is None, mapping.violation
    assert final_stacks(mapping.config, mapping.events) == {1: 1120, 2: 970, 3: 970, 4: 940}


def test_phh_hand_written_in_dollars_and_cents_is_read_at_a_scale_of_100() -> None:
    """docs/hand-history-formats.md (fractional chips): stacks with two decimals make every
    amount of the hand minor units at scale 100 (``PO/antonius-blom-2009.phh``); a finer
    amount is refused (``test_history_phh_mapping``)."""
    text = NT.replace("[10000, 10000, 10000, 10000]", "[10000.25, 10000, 10000, 10000.5]")
    hand = parse_phh(text)
    assert phh_scale(hand) == 100
    config, events = phh_to_hand(hand)
    assert [s.stack for s in config.seats] == [1000025, 1000000, 1000000, 1000050]
    assert config.stakes.straddle == 20000
    assert any(getattr(e, "amount", 0) == 60000 for e in events)  # 'p4 cbr 600'


STARS = """\
PokerStars Hand #77:  Hold'em No Limit ($0.50/$1.00 USD) - 2024/01/02 10:00:00 UTC
Table 'Alpha' 6-max Seat #4 is the button
Seat 1: Ann ($100.00 in chips)
Seat 2: Bob ($100.00 in chips)
Seat 3: Cy ($100.00 in chips)
Seat 4: Dee ($100.00 in chips)
Ann: posts small blind $0.50
Bob: posts big blind $1.00
Cy: posts straddle $2.00
*** HOLE CARDS ***
Dealt to Ann [Ah Ad]
Dee: raises $4.00 to $6.00
Ann: calls $5.50
Bob: folds
Cy: folds
*** FLOP *** [Ts 9s 2h]
Ann: checks
Dee: bets $8.00
Ann: calls $8.00
*** TURN *** [Ts 9s 2h] [3c]
Ann: checks
Dee: checks
*** RIVER *** [Ts 9s 2h 3c] [4d]
Ann: checks
Dee: checks
*** SHOW DOWN ***
Ann: shows [Ah Ad] (a pair of Aces)
Dee: shows [Qs Js] (high card Queen)
Ann collected $30.50 from pot
*** SUMMARY ***
Total pot $31.00 | Rake $0.50
Board [Ts 9s 2h 3c 4d]
Seat 1: Ann (small blind) showed [Ah Ad] and won ($30.50)
Seat 2: Bob (big blind) folded before Flop
Seat 3: Cy folded before Flop
Seat 4: Dee (button) showed [Qs Js] and lost
"""


def test_pokerstars_holdem_header_straddle_and_board_lines_are_read() -> None:
    """PokerStars text: "Hold'em No Limit" (blinds in the pair), "posts straddle", the flop,
    turn and river markers (the new cards), the summary's Board; the hand maps to a straddle
    table and replays to the collected pot with the stated rake."""
    (hand,) = parse_file(STARS).hands
    assert (hand.game, hand.structure) == (Game.TEXAS_HOLDEM, BettingStructure.NO_LIMIT)
    assert (hand.stakes.small_blind, hand.stakes.big_blind, hand.stakes.straddle) == (
        50,
        100,
        200,
    )
    boards = [(e.street, e.cards) for e in hand.events_of(StarsEventKind.COMMUNITY)]
    assert boards == [
        (StarsStreet.FLOP, c("Ts9s2h")),
        (StarsStreet.TURN, c("3c")),
        (StarsStreet.RIVER, c("4d")),
    ]
    mapping = map_stars(hand)
    assert mapping.refused_at is None, mapping.violation
    raked = dataclasses.replace(mapping.config, rake=recorded_rake_policy(50))
    assert final_stacks(raked, mapping.events) == {1: 11650, 2: 9900, 3: 9800, 4: 8600}


def test_pokerstars_holdem_hand_audits_clean_and_a_misplaced_straddle_is_straddle_player() -> None:
    """``floorman audit`` (RULES.md "Hold'em and Omaha"): the hand audits clean; the straddle
    posted by the button instead of the player left of the big blind is ``straddle.player``
    on its line."""
    (audit,) = audit_document(STARS, source="t.txt")
    assert audit.status is AuditStatus.CLEAN, audit.findings
    moved = STARS.replace("Cy: posts straddle $2.00", "Dee: posts straddle $2.00")
    moved = moved.replace("Dee: raises $4.00 to $6.00", "Cy: folds\nDee: raises $4.00 to $6.00")
    moved = moved.replace("Bob: folds\nCy: folds\n", "Bob: folds\n")
    (audit,) = audit_document(moved, source="t.txt")
    rules = {(f.rule, f.line) for f in audit.rule_findings}
    assert ("straddle.player", 9) in rules, audit.findings


def _record(game: Game, structure: BettingStructure, stakes: Stakes, seed: str) -> HandRecord:
    rng = random.Random(seed)
    config = HandConfig(
        game=game,
        betting_structure=structure,
        stakes=stakes,
        seats=tuple(SeatState(seat=s, player_id=f"p{s}", stack=2000) for s in (1, 3, 4, 6, 8)),
        button_seat=8,
    )
    return HandRecord(
        hand_id=f"h-{seed}",
        hand_number=1,
        table_id="t-9",
        started_at=datetime(2024, 1, 2, 10, 0, tzinfo=UTC),
        config=config,
        events=tuple(play(config, rng, burns=False)),
    )


@pytest.mark.parametrize(
    ("game", "structure"),
    [
        (Game.TEXAS_HOLDEM, BettingStructure.NO_LIMIT),
        (Game.OMAHA, BettingStructure.POT_LIMIT),
        (Game.FIVE_CARD_OMAHA_HI_LO, BettingStructure.POT_LIMIT),
        (Game.SHORT_DECK_HOLDEM, BettingStructure.NO_LIMIT),
    ],
)
def test_straddle_and_big_blind_ante_round_trip_in_every_format(game, structure) -> None:
    """RULES.md "Hold'em and Omaha" (straddle, big-blind ante): hands played by the engine
    with both export to PHH (the straddle in ``blinds_or_straddles``, the ante in ``antes``),
    OHH (``Straddle``, the extension's stakes) and PokerStars text (``posts straddle``, the big
    blind's ``posts the ante``), read back to the same posts and final stacks, and audit
    clean."""
    stakes = Stakes(small_blind=10, big_blind=20, straddle=40, big_blind_ante=20)
    for seed in range(6):
        record = _record(game, structure, stakes, f"{game.value}-{seed}")
        expected = final_stacks(record.config, record.events)
        phh = parse_phh(export_phh(record))
        assert list(phh.blinds_or_straddles or ()) == [10, 20, 40, 0, 0]
        assert list(phh.antes) == [0, 20, 0, 0, 0]
        config, events = phh_to_hand(phh)
        assert config_signature(config) == config_signature(record.config)
        merged = canonical_events(events, merge=True)  # one ``d db`` per street
        assert merged == canonical_events(record.events, merge=True)
        [ohh] = parse_ohh(export_ohh(record))
        mapping = map_ohh(ohh)
        assert mapping.config == record.config
        assert final_stacks(mapping.config, mapping.events) == expected
        text = export_pokerstars(record)
        assert "p4: posts straddle 40" in text and "p3: posts the ante 20" in text
        [stars] = parse_file(text).hands
        mapped = map_stars(stars)
        assert mapped.refused_at is None, mapped.violation
        assert config_signature(mapped.config, ids=False, rake=False) == config_signature(
            record.config, ids=False, rake=False
        )
        assert final_stacks(mapped.config, mapped.events) == expected
        for document in (export_phh(record), export_ohh(record), text):
            (audit,) = audit_document(document, source="x")
            assert audit.status is AuditStatus.CLEAN, (document, audit.findings)


def test_explicit_straddle_forced_bet_is_written_as_a_live_blind() -> None:
    """An explicit STRADDLE forced bet (TableService posts) is live: PHH writes it in
    ``blinds_or_straddles`` and the ``_forced_bets`` house field keeps its kind."""
    record = _record(
        Game.TEXAS_HOLDEM, BettingStructure.NO_LIMIT, Stakes(small_blind=10, big_blind=20), "x"
    )
    forced = (
        ForcedBet(seat=1, kind=ForcedBetKind.SMALL_BLIND, amount=10),
        ForcedBet(seat=3, kind=ForcedBetKind.BIG_BLIND, amount=20),
        ForcedBet(seat=4, kind=ForcedBetKind.STRADDLE, amount=40),
    )
    config = dataclasses.replace(record.config, forced_bets=forced)
    record = dataclasses.replace(
        record, config=config, events=tuple(play(config, random.Random(5), burns=False))
    )
    phh = parse_phh(export_phh(record))
    assert list(phh.blinds_or_straddles or ()) == [10, 20, 40, 0, 0]
    config_back, events = phh_to_hand(phh)
    assert config_back.forced_bets == forced
    assert final_stacks(config_back, events) == final_stacks(record.config, record.events)
