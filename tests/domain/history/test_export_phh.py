"""PHH export (DESIGN.md "Hand-history formats"): hand records -> PHH text -> the same hand.

Hands come from the engine (seeded random legal play of every game in every structure, see
``export_support``) and from two hand-built examples with known results. The round trip is
``parse_phh(export_phh(record))`` then ``phh_to_hand``: an equivalent configuration, the same
events, the same final stacks. Stud Hi, Razz and Stud Hi-Lo exports also replay in pokerkit
0.7.7 to the same final stacks, outside RULES.md "Known differences from pokerkit 0.7.7"
(and the further differences listed in :data:`POKERKIT_DIFFERENCES`), skipped and counted.
"""

from __future__ import annotations

import dataclasses
import random
import warnings
from collections import Counter

import pytest
from export_support import (
    canonical_events,
    config_signature,
    draw_example,
    final_stacks,
    random_record,
    redacted,
    stud_example,
)

from floorman.domain.cards import parse_card
from floorman.domain.engine import Phase, apply, replay
from floorman.domain.engine.options import turn_options
from floorman.domain.errors import HistoryError, InvalidArgument
from floorman.domain.games import game_spec
from floorman.domain.history import (
    export_ohh,
    export_phh,
    export_pokerstars,
    ohh_to_hand,
    parse_ohh,
    stars_to_hand,
)
from floorman.domain.history.export_phh import record_to_phh
from floorman.domain.history.phh import parse_phh, phh_to_hand
from floorman.domain.history.pokerstars import parse_file
from floorman.domain.history.settled_record import SettledRecord, settle_record
from floorman.domain.model import (
    Action,
    ActionType,
    BettingStructure,
    Deal,
    ForcedBet,
    ForcedBetKind,
    Game,
)
from tests.domain.engine.engine_play import iter_games

HANDS_PER_GAME = 25
POKERKIT_HANDS = 60
SUMMARY_PROPERTY = "corpus_summary"

POKERKIT_DIFFERENCES = {
    "odd_chip": "RULES.md known difference: pokerkit gives the whole odd-chip remainder to "
    "the first winner index",
    "short_all_in": "RULES.md known difference: pokerkit reopens fixed-limit betting only on a "
    "full raise (a short all-in of half a bet or more is a full raise here)",
    "open_pair_big_bet": "RULES.md known difference: pokerkit has no 4th-street open-pair option",
    "community_card": "found here, not yet in RULES.md: floorman deals the stud community card "
    "when the stub cannot give every player a 7th card (burns not shuffled back, house "
    "choice); pokerkit expects other cards",
    "hilo_side_pot_without_low": "found here, not yet in RULES.md: in a Stud Hi-Lo side pot "
    "where no low qualifies (while another pot's does) pokerkit still splits a low half",
}
"""Situations a pokerkit differential test skips, each with its reason."""


def test_export_phh_writes_stud_with_the_standard_code_and_raise_to_amounts() -> None:
    """RULES.md "Seven Card Stud family": the Stud Hi example is F7S with players in dealing
    order, a ``pb`` bring-in, ``cbr`` raise-to totals (complete to 20, raise to 40) and the
    settlement's finishing stacks and winnings."""
    hand = parse_phh(export_phh(stud_example()))
    assert (hand.variant, hand.antes, hand.bring_in) == ("F7S", (5, 5, 5), 10)
    assert (hand.small_bet, hand.big_bet, hand.min_bet) == (20, 40, None)
    assert (hand.seats, hand.players, hand.hand) == ((1, 2, 3), ("Ann", "Bob", "Cy"), 42)
    assert [str(a) for a in hand.actions[6:12]] == [
        "p1 pb", "p2 cbr 20", "p3 cc", "p1 cbr 40", "p2 cc", "p3 f",
    ]  # fmt: skip
    assert [str(a) for a in hand.actions[-2:]] == ["p2 sm QdQh9sJd3c4hQc", "p1 sm"]
    assert hand.finishing_stacks == (815, 1210, 975)
    assert hand.winnings == (0, 395, 0)
    assert dict(hand.metadata)["currency"] == "USD"


def test_export_phh_writes_the_currency_field_and_amounts_in_its_units() -> None:
    """Issue 10 point 12 (PHH ``currency``, amounts as the specification writes them): the
    USD stud example writes ``currency = "USD"``, ``currency_symbol = "$"``, antes of 0.05
    dollars and ``cbr 0.2``; the table's seats are ``seat_count``; the reader gives back
    minor units (a quarter-cent table writes ``_minor_units_per_unit``)."""
    record = stud_example()
    text = export_phh(record)
    lines = text.splitlines()
    assert 'currency = "USD"' in lines and 'currency_symbol = "$"' in lines
    assert "antes = [0.05, 0.05, 0.05]" in lines
    assert '  "p2 cbr 0.2",' in lines
    assert "finishing_stacks = [8.15, 12.1, 9.75]" in lines
    assert f"seat_count = {record.seats_at_table}" in lines
    hand = parse_phh(text)
    assert (hand.antes, hand.minor_units_per_unit) == ((5, 5, 5), 100)
    assert hand.finishing_stacks == (815, 1210, 975)
    mils = export_phh(dataclasses.replace(record, minor_units_per_unit=1000))
    assert "_minor_units_per_unit = 1000" in mils.splitlines()
    assert "antes = [0.005, 0.005, 0.005]" in mils.splitlines()
    assert parse_phh(mils).antes == (5, 5, 5)
    chips = export_phh(dataclasses.replace(record, currency=""))
    assert "antes = [5, 5, 5]" in chips.splitlines() and "currency" not in chips


def test_export_phh_writes_7a_draw_with_its_house_code_blinds_and_rake() -> None:
    """RULES.md "Five Card Draw, 7-A" and "Rake": F5CD7A (house code), p1 left of the
    button, blinds [10, 20, 0], the rake policy as a user-defined field, the 44 raked off the
    440 pot and seat 2's 396 in the winnings."""
    hand = parse_phh(export_phh(draw_example()))
    assert (hand.variant, hand.variant_info.standard) == ("F5CD7A", False)
    assert (hand.seats, hand.blinds_or_straddles) == ((2, 4, 6), (10, 20, 0))
    fields = dict(hand.metadata)
    assert fields["_rake"] == 44
    assert dict(fields["_rake_policy"].items)["percent_bps"] == 1000
    assert hand.finishing_stacks == (1236, 840, 880)
    assert hand.winnings == (396, 0, 0)
    assert [str(a) for a in hand.actions[6:12]] == [  # the PHH spec's order: every sd, then d dh
        "p1 sd 7d", "p2 sd 9d", "p3 sd 7sTs", "d dh p1 8c", "d dh p2 8d", "d dh p3 9s9h",
    ]  # fmt: skip


@pytest.mark.parametrize(("game", "structure"), list(iter_games()))
def test_export_phh_round_trip_every_game_and_structure(
    game: Game, structure: BettingStructure
) -> None:
    """DESIGN.md "Hand-history formats": parse + map of the export gives an equivalent
    configuration (posts, stakes, dealer, rake policy, cap option, ids), the same events
    (burns and exposed hands included; a board street dealt in several Deal events is one
    ``d db``) and the same final stacks, for random tables."""
    rng = random.Random(f"phh-{game.value}-{structure.value}")
    for number in range(1, HANDS_PER_GAME + 1):
        record = random_record(rng, game, structure, number=number)
        config, events = phh_to_hand(parse_phh(export_phh(record)))
        assert config_signature(config) == config_signature(record.config), number
        merge = game_spec(game).has_board  # a street's board is one ``d db``
        assert canonical_events(events, merge=merge) == canonical_events(
            record.events, merge=merge
        ), number
        assert final_stacks(config, events) == final_stacks(record.config, record.events)


def test_export_phh_writes_a_door_card_recorded_first_after_the_hole_cards() -> None:
    """RULES.md "Seven Card Stud family" (2 down, 1 up): PHH faces follow card places, so a
    door card the dealer reported first is written after the seat's hole cards and maps back
    face up."""
    record = stud_example()
    events = list(record.events)
    events[0], events[1] = events[1], events[0]
    record = dataclasses.replace(record, events=tuple(events))
    hand = parse_phh(export_phh(record))
    assert [str(a) for a in hand.actions[:2]] == ["d dh p1 AsKs", "d dh p1 2c"]
    _, mapped = phh_to_hand(hand)
    assert mapped[:2] == [events[1], events[0]]


def test_export_phh_writes_a_burn_as_commentary_that_maps_back() -> None:
    """DESIGN.md "Recorded mode may report a burn": a reported burn is the no-op
    ``# burn 9c`` and maps back to the burn Deal in place."""
    record = stud_example()
    burn = Deal(seat=0, cards=(parse_card("9c"),), burn=True)
    events = (*record.events[:12], burn, *record.events[12:])
    record = dataclasses.replace(record, events=events)
    hand = parse_phh(export_phh(record))
    assert str(hand.actions[12]) == "# burn 9c"
    _, mapped = phh_to_hand(hand)
    assert mapped[12] == burn


def test_export_phh_shows_hands_turned_up_after_an_all_in_and_maps_them_away() -> None:
    """RULES.md "Showdown order" (TDA: all hands face up once all-in and betting is over):
    the export adds ``sm CARDS # exposed`` for PHH readers; the mapping drops them."""
    record = stud_example()
    config = dataclasses.replace(
        record.config,
        seats=tuple(dataclasses.replace(s, stack=45) for s in record.config.seats),
    )
    a = ActionType
    events = (
        *record.events[:6],
        Action(seat=1, type=a.BRING_IN), Action(seat=2, type=a.COMPLETE, amount=20),
        Action(seat=3, type=a.FOLD), Action(seat=1, type=a.RAISE, amount=40),
        Action(seat=2, type=a.CALL),
        *[e for e in record.events if isinstance(e, Deal) and e.seat in (1, 2)][4:],
    )  # fmt: skip
    record = dataclasses.replace(record, config=config, events=events)
    hand = parse_phh(export_phh(record))
    assert [str(a) for a in hand.actions[-2:]] == [
        "p1 sm AsKs2c5d6h7sAc # exposed",
        "p2 sm QdQh9sJd3c4hQc # exposed",
    ]
    assert hand.finishing_stacks == (0, 95, 40)
    _, mapped = phh_to_hand(hand)
    assert mapped == list(events)


def test_export_phh_keeps_a_newcomers_big_blind_and_a_dead_small_blind() -> None:
    """RULES.md "Five Card Draw, 7-A" (button, missed blinds: the big blind live, a missed
    small blind dead): the dead blind is written as the player's ante, the live one as a
    blind, and ``_forced_bets`` gives the exact forced bets back."""
    record = draw_example()
    forced = (
        ForcedBet(seat=2, kind=ForcedBetKind.SMALL_BLIND, amount=10),
        ForcedBet(seat=4, kind=ForcedBetKind.BIG_BLIND, amount=20),
        ForcedBet(seat=6, kind=ForcedBetKind.BIG_BLIND, amount=20),
        ForcedBet(seat=6, kind=ForcedBetKind.DEAD_BLIND, amount=10),
    )
    config = dataclasses.replace(record.config, forced_bets=forced)
    events = (*record.events[:3], Action(seat=6, type=ActionType.CHECK),
              Action(seat=2, type=ActionType.FOLD), Action(seat=4, type=ActionType.CHECK),
              *record.events[8:10])  # fmt: skip
    record = dataclasses.replace(record, config=config, events=events)
    hand = parse_phh(export_phh(record))
    assert (hand.antes, hand.blinds_or_straddles) == ((0, 0, 10), (10, 20, 20))
    config_back, events_back = phh_to_hand(hand)
    assert config_back.forced_bets == forced
    assert events_back == list(events)


def test_phh_user_defined_forced_bets_must_agree_with_the_standard_arrays() -> None:
    """DESIGN.md "Forced bets": ``_forced_bets`` that post other chips than ``antes`` /
    ``blinds_or_straddles`` are refused naming the field (no silent override)."""
    record = draw_example()
    forced = (
        ForcedBet(seat=2, kind=ForcedBetKind.SMALL_BLIND, amount=10),
        ForcedBet(seat=4, kind=ForcedBetKind.BIG_BLIND, amount=20),
    )
    text = export_phh(
        dataclasses.replace(record, config=dataclasses.replace(record.config, forced_bets=forced))
    )
    tampered = text.replace("blinds_or_straddles = [10, 20, 0]", "blinds_or_straddles = [5, 20, 0]")
    with pytest.raises(InvalidArgument) as caught:
        phh_to_hand(parse_phh(tampered))
    assert [v.field for v in caught.value.violations] == ["_forced_bets"]


def test_export_phh_of_a_hand_in_progress_has_no_finishing_stacks() -> None:
    """A running hand exports its actions so far, without finishing stacks or winnings."""
    record = stud_example()
    hand = record_to_phh(dataclasses.replace(record, events=record.events[:10]))
    assert (hand.finishing_stacks, hand.winnings) == (None, None)
    assert len(hand.actions) == 10


@pytest.mark.parametrize(
    ("game", "structure", "code"),
    [
        (Game.SEVEN_CARD_STUD, BettingStructure.POT_LIMIT, "P7S"),
        (Game.RAZZ, BettingStructure.NO_LIMIT, "NR"),
        (Game.FIVE_CARD_STUD, BettingStructure.FIXED_LIMIT, "F5S"),
        (Game.FIVE_CARD_DRAW, BettingStructure.NO_LIMIT, "N5CD"),
    ],
)
def test_export_phh_uses_house_codes_outside_the_standard_ones(
    game: Game, structure: BettingStructure, code: str
) -> None:
    """DESIGN.md "Hand-history formats": house codes (non-standard) for the other games and
    structures; pot and no limit write ``min_bet`` (the big blind in draw, the small bet in
    stud)."""
    record = random_record(random.Random(code), game, structure, variety=False)
    hand = parse_phh(export_phh(record))
    assert (hand.variant, hand.variant_info.standard) == (code, False)
    expected_min = None
    if structure is not BettingStructure.FIXED_LIMIT:
        expected_min = record.config.stakes.big_blind if game.is_draw else 0
        expected_min = expected_min or record.config.stakes.small_bet
    assert hand.min_bet == expected_min


# --- pokerkit 0.7.7 differential (test-only reference) -------------------------------------


def pokerkit_situations(settled: SettledRecord) -> set[str]:
    """The :data:`POKERKIT_DIFFERENCES` situations a hand runs into."""
    found: set[str] = set()
    aggressive = (ActionType.BET, ActionType.RAISE, ActionType.COMPLETE)
    for event, before in zip(settled.record.events, settled.before, strict=True):
        if isinstance(event, Deal):
            if event.seat == 0 and not event.burn:
                found.add("community_card")
            continue
        if before.phase is not Phase.BETTING:
            continue
        after = apply(before, event)
        pos = before.positions[event.seat]
        if event.type not in aggressive:
            continue
        step = event.amount - before.full_level
        spec = before.spec
        option = spec.open_pair_option and before.street == spec.open_pair_street
        if option and after.big_made and not before.big_made:
            found.add("open_pair_big_bet")
        full = step == before.unit() or (before.open_pair and step == before.stakes.big_bet)
        if after.all_in[pos] and not full:
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


def has_short_bring_in(settled: SettledRecord) -> bool:
    """True when a bring-in goes all in for less than the bring-in (RULES.md "Seven Card Stud
    family": it posts all it has; the bet to call is the chips posted, as in pokerkit)."""
    for event, before in zip(settled.record.events, settled.before, strict=True):
        if isinstance(event, Action) and event.type is ActionType.BRING_IN:
            pos = before.positions[event.seat]
            return before.stacks[pos] < before.stakes.bring_in
    return False


@pytest.mark.parametrize("game", [Game.SEVEN_CARD_STUD, Game.RAZZ, Game.SEVEN_CARD_STUD_HI_LO])
def test_export_phh_replays_in_pokerkit_to_the_same_final_stacks(game: Game, record_property):
    """DESIGN.md "Hand-history formats" (pokerkit round-trips the standard codes) and RULES.md
    "Known differences from pokerkit 0.7.7": exported F7S / FR / F7S/8 hands load in pokerkit
    and replay to our final stacks, except the listed situations (skipped and counted); short
    all-in bring-ins ("Seven Card Stud family") are compared, not skipped."""
    pokerkit = pytest.importorskip("pokerkit")
    rng = random.Random(f"pokerkit-{game.value}")
    outcomes: Counter[str] = Counter()
    failures = []
    for number in range(1, POKERKIT_HANDS + 1):
        record = random_record(
            rng,
            game,
            BettingStructure.FIXED_LIMIT,
            variety=False,
            burns=False,
            free_folds=False,  # pokerkit refuses a fold when a check is free (known)
            stacks=(8, 12, 15, 40, 90, 200, 500, 1000, 5000),  # 8, 12: short bring-ins
            number=number,
        )
        settled = settle_record(record)
        situations = pokerkit_situations(settled)
        if situations:
            outcomes.update(f"skipped: {s}" for s in situations)
            continue
        text = export_phh(record)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            states = list(pokerkit.HandHistory.loads(text))
        ours = [settled.result.final_stacks[seat] for seat in settled.dealing_order()]
        if list(states[-1].stacks) == ours:
            outcomes["same final stacks"] += 1
            if has_short_bring_in(settled):
                outcomes["same final stacks after a short all-in bring-in"] += 1
        else:
            failures.append(f"hand {number}: pokerkit {list(states[-1].stacks)}, ours {ours}")
    summary = f"pokerkit {game.value}: " + ", ".join(
        f"{k} {v}" for k, v in sorted(outcomes.items())
    )
    print(summary)
    record_property(SUMMARY_PROPERTY, summary)
    assert not failures, "\n".join(failures)
    assert outcomes["same final stacks"] >= POKERKIT_HANDS // 3
    assert outcomes["same final stacks after a short all-in bring-in"] >= 1, summary


@pytest.mark.parametrize("game", [Game.SEVEN_CARD_STUD_HI_LO, Game.FIVE_CARD_DRAW])
def test_exports_round_trip_with_hole_cards_redacted(game: Game) -> None:
    """DESIGN.md "Unknown cards": with every hole card ``??`` (shows kept), PHH, OHH and
    PokerStars exports map back to the same events (unknown cards stay ``None``)."""
    rng = random.Random(f"redacted-{game.value}")
    checked = 0
    for number in range(1, 16):
        record = redacted(
            random_record(
                rng, game, BettingStructure.FIXED_LIMIT, burns=False, number=number,
                odd_chip_units=False, uncapped=False,
            )
        )  # fmt: skip
        try:
            replay(record.config, list(record.events))
        except HistoryError:
            continue  # a draw of cards the redaction hid cannot be replayed
        expected = canonical_events(record.events, merge=True)
        _, phh_events = phh_to_hand(parse_phh(export_phh(record)))
        _, ohh_events = ohh_to_hand(parse_ohh(export_ohh(record))[0])
        [stars] = parse_file(export_pokerstars(record)).hands
        _, stars_events = stars_to_hand(stars)
        for events in (phh_events, ohh_events, stars_events):
            assert canonical_events(events, merge=True) == expected, number
        checked += 1
    assert checked >= 5
