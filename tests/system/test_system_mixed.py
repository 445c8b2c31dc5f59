"""Mixed-game tables over gRPC (issue 12 "Show", RULES.md "Mixed games"): HORSE and 8-Game
tables played for two full rotations, service-dealt, with random legal actions, players
joining, busting, sitting out and leaving.

This test keeps its own books of the rotation (RULES.md: each entry plays one orbit, as many
hands as players are dealt in at the entry's first hand) and checks, hand by hand:

* the game, structure and stakes of every hand are the entry the rotation names
  (GetTable's ``rotation.next`` before the hand, HandStarted's ``rotation.current``);
* the button (the unseen button in stud hands) moves one seat per hand: between two hands
  dealt to the same seats it is the next of those seats clockwise, through stud hands too,
  so the next button game starts where the orbit would have been; stud hands deal from the
  fixed dealer position with antes and the bring-in only;
* chips are conserved (an independent tally of every hand; chips in = on the table + out);
* every hand is exported (ExportHandHistory, PHH, OHH and PokerStars text) and the export
  is audited by AuditService clean, as the game it was dealt.

Also: a custom rotation with its own stakes per entry, dealer's choice, ``rotation.game``
refusals, seat limits (``rotation.seats``) and a restart that replays the rotation.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status
from table_client import GrpcTable, choose, stub_for, tally_hand

from floorman.v1 import audit_service_pb2 as apb
from floorman.v1 import audit_service_pb2_grpc
from floorman.v1 import poker_pb2 as pb
from floorman.v1 import table_service_pb2 as tpb
from tests.conftest import ServerProcess, start_server_process
from tests.support.grpc_errors import field_violations, violation_rules

FL, NL, PL = (
    pb.BETTING_STRUCTURE_FIXED_LIMIT,
    pb.BETTING_STRUCTURE_NO_LIMIT,
    pb.BETTING_STRUCTURE_POT_LIMIT,
)
HORSE = [
    (pb.GAME_TEXAS_HOLDEM, FL),
    (pb.GAME_OMAHA_HI_LO, FL),
    (pb.GAME_RAZZ, FL),
    (pb.GAME_SEVEN_CARD_STUD, FL),
    (pb.GAME_SEVEN_CARD_STUD_HI_LO, FL),
]
EIGHT_GAME = [
    (pb.GAME_DEUCE_TO_SEVEN_TRIPLE_DRAW, FL),
    (pb.GAME_TEXAS_HOLDEM, FL),
    (pb.GAME_OMAHA_HI_LO, FL),
    (pb.GAME_RAZZ, FL),
    (pb.GAME_SEVEN_CARD_STUD, FL),
    (pb.GAME_SEVEN_CARD_STUD_HI_LO, FL),
    (pb.GAME_TEXAS_HOLDEM, NL),
    (pb.GAME_OMAHA, PL),
]
STUDS = {pb.GAME_RAZZ, pb.GAME_SEVEN_CARD_STUD, pb.GAME_SEVEN_CARD_STUD_HI_LO}
BLINDS = {pb.FORCED_BET_KIND_SMALL_BLIND, pb.FORCED_BET_KIND_BIG_BLIND}
ROTATIONS = 2
FORMATS = {
    tpb.HISTORY_FORMAT_PHH: apb.AUDIT_FORMAT_PHH,
    tpb.HISTORY_FORMAT_OPEN_HAND_HISTORY_JSON: apb.AUDIT_FORMAT_OPEN_HAND_HISTORY,
    tpb.HISTORY_FORMAT_POKERSTARS_TEXT: apb.AUDIT_FORMAT_POKERSTARS,
}


@pytest.fixture(scope="module")
def dealer_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server whose callers see cards as the dealer (the random player must see its
    cards to draw; exports carry every hole card)."""
    running = start_server_process(
        tmp_path_factory.mktemp("mixed-server"), "--anonymous-role", "dealer"
    )
    yield running
    running.stop()


def _present(table: tpb.Table) -> list[int]:
    return [s.seat for s in table.seats if s.stack > 0 and s.status != tpb.SEAT_STATUS_SITTING_OUT]


def _next_clockwise(after: int, seats: list[int], size: int) -> int:
    for k in range(1, size + 1):
        seat = (after - 1 + k) % size + 1
        if seat in seats:
            return seat
    raise AssertionError("no seat")


@dataclass
class Played:
    """One hand as the session saw it."""

    number: int
    hand_id: str
    game: int
    structure: int
    entry: int
    dealt_in: list[int]
    players: list[tuple[int, str]]
    occupied: list[int]
    button: int
    small_blind: int


@dataclass
class MixedSession:
    """A mixed table plus this test's books: stacks, chips in and out, the rotation model."""

    table: GrpcTable
    entries: list[tuple[int, int]]
    max_seats: int
    rng: random.Random
    expected: dict[int, int] = field(default_factory=dict)
    bought: int = 0
    cashed: int = 0
    joins: int = 0
    leaves: int = 0
    sat_out: int = 0
    played: list[Played] = field(default_factory=list)
    orbits: list[tuple[int, int]] = field(default_factory=list)  # (entry, hands)
    entry: int = 0
    left: int = 0
    names: Iterator[str] = field(default_factory=lambda: iter(f"p{n}" for n in range(10_000)))
    joins_due: list[int] = field(default_factory=lambda: [4, 14, 24])
    leaves_due: list[int] = field(default_factory=lambda: [9, 19])
    mixed_name: str = ""  # the mixed header a PokerStars export carries ("HORSE", "8-Game")

    def join(self, seat: int, buy_in: int, entry: int = tpb.ENTRY_OPTION_UNSPECIFIED) -> None:
        self.table.seat(seat, buy_in, next(self.names), entry=entry)
        self.expected[seat] = buy_in
        self.bought += buy_in
        self.joins += 1

    def leave(self, seat: int) -> None:
        response = self.table.call("LeaveSeat", seat=seat)
        assert response.cash_out == self.expected.pop(seat)
        self.cashed += response.cash_out
        self.leaves += 1

    def check_chips(self) -> tpb.Table:
        table = self.table.table()
        assert {s.seat: s.stack for s in table.seats} == self.expected
        assert sum(self.expected.values()) == self.bought - self.cashed, "chips not conserved"
        return table

    def roster(self, hands: int) -> None:
        """Between hands: busted players leave; somebody joins at hands 4, 14 and 24 and
        leaves at hands 9 and 19 (or soon after); at random somebody else joins (posting or
        waiting for the big blind), leaves, sits out or comes back; never between an
        orbit's last hand and the next orbit's first (so the button's move from one game to
        the next is checked on the same seats)."""
        table = self.check_chips()
        if self.left == 0 and len(_present(table)) >= 2:
            return
        for seat in table.seats:
            if seat.stack == 0:
                self.leave(seat.seat)
        table = self.check_chips()
        taken = {s.seat for s in table.seats}
        free = [n for n in range(1, self.max_seats + 1) if n not in taken]
        away = [s.seat for s in table.seats if s.status == tpb.SEAT_STATUS_SITTING_OUT]
        present = _present(table)
        if self.joins_due and hands >= self.joins_due[0] and free:
            self.joins_due.pop(0)
            self.join(self.rng.choice(free), 2000, tpb.ENTRY_OPTION_WAIT_FOR_BIG_BLIND)
            return
        if self.leaves_due and hands >= self.leaves_due[0] and len(present) > 2:
            self.leaves_due.pop(0)
            self.leave(self.rng.choice(present))
            return
        roll = self.rng.random()
        if away and roll < 0.3:
            self.table.call("SitIn", seat=away[0])
        elif len(present) < 3 or (free and roll < 0.1):
            entry = self.rng.choice(
                (tpb.ENTRY_OPTION_POST_BIG_BLIND, tpb.ENTRY_OPTION_WAIT_FOR_BIG_BLIND)
            )
            self.join(self.rng.choice(free), self.rng.choice((150, 2000)), entry)
        elif len(present) > 3 and roll < 0.15:
            self.leave(self.rng.choice(present))
        elif len(present) > 3 and not away and roll < 0.2:
            self.table.call("SitOut", seat=self.rng.choice(present))
            self.sat_out += 1

    def play(self) -> Played:
        """One hand: the rotation the table announces is this test's model's; the hand is
        dealt as that entry; random legal actions to the end; the chips tallied."""
        table = self.table.table()
        state = table.rotation
        assert (state.next_entry, state.hands_left) == (self.entry + 1, self.left)
        assert (state.next.game, state.next.betting_structure) == self.entries[self.entry]
        before = self.table.sequence
        hand = self.table.call("StartHand").hand
        config = hand.config
        assert (config.game, config.betting_structure) == self.entries[self.entry]
        assert config.stakes == state.next.stakes, "stakes per entry"
        dealt_in = sorted(s.seat for s in config.seats)
        if self.left == 0:  # this hand opens the entry's orbit
            self.left = len(dealt_in)
            self.orbits.append((self.entry, self.left))
        self.left -= 1
        entry = self.entry
        if self.left == 0:
            self.entry = (self.entry + 1) % len(self.entries)
        started = next(e for e in self.table.events(before) if e.HasField("hand_started"))
        rotation = started.hand_started.rotation
        assert rotation.current_entry == entry + 1
        assert (rotation.next_entry, rotation.hands_left) == (self.entry + 1, self.left)
        stud = config.game in STUDS
        if stud:
            button = started.hand_started.unseen_button_seat
            assert started.hand_started.button_seat == 0
            assert config.button_seat == 0, "stud deals from the fixed dealer position"
            assert not {b.kind for b in config.forced_bets} & BLINDS
        else:
            button = started.hand_started.button_seat
            assert started.hand_started.unseen_button_seat == 0
        assert button
        while not hand.complete:
            hand = self.table.act(choose(hand, self.rng, aggression=0.4)).hand
        tally = tally_hand(hand)
        assert tally.final_stacks == {s.seat: s.stack for s in hand.result.final_stacks}
        assert hand.result.rake == 0
        self.expected.update(tally.final_stacks)
        played = Played(
            number=hand.hand_number,
            hand_id=hand.hand_id,
            game=config.game,
            structure=config.betting_structure,
            entry=entry,
            dealt_in=dealt_in,
            players=sorted((s.seat, s.player_id) for s in config.seats),
            occupied=sorted(s.seat for s in table.seats),
            button=button,
            small_blind=0 if stud else started.hand_started.small_blind_seat,
        )
        self.played.append(played)
        return played


def play_rotations(session: MixedSession, rotations: int) -> None:
    """Play until ``rotations`` full rotations (every entry one orbit, ``rotations`` times)
    are done, with the roster changing between hands."""
    count = len(session.entries)
    play_until(session, lambda: len(session.orbits) >= rotations * count and not session.left)


def play_until(session: MixedSession, done: Callable[[], bool]) -> None:
    """Hands until ``done()``, the roster changing between them (a busted table gets a
    newcomer when fewer than two could be dealt in)."""
    hands = 0
    while not done():
        assert hands < 200, session.orbits
        if session.played:
            session.roster(hands)
        try:
            session.play()
        except grpc.RpcError as error:
            seat_one_more(session, error)
            continue
        hands += 1
    session.check_chips()


def seat_one_more(session: MixedSession, error: grpc.RpcError) -> None:
    """StartHand refused (FAILED_PRECONDITION: fewer than two could be dealt in): a newcomer
    with 400 takes the lowest free seat."""
    assert error.code() == grpc.StatusCode.FAILED_PRECONDITION, error
    taken = {s.seat for s in session.table.table().seats}
    session.join(min(set(range(1, session.max_seats + 1)) - taken), 400)


def play_steady(session: MixedSession, enough: Callable[[], bool]) -> None:
    """More hands on a steady roster until ``enough()``: away players sit in, only busted
    players leave, a newcomer sits down when fewer than two could be dealt in. The random
    roster changes of :func:`play_rotations` break the pairs of hands the button checks
    compare, and how many pairs survive depends on the busts, which differ run to run (the
    server shuffles from the system's randomness); these hands make the check's sample
    size independent of that."""
    for _ in range(60):
        if enough():
            session.check_chips()
            return
        table = session.check_chips()
        for seat in table.seats:
            if seat.stack == 0:
                session.leave(seat.seat)
            elif seat.status == tpb.SEAT_STATUS_SITTING_OUT:
                session.table.call("SitIn", seat=seat.seat)
        try:
            session.play()
        except grpc.RpcError as error:
            seat_one_more(session, error)
    raise AssertionError(f"60 steady hands did not give enough button checks: {session.orbits}")


def enough_button_checks(session: MixedSession, size: int) -> Callable[[], bool]:
    """``check_buttons`` has 8 pairs, 2 of them across a change of game."""

    def enough() -> bool:
        checks = check_buttons(session, size)
        return checks.pairs >= 8 and checks.game_changes >= 2

    return enough


@dataclass
class ButtonChecks:
    """How many hand pairs :func:`check_buttons` checked: all, those that changed game, and
    those between a stud hand and a button game."""

    pairs: int = 0
    game_changes: int = 0
    stud_changes: int = 0


def check_buttons(session: MixedSession, size: int) -> ButtonChecks:
    """RULES.md "Mixed games": between two hands dealt to the same seats the button (the
    unseen button in stud hands) moves to the next of them clockwise, whatever the games
    (the same players in the same seats, nobody else seated, and the first hand's button and
    small blind live: a dead button may fall on an empty seat or on a player not dealt in,
    RULES.md "Button"; the unseen button of a stud hand is always on a seat dealt in)."""
    checks = ButtonChecks()
    for before, after in zip(session.played, session.played[1:], strict=False):
        if before.players != after.players or not before.occupied == after.occupied == (
            after.dealt_in
        ):
            continue
        if before.game not in STUDS and not {before.button, before.small_blind} <= set(
            before.dealt_in
        ):
            continue
        expected = _next_clockwise(before.button, after.dealt_in, size)
        assert after.button == expected, (before, after)
        checks.pairs += 1
        checks.game_changes += before.entry != after.entry
        checks.stud_changes += (before.game in STUDS) != (after.game in STUDS)
    return checks


def check_orbits(session: MixedSession, rotations: int) -> None:
    """Each entry for one orbit, in the rotation's order, each orbit as long as the players
    dealt in at its first hand; the hands of an orbit are its entry's game."""
    entries = [entry for entry, _hands in session.orbits]
    count = len(session.entries)
    assert entries[: rotations * count] == list(range(count)) * rotations
    at = 0
    for entry, hands in session.orbits:
        orbit = session.played[at : at + hands]
        assert {p.entry for p in orbit} == {entry}
        assert len(orbit[0].dealt_in) == hands
        assert {(p.game, p.structure) for p in orbit} == {session.entries[entry]}
        at += hands


def export_and_audit(
    server: ServerProcess, session: MixedSession, games: set[int] | None = None
) -> dict[int, int]:
    """Every hand (of ``games``, default all) exported in PHH, OHH and PokerStars text and
    audited by AuditService (one call per format and batch, so no hand meets its copy in
    another format): clean, as the game it was. Returns hands audited per game."""
    audit = audit_service_pb2_grpc.AuditServiceStub(server.channel)
    hands = [p for p in session.played if games is None or p.game in games]
    unclean = []
    for fmt, audit_format in FORMATS.items():
        for start in range(0, len(hands), 40):
            batch = hands[start : start + 40]
            contents = [
                session.table.client.export_hand_history(
                    table_id=session.table.table_id, hand_id=played.hand_id, format=fmt
                ).content
                for played in batch
            ]
            if fmt == tpb.HISTORY_FORMAT_POKERSTARS_TEXT and session.mixed_name:
                # the mixed header, as PokerStars writes it: "HORSE (Razz Limit, 10/20)"
                heads = [c.splitlines()[0] for c in contents]
                assert all(f":  {session.mixed_name} (" in h for h in heads), heads[:2]
            documents = [
                apb.HandHistoryDocument(
                    name=f"hand-{played.number}-{tpb.HistoryFormat.Name(fmt)}",
                    content=content.encode(),
                    format=audit_format,
                )
                for played, content in zip(batch, contents, strict=True)
            ]
            response = audit.AuditHandHistories(
                apb.AuditHandHistoriesRequest(documents=documents), timeout=120
            )
            assert [v.document_index for v in response.hands] == list(range(len(batch)))
            for played, verdict in zip(batch, response.hands, strict=True):
                if verdict.status != apb.AUDIT_STATUS_CLEAN or verdict.game != played.game:
                    unclean.append(
                        (
                            verdict.document_name,
                            pb.Game.Name(played.game),
                            pb.Game.Name(verdict.game),
                            apb.AuditStatus.Name(verdict.status),
                            verdict.detail,
                            [(f.rule, f.message) for f in verdict.findings][:3],
                        )
                    )
    assert not unclean, unclean
    counts: dict[int, int] = {}
    for played in hands:
        counts[played.game] = counts.get(played.game, 0) + 1
    return counts


def _named_settings(rotation: int, **extra: object) -> tpb.TableSettings:
    return tpb.TableSettings(
        name="mixed",
        stakes=pb.Stakes(small_bet=20, ante=5),
        rotation=tpb.GameRotation(named=rotation),
        **extra,  # type: ignore[arg-type]
    )


def _session(server: ServerProcess, settings: tpb.TableSettings, entries, seed: int):
    table = GrpcTable.create(stub_for(server.channel), settings)
    size = table.table().settings.max_seats
    session = MixedSession(table=table, entries=entries, max_seats=size, rng=random.Random(seed))
    session.mixed_name = {
        tpb.ROTATION_HORSE: "HORSE",
        tpb.ROTATION_EIGHT_GAME: "8-Game",
    }.get(settings.rotation.named, "Mixed Games" if settings.HasField("rotation") else "")
    for seat in (1, 2, 4, 5, 7)[: size - 2]:
        session.join(seat, 2000)
    return session


@pytest.fixture(scope="module")
def horse(dealer_server: ServerProcess) -> MixedSession:
    """A HORSE table (8 seats) played for two full rotations, then on a steady roster until
    the button checks have their sample (:func:`play_steady`)."""
    session = _session(dealer_server, _named_settings(tpb.ROTATION_HORSE), HORSE, seed=5)
    play_rotations(session, ROTATIONS)
    play_steady(session, enough_button_checks(session, 8))
    return session


@pytest.fixture(scope="module")
def eight_game(dealer_server: ServerProcess) -> MixedSession:
    """An 8-Game table (6 seats: the 2-7 Triple Draw limit), moving button, two rotations,
    then a steady roster until the button checks have their sample."""
    settings = _named_settings(tpb.ROTATION_EIGHT_GAME, button_rule=tpb.BUTTON_RULE_MOVING_BUTTON)
    session = _session(dealer_server, settings, EIGHT_GAME, seed=8)
    play_rotations(session, ROTATIONS)
    play_steady(session, enough_button_checks(session, 6))
    return session


def test_mixed_games_horse_table_two_rotations_each_game_one_orbit(horse):
    """HORSE: each game for one orbit (as many hands as dealt in at its first hand), in
    order, twice; the table says so before every hand; players joined and left."""
    table = horse.table.table()
    assert table.settings.max_seats == 8
    assert table.settings.rotation.named == tpb.ROTATION_HORSE
    check_orbits(horse, ROTATIONS)
    assert horse.joins >= 5 + 3 and horse.leaves >= 2
    lengths = {hands for _entry, hands in horse.orbits}
    assert len(lengths) >= 2, "players joining and leaving change the orbits' lengths"
    listed = horse.table.client.list_hands(table_id=horse.table.table_id, page_size=1000)
    assert [(h.hand_id, h.game) for h in listed.hands] == [
        (p.hand_id, p.game) for p in horse.played
    ], "ListHands names each hand's own game"


def test_mixed_games_horse_button_moves_through_stud_hands(horse):
    """RULES.md "Mixed games": the (unseen) button moves one seat per hand, Hold'em to
    Omaha to the stud games and back to Hold'em."""
    checks = check_buttons(horse, 8)
    print(f"HORSE: {len(horse.played)} hands, orbits {horse.orbits}, {checks}")
    assert checks.pairs >= 8 and checks.game_changes >= 2, checks


def test_mixed_games_horse_every_hand_exported_and_audited_as_its_game(dealer_server, horse):
    """Every HORSE hand: PHH, OHH and PokerStars exports audit clean, as its own game."""
    counts = export_and_audit(dealer_server, horse)
    assert set(counts) == {game for game, _structure in HORSE}
    assert sum(counts.values()) == len(horse.played)


def test_mixed_games_eight_game_table_two_rotations_each_game_one_orbit(eight_game):
    """8-Game: 2-7 Triple Draw, Hold'em, Omaha Hi-Lo, Razz, Stud, Stud Hi-Lo, NL Hold'em and
    PL Omaha, one orbit each, twice; the table seats 6 (the 2-7 Triple Draw limit)."""
    table = eight_game.table.table()
    assert table.settings.max_seats == 6
    check_orbits(eight_game, ROTATIONS)
    assert eight_game.joins >= 4 + 3 and eight_game.leaves >= 2
    checks = check_buttons(eight_game, 6)
    print(f"8-Game: {len(eight_game.played)} hands, orbits {eight_game.orbits}, {checks}")
    assert checks.pairs >= 8 and checks.game_changes >= 2, checks


def test_mixed_games_eight_game_blinds_and_stakes_per_entry(eight_game):
    """One Stakes for the named rotation: the limit games' small bet 20 (blinds 10/20; antes
    5 in stud, and no ante in the button games); NL Hold'em and PL Omaha blinds 10/20 by
    RULES.md "Stakes defaults" (big blind = the small bet)."""
    for played in eight_game.played[:40]:
        view = eight_game.table.hand(played.hand_id)
        forced = {(b.kind, b.amount) for b in view.config.forced_bets if not b.dead}
        if played.game in STUDS:
            assert forced == {(pb.FORCED_BET_KIND_ANTE, 5)}
        else:  # the table's ante is the stud games' only
            assert (pb.FORCED_BET_KIND_BIG_BLIND, 20) in forced
            assert {kind for kind, _amount in forced} <= BLINDS
            assert all(
                amount == 10 for kind, amount in forced if kind == pb.FORCED_BET_KIND_SMALL_BLIND
            )


def test_mixed_games_eight_game_non_draw_hands_exported_and_audited(dealer_server, eight_game):
    """The 8-Game hands other than 2-7 Triple Draw: exports audit clean as their games."""
    games = {game for game, _structure in EIGHT_GAME} - {pb.GAME_DEUCE_TO_SEVEN_TRIPLE_DRAW}
    counts = export_and_audit(dealer_server, eight_game, games)
    assert set(counts) == games


def test_mixed_games_eight_game_triple_draw_hands_exported_and_audited(dealer_server, eight_game):
    """The 8-Game's 2-7 Triple Draw hands: exports audit clean as 2-7 Triple Draw."""
    counts = export_and_audit(dealer_server, eight_game, {pb.GAME_DEUCE_TO_SEVEN_TRIPLE_DRAW})
    assert counts[pb.GAME_DEUCE_TO_SEVEN_TRIPLE_DRAW] >= 2 * 3


def _entry(game: int, structure: int, **stakes: int) -> tpb.RotationEntry:
    return tpb.RotationEntry(game=game, betting_structure=structure, stakes=pb.Stakes(**stakes))


CUSTOM = [
    _entry(pb.GAME_TEXAS_HOLDEM, NL, small_blind=5, big_blind=10),
    _entry(pb.GAME_RAZZ, FL, small_bet=40, ante=10, bring_in=15),
    _entry(pb.GAME_OMAHA_HI_LO, FL, small_bet=30),
]


def test_mixed_games_custom_rotation_each_entry_with_its_own_stakes(dealer_server):
    """A custom list plays in order, each entry with its stakes: NL Hold'em 5/10, Razz 40/80
    with a 10 ante and a 15 bring-in, Omaha Hi-Lo 30/60 (blinds 15/30)."""
    settings = tpb.TableSettings(
        name="custom",
        rotation=tpb.GameRotation(custom=tpb.RotationEntries(entries=CUSTOM)),
        max_seats=8,
    )
    entries = [(e.game, e.betting_structure) for e in CUSTOM]
    session = _session(dealer_server, settings, entries, seed=3)
    table = session.table.table()
    assert table.settings.game == pb.GAME_TEXAS_HOLDEM  # the first entry's
    assert list(table.settings.rotation.custom.entries)[1].stakes.ante == 10
    play_rotations(session, 1)
    check_orbits(session, 1)
    for played in session.played:
        config = session.table.hand(played.hand_id).config
        forced = {(b.kind, b.amount) for b in config.forced_bets if not b.dead}
        expected = pb.Stakes()
        expected.CopyFrom(CUSTOM[played.entry].stakes)
        expected.whole_unit, expected.odd_chip_unit = 100, 1  # the defaults, filled
        assert config.stakes == expected
        small = {amount for kind, amount in forced if kind == pb.FORCED_BET_KIND_SMALL_BLIND}
        if played.game == pb.GAME_TEXAS_HOLDEM:
            assert (pb.FORCED_BET_KIND_BIG_BLIND, 10) in forced and small <= {5}
        elif played.game == pb.GAME_RAZZ:
            assert forced == {(pb.FORCED_BET_KIND_ANTE, 10)}
        else:
            assert (pb.FORCED_BET_KIND_BIG_BLIND, 30) in forced and small <= {15}
    export_and_audit(dealer_server, session)


def _rule(error: grpc.RpcError) -> str:
    """The rule id of a FAILED_PRECONDITION's ErrorInfo{RULE_VIOLATION}."""
    status = rpc_status.from_call(error)
    assert status is not None, error
    for detail in status.details:
        info = error_details_pb2.ErrorInfo()
        if detail.Unpack(info) and info.reason == "RULE_VIOLATION":
            return info.metadata["rule"]
    raise AssertionError(f"no RULE_VIOLATION ErrorInfo: {error}")


def _start(table: GrpcTable, **choice: int) -> tpb.StartHandResponse:
    return table.call("StartHand", **choice)


def _finish(table: GrpcTable, hand: tpb.HandView, rng: random.Random) -> None:
    while not hand.complete:
        hand = table.act(choose(hand, rng)).hand


def test_mixed_games_dealers_choice_the_button_names_each_orbit(dealer_server):
    """Dealer's choice: at each orbit's first hand StartHand names the entry (by number or
    by game); the orbit keeps it (naming another mid-orbit is ``rotation.game``); naming
    nothing deals the entry after the last orbit's."""
    listed = [
        _entry(pb.GAME_TEXAS_HOLDEM, FL, small_bet=20),
        _entry(pb.GAME_SEVEN_CARD_STUD, FL, small_bet=20, ante=5),
        _entry(pb.GAME_DEUCE_TO_SEVEN_TRIPLE_DRAW, FL, small_bet=20),
    ]
    settings = tpb.TableSettings(
        rotation=tpb.GameRotation(dealers_choice=tpb.RotationEntries(entries=listed))
    )
    table = GrpcTable.create(stub_for(dealer_server.channel), settings)
    assert table.table().settings.max_seats == 6
    for seat in (1, 3, 5):
        table.seat(seat, 100_000, f"dc{seat}")
    rng = random.Random(12)
    state = table.table().rotation
    assert state.choosing and state.next_entry == 1 and not state.HasField("current")
    # the button chooses Stud (entry 2): three hands of Stud
    hand = _start(table, rotation_entry=2).hand
    assert hand.config.game == pb.GAME_SEVEN_CARD_STUD
    _finish(table, hand, rng)
    state = table.table().rotation
    assert (state.current_entry, state.next_entry, state.hands_left) == (2, 2, 2)
    assert not state.choosing
    with pytest.raises(grpc.RpcError) as refused:
        _start(table, rotation_entry=1)
    assert refused.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert _rule(refused.value) == "rotation.game"
    for _ in range(2):
        _finish(table, _start(table).hand, rng)
    state = table.table().rotation
    assert state.choosing and state.hands_left == 0 and state.next_entry == 3
    # the next button names 2-7 Triple Draw by its game
    hand = _start(table, game=pb.GAME_DEUCE_TO_SEVEN_TRIPLE_DRAW).hand
    assert hand.config.game == pb.GAME_DEUCE_TO_SEVEN_TRIPLE_DRAW
    _finish(table, hand, rng)
    for _ in range(2):
        _finish(table, _start(table).hand, rng)
    # naming nothing: the entry after the last orbit's (wraps to Hold'em)
    hand = _start(table).hand
    assert hand.config.game == pb.GAME_TEXAS_HOLDEM
    _finish(table, hand, rng)
    # a game the list does not hold
    for _ in range(2):
        _finish(table, _start(table).hand, rng)
    with pytest.raises(grpc.RpcError) as missing:
        _start(table, game=pb.GAME_RAZZ)
    assert missing.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert _rule(missing.value) == "rotation.game"
    with pytest.raises(grpc.RpcError) as beyond:
        _start(table, rotation_entry=4)
    assert beyond.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert field_violations(beyond.value)[0][0] == "rotation_entry"


def test_mixed_games_recorded_hand_started_as_another_game_is_refused(dealer_server):
    """A recorded HORSE table: StartHand naming Razz while the rotation deals Hold'em is
    FAILED_PRECONDITION ``rotation.game``; naming Hold'em (or nothing) starts it."""
    settings = _named_settings(tpb.ROTATION_HORSE, deal_mode=tpb.DEAL_MODE_RECORDED)
    table = GrpcTable.create(stub_for(dealer_server.channel), settings)
    for seat in (1, 2, 3):
        table.seat(seat, 500, f"r{seat}")
    with pytest.raises(grpc.RpcError) as refused:
        _start(table, game=pb.GAME_RAZZ)
    assert refused.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert _rule(refused.value) == "rotation.game"
    with pytest.raises(grpc.RpcError) as structure:
        _start(table, game=pb.GAME_TEXAS_HOLDEM, betting_structure=NL)
    assert _rule(structure.value) == "rotation.game"
    hand = _start(table, game=pb.GAME_TEXAS_HOLDEM, betting_structure=FL).hand
    assert hand.config.game == pb.GAME_TEXAS_HOLDEM
    assert table.table().rotation.hands_left == 2


def test_mixed_games_one_game_table_checks_the_named_game(dealer_server):
    """A one-game table: StartHand naming another game is ``rotation.game`` too."""
    settings = tpb.TableSettings(game=pb.GAME_RAZZ, stakes=pb.Stakes(small_bet=20, ante=5))
    table = GrpcTable.create(stub_for(dealer_server.channel), settings)
    for seat in (1, 2):
        table.seat(seat, 500, f"o{seat}")
    with pytest.raises(grpc.RpcError) as refused:
        _start(table, game=pb.GAME_SEVEN_CARD_STUD)
    assert _rule(refused.value) == "rotation.game"
    assert _start(table, game=pb.GAME_RAZZ).hand.config.game == pb.GAME_RAZZ
    assert not table.table().HasField("rotation")


@pytest.mark.parametrize(
    ("rotation", "seats"),
    [(tpb.ROTATION_HORSE, 9), (tpb.ROTATION_EIGHT_GAME, 7)],
    ids=["horse_9", "eight_game_7"],
)
def test_mixed_games_seat_limit(dealer_server, rotation, seats):
    """A mixed table seats at most 8, and no more than each of its games (8-Game: 6)."""
    stub = stub_for(dealer_server.channel)
    with pytest.raises(grpc.RpcError) as refused:
        GrpcTable.create(stub, _named_settings(rotation, max_seats=seats))
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert violation_rules(refused.value) == [("settings.max_seats", "rotation.seats")]


def test_mixed_games_bad_rotations_are_invalid_argument(dealer_server):
    """An empty custom list, an entry without a game, bad entry stakes: INVALID_ARGUMENT
    with the entry's field path."""
    stub = stub_for(dealer_server.channel)
    cases = [
        (tpb.GameRotation(custom=tpb.RotationEntries()), "settings.rotation.custom.entries"),
        (
            tpb.GameRotation(custom=tpb.RotationEntries(entries=[tpb.RotationEntry()])),
            "settings.rotation.custom.entries[0].game",
        ),
        (
            tpb.GameRotation(
                dealers_choice=tpb.RotationEntries(
                    entries=[_entry(pb.GAME_RAZZ, FL, small_bet=20, bring_in=20)]
                )
            ),
            "settings.rotation.dealers_choice.entries[0].stakes.bring_in",
        ),
    ]
    for rotation, path in cases:
        with pytest.raises(grpc.RpcError) as refused:
            GrpcTable.create(stub, tpb.TableSettings(rotation=rotation))
        assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert path in [name for name, _rule in field_violations(refused.value)], field_violations(
            refused.value
        )


def test_mixed_games_rotation_entries_have_a_request_limit(dealer_server):
    """docs/operations.md ``rotation_entries`` (32): a list of 33 entries is refused by the
    request limits, naming the field and the limit."""
    entries = [_entry(pb.GAME_RAZZ, FL, small_bet=20)] * 33
    settings = tpb.TableSettings(
        rotation=tpb.GameRotation(custom=tpb.RotationEntries(entries=entries))
    )
    with pytest.raises(grpc.RpcError) as refused:
        GrpcTable.create(stub_for(dealer_server.channel), settings)
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    described = dict(field_violations(refused.value))
    assert "(limit rotation_entries)" in described["settings.rotation.custom.entries"], described


def test_mixed_games_restart_replays_the_rotation(tmp_path: Path):
    """A HORSE table played past a snapshot (every 25 hands) and into an orbit, the server
    stopped and started again on the same store: the table announces the same next game and
    hands left, and play continues with it (the rotation is in the log, not in memory)."""
    args = ("--anonymous-role", "dealer")
    first = start_server_process(tmp_path, *args)
    try:
        session = _session(first, _named_settings(tpb.ROTATION_HORSE), HORSE, seed=21)
        play_until(session, lambda: len(session.played) >= 27 and session.left > 0)
        before = session.table.table()
    finally:
        assert first.stop() == 0
    second = start_server_process(tmp_path, *args)
    try:
        session.table.stub = stub_for(second.channel)
        after = session.table.table()
        assert after.rotation == before.rotation
        assert after.button_seat == before.button_seat
        left = session.left
        orbits = len(session.orbits)
        play_until(session, lambda: len(session.orbits) > orbits)  # the model carried over
        assert len(session.played) >= 27 + left + 1
        check_orbits(session, 0)
    finally:
        assert second.stop() == 0
