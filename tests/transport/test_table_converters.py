"""TableService protobuf <-> commands and views: defaults, field paths, every event kind."""

from __future__ import annotations

import pytest

from floorman.app.tables.views import EventView, Outcome, table_view
from floorman.domain.engine import Finding, HandResult
from floorman.domain.errors import InvalidArgument
from floorman.domain.model import Action, ActionType, Deal, Game, HandConfig, SeatState, Stakes
from floorman.domain.settlement import PotShare
from floorman.domain.table import events as ev
from floorman.domain.table.placement import Positions
from floorman.domain.table.seats import EntryOption, Seat
from floorman.domain.table.settings import ButtonRule, DealMode, TableSettings, check_settings
from floorman.domain.table.state import open_table
from floorman.transport import table_converters as tc
from floorman.v1 import poker_pb2 as pb
from floorman.v1 import table_service_pb2 as tpb
from tests.app.tables.tables_app_support import Table, service, table_settings

SETTINGS = check_settings(TableSettings(game=Game.RAZZ, stakes=Stakes(small_bet=20, ante=5)))


def test_settings_unspecified_enums_take_the_documented_defaults():
    """UNSPECIFIED structure, deal mode and button rule mean fixed limit, service-dealt and
    dead button; the settings convert back to the same message."""
    message = tpb.TableSettings(game=pb.GAME_FIVE_CARD_DRAW, stakes=pb.Stakes(small_bet=200))
    settings = tc.settings_from_pb(message)
    assert (settings.deal_mode, settings.button_rule) == (
        DealMode.SERVICE_DEALT, ButtonRule.DEAD_BUTTON,
    )  # fmt: skip
    back = tc.settings_to_pb(settings)
    assert back.deal_mode == tpb.DEAL_MODE_SERVICE_DEALT
    assert back.button_rule == tpb.BUTTON_RULE_DEAD_BUTTON
    assert back.stakes.small_bet == 200


def test_settings_problems_name_their_fields():
    """A missing game, an unknown deal mode and a negative buy-in are reported together."""
    message = tpb.TableSettings(deal_mode=7, min_buy_in=-1, stakes=pb.Stakes(ante=-5))
    with pytest.raises(InvalidArgument) as refused:
        tc.settings_from_pb(message)
    assert {v.field for v in refused.value.violations} == {
        "settings.game", "settings.deal_mode", "settings.min_buy_in", "settings.stakes.ante",
    }  # fmt: skip


def test_requests_convert_with_field_paths():
    """Deals and actions keep the request's field paths (``deals[1].cards[0]`` with
    ``card.malformed``; ``action.type`` required); entries map to their options."""
    deals = tpb.DealCardsRequest(
        table_id="t", deals=[pb.Deal(seat=1, cards=["Ah"]), pb.Deal(seat=2, cards=["Xx"])]
    )
    with pytest.raises(InvalidArgument) as malformed:
        tc.deal_cards_from_pb(deals)
    assert [(v.field, v.rule) for v in malformed.value.violations] == [
        ("deals[1].cards[0]", "card.malformed")
    ]
    with pytest.raises(InvalidArgument) as untyped:
        tc.record_action_from_pb(tpb.RecordActionRequest(action=pb.Action(seat=1)))
    assert [v.field for v in untyped.value.violations] == ["action.type"]
    seated = tc.seat_player_from_pb(
        tpb.SeatPlayerRequest(table_id="t", seat=2, player_id="ann", buy_in=500,
                              entry=tpb.ENTRY_OPTION_POST_BIG_BLIND)
    )  # fmt: skip
    assert seated.entry is EntryOption.POST_BIG_BLIND
    assert tc.sit_in_from_pb(tpb.SitInRequest(table_id="t", seat=2)).entry is None
    with pytest.raises(InvalidArgument):
        tc.history_format_from_pb(0)


def _events() -> list[ev.TableEvent]:
    config = HandConfig(
        game=Game.RAZZ, stakes=Stakes(small_bet=20), seats=(SeatState(seat=1, stack=100),
                                                            SeatState(seat=2, stack=100)),
    )  # fmt: skip
    result = HandResult(
        pots=(PotShare(40, (1, 2), (2,)),), rake=0, payouts={2: 40},
        final_stacks={1: 80, 2: 120}, returned={}, showdown_order=(2, 1),
    )  # fmt: skip
    return [
        ev.TableCreated(settings=SETTINGS),
        ev.PlayerSeated(seat=1, player_id="ann", buy_in=100, entry=EntryOption.WAIT_FOR_BIG_BLIND),
        ev.SeatLeft(seat=1, cash_out=80),
        ev.SeatSatOut(seat=2),
        ev.SeatSatIn(seat=2, entry=EntryOption.POST_BIG_BLIND),
        ev.HandStarted(hand_id="h", hand_number=3, config=config, positions=Positions(4, 5, 6),
                       seats=(Seat(seat=1, player_id="ann", stack=100),), deck=(1, 2, 3)),
        ev.HandDealt(hand_id="h", deal=Deal(seat=1, cards=(None, 51), face_up=False)),
        ev.HandActed(hand_id="h", action=Action(seat=1, type=ActionType.RAISE, amount=40)),
        ev.HandSettled(hand_id="h", result=result),
        ev.FindingRecorded(hand_id="h", finding=Finding("bet.amount", "too small", seat=1)),
        ev.TableClosed(),
    ]  # fmt: skip


def test_every_table_event_kind_converts_to_its_oneof_field():
    """Each domain event becomes the matching ``TableEvent.kind`` field; hidden cards are
    ``??``; HandStarted carries the positions and never a deck."""
    kinds = [
        tc.event_to_pb(EventView(sequence=i + 1, table_id="t", recorded_at=None,
                                 hand_id=getattr(e, "hand_id", ""), event=e)).WhichOneof("kind")
        for i, e in enumerate(_events())
    ]  # fmt: skip
    assert kinds == [
        "table_created", "player_seated", "seat_left", "sat_out", "sat_in", "hand_started",
        "deal", "action", "hand_settled", "finding", "table_closed",
    ]  # fmt: skip
    started = tc.event_to_pb(EventView(sequence=6, table_id="t", recorded_at=None, hand_id="h",
                                       event=_events()[5]))  # fmt: skip
    assert (started.hand_started.button_seat, started.hand_started.big_blind_seat) == (4, 6)
    assert "deck" not in str(started)
    deal = tc.event_to_pb(EventView(sequence=7, table_id="t", recorded_at=None, hand_id="h",
                                    event=_events()[6]))  # fmt: skip
    assert list(deal.deal.cards) == ["??", "As"]
    settled = tc.event_to_pb(EventView(sequence=9, table_id="t", recorded_at=None, hand_id="h",
                                       event=_events()[8]))  # fmt: skip
    assert [(p.amount, list(p.winner_seats)) for p in settled.hand_settled.result.pots] == [
        (40, [2])
    ]


def test_outcomes_encode_each_operations_response():
    """Every write's answer encodes as its own response message, deterministically."""
    state = open_table("t", ev.TableCreated(settings=SETTINGS), sequence=1, recorded_at=None)
    outcome = Outcome(table=table_view(state), cash_out=70)
    for operation, response in (
        ("CreateTable", tpb.CreateTableResponse),
        ("LeaveSeat", tpb.LeaveSeatResponse),
        ("RecordAction", tpb.RecordActionResponse),
    ):
        data = tc.encode_outcome(operation, outcome)
        assert data == tc.encode_outcome(operation, outcome)
        message = response.FromString(data)
        assert message.table.table_id == "t" and message.table.settings.game == pb.GAME_RAZZ
    assert tpb.LeaveSeatResponse.FromString(tc.encode_outcome("LeaveSeat", outcome)).cash_out == 70


def test_hand_answer_bytes_parse_to_the_same_message_as_the_plain_conversion():
    """The fast answer encoding (events serialized once each, appended) parses to exactly the
    message the plain conversion builds."""
    settings = table_settings(Game.SEVEN_CARD_STUD, small_bet=20, ante=5)
    table = Table.create(service(encoder=tc.encode_outcome), settings)
    for seat in (1, 2, 3):
        table.seat(seat, 500)
    reply = table.start()
    hand = reply.outcome.hand
    parsed = tpb.StartHandResponse.FromString(reply.payload)
    assert parsed.hand == tc.hand_view_to_pb(hand)
    assert parsed.table == tc.table_to_pb(reply.outcome.table)
    assert len(parsed.hand.events) == len(hand.events) == 6


def _created(message: tpb.TableSettings) -> list[tuple[str, str, str]]:
    """The violations CreateTable answers for ``message`` (conversion, then the use case's
    settings check): ``(field, rule, message)`` each."""
    with pytest.raises(InvalidArgument) as refused:
        check_settings(tc.settings_from_pb(message))
    return [(v.field, v.rule, v.message) for v in refused.value.violations]


def _fields(message: tpb.TableSettings) -> list[tuple[str, str]]:
    return [(name, rule) for name, rule, _ in _created(message)]


FL = pb.BETTING_STRUCTURE_FIXED_LIMIT


@pytest.mark.parametrize("kind", ["custom", "dealers_choice"])
def test_rotation_entry_stakes_problems_name_the_oneof_list(kind):
    """docs/rules.md "Mixed games": a listed entry's own stakes are checked on the request's
    path, ``settings.rotation.custom.entries[i]`` (or ``dealers_choice``), never a made-up
    ``settings.rotation.entries[i]``."""
    listed = tpb.RotationEntries(
        entries=[
            tpb.RotationEntry(game=pb.GAME_BADUGI),
            tpb.RotationEntry(game=pb.GAME_RAZZ, stakes=pb.Stakes(small_bet=20, straddle=40)),
        ]
    )
    message = tpb.TableSettings(
        stakes=pb.Stakes(small_bet=20), rotation=tpb.GameRotation(**{kind: listed})
    )
    assert _fields(message) == [
        (f"settings.rotation.{kind}.entries[1].stakes.straddle", "straddle.player")
    ]
    bring_in = tpb.RotationEntries(
        entries=[
            tpb.RotationEntry(
                game=pb.GAME_RAZZ, betting_structure=FL, stakes=pb.Stakes(small_bet=20, bring_in=20)
            )
        ]
    )
    assert _fields(tpb.TableSettings(rotation=tpb.GameRotation(**{kind: bring_in}))) == [
        (f"settings.rotation.{kind}.entries[0].stakes.bring_in", "bring_in.amount")
    ]


@pytest.mark.parametrize(
    ("rotation", "stakes", "expected", "games"),
    [
        (
            tpb.ROTATION_HORSE,
            None,
            ("settings.stakes.small_bet", ""),
            ["entry 1 (texas_holdem", "entry 5 (seven_card_stud_hi_lo"],
        ),
        (
            tpb.ROTATION_HORSE,
            pb.Stakes(small_bet=20, bring_in=20),
            ("settings.stakes.bring_in", "bring_in.amount"),
            ["entry 3 (razz", "entry 4 (seven_card_stud ", "entry 5 (seven_card_stud_hi_lo"],
        ),
        (
            tpb.ROTATION_EIGHT_GAME,
            pb.Stakes(small_bet=20, small_blind=30, big_blind=20),
            ("settings.stakes.small_blind", "blind.amount"),
            ["entry 1 (deuce_to_seven_triple_draw", "entry 7 (texas_holdem no_limit"],
        ),
    ],
    ids=["horse_no_stakes", "horse_bring_in", "eight_game_blinds"],
)
def test_named_rotation_stakes_problems_are_the_tables_once(rotation, stakes, expected, games):
    """A named rotation deals every entry with ``settings.stakes``: a problem with them is
    one violation on the field the caller sent (not one per entry on
    ``settings.rotation.entries[i]``), its message naming the games that need it."""
    message = tpb.TableSettings(stakes=stakes, rotation=tpb.GameRotation(named=rotation))
    [(name, rule, text)] = _created(message)
    assert (name, rule) == expected
    for game in games:
        assert game in text, text


def test_listed_entries_without_stakes_point_at_the_tables():
    """A custom entry without stakes takes the table's: their problem is on
    ``settings.stakes`` once, naming the entries; an entry with its own stakes keeps its
    path."""
    listed = tpb.RotationEntries(
        entries=[
            tpb.RotationEntry(game=pb.GAME_RAZZ),
            tpb.RotationEntry(game=pb.GAME_SEVEN_CARD_STUD),
            tpb.RotationEntry(game=pb.GAME_RAZZ, stakes=pb.Stakes(small_bet=20, bring_in=30)),
        ]
    )
    message = tpb.TableSettings(
        stakes=pb.Stakes(small_bet=20, bring_in=20), rotation=tpb.GameRotation(custom=listed)
    )
    found = _created(message)
    assert [(name, rule) for name, rule, _ in found] == [
        ("settings.rotation.custom.entries[2].stakes.bring_in", "bring_in.amount"),
        ("settings.stakes.bring_in", "bring_in.amount"),
    ]
    shared = found[1][2]
    assert "entry 1 (razz" in shared and "entry 2 (seven_card_stud" in shared, shared
    assert "entry 3" not in shared, shared


def test_a_mixed_table_refuses_a_betting_structure():
    """docs/rules.md "Mixed games": each entry of a rotation names its own betting
    structure, so one sent with a rotation is INVALID_ARGUMENT on
    ``settings.betting_structure`` (never silently ignored); an unknown number is reported
    once, as any unknown enum."""
    for structure in (pb.BETTING_STRUCTURE_FIXED_LIMIT, pb.BETTING_STRUCTURE_NO_LIMIT):
        message = tpb.TableSettings(
            betting_structure=structure,
            stakes=pb.Stakes(small_bet=20),
            rotation=tpb.GameRotation(named=1),
        )
        assert _fields(message) == [("settings.betting_structure", "")]
    unknown = tpb.TableSettings(
        betting_structure=99, stakes=pb.Stakes(small_bet=20), rotation=tpb.GameRotation(named=1)
    )
    assert _fields(unknown) == [("settings.betting_structure", "")]
    both = tpb.TableSettings(
        game=pb.GAME_RAZZ,
        betting_structure=pb.BETTING_STRUCTURE_FIXED_LIMIT,
        stakes=pb.Stakes(small_bet=20),
        rotation=tpb.GameRotation(named=1),
    )
    assert _fields(both) == [("settings.game", ""), ("settings.betting_structure", "")]


def test_a_mixed_table_refuses_a_game():
    """The contract: a mixed table leaves ``game`` unset (the answer names the first
    entry's). A game sent with a rotation is INVALID_ARGUMENT on ``settings.game``, whether
    or not it is the first entry's (no doc accepts either)."""
    for game in (pb.GAME_BADUGI, pb.GAME_TEXAS_HOLDEM):
        message = tpb.TableSettings(
            game=game, stakes=pb.Stakes(small_bet=20), rotation=tpb.GameRotation(named=1)
        )
        assert _fields(message) == [("settings.game", "")]
    unknown = tpb.TableSettings(
        game=99, stakes=pb.Stakes(small_bet=20), rotation=tpb.GameRotation(named=1)
    )
    assert _fields(unknown) == [("settings.game", "")]
    unset = tpb.TableSettings(stakes=pb.Stakes(small_bet=20), rotation=tpb.GameRotation(named=1))
    assert check_settings(tc.settings_from_pb(unset)).game is Game.TEXAS_HOLDEM
