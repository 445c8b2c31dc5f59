"""The table log's payloads: versioned JSON for every table event, settings and snapshots.

Each event is one JSON object ``{"v": 1, "type": "<kind>", ...}`` (compact, keys sorted) with
cards as text (``"Ah"``, ``"??"`` unknown) and money as integers of minor units. Readers
accept every version they know and refuse others (:class:`CodecError`): a log written by a
newer floorman is never misread. The deck order (``deck``) and a draw reshuffle's stub
(``stub``) are stored for restarts and never leave the service.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any, Final

from floorman.domain.cards import card_str, try_parse_card
from floorman.domain.currency import default_minor_units
from floorman.domain.engine import Finding, HandResult
from floorman.domain.model import (
    Action,
    ActionType,
    BettingStructure,
    Deal,
    ForcedBet,
    ForcedBetKind,
    Game,
    HandConfig,
    RakePolicy,
    SeatState,
    Stakes,
)
from floorman.domain.settlement import PotShare
from floorman.domain.table.events import (
    FindingRecorded,
    HandActed,
    HandDealt,
    HandSettled,
    HandStarted,
    PlayerSeated,
    SeatLeft,
    SeatSatIn,
    SeatSatOut,
    TableClosed,
    TableCreated,
    TableEvent,
)
from floorman.domain.table.placement import Positions
from floorman.domain.table.rotation import RotationPosition
from floorman.domain.table.seats import EntryOption, Seat, SeatStatus
from floorman.domain.table.settings import (
    ButtonRule,
    DealMode,
    Rotation,
    RotationEntry,
    TableSettings,
)

VERSION: Final = 1
_STAKES: Final = (
    "small_bet", "big_bet", "ante", "bring_in", "small_blind", "big_blind",
    "whole_unit", "odd_chip_unit", "straddle", "big_blind_ante",
)  # fmt: skip

Json = dict[str, Any]


class CodecError(ValueError):
    """A payload this code cannot read (malformed, or a version it does not know)."""


_CANONICAL: Final = json.JSONEncoder(separators=(",", ":"), sort_keys=True, ensure_ascii=False)


def dumps(value: Json) -> str:
    """Compact, key-sorted JSON text (the canonical form fingerprints hash); one encoder
    built once (``json.dumps`` with options builds one per call)."""
    return _CANONICAL.encode(value)


def json_loads(text: str) -> Any:
    """Parse JSON text; raises :class:`CodecError` when it is not JSON."""
    try:
        return json.loads(text)
    except ValueError as error:
        raise CodecError(f"not JSON: {error}") from error


# ---------------------------------------------------------------------------- pieces


def cards_json(cards: tuple[int | None, ...]) -> list[str]:
    """Cards as text, ``??`` for unknown."""
    return [card_str(card) for card in cards]


def cards_from(texts: list[str]) -> tuple[int | None, ...]:
    """Cards from text (``??`` -> None)."""
    out = []
    for text in texts:
        card = try_parse_card(text)
        if card is None and text != "??":
            raise CodecError(f"{text!r} is not a card")
        out.append(card)
    return tuple(out)


def settings_json(settings: TableSettings) -> Json:
    """A table's settings."""
    return {
        "name": settings.name,
        "game": settings.game.value,
        "structure": settings.betting_structure.value,
        "stakes": _stakes_json(settings.stakes),
        "rake": _rake_json(settings.rake),
        "max_seats": settings.max_seats,
        "deal_mode": settings.deal_mode.value,
        "button_rule": settings.button_rule.value,
        "uncapped_heads_up": settings.uncapped_heads_up,
        "min_buy_in": settings.min_buy_in,
        "max_buy_in": settings.max_buy_in,
        "dealer_seat": settings.dealer_seat,
        "currency_code": settings.currency_code,
        "minor_units_per_unit": settings.minor_units_per_unit,
        **({} if settings.rotation is None else {"rotation": rotation_json(settings.rotation)}),
    }


def _stakes_json(stakes: Stakes) -> Json:
    return {name: getattr(stakes, name) for name in _STAKES}


def _stakes_from(data: Json) -> Stakes:
    return Stakes(**{n: data[n] for n in _STAKES if n in data})


def rotation_json(rotation: Rotation) -> Json:
    """A mixed table's rotation: ``{"named": "horse" | "", "dealers_choice": bool,
    "entries": [{"game", "structure", "stakes"}, ...]}``."""
    return {
        "named": rotation.named,
        "dealers_choice": rotation.dealers_choice,
        "entries": [
            {
                "game": e.game.value,
                "structure": e.betting_structure.value,
                "stakes": _stakes_json(e.stakes),
            }
            for e in rotation.entries
        ],
    }


def rotation_from(data: Json) -> Rotation:
    """The inverse of :func:`rotation_json`."""
    return Rotation(
        named=data["named"],
        dealers_choice=data["dealers_choice"],
        entries=tuple(
            RotationEntry(
                game=Game(e["game"]),
                betting_structure=BettingStructure(e["structure"]),
                stakes=_stakes_from(e["stakes"]),
            )
            for e in data["entries"]
        ),
    )


def settings_from(data: Json) -> TableSettings:
    """The inverse of :func:`settings_json` (JSON written before ``currency_code`` and
    ``minor_units_per_unit`` existed reads as a chip table, one minor unit per chip)."""
    return TableSettings(
        name=data["name"],
        game=Game(data["game"]),
        betting_structure=BettingStructure(data["structure"]),
        stakes=Stakes(**{n: data["stakes"][n] for n in _STAKES if n in data["stakes"]}),
        rake=RakePolicy(**data["rake"]),
        max_seats=data["max_seats"],
        deal_mode=DealMode(data["deal_mode"]),
        button_rule=ButtonRule(data["button_rule"]),
        uncapped_heads_up=data["uncapped_heads_up"],
        min_buy_in=data["min_buy_in"],
        max_buy_in=data["max_buy_in"],
        dealer_seat=data["dealer_seat"],
        # Tables stored before the currency fields are chip tables (whole chips).
        currency_code=data.get("currency_code", ""),
        minor_units_per_unit=data.get("minor_units_per_unit")
        or default_minor_units(data.get("currency_code", "")),
        rotation=rotation_from(data["rotation"]) if "rotation" in data else None,
    )


def _rake_json(rake: RakePolicy) -> Json:
    return {
        "percent_bps": rake.percent_bps,
        "increment": rake.increment,
        "cap": rake.cap,
        "no_rake_first_round": rake.no_rake_first_round,
    }


def config_json(config: HandConfig) -> Json:
    """A hand's engine configuration."""
    return {
        "game": config.game.value,
        "structure": config.betting_structure.value,
        "stakes": {name: getattr(config.stakes, name) for name in _STAKES},
        "rake": _rake_json(config.rake),
        "seats": [[s.seat, s.player_id, s.stack] for s in config.seats],
        "button": config.button_seat,
        "forced": [[b.seat, b.kind.value, b.amount, b.dead] for b in config.forced_bets],
        "uncapped_heads_up": config.uncapped_heads_up,
    }


def config_from(data: Json) -> HandConfig:
    """The inverse of :func:`config_json`."""
    return HandConfig(
        game=Game(data["game"]),
        betting_structure=BettingStructure(data["structure"]),
        stakes=Stakes(**{n: data["stakes"][n] for n in _STAKES if n in data["stakes"]}),
        rake=RakePolicy(**data["rake"]),
        seats=tuple(SeatState(seat=s, player_id=p, stack=st) for s, p, st in data["seats"]),
        button_seat=data["button"],
        forced_bets=tuple(
            ForcedBet(seat=s, kind=ForcedBetKind(k), amount=a, dead=d)
            for s, k, a, d in data["forced"]
        ),
        uncapped_heads_up=data["uncapped_heads_up"],
    )


def seat_json(seat: Seat) -> list[Any]:
    """``[seat, player_id, stack, status, owes_small_blind, owes_big_blind]``."""
    return [
        seat.seat,
        seat.player_id,
        seat.stack,
        seat.status.value,
        seat.owes_small_blind,
        seat.owes_big_blind,
    ]


def seat_from(data: list[Any]) -> Seat:
    """The inverse of :func:`seat_json`."""
    number, player_id, stack, status, owes_small, owes_big = data
    return Seat(
        seat=number,
        player_id=player_id,
        stack=stack,
        status=SeatStatus(status),
        owes_small_blind=owes_small,
        owes_big_blind=owes_big,
    )


def deal_json(deal: Deal) -> Json:
    """One Deal."""
    return {
        "seat": deal.seat,
        "cards": cards_json(deal.cards),
        "up": deal.face_up,
        "burn": deal.burn,
    }


def deal_from(data: Json) -> Deal:
    """The inverse of :func:`deal_json`."""
    return Deal(
        seat=data["seat"], cards=cards_from(data["cards"]), face_up=data["up"], burn=data["burn"]
    )


def action_json(action: Action) -> Json:
    """One Action."""
    return {
        "seat": action.seat,
        "type": action.type.value,
        "amount": action.amount,
        "cards": cards_json(action.cards),
    }


def action_from(data: Json) -> Action:
    """The inverse of :func:`action_json`."""
    return Action(
        seat=data["seat"],
        type=ActionType(data["type"]),
        amount=data["amount"],
        cards=cards_from(data["cards"]),
    )


def finding_json(finding: Finding) -> Json:
    """One finding."""
    return {
        "rule": finding.rule,
        "message": finding.message,
        "seat": finding.seat,
        "expected": finding.expected,
        "actual": finding.actual,
        "index": finding.event_index,
    }


def finding_from(data: Json) -> Finding:
    """The inverse of :func:`finding_json`."""
    return Finding(
        data["rule"],
        data["message"],
        seat=data["seat"],
        expected=data["expected"],
        actual=data["actual"],
        event_index=data["index"],
    )


def _seat_map(values: Mapping[int, int]) -> list[list[int]]:
    return [[seat, amount] for seat, amount in sorted(values.items())]


def result_json(result: HandResult) -> Json:
    """A settled hand's result."""
    return {
        "pots": [
            [pot.amount, list(pot.eligible), list(pot.winners), list(pot.low_winners)]
            for pot in result.pots
        ],
        "rake": result.rake,
        "payouts": _seat_map(result.payouts),
        "final_stacks": _seat_map(result.final_stacks),
        "returned": _seat_map(result.returned),
        "showdown_order": list(result.showdown_order),
        "discrepancies": [finding_json(f) for f in result.discrepancies],
        "notes": [finding_json(f) for f in result.notes],
    }


def result_from(data: Json) -> HandResult:
    """The inverse of :func:`result_json`."""
    return HandResult(
        pots=tuple(
            PotShare(amount, tuple(eligible), tuple(winners), tuple(low))
            for amount, eligible, winners, low in data["pots"]
        ),
        rake=data["rake"],
        payouts={seat: amount for seat, amount in data["payouts"]},
        final_stacks={seat: amount for seat, amount in data["final_stacks"]},
        returned={seat: amount for seat, amount in data["returned"]},
        showdown_order=tuple(data["showdown_order"]),
        discrepancies=tuple(finding_from(f) for f in data["discrepancies"]),
        notes=tuple(finding_from(f) for f in data["notes"]),
    )


def positions_json(positions: Positions | None) -> list[int] | None:
    """``[button, small_blind, big_blind]`` or null."""
    if positions is None:
        return None
    return [positions.button, positions.small_blind, positions.big_blind]


def positions_from(data: list[int] | None) -> Positions | None:
    """The inverse of :func:`positions_json`."""
    return None if data is None else Positions(*data)


# ---------------------------------------------------------------------------- events


def _created(e: TableCreated) -> Json:
    return {"settings": settings_json(e.settings), "created_at": encode_time(e.created_at)}


def _seated(e: PlayerSeated) -> Json:
    return {"seat": e.seat, "player_id": e.player_id, "buy_in": e.buy_in, "entry": e.entry.value}


def _started(e: HandStarted) -> Json:
    return {
        "hand": e.hand_id,
        "number": e.hand_number,
        "config": config_json(e.config),
        "positions": positions_json(e.positions),
        "seats": [seat_json(s) for s in e.seats],
        "deck": cards_json(e.deck),
        **_rotation_fields(e),
    }


def _rotation_fields(e: HandStarted) -> Json:
    """A mixed table's hand: ``"rotation": [entry, next entry, hands left]`` and a stud
    hand's ``"unseen_button"``; nothing at a one-game table (older payloads read alike)."""
    if e.rotation_entry < 0 or e.rotation is None:
        return {}
    out: Json = {"rotation": [e.rotation_entry, e.rotation.entry, e.rotation.hands_left]}
    if e.unseen_button is not None:
        out["unseen_button"] = positions_json(e.unseen_button)
    return out


def _started_from(d: Json) -> HandStarted:
    entry, after = -1, None
    if "rotation" in d:
        entry, next_entry, left = d["rotation"]
        after = RotationPosition(entry=next_entry, hands_left=left)
    return HandStarted(
        hand_id=d["hand"],
        hand_number=d["number"],
        config=config_from(d["config"]),
        positions=positions_from(d["positions"]),
        seats=tuple(seat_from(s) for s in d["seats"]),
        deck=tuple(c for c in cards_from(d["deck"]) if c is not None),
        rotation_entry=entry,
        rotation=after,
        unseen_button=positions_from(d.get("unseen_button")),
    )


def _dealt(e: HandDealt) -> Json:
    out: Json = {"hand": e.hand_id, "deal": deal_json(e.deal)}
    if e.stub is not None:
        out["stub"] = cards_json(e.stub)
    return out


_ENCODERS: Final[dict[type, tuple[str, Callable[[Any], Json]]]] = {
    TableCreated: ("table_created", _created),
    PlayerSeated: ("player_seated", _seated),
    SeatLeft: ("seat_left", lambda e: {"seat": e.seat, "cash_out": e.cash_out}),
    SeatSatOut: ("sat_out", lambda e: {"seat": e.seat}),
    SeatSatIn: ("sat_in", lambda e: {"seat": e.seat, "entry": e.entry.value}),
    HandStarted: ("hand_started", _started),
    HandDealt: ("deal", _dealt),
    HandActed: ("action", lambda e: {"hand": e.hand_id, "action": action_json(e.action)}),
    HandSettled: ("hand_settled", lambda e: {"hand": e.hand_id, "result": result_json(e.result)}),
    FindingRecorded: (
        "finding",
        lambda e: {
            "hand": e.hand_id,
            "finding": finding_json(e.finding),
            "secret": e.secret,
            **({} if e.public is None else {"public": finding_json(e.public)}),
        },
    ),
    TableClosed: ("table_closed", lambda e: {}),
}

_DECODERS: Final[dict[str, Callable[[Json], TableEvent]]] = {
    "table_created": lambda d: TableCreated(
        settings=settings_from(d["settings"]), created_at=decode_time(d.get("created_at"))
    ),
    "player_seated": lambda d: PlayerSeated(
        seat=d["seat"], player_id=d["player_id"], buy_in=d["buy_in"], entry=EntryOption(d["entry"])
    ),
    "seat_left": lambda d: SeatLeft(seat=d["seat"], cash_out=d["cash_out"]),
    "sat_out": lambda d: SeatSatOut(seat=d["seat"]),
    "sat_in": lambda d: SeatSatIn(seat=d["seat"], entry=EntryOption(d["entry"])),
    "hand_started": _started_from,
    "deal": lambda d: HandDealt(
        hand_id=d["hand"],
        deal=deal_from(d["deal"]),
        stub=None if "stub" not in d else tuple(c for c in cards_from(d["stub"]) if c is not None),
    ),
    "action": lambda d: HandActed(hand_id=d["hand"], action=action_from(d["action"])),
    "hand_settled": lambda d: HandSettled(hand_id=d["hand"], result=result_from(d["result"])),
    "finding": lambda d: FindingRecorded(
        hand_id=d["hand"],
        finding=finding_from(d["finding"]),
        secret=d["secret"],
        public=finding_from(d["public"]) if "public" in d else None,
    ),
    "table_closed": lambda d: TableClosed(),
}


def encode_event(event: TableEvent) -> str:
    """The JSON payload of one table event."""
    kind, encoder = _ENCODERS[type(event)]
    return dumps({"v": VERSION, "type": kind, **encoder(event)})


def decode_event(payload: str) -> TableEvent:
    """The table event of a payload written by :func:`encode_event`.

    Raises:
        CodecError: malformed JSON, an unknown version or kind, or a missing field.
    """
    try:
        data = json.loads(payload)
        if data.get("v") != VERSION:
            raise CodecError(f"event payload version {data.get('v')!r} is not {VERSION}")
        return _DECODERS[data["type"]](data)
    except CodecError:
        raise
    except (ValueError, KeyError, TypeError) as error:
        raise CodecError(f"unreadable event payload: {error!r}") from error


def encode_time(moment: datetime | None) -> str | None:
    """ISO 8601 text of a timestamp (None stays None)."""
    return None if moment is None else moment.isoformat()


def decode_time(text: str | None) -> datetime | None:
    """The inverse of :func:`encode_time`."""
    return None if text is None else datetime.fromisoformat(text)
