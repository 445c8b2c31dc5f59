"""Mixed-game tables in the table use cases (RULES.md "Mixed games", docs/rules.md "Mixed
games"): the rotation, the orbit counting, the unseen button through stud hands, stakes per
entry, dealer's choice, ``rotation.game``, seat limits, and the rotation rebuilt from the log
and from a snapshot. Seeded deck, memory or SQLite store; every player checks or calls (no
bust), so the buttons are exact."""

from __future__ import annotations

import itertools
import json

import pytest
from tables_app_support import DEALER, Table, service

from floorman.app.tables import codec
from floorman.app.tables import commands as c
from floorman.app.tables.repository import TableRepository, snapshot_from, snapshot_json
from floorman.domain.errors import InvalidArgument, RuleViolation
from floorman.domain.model import Action, ActionType, BettingStructure, ForcedBetKind, Game, Stakes
from floorman.domain.table.rotation import Choice, NamedRotation, named_rotation
from floorman.domain.table.settings import (
    ButtonRule,
    DealMode,
    Rotation,
    RotationEntry,
    TableSettings,
)
from floorman.store import open_store

FL, NL = BettingStructure.FIXED_LIMIT, BettingStructure.NO_LIMIT
STAKES = Stakes(small_bet=20, ante=5)
PASSIVE = (ActionType.SHOW, ActionType.BRING_IN, ActionType.CHECK, ActionType.CALL)


def mixed(rotation: Rotation, **extra: object) -> TableSettings:
    first = rotation.entries[0]
    return TableSettings(
        game=first.game,
        betting_structure=first.betting_structure,
        stakes=first.stakes,
        rotation=rotation,
        **extra,  # type: ignore[arg-type]
    )


def finish(table: Table) -> None:
    """Everyone checks, calls, brings in the minimum, stands pat and shows."""
    while True:
        view = table.service.get_hand(table.table_id, "", viewer=DEALER)
        if view.complete:
            return
        legal = {entry.type: entry for entry in view.legal_actions}
        seat = view.state.seat_to_act
        kind = next((k for k in PASSIVE if k in legal), ActionType.DRAW)
        amount = legal[kind].min_amount if kind is ActionType.BRING_IN else 0
        table.run(c.RecordAction, action=Action(seat=seat, type=kind, amount=amount))


def play(table: Table, choice: Choice | None = None) -> tuple[Game, int]:
    """One hand: its game and its button (the unseen button in a stud hand)."""
    reply = table.run(c.StartHand, **({} if choice is None else {"choice": choice}))
    hand = reply.outcome.hand
    finish(table)
    return hand.config.game, reply.outcome.table.button_seat


def horse_table(**extra: object) -> Table:
    table = Table.create(service(), mixed(named_rotation(NamedRotation.HORSE, STAKES), **extra))
    for seat in (1, 3, 4, 6):
        table.seat(seat, 5000)
    return table


H, O8, RAZZ, STUD, STUD8 = (
    Game.TEXAS_HOLDEM,
    Game.OMAHA_HI_LO,
    Game.RAZZ,
    Game.SEVEN_CARD_STUD,
    Game.SEVEN_CARD_STUD_HI_LO,
)


def test_mixed_games_horse_each_game_one_orbit_button_through_stud_hands():
    """Four players: each HORSE game plays four hands; the button moves 1-3-4-6 every orbit,
    through the stud hands too (the unseen button), so Hold'em comes back with the button on
    seat 1, where the orbit would have been."""
    table = horse_table()
    hands = [play(table) for _ in range(21)]
    games = [game for game, _button in hands]
    assert games == [H] * 4 + [O8] * 4 + [RAZZ] * 4 + [STUD] * 4 + [STUD8] * 4 + [H]
    assert [button for _game, button in hands] == [1, 3, 4, 6] * 5 + [1]
    view = table.service.get_table("t1")
    assert view.rotation is not None
    assert (view.rotation.current_index, view.rotation.next_index) == (0, 0)
    assert view.rotation.hands_left == 3
    assert sum(seat.stack for seat in view.seats) == 4 * 5000


def test_mixed_games_named_rotation_splits_the_table_stakes_by_game():
    """One Stakes(small_bet=20, ante=5) for HORSE: Hold'em posts blinds 10/20 and no ante,
    Razz antes 5 with a 10 bring-in and no blinds."""
    table = horse_table()
    holdem = table.run(c.StartHand).outcome.hand.config
    finish(table)
    assert {(b.kind, b.amount) for b in holdem.forced_bets} == {
        (ForcedBetKind.SMALL_BLIND, 10),
        (ForcedBetKind.BIG_BLIND, 20),
    }
    assert holdem.stakes.ante == 0
    for _ in range(7):
        play(table)
    razz = table.run(c.StartHand).outcome.hand
    assert razz.config.game is RAZZ
    assert {(b.kind, b.amount) for b in razz.config.forced_bets} == {(ForcedBetKind.ANTE, 5)}
    assert razz.config.stakes.ante == 5


def test_mixed_games_stud_hands_deal_from_the_fixed_dealer_position_with_antes_only():
    """A Razz hand of the HORSE table: the engine's button is the fixed dealer position (0),
    antes and the bring-in only; the hand carries the unseen button and no positions."""
    table = horse_table()
    for _ in range(8):
        play(table)
    reply = table.run(c.StartHand)
    hand = reply.outcome.hand
    assert hand.config.game is RAZZ and hand.config.button_seat == 0 and hand.positions is None
    assert {bet.kind for bet in hand.config.forced_bets} == {ForcedBetKind.ANTE}
    state = table.service.repository.load("t1")
    started = state.hand
    assert started is not None and state.positions is not None
    assert state.positions.button == 1  # the unseen button, where the orbit would be


def test_mixed_games_leaving_mid_orbit_keeps_its_length_and_the_unseen_button_skips_the_seat():
    """Seat 4 leaves after the first Razz hand: Razz still plays four hands (its first hand
    dealt four), the unseen button skips seat 4; Stud then opens with three players (three
    hands)."""
    table = horse_table()
    for _ in range(9):
        play(table)
    table.run(c.LeaveSeat, seat=4)
    hands = [play(table) for _ in range(4)]
    assert hands == [(RAZZ, 3), (RAZZ, 6), (RAZZ, 1), (STUD, 3)]
    view = table.service.get_table("t1")
    assert view.rotation is not None and view.rotation.hands_left == 2


def test_mixed_games_custom_rotation_stakes_per_entry():
    """A custom list: NL Hold'em blinds 5/10, then Razz 40/80 with a 10 ante."""
    rotation = Rotation(
        entries=(
            RotationEntry(game=H, betting_structure=NL, stakes=Stakes(small_blind=5, big_blind=10)),
            RotationEntry(game=RAZZ, betting_structure=FL, stakes=Stakes(small_bet=40, ante=10)),
        )
    )
    table = Table.create(service(), mixed(rotation))
    for seat in (1, 2):
        table.seat(seat, 5000)
    configs = []
    for _ in range(4):
        configs.append(table.run(c.StartHand).outcome.hand.config)
        finish(table)
    assert [config.game for config in configs] == [H, H, RAZZ, RAZZ]
    assert {(b.kind, b.amount) for b in configs[0].forced_bets} == {
        (ForcedBetKind.SMALL_BLIND, 5),
        (ForcedBetKind.BIG_BLIND, 10),
    }
    assert {(b.kind, b.amount) for b in configs[2].forced_bets} == {(ForcedBetKind.ANTE, 10)}
    assert configs[2].stakes.small_bet == 40


def test_mixed_games_dealers_choice_and_rotation_game():
    """Dealer's choice: the first hand names Razz (entry 3 of HORSE's list); the orbit keeps
    it; naming Hold'em mid-orbit is ``rotation.game``; the next orbit names nothing and
    deals the entry after Razz (Stud)."""
    listed = named_rotation(NamedRotation.HORSE, STAKES)
    rotation = Rotation(entries=listed.entries, dealers_choice=True)
    table = Table.create(service(), mixed(rotation))
    for seat in (1, 3):
        table.seat(seat, 5000)
    assert play(table, Choice(game=RAZZ))[0] is RAZZ
    with pytest.raises(RuleViolation) as refused:
        table.run(c.StartHand, choice=Choice(game=H))
    assert refused.value.rule == "rotation.game"
    assert play(table, Choice(entry=3))[0] is RAZZ
    assert play(table)[0] is STUD
    with pytest.raises(InvalidArgument):
        table.run(c.StartHand, choice=Choice(entry=6))


def test_mixed_games_recorded_table_refuses_a_hand_of_another_game():
    """RULES.md ``rotation.game``: a recorded HORSE table starting a Razz hand while the
    rotation deals Hold'em."""
    table = Table.create(
        service(),
        mixed(named_rotation(NamedRotation.HORSE, STAKES), deal_mode=DealMode.RECORDED),
    )
    for seat in (1, 2):
        table.seat(seat, 5000)
    with pytest.raises(RuleViolation) as refused:
        table.run(c.StartHand, choice=Choice(game=RAZZ))
    assert refused.value.rule == "rotation.game"
    assert refused.value.expected == "entry 1 (texas_holdem fixed_limit)"
    started = table.run(c.StartHand, choice=Choice(game=H, betting_structure=FL))
    assert started.outcome.hand.config.game is H


@pytest.mark.parametrize(
    ("name", "seats", "most"),
    [(NamedRotation.HORSE, 9, 8), (NamedRotation.EIGHT_GAME, 7, 6)],
)
def test_mixed_games_seat_limits(name, seats, most):
    """At most 8 seats, and no more than each game seats (2-7 Triple Draw: 6)."""
    settings = mixed(named_rotation(name, STAKES))
    assert Table.create(service(), settings).service.get_table("t1").settings.max_seats == most
    with pytest.raises(InvalidArgument) as refused:
        Table.create(service(), mixed(named_rotation(name, STAKES), max_seats=seats))
    (violation,) = refused.value.violations
    assert (violation.field, violation.rule) == ("settings.max_seats", "rotation.seats")


def test_mixed_games_rotation_rebuilt_from_the_log_and_from_a_snapshot(tmp_path):
    """The rotation's position is in the log: a fresh service folding the log, and one
    starting from a snapshot, announce the same next game and hands left and deal it."""
    url = f"sqlite:///{tmp_path / 'm.db'}"
    store = open_store(url)
    table = Table.create(
        service(store, snapshot_every=3),
        mixed(named_rotation(NamedRotation.HORSE, STAKES), button_rule=ButtonRule.MOVING_BUTTON),
    )
    for seat in (1, 3, 4):
        table.seat(seat, 5000)
    for _ in range(7):  # Hold'em x3, Omaha x3, then the first Razz hand
        play(table)
    live = table.service.get_table("t1")
    assert live.rotation is not None
    assert (live.rotation.current.game, live.rotation.hands_left) == (RAZZ, 2)
    snapshot = store.latest_snapshot("t1")
    assert snapshot is not None
    restored = snapshot_from(json.loads(snapshot.payload))
    assert restored.rotation_entry in (0, 1)  # taken between hands, before the Razz orbit
    position = table.service.repository.load("t1").rotation
    store.close()
    with open_store(url) as cold_store:
        cold = service(cold_store)
        assert cold.get_table("t1") == live
        assert TableRepository(cold_store).load("t1").rotation == position
        again = Table(cold, "t1", live.sequence, _ids=itertools.count(10_000))
        assert [play(again)[0] for _ in range(3)] == [RAZZ, RAZZ, STUD]
        assert snapshot_json(cold.repository.load("t1"))["rotation"][0] == 3


def test_mixed_games_log_payloads_read_back_equal():
    """A mixed table's settings (named, custom, dealer's choice) and its HandStarted events
    (entry, position after the hand, unseen button) read back equal from the log's JSON; a
    one-game table's payloads carry no rotation keys (older logs read alike)."""
    table = horse_table()
    for _ in range(9):
        play(table)
    for item in table.service.store.read_events("t1"):
        event = codec.decode_event(item.payload)
        assert codec.encode_event(event) == item.payload
    started = [
        codec.decode_event(item.payload)
        for item in table.service.store.read_events("t1")
        if '"hand_started"' in item.payload
    ]
    assert [e.rotation_entry for e in started] == [0] * 4 + [1] * 4 + [2]
    assert started[-1].unseen_button is not None and started[-1].positions is None
    custom = Rotation(
        entries=(RotationEntry(game=H, betting_structure=NL, stakes=Stakes(big_blind=10)),),
        dealers_choice=True,
    )
    settings = mixed(custom, minor_units_per_unit=1)
    assert codec.settings_from(codec.settings_json(settings)) == settings
    plain = TableSettings(game=RAZZ, stakes=STAKES)
    assert "rotation" not in codec.settings_json(plain)


def test_mixed_games_a_rotation_opening_with_stud_hands_the_button_on():
    """A custom list opening with Razz: the unseen button starts on the lowest seat and moves
    1-2-4 (three hands: three dealt in at the first); a newcomer on seat 6 during the Razz
    orbit is dealt into the next Razz hand (stud deals in everyone present); Hold'em then
    puts the button on seat 6, where the orbit would have been, and plays four hands."""
    rotation = Rotation(
        entries=(
            RotationEntry(game=RAZZ, betting_structure=FL, stakes=STAKES),
            RotationEntry(game=H, betting_structure=FL, stakes=Stakes(small_bet=20)),
        )
    )
    table = Table.create(service(), mixed(rotation))
    for seat in (1, 2, 4):
        table.seat(seat, 5000)
    assert play(table) == (RAZZ, 1)
    table.seat(6, 5000)
    reply = table.run(c.StartHand)
    assert len(reply.outcome.hand.config.seats) == 4  # the newcomer is dealt in
    finish(table)
    assert reply.outcome.table.button_seat == 2
    assert play(table) == (RAZZ, 4)
    hands = [play(table) for _ in range(4)]
    assert hands == [(H, 6), (H, 1), (H, 2), (H, 4)]
    assert play(table) == (RAZZ, 6)
