"""Hand-history export end to end (issue 4 "Show"): hands played through TableService over
gRPC and exported by ExportHandHistory replay to the service's settled stacks.

A server with the dealer role (``--anonymous-role dealer``: exports carry every hole card)
deals each table itself (service-dealt mode, burns included). Seats pick random legal actions
from GetHand's menu; some players buy in short (down to less than the ante plus the
bring-in) and busted players are replaced by new short or deep stacks, so all-ins, side pots,
short all-in bring-ins and showdowns occur. Every settled hand is exported three times:

* PHH: loaded by pokerkit 0.7.7 (test-only reference) with ``HandHistory.loads``; its states
  are iterated to the end and pokerkit's final stacks must equal the service's settled
  stacks, unless the hand runs into a known difference (RULES.md "Known differences from
  pokerkit 0.7.7", and those ``docs/rules.md`` adds), which is skipped and counted. pokerkit
  must also apply the file's actions as written (no folds or checks of its own repair).
  pokerkit reads only the fixed-limit codes ``F7S``, ``FR``, ``F7S/8``; the no-limit Stud Hi
  set (house code ``N7S``) is counted as not loadable there.
* PHH, Open Hand History JSON and PokerStars text: our own readers map each back to a
  configuration and events that settle to the same final stacks.

Any other disagreement fails with the hand's export in the message. The counts are printed.
Found by this test and reported (not yet in RULES.md / docs): ``bring_in_passed`` (a bring-in
seat all in from the ante passes the bring-in by card order here, clockwise in pokerkit),
skipped and counted; and a PokerStars text that loses a non-default bring-in nobody posts
(fixed in the reader: a short all-in completion within the default bring-in reads as a
completion, the bring-in taken below it; the test at the end reproduces it).
"""

from __future__ import annotations

import random
import tomllib
import warnings
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import pokerkit
import pytest
from table_client import GrpcTable, stub_for

from floorman.domain.cards import ACE, rank_of, suit_of
from floorman.domain.engine import (
    Phase,
    apply,
    legal_actions,
    replay,
    settle_hand,
)
from floorman.domain.engine.options import turn_options
from floorman.domain.history import ohh_to_hand, parse_ohh, stars_to_hand
from floorman.domain.history.phh import parse_phh, phh_to_hand
from floorman.domain.history.pokerstars import parse_file
from floorman.domain.history.record import HandRecord
from floorman.domain.history.settled_record import SettledRecord, settle_record
from floorman.domain.history.stars_mapping import recorded_rake_policy
from floorman.domain.model import ActionType, Deal, Game, HandConfig, HandEvent
from floorman.transport.converters import hand_config_from_pb, history_from_pb
from floorman.v1 import poker_pb2 as pb
from floorman.v1 import table_service_pb2 as tpb

HANDS_PER_SET = 20
MIN_POKERKIT_COMPARED = 5
MAX_HANDS_PER_SET = 80
"""Hands past the 20 until pokerkit has compared 5 outside the known differences: the server
deals random cards, so how many of 20 hands run into one (a hi-lo odd chip, most often)
varies from run to run; the 5 compared (one with side pots) no longer do."""
SUMMARY_PROPERTY = "export_summary"
A = pb  # action enums live in poker_pb2
_SIZED = (A.ACTION_TYPE_BET, A.ACTION_TYPE_RAISE, A.ACTION_TYPE_COMPLETE)
_AGGRESSIVE = (ActionType.BET, ActionType.RAISE, ActionType.COMPLETE)

KNOWN_DIFFERENCES = {
    "odd_chip": "RULES.md: pokerkit gives the whole odd-chip remainder to the first winner "
    "index (docs/rules.md: and merges pots before splitting)",
    "short_all_in": "RULES.md: pokerkit reopens fixed-limit betting only on a full raise",
    "open_pair_big_bet": "RULES.md: pokerkit has no 4th-street open-pair option",
    "fold_check_free": "RULES.md: pokerkit refuses or warns on a fold when a check is free",
    "community_card": "docs/rules.md: the stud community card (burns not shuffled back)",
    "hilo_side_pot_without_low": "docs/rules.md: pokerkit splits a low half of a Stud Hi-Lo "
    "side pot where no low qualifies while another pot has one",
    "bring_in_passed": "found here, not yet in RULES.md nor in docs/rules.md's pokerkit list: "
    "when the bring-in seat is all in from the ante, floorman passes the bring-in down the "
    "bring-in order (docs/rules.md house decision), pokerkit to the next seat clockwise",
}
"""Situations the pokerkit comparison skips, each with where it is documented."""

FORMATS = {
    "phh": tpb.HISTORY_FORMAT_PHH,
    "ohh": tpb.HISTORY_FORMAT_OPEN_HAND_HISTORY_JSON,
    "pokerstars": tpb.HISTORY_FORMAT_POKERSTARS_TEXT,
}
_PLAYER_ACTIONS = (
    pokerkit.Folding,
    pokerkit.CheckingOrCalling,
    pokerkit.BringInPosting,
    pokerkit.CompletionBettingOrRaisingTo,
)


@dataclass(frozen=True)
class TableSet:
    """One table and the hands played at it.

    Attributes:
        name: the set's id (also the pytest id).
        game / structure: ``floorman.v1`` enum values.
        phh_code: the PHH variant code the export must carry.
        stakes: the table's stakes (minor units).
        dealer_seat: the fixed stud dealer position (0: before the lowest seat).
        buy_ins: the first players' stacks, seats 1.. in order.
        rebuys: buy-ins a replacement player draws from after a bust.
        rake: the table's rake policy (``None``: no rake; pokerkit sets have none).
    """

    name: str
    game: int
    structure: int
    phh_code: str
    stakes: pb.Stakes
    dealer_seat: int
    buy_ins: tuple[int, ...]
    rebuys: tuple[int, ...]
    rake: pb.RakePolicy | None = None


SETS = [
    TableSet(
        name="stud",
        game=pb.GAME_SEVEN_CARD_STUD,
        structure=pb.BETTING_STRUCTURE_FIXED_LIMIT,
        phh_code="F7S",
        stakes=pb.Stakes(small_bet=20, ante=5),
        dealer_seat=0,
        buy_ins=(500, 14, 300, 250, 60, 400),
        rebuys=(12, 45, 150, 300, 400, 600),
    ),
    TableSet(
        name="razz",
        game=pb.GAME_RAZZ,
        structure=pb.BETTING_STRUCTURE_FIXED_LIMIT,
        phh_code="FR",
        stakes=pb.Stakes(small_bet=20, ante=5, bring_in=5),
        dealer_seat=4,
        buy_ins=(45, 300, 8, 400, 500, 250),
        rebuys=(8, 35, 150, 300, 500),
    ),
    TableSet(
        name="stud8",
        game=pb.GAME_SEVEN_CARD_STUD_HI_LO,
        structure=pb.BETTING_STRUCTURE_FIXED_LIMIT,
        phh_code="F7S/8",
        stakes=pb.Stakes(small_bet=10, ante=2),
        dealer_seat=0,
        buy_ins=(200, 20, 300, 400, 9, 250, 150),
        rebuys=(6, 25, 100, 200, 300),
    ),
    TableSet(
        name="nl-stud",
        game=pb.GAME_SEVEN_CARD_STUD,
        structure=pb.BETTING_STRUCTURE_NO_LIMIT,
        phh_code="N7S",
        stakes=pb.Stakes(small_bet=20, ante=5),
        dealer_seat=2,
        buy_ins=(400, 60, 150, 30, 800),
        rebuys=(14, 40, 90, 300),
        rake=pb.RakePolicy(percent_bps=500, increment=5, cap=30),
    ),
]


@pytest.fixture(scope="module")
def dealer_server(server_factory):
    """A server whose callers see every card as the dealer (exports carry hole cards)."""
    running = server_factory("--anonymous-role", "dealer")
    yield running
    running.stop()


# ---------------------------------------------------------------------------- play


def choose(hand: tpb.HandView, rng: random.Random) -> pb.Action:
    """A random legal action of the seat to act from GetHand's menu: shows mostly, mucks
    sometimes; bets and raises often (the menu's minimum, maximum or, when the structure
    allows a range, an amount between); never a fold when a check is free (pokerkit refuses
    those: a known difference, not worth generating)."""
    seat = hand.state.seat_to_act
    legal = {entry.type: entry for entry in hand.legal_actions}
    if A.ACTION_TYPE_SHOW in legal:
        kind = A.ACTION_TYPE_MUCK if rng.random() < 0.15 else A.ACTION_TYPE_SHOW
        return pb.Action(seat=seat, type=kind)
    sized = [entry for entry in hand.legal_actions if entry.type in _SIZED]
    bring_in = legal.get(A.ACTION_TYPE_BRING_IN)
    if bring_in is not None and not (sized and rng.random() < 0.3):
        return pb.Action(seat=seat, type=bring_in.type, amount=bring_in.min_amount)
    if sized and (bring_in is not None or rng.random() < 0.4):
        entry = rng.choice(sized)
        low, high = entry.min_amount, entry.max_amount
        amount = rng.choice((low, low, rng.randint(low, high), high))
        return pb.Action(seat=seat, type=entry.type, amount=amount)
    if A.ACTION_TYPE_CHECK in legal:
        return pb.Action(seat=seat, type=A.ACTION_TYPE_CHECK)
    if A.ACTION_TYPE_CALL in legal and rng.random() < 0.8:
        return pb.Action(seat=seat, type=A.ACTION_TYPE_CALL)
    return pb.Action(seat=seat, type=A.ACTION_TYPE_FOLD)


def open_table(stub, table_set: TableSet) -> GrpcTable:
    """CreateTable (service-dealt) and seat the first players."""
    settings = tpb.TableSettings(
        name=f"export {table_set.name}",
        game=table_set.game,
        betting_structure=table_set.structure,
        stakes=table_set.stakes,
        max_seats=len(table_set.buy_ins),
        deal_mode=tpb.DEAL_MODE_SERVICE_DEALT,
        dealer_seat=table_set.dealer_seat,
        rake=table_set.rake,
    )
    table = GrpcTable.create(stub, settings)
    for seat, buy_in in enumerate(table_set.buy_ins, start=1):
        table.seat(seat, buy_in, f"{table_set.name}-{seat}-0")
    return table


def replace_busted(table: GrpcTable, table_set: TableSet, rng: random.Random, hand: int) -> None:
    """Busted players leave; a new player takes the seat with a random (often short) stack."""
    for seat in table.table().seats:
        if seat.status == tpb.SEAT_STATUS_BUSTED:
            table.call("LeaveSeat", seat=seat.seat)
            table.seat(
                seat.seat, rng.choice(table_set.rebuys), f"{table_set.name}-{seat.seat}-{hand}"
            )


def play(table: GrpcTable, rng: random.Random) -> tpb.HandView:
    """StartHand, then, until the hand is settled, a random pick among GetHand's legal
    actions recorded with RecordAction; the settled hand as GetHand shows it."""
    hand_id = table.call("StartHand").hand.hand_id
    while not (hand := table.hand(hand_id)).complete:
        table.act(choose(hand, rng))
    return hand


def export(table: GrpcTable, hand: tpb.HandView, fmt: int) -> str:
    """ExportHandHistory of ``hand`` in ``fmt``."""
    response = table.client.export_hand_history(
        table_id=table.table_id, hand_id=hand.hand_id, format=fmt
    )
    return response.content


# ---------------------------------------------------------------------------- known differences


def situations(settled: SettledRecord) -> set[str]:
    """The :data:`KNOWN_DIFFERENCES` a hand runs into, found by replaying it in the engine:
    a community card; a fold when a check was free; a 4th-street big bet under the open-pair
    option; a bet or raise that puts its seat all in short of a full bet or raise over the
    last full level; a pot or hi-lo half split with a remainder, or an odd hi-lo pot with a
    low; a hi-lo side pot without a low while another pot has one; a bring-in passed on to
    another seat than pokerkit's."""
    found: set[str] = {"bring_in_passed"} if bring_in_passed(settled) else set()
    for event, before in zip(settled.record.events, settled.before, strict=True):
        if isinstance(event, Deal):
            if event.seat == 0 and not event.burn:
                found.add("community_card")
            continue
        if before.phase is not Phase.BETTING:
            continue
        legal = legal_actions(before)
        if event.type is ActionType.FOLD and any(e.type is ActionType.CHECK for e in legal):
            found.add("fold_check_free")
        if event.type not in _AGGRESSIVE:
            continue
        after = apply(before, event)
        spec = before.spec
        option = spec.open_pair_option and before.street == spec.open_pair_street
        if option and after.big_made and not before.big_made:
            found.add("open_pair_big_bet")
        step = event.amount - before.full_level
        full = step == before.unit() or (before.open_pair and step == before.stakes.big_bet)
        if after.all_in[before.positions[event.seat]] and not full:
            found.add("short_all_in")
        if any(r.capped and r.min_to == event.amount for r in turn_options(before).raises):
            found.add("short_all_in")  # a raise capped by the stack (FR/wsop-2023-43-5-h85)
    for award in settled.awards:
        for part in (award.high, award.low):
            if len(part) > 1 and len(set(part.values())) > 1:
                found.add("odd_chip")
        if award.low and award.amount % 2:
            found.add("odd_chip")
    if any(a.low for a in settled.awards) and any(
        a.number and len(a.eligible) > 1 and not a.low for a in settled.awards
    ):
        found.add("hilo_side_pot_without_low")
    return found


def bring_in_passed(settled: SettledRecord) -> bool:
    """True when the door cards pick a bring-in seat that is all in from the ante and the
    service's bring-in (docs/rules.md: the next in the bring-in order able to bet) is not
    pokerkit's (the next seat clockwise able to bet). RULES.md "Seven Card Stud family": the
    lowest door card brings in (by rank, then suit; ace high), in Razz the highest (ace low,
    the higher suit)."""
    events = settled.record.events
    doors: dict[int, int] = {}
    for event in events:
        if isinstance(event, Deal) and event.face_up and event.seat and event.seat not in doors:
            doors[event.seat] = event.cards[0]
    razz = settled.record.config.game is Game.RAZZ
    for event, before in zip(events, settled.before, strict=True):
        if isinstance(event, Deal) or before.phase is not Phase.BETTING:
            continue
        if razz:
            chosen = max(doors, key=lambda seat: _razz_door(doors[seat]))
        else:
            chosen = min(doors, key=doors.__getitem__)
        start = before.positions[chosen]
        if before.able(start):
            return False
        n = len(before.seats)
        clockwise = next(p for p in ((start + k) % n for k in range(1, n)) if before.able(p))
        return before.seats[clockwise] != event.seat
    return False


def _razz_door(card: int) -> tuple[int, int]:
    """Razz's bring-in key of a door card: the rank with the ace lowest, then the suit (the
    greatest key brings in)."""
    rank = rank_of(card)
    return (-1 if rank == ACE else rank, suit_of(card))


# ---------------------------------------------------------------------------- checks


def pokerkit_final_stacks(text: str) -> tuple[list[int], int]:
    """Load PHH ``text`` in pokerkit, iterate its states to the end: the final stacks in
    player order and how many player actions pokerkit made beyond the file's (its repairs).

    Raises:
        AssertionError: pokerkit's hand is not over at the end.
    """
    history = pokerkit.HandHistory.loads(text)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        states = list(history)
    final = states[-1]
    assert not final.status, "pokerkit's hand is still running after the last action"
    written = sum(
        1
        for action in history.actions
        if action.split("#")[0].split()[1:2] in (["f"], ["cc"], ["pb"], ["cbr"])
    )
    made = sum(isinstance(op, _PLAYER_ACTIONS) for op in final.operations)
    return list(final.stacks), made - written


def settled_stacks(config: HandConfig, events: list[HandEvent]) -> dict[int, int]:
    """Replay and settle a reader's hand: seat -> final stack."""
    return settle_hand(replay(config, events)).final_stacks


def read_stars(text: str) -> tuple[HandConfig, list[HandEvent]]:
    """Our PokerStars reader on one exported hand, with the rake the text states
    (docs/hand-history-formats.md: the text has no rake policy, only the rake paid)."""
    [hand] = parse_file(text).hands
    config, events = stars_to_hand(hand)
    return replace(config, rake=recorded_rake_policy(hand.summary.rake)), events


READERS: dict[str, Callable[[str], tuple[HandConfig, list[HandEvent]]]] = {
    "phh": lambda text: phh_to_hand(parse_phh(text)),
    "ohh": lambda text: ohh_to_hand(parse_ohh(text)[0]),
    "pokerstars": read_stars,
}
"""Our reader of each format: text -> (configuration, events)."""


@dataclass
class Books:
    """What the run saw and compared, per set: ``counts`` by label, ``failures`` with the
    hand's export."""

    counts: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)

    def summary(self, name: str) -> str:
        """One line: every count, sorted."""
        return f"{name}: " + ", ".join(f"{k} {v}" for k, v in sorted(self.counts.items()))


def settled_view(table: GrpcTable, hand: tpb.HandView) -> SettledRecord:
    """The service's hand (its configuration and dealer-visible events) replayed in the
    engine; its settlement must give the service's final stacks."""
    record = HandRecord(
        hand_id=hand.hand_id,
        hand_number=hand.hand_number,
        table_id=table.table_id,
        config=hand_config_from_pb(hand.config),
        events=history_from_pb(hand.events),
    )
    settled = settle_record(record)
    ours = {s.seat: s.stack for s in hand.result.final_stacks}
    assert settled.result is not None, f"hand {hand.hand_number} does not settle: {hand}"
    assert settled.result.final_stacks == ours, f"the engine replay disagrees: {hand}"
    return settled


def check_readers(label: str, texts: dict[str, str], settled: SettledRecord, books: Books) -> None:
    """Each export read back by our reader settles to the service's final stacks."""
    assert settled.result is not None
    ours = settled.result.final_stacks
    for name, text in texts.items():
        try:
            back: dict[int, int] | str = settled_stacks(*READERS[name](text))
        except Exception as error:  # any reader error fails, with the text
            back = f"failed: {error!r}"
        if back == ours:
            books.counts[f"{name} read back"] += 1
        else:
            books.failures.append(f"{label}: our {name} reader: {back}, service {ours}\n{text}")


def check_pokerkit(label: str, phh: str, settled: SettledRecord, books: Books) -> None:
    """pokerkit replays the PHH to the service's final stacks (players in PHH order), or the
    hand runs into a known difference (skipped; counted with whether pokerkit differed)."""
    result = settled.result
    assert result is not None
    fields = tomllib.loads(phh)
    order = [result.final_stacks[seat] for seat in fields["seats"]]
    if fields["finishing_stacks"] != order:
        books.failures.append(f"{label}: the PHH states other final stacks, {order}\n{phh}")
    try:
        theirs, repairs = pokerkit_final_stacks(phh)
        problem = "" if theirs == order and not repairs else f"{theirs} ({repairs} repairs)"
    except Exception as error:  # pokerkit's refusal: this hand's problem
        problem = f"failed: {error!r}"
    found = situations(settled)
    assert found <= KNOWN_DIFFERENCES.keys(), found
    if found:
        books.counts.update(f"skipped: {reason}" for reason in found)
        books.counts["skipped hands, pokerkit " + ("differs" if problem else "agrees")] += 1
    elif problem:
        books.failures.append(f"{label}: pokerkit {problem}, service {order}\n{phh}")
    else:
        books.counts["pokerkit same final stacks"] += 1
        books.counts["pokerkit same, with side pots"] += len(result.pots) > 1
        books.counts["pokerkit same, with a showdown"] += bool(result.showdown_order)
        books.counts["pokerkit same, after a short all-in bring-in"] += has_short_bring_in(settled)


def check_hand(table_set: TableSet, table: GrpcTable, hand: tpb.HandView, books: Books) -> None:
    """Export ``hand`` in the three formats; compare our readers' and pokerkit's replays with
    the service's settled stacks (failures go to ``books``)."""
    settled = settled_view(table, hand)
    result = settled.result
    assert result is not None
    texts = {name: export(table, hand, fmt) for name, fmt in FORMATS.items()}
    label = f"{table_set.name} hand {hand.hand_number}"
    books.counts["hands"] += 1
    books.counts["showdowns"] += bool(result.showdown_order)
    books.counts["side pots"] += len(result.pots) > 1
    books.counts["all-ins"] += any(settled.final.all_in)
    check_readers(label, texts, settled, books)
    variant = tomllib.loads(texts["phh"])["variant"]
    assert variant == table_set.phh_code, f"{label}: PHH variant {variant}"
    if variant in pokerkit.HandHistory.game_types:
        check_pokerkit(label, texts["phh"], settled, books)
    else:
        books.counts[f"not loadable in pokerkit ({variant})"] += 1


def has_short_bring_in(settled: SettledRecord) -> bool:
    """True when the bring-in goes all in for less than the bring-in (RULES.md "Seven Card
    Stud family": it posts all it has; compared, not skipped: see docs/rules.md)."""
    for event, before in zip(settled.record.events, settled.before, strict=True):
        if not isinstance(event, Deal) and event.type is ActionType.BRING_IN:
            return before.stacks[before.positions[event.seat]] < before.stakes.bring_in
    return False


@pytest.mark.parametrize("table_set", SETS, ids=lambda s: s.name)
def test_exported_hands_replay_to_the_settled_stacks(dealer_server, table_set, record_property):
    """Issue 4 "Show" and RULES.md "Known differences from pokerkit 0.7.7": hands played
    through TableService (service-dealt, random legal play, short stacks) export as PHH that
    pokerkit replays to the service's settled stacks outside the known differences (skipped
    and counted), and as PHH, OHH and PokerStars text that our readers map back to them."""
    rng = random.Random(f"export-{table_set.name}")
    table = open_table(stub_for(dealer_server.channel), table_set)
    books = Books()
    loadable = table_set.phh_code in pokerkit.HandHistory.game_types
    for number in range(MAX_HANDS_PER_SET):
        compared = books.counts["pokerkit same final stacks"]
        with_side_pots = books.counts["pokerkit same, with side pots"]
        if number >= HANDS_PER_SET and (
            not loadable or (compared >= MIN_POKERKIT_COMPARED and with_side_pots)
        ):
            break
        replace_busted(table, table_set, rng, number)
        check_hand(table_set, table, play(table, rng), books)
    summary = books.summary(table_set.name)
    print(summary)
    record_property(SUMMARY_PROPERTY, summary)
    assert not books.failures, "\n\n".join(books.failures)
    counts = books.counts
    assert HANDS_PER_SET <= counts["hands"] <= MAX_HANDS_PER_SET
    assert counts["showdowns"] and counts["side pots"] and counts["all-ins"], summary
    if loadable:
        assert counts["pokerkit same final stacks"] >= MIN_POKERKIT_COMPARED, summary
        assert counts["pokerkit same, with side pots"], summary


def _deal(table: GrpcTable, seat: int, cards: str, *, up: bool) -> tpb.HandView:
    deal = pb.Deal(seat=seat, cards=cards.split(), face_up=up)
    return table.call("DealCards", deals=[deal]).hand


def test_pokerstars_export_keeps_a_bring_in_that_nobody_posts(dealer_server):
    """RULES.md "Seven Card Stud family" (the bring-in seat may complete; a short stack posts
    all it has) and "Stakes defaults": at a Razz table with a bring-in of 5 (the default
    would be 10), the bring-in seat (Kd door card) completes all in for 10, seat 2 calls,
    seat 3 folds; seat 1's 7-5-4-3-2 wins the 35 pot. The PokerStars export of the hand
    must read back to the same final stacks: the text never states the bring-in, and the
    reader, seeing an all-in completion to no more than the default 10, takes a bring-in
    below 10 and reads the completion (docs/hand-history-formats.md)."""
    settings = tpb.TableSettings(
        name="bring-in",
        game=pb.GAME_RAZZ,
        stakes=pb.Stakes(small_bet=20, ante=5, bring_in=5),
        max_seats=3,
        deal_mode=tpb.DEAL_MODE_RECORDED,
    )
    table = GrpcTable.create(stub_for(dealer_server.channel), settings)
    for seat, buy_in in ((1, 15), (2, 200), (3, 200)):
        table.seat(seat, buy_in, f"player-{seat}")
    table.call("StartHand")
    for seat, down, up in ((1, "2c 3c", "Kd"), (2, "4c 5c", "6d"), (3, "7c 8c", "9d")):
        _deal(table, seat, down, up=False)
        hand = _deal(table, seat, up, up=True)
    complete = {e.type: e for e in hand.legal_actions}[A.ACTION_TYPE_COMPLETE]
    assert (hand.state.seat_to_act, complete.min_amount, complete.all_in) == (1, 10, True)
    table.act(pb.Action(seat=1, type=A.ACTION_TYPE_COMPLETE, amount=10))
    table.act(pb.Action(seat=2, type=A.ACTION_TYPE_CALL))
    hand = table.act(pb.Action(seat=3, type=A.ACTION_TYPE_FOLD)).hand
    later = {1: iter(["4d", "5d", "7d", "8d"]), 2: iter(["Th", "Jh", "Qh", "Kh"])}
    while not hand.complete:
        if hand.state.awaiting_deal_seats:
            seat = hand.state.awaiting_deal_seats[0]
            up = len([e for e in hand.events if e.deal.seat == seat]) < 5
            hand = _deal(table, seat, next(later[seat]), up=up)
        else:
            hand = table.act(pb.Action(seat=hand.state.seat_to_act, type=A.ACTION_TYPE_SHOW)).hand
    ours = {s.seat: s.stack for s in hand.result.final_stacks}
    assert ours == {1: 35, 2: 185, 3: 195}
    for fmt in (tpb.HISTORY_FORMAT_PHH, tpb.HISTORY_FORMAT_OPEN_HAND_HISTORY_JSON):
        name = "phh" if fmt == tpb.HISTORY_FORMAT_PHH else "ohh"
        assert settled_stacks(*READERS[name](export(table, hand, fmt))) == ours
    text = export(table, hand, tpb.HISTORY_FORMAT_POKERSTARS_TEXT)
    assert " brings in for " not in text
    assert settled_stacks(*read_stars(text)) == ours, text
