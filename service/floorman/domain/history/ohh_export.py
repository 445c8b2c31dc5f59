"""Hand record -> Open Hand History JSON (OHH, version :data:`~.ohh_model.SPEC_VERSION`).

One ``{"ohh": {...}}`` object per hand; every value the specification enumerates (street,
action, game type, bet type) is one of its values, floorman's own concepts ride in prefixed
extension keys (``floorman``, ``floorman_street``, ``floorman_action``, ``floorman_face_up``,
``floorman_burns``). Amounts are decimal numbers built from integers: money tables
(``currency`` the table's code) write minor units / minor units per unit (``12.50``), chip
tables (``currency`` ``"Chips"`` or the house code) whole chips. A bet's, call's or raise's
``amount`` is the chips the action ADDS (OHH), never the raise-to total (PHH's ``cbr``).
Rounds follow floorman's streets;
the floorman extension object carries what OHH cannot say. The mapping, street by street and
action by action, is in ``docs/hand-history-formats.md``.
"""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

from floorman.domain.cards import Card, card_str
from floorman.domain.currency import Currency
from floorman.domain.engine import HandState
from floorman.domain.history import ohh_model as m
from floorman.domain.history.ohh_json import dumps
from floorman.domain.history.phh_house import is_dead
from floorman.domain.history.record import HandRecord
from floorman.domain.history.settled_record import DRAW_NAMES, SettledRecord, settle_record
from floorman.domain.model import (
    Action,
    ActionType,
    Deal,
    ForcedBet,
    ForcedBetKind,
    HandEvent,
    RakePolicy,
    Stakes,
)

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
SITE_NAME = "floorman"
INTERNAL_VERSION = "1.0.0"
_STAKES_FIELDS = (
    "small_bet", "big_bet", "ante", "bring_in", "small_blind", "big_blind", "whole_unit",
    "odd_chip_unit", "straddle", "big_blind_ante",
)  # fmt: skip
_SIMPLE = {
    ActionType.FOLD: m.FOLD,
    ActionType.CHECK: m.CHECK,
    ActionType.MUCK: m.MUCKS,
}


def export_ohh(record: HandRecord) -> str:
    """The OHH JSON text of one hand (``{"ohh": {...}}``).

    Args:
        record: the hand; its events must be legal (they are replayed through the engine).

    Returns:
        JSON text; :func:`~floorman.domain.history.ohh.parse_ohh` and
        :func:`~floorman.domain.history.ohh.ohh_to_hand` give back the same configuration
        and events. ``pots`` (amounts before rake, the rake, each winner's chips) is written
        when the hand is over and its result does not depend on unknown cards.

    Raises:
        InvalidArgument: the record's configuration is malformed.
        HistoryError: an event breaks a rule (its index is named).
    """
    return dumps({"ohh": record_to_ohh(record)}) + "\n"


def record_to_ohh(record: HandRecord) -> dict[str, object]:
    """The ``ohh`` object of ``record`` (plain JSON values, Decimal amounts).

    Raises:
        InvalidArgument / HistoryError: as :func:`export_ohh`.
    """
    settled = settle_record(record)
    config = record.config
    currency = record.money
    scale = currency.minor_units
    money = _Money(currency)
    stakes = settled.final.stakes
    stud = config.game.is_stud
    out: dict[str, object] = {
        "spec_version": m.SPEC_VERSION,
        "site_name": SITE_NAME,
        "network_name": SITE_NAME,
        "internal_version": INTERNAL_VERSION,
        "tournament": False,
        "game_number": record.hand_id,
    }
    # Required by the specification: a record without its start time writes the epoch.
    started = record.started_at or _EPOCH
    started = started.astimezone(UTC) if started.tzinfo else started.replace(tzinfo=UTC)
    out["start_date_utc"] = started.strftime("%Y-%m-%dT%H:%M:%SZ")
    out.update(
        {
            "table_name": record.table_name or record.table_id,
            "table_handle": record.table_id,
            "game_type": m.GAME_TYPES[config.game],
            "bet_limit": {"bet_type": m.BET_TYPES[config.betting_structure], "bet_cap": 0},
            "table_size": record.seats_at_table,
            "currency": record.currency or m.CHIPS,
            "dealer_seat": config.button_seat,
            "small_blind_amount": money(stakes.bring_in if stud else stakes.small_blind),
            "big_blind_amount": money(stakes.small_bet if stud else stakes.big_blind),
            "ante_amount": money(stakes.ante),
            "players": [
                {
                    "id": seat.seat,
                    "seat": seat.seat,
                    "name": settled.name_of(seat.seat),
                    "starting_stack": money(seat.stack),
                }
                for seat in sorted(config.seats, key=lambda s: s.seat)
            ],
            "rounds": _rounds(settled, money),
            "pots": _pots(settled, money),
            m.EXTENSION: _extension(record, scale),
        }
    )
    return out


class _Money:
    """Minor units -> the number written: exact Decimal units of the currency (as many
    decimals as its minor units), or whole chips."""

    def __init__(self, currency: Currency) -> None:
        self.currency = currency

    def __call__(self, minor: int) -> int | Decimal:
        return self.currency.units(minor)


def _cards(cards: tuple[Card | None, ...]) -> list[str]:
    return [card_str(card) for card in cards]


def _card_fields(cards: tuple[Card | None, ...]) -> dict[str, list[str]]:
    """``cards`` for an action or a round: the specification's card strings have no unknown
    card, so with an unknown (``None``) one ``cards`` holds the known ones and
    ``floorman_cards`` the whole list in order, ``??`` for each unknown card."""
    known = [card_str(card) for card in cards if card is not None]
    if len(known) == len(cards):
        return {"cards": known}
    return {"cards": known, m.CARDS_EXTENSION: _cards(cards)}


def _add_round_cards(round_: dict[str, object], cards: tuple[Card | None, ...]) -> None:
    """Append community cards to a round (a board street may come in several deals; the stud
    community card is one), keeping :func:`_card_fields`' rule for unknown cards."""
    previous = round_.get(m.CARDS_EXTENSION) or round_["cards"]
    full = [*previous, *_cards(cards)]  # type: ignore[misc]
    known = [card for card in full if card != "??"]
    round_["cards"] = known
    if len(known) != len(full):
        round_[m.CARDS_EXTENSION] = full


def street_order(settled: SettledRecord) -> list[str]:
    """The game's streets in order, the draw of a draw street before it."""
    names: list[str] = []
    spec = settled.final.spec
    draws = iter(DRAW_NAMES if spec.draws > 1 else ("draw",))
    for street in spec.streets:
        if street.draw:
            names.append(next(draws))
        names.append(street.name)
    return names


def _rounds(settled: SettledRecord, money: _Money) -> list[dict[str, object]]:
    """One round per street (posts in the first one), actions numbered from 1; the round's
    ``street`` is the specification's nearest value and ``floorman_street`` floorman's
    name; burns ride on the next action of the round (or on the round) as ``floorman_burns``."""
    rounds: list[dict[str, object]] = []
    current: dict[str, object] = {}
    number = 0
    burns: list[list[str]] = []
    order = street_order(settled)
    triple = settled.final.spec.draws > 1

    def add(action: dict[str, object]) -> None:
        nonlocal number, burns
        number += 1
        entry: dict[str, object] = {"action_number": number, **action}
        if burns:
            entry[m.BURNS_EXTENSION] = burns
            burns = []
        current["actions"].append(entry)  # type: ignore[attr-defined]

    def open_round(street: str) -> dict[str, object]:
        nonlocal burns
        if burns:
            current[m.BURNS_EXTENSION] = burns
            burns = []
        index = -1 if street == "showdown" else order.index(street)
        round_: dict[str, object] = {
            "id": len(rounds),
            "street": m.standard_street(index if rounds else 0, street if triple else ""),
            m.STREET_EXTENSION: m.STREET_NAMES.get(street, street),
            "cards": [],
            "actions": [],
        }
        rounds.append(round_)
        return round_

    current = open_round(order[0])
    for post in _posts(settled, money):
        add(post)
    for index, event in enumerate(settled.record.events):
        street = settled.streets[index]
        if m.STREET_NAMES.get(street, street) != current[m.STREET_EXTENSION]:
            current = open_round(street)
        before = settled.before[index]
        after = settled.before[index + 1] if index + 1 < len(settled.before) else settled.final
        if isinstance(event, Deal) and event.burn:
            burns.append(_cards(event.cards))
            continue
        if isinstance(event, Deal) and event.seat == 0:
            _add_round_cards(current, event.cards)
            continue
        action = _action(event, before, after, money, stud=settled.final.spec.is_stud)
        if action["action"] == m.BET and current["id"] == 0:
            action["action"] = m.RAISE  # the specification: "Bet" is not a pre-flop action
        add(action)
    if burns:
        current[m.BURNS_EXTENSION] = burns
    return rounds


def _posts(settled: SettledRecord, money: _Money) -> list[dict[str, object]]:
    """The antes and blinds the engine posted, in its order (antes first), with the chips
    actually posted (a short stack posts what it has and is all in)."""
    forced = settled.forced_bets()
    ordered = [b for b in forced if b.kind is ForcedBetKind.ANTE] + [
        b for b in forced if b.kind is not ForcedBetKind.ANTE
    ]
    stacks = {seat.seat: seat.stack for seat in settled.record.config.seats}
    out = []
    for bet in ordered:
        posted = min(bet.amount, stacks[bet.seat])
        stacks[bet.seat] -= posted
        entry: dict[str, object] = {"player_id": bet.seat, "action": _post_name(bet)}
        entry["amount"] = money(posted)
        if stacks[bet.seat] == 0:
            entry["is_allin"] = True
        out.append(entry)
    return out


_POST_NAMES = {
    ForcedBetKind.ANTE: m.POST_ANTE,
    ForcedBetKind.BIG_BLIND_ANTE: m.POST_ANTE,  # the big blind's ante for the table
    ForcedBetKind.STRADDLE: m.STRADDLE,
}


def _post_name(bet: ForcedBet) -> str:
    if bet.kind in _POST_NAMES:
        return _POST_NAMES[bet.kind]
    if is_dead(bet):
        return m.POST_DEAD
    return m.POST_SB if bet.kind is ForcedBetKind.SMALL_BLIND else m.POST_BB


def _action(
    event: HandEvent, before: HandState, after: HandState, money: _Money, *, stud: bool
) -> dict[str, object]:
    """The ``<action_obj>`` of one event (without its number)."""
    if isinstance(event, Deal):
        entry: dict[str, object] = {
            "player_id": event.seat,
            "action": m.DEALT,
            **_card_fields(event.cards),
        }
        if stud:
            entry[m.FACE_UP_EXTENSION] = event.face_up
        return entry
    assert isinstance(event, Action)
    seat = event.seat
    kind = event.type
    if kind in _SIMPLE:
        return {"player_id": seat, "action": _SIMPLE[kind]}
    if kind is ActionType.DRAW:
        if not event.cards:
            return _own(seat, m.STAND_PAT, cards=[])
        return _own(seat, m.DISCARD, **_card_fields(event.cards))
    if kind is ActionType.SHOW:
        return {"player_id": seat, "action": m.SHOWS, **_card_fields(event.cards)}
    pos = before.positions[seat]
    added = after.contributed[pos] - before.contributed[pos]
    if kind is ActionType.BRING_IN:
        entry = _own(seat, m.BRING_IN, amount=money(added))
        if after.all_in[pos]:
            entry["is_allin"] = True
        return entry
    if kind is ActionType.CALL:
        name = m.CALL
    elif kind is ActionType.BET or (kind is ActionType.COMPLETE and before.current_bet == 0):
        name = m.BET
    else:
        name = m.RAISE
    entry = {"player_id": seat, "action": name, "amount": money(added)}
    if after.all_in[pos]:
        entry["is_allin"] = True
    return entry


def _own(seat: int, name: str, **fields: object) -> dict[str, object]:
    """One of floorman's own actions: the specification's nearest action, floorman's name in
    ``floorman_action``."""
    return {"player_id": seat, "action": m.WRITTEN_AS[name], m.ACTION_EXTENSION: name, **fields}


def _pots(settled: SettledRecord, money: _Money) -> list[dict[str, object]]:
    """Each pot: amount before rake, the rake, and each winner's chips (both halves)."""
    return [
        {
            "number": award.number,
            "amount": money(award.amount + award.rake),
            "rake": money(award.rake),
            "player_wins": [
                {"player_id": seat, "win_amount": money(chips)}
                for seat, chips in award.shares.items()
            ],
        }
        for award in settled.awards
    ]


def _extension(record: HandRecord, scale: int) -> dict[str, object]:
    """floorman's extension: the exact configuration and the table log's identifiers
    (amounts in minor units)."""
    config = record.config
    out: dict[str, object] = {
        "game": config.game.value,
        "amount_scale": scale,
        "stakes": _stakes(config.stakes),
        "button_seat": config.button_seat,
        "uncapped_heads_up": config.uncapped_heads_up,
    }
    if config.rake != RakePolicy():
        rake = config.rake
        out["rake_policy"] = {
            "percent_bps": rake.percent_bps,
            "increment": rake.increment,
            "cap": rake.cap,
            "no_rake_first_round": rake.no_rake_first_round,
        }
    if config.forced_bets:
        out["forced_bets"] = [
            {"seat": b.seat, "kind": b.kind.value, "amount": b.amount, "dead": b.dead}
            for b in config.forced_bets
        ]
    out["player_ids"] = [
        {"seat": seat.seat, "id": seat.player_id}
        for seat in sorted(config.seats, key=lambda s: s.seat)
    ]
    out.update(
        {"hand_id": record.hand_id, "hand_number": record.hand_number, "table_id": record.table_id}
    )
    if record.mixed:  # the rotation the hand was dealt in (RULES.md "Mixed games")
        out["mixed"] = record.mixed
    return out


def _stakes(stakes: Stakes) -> dict[str, int]:
    return {name: getattr(stakes, name) for name in _STAKES_FIELDS}
