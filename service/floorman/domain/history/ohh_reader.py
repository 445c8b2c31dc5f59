"""Open Hand History reader: JSON text -> :class:`~.ohh_model.OhhHand` (amounts exact).

Accepted text: one ``{"ohh": {...}}`` object, a JSON array of them, or several of them one
after another (the OHH storage format writes one per hand, separated by blank lines).
Numbers are read as :class:`~decimal.Decimal` (never ``float``) and turned into integer minor
units: times 100 for a money table, as they are for chips (the floorman extension's
``amount_scale`` wins); an amount finer than one minor unit is an error.

Every list of a hand is bounded (:mod:`floorman.domain.history.limits`): more players, seats,
rounds, actions, pots or cards than any seed game's hand holds is one problem naming the
count, and the list is not read item by item (a hostile document costs little). Each hand
keeps a fingerprint of its JSON (:attr:`~.ohh_model.OhhHand.digest`).
"""

from __future__ import annotations

import json
from dataclasses import replace
from decimal import Decimal
from typing import Any, Final

from floorman.domain.cards import UNKNOWN_TEXT, Card, try_parse_card
from floorman.domain.errors import FieldViolation, InvalidArgument
from floorman.domain.history import ohh_model as m
from floorman.domain.history.limits import (
    MAX_CARDS,
    MAX_HAND_EVENTS,
    MAX_ROUNDS,
    MAX_SEATS,
    beyond_amount_limit,
    text_digest,
    too_deep,
    too_many,
)
from floorman.domain.model import ForcedBet, ForcedBetKind, Game, RakePolicy, Stakes

_STAKES_FIELDS = (
    "small_bet", "big_bet", "ante", "bring_in", "small_blind", "big_blind", "whole_unit",
    "odd_chip_unit", "straddle", "big_blind_ante",
)  # fmt: skip
_MOST: Final = {
    "players": (MAX_SEATS, "players"),
    "rounds": (MAX_ROUNDS, "rounds"),
    "actions": (MAX_HAND_EVENTS, "actions"),
    "pots": (MAX_ROUNDS, "pots"),
    "player_wins": (MAX_SEATS, "winners of one pot"),
    "forced_bets": (3 * MAX_SEATS, "forced bets"),
    "player_ids": (MAX_SEATS, "player ids"),
}
"""List name -> (the most items a hand may hold, what they are called)."""


def _digest(obj: object) -> str:
    """The fingerprint of one hand's JSON value (keys sorted, numbers as written)."""
    canonical = json.dumps(
        obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str
    )
    return text_digest(canonical)


def parse_ohh(text: str) -> list[m.OhhHand]:
    """Read every hand of an OHH text.

    Args:
        text: the decoded text (a byte-order mark is accepted).

    Returns:
        The hands in order; hands of games floorman does not play parse with
        ``supported == False``.

    Raises:
        InvalidArgument: every problem found, each naming its field (``hand[0].rounds[2]
            .actions[1].amount``; ``ohh`` for text that is not JSON); malformed cards carry
            the rule ``card.malformed``.
    """
    objects = _json_objects(text.lstrip("\ufeff"))
    problems: list[FieldViolation] = []
    hands = []
    for index, obj in enumerate(objects):
        reader = _HandReader(index, problems)
        hand = reader.read(obj)
        if hand is not None:
            hands.append(hand)
    if problems:
        raise InvalidArgument(problems)
    return hands


def _json_objects(text: str) -> list[object]:
    if (deep := too_deep(text, toml=False)) is not None:
        raise InvalidArgument.single("ohh", "", deep)
    decoder = json.JSONDecoder(parse_float=Decimal)
    objects: list[object] = []
    position = 0
    while True:
        while position < len(text) and text[position].isspace():
            position += 1
        if position >= len(text):
            break
        try:
            value, position = decoder.raw_decode(text, position)
        except json.JSONDecodeError as exc:
            raise InvalidArgument.single("ohh", "", f"not valid JSON: {exc}") from None
        if isinstance(value, list):
            objects.extend(value)
        else:
            objects.append(value)
    if not objects:
        raise InvalidArgument.single("ohh", "", "no hand in the text")
    return objects


class _HandReader:
    """Reads one ``{"ohh": ...}`` object, reporting problems under ``hand[i]``."""

    def __init__(self, index: int, problems: list[FieldViolation]) -> None:
        self.index = index
        self.problems = problems
        self.prefix = f"hand[{index}]"
        self.scale = 1

    def bad(self, field: str, message: str, rule: str = "") -> None:
        self.problems.append(FieldViolation(f"{self.prefix}.{field}", rule, message))

    # -- values --------------------------------------------------------------------------

    def text(self, data: dict[str, Any], name: str, field: str, *, required: bool = False) -> str:
        value = data.get(name)
        if value is None:
            if required:
                self.bad(field, f"{name} is required")
            return ""
        if isinstance(value, int | Decimal) and not isinstance(value, bool):
            return str(value)
        if not isinstance(value, str):
            self.bad(field, f"{value!r} is not a string")
            return ""
        return value

    def integer(self, value: object, field: str, *, minimum: int = 0) -> int:
        if isinstance(value, Decimal) and value == value.to_integral_value():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            self.bad(field, f"{value!r} is not an integer >= {minimum}")
            return 0
        return value

    def amount(self, value: object, field: str) -> int:
        """A written amount -> minor units (exact)."""
        if value is None:
            return 0
        if isinstance(value, bool) or not isinstance(value, int | Decimal):
            self.bad(field, f"{value!r} is not a number")
            return 0
        minor = Decimal(value) * self.scale
        if not minor.is_finite() or minor < 0 or minor != minor.to_integral_value():
            self.bad(field, f"{value} is not a non-negative amount of whole minor units")
            return 0
        if beyond_amount_limit(minor):
            self.bad(field, f"{value} is beyond the amount limit (|amount| <= 10^15 minor units)")
            return 0
        return int(minor)

    def cards(self, value: object, field: str) -> tuple[Card | None, ...]:
        if value is None or value == "":
            return ()
        if not isinstance(value, list):
            self.bad(field, "an array of cards is expected")
            return ()
        if problem := too_many(len(value), MAX_CARDS, "cards in one list"):
            self.bad(field, problem)
            return ()
        out: list[Card | None] = []
        for i, item in enumerate(value):
            if item == UNKNOWN_TEXT:
                out.append(None)
                continue
            card = try_parse_card(item) if isinstance(item, str) else None
            if card is None:
                self.bad(f"{field}[{i}]", f"{item!r} is not a card", "card.malformed")
                continue
            out.append(card)
        return tuple(out)

    def objects(
        self, data: dict[str, Any], name: str, field: str = ""
    ) -> list[tuple[str, dict[str, Any]]]:
        """The objects of the list ``name`` with their field paths (under ``field``); one
        problem (and no item read) for a list longer than a hand may hold."""
        value = data.get(name, [])
        path = f"{field}.{name}" if field else name
        if value is None:
            return []
        if not isinstance(value, list):
            self.bad(path, "an array is expected")
            return []
        most, noun = _MOST[name]
        if problem := too_many(len(value), most, noun):
            self.bad(path, problem)
            return []
        out = []
        for i, item in enumerate(value):
            if isinstance(item, dict):
                out.append((f"{name}[{i}]", item))
            else:
                self.bad(f"{path}[{i}]", "an object is expected")
        return out

    # -- the hand ------------------------------------------------------------------------

    def read(self, obj: object) -> m.OhhHand | None:
        if not isinstance(obj, dict) or not isinstance(obj.get("ohh"), dict):
            self.problems.append(
                FieldViolation(self.prefix, "", 'a hand is an object {"ohh": {...}}')
            )
            return None
        data: dict[str, Any] = obj["ohh"]
        count = len(self.problems)
        extension = self._extension(data.get(m.EXTENSION))
        currency = self.text(data, "currency", "currency")
        self.scale = extension.amount_scale if extension else m.chips_scale(currency)
        limit = data.get("bet_limit") or {}
        if not isinstance(limit, dict):
            self.bad("bet_limit", "an object is expected")
            limit = {}
        hand = m.OhhHand(
            index=self.index,
            spec_version=self.text(data, "spec_version", "spec_version"),
            site_name=self.text(data, "site_name", "site_name"),
            network_name=self.text(data, "network_name", "network_name"),
            game_number=self.text(data, "game_number", "game_number"),
            table_name=self.text(data, "table_name", "table_name"),
            start_date_utc=self.text(data, "start_date_utc", "start_date_utc"),
            game_type=self.text(data, "game_type", "game_type", required=True),
            bet_type=self.text(limit, "bet_type", "bet_limit.bet_type", required=True),
            currency=currency,
            table_size=self.integer(data.get("table_size", 0), "table_size"),
            dealer_seat=self.integer(data.get("dealer_seat", 0), "dealer_seat"),
            small_blind=self.amount(data.get("small_blind_amount"), "small_blind_amount"),
            big_blind=self.amount(data.get("big_blind_amount"), "big_blind_amount"),
            ante=self.amount(data.get("ante_amount"), "ante_amount"),
            players=tuple(self._player(f, p) for f, p in self.objects(data, "players")),
            rounds=tuple(self._round(f, r) for f, r in self.objects(data, "rounds")),
            pots=tuple(self._pot(f, p) for f, p in self.objects(data, "pots")),
            extension=extension,
        )
        if not hand.players and len(self.problems) == count:
            self.bad("players", "at least one player is needed")
        actions = sum(len(round_.actions) for round_ in hand.rounds)
        if problem := too_many(actions, MAX_HAND_EVENTS, "actions"):
            self.bad("rounds", problem)
        ids = [player.id for player in hand.players]
        if len(set(ids)) != len(ids):
            self.bad("players", "a player id appears twice")
        for round_ in hand.rounds:
            for action in round_.actions:
                if action.player_id is not None and action.player_id not in ids:
                    self.bad(
                        f"rounds[{round_.id}].actions",
                        f"action {action.number} names player {action.player_id}, who is not "
                        "listed",
                    )
        if len(self.problems) != count:
            return None
        return replace(hand, digest=_digest(obj))

    def _player(self, field: str, data: dict[str, Any]) -> m.OhhPlayer:
        seat = self.integer(data.get("seat"), f"{field}.seat", minimum=1)
        if seat > MAX_SEATS:
            self.bad(f"{field}.seat", f"seat {seat} is out of range (seats are 1 to {MAX_SEATS})")
        return m.OhhPlayer(
            id=self.integer(data.get("id"), f"{field}.id"),
            seat=seat,
            name=self.text(data, "name", f"{field}.name"),
            starting_stack=self.amount(data.get("starting_stack"), f"{field}.starting_stack"),
        )

    def _round(self, field: str, data: dict[str, Any]) -> m.OhhRound:
        actions: list[m.OhhAction] = []
        for f, a in self.objects(data, "actions", field):
            action = self._action(f"{field}.{f}", a)
            actions.extend(self._burns(a, f"{field}.{f}", action.number))
            actions.append(action)
        actions.extend(self._burns(data, field, actions[-1].number if actions else 0))
        street = self.text(data, m.STREET_EXTENSION, f"{field}.{m.STREET_EXTENSION}")
        return m.OhhRound(
            id=self.integer(data.get("id", 0), f"{field}.id"),
            street=street or self.text(data, "street", f"{field}.street"),
            cards=self._cards_of(data, field),
            actions=tuple(actions),
        )

    def _cards_of(self, data: dict[str, Any], field: str) -> tuple[Card | None, ...]:
        """``floorman_cards`` (unknown cards included) when written, else ``cards``."""
        if data.get(m.CARDS_EXTENSION) is not None:
            return self.cards(data[m.CARDS_EXTENSION], f"{field}.{m.CARDS_EXTENSION}")
        return self.cards(data.get("cards"), f"{field}.cards")

    def _burns(self, data: dict[str, Any], field: str, number: int) -> list[m.OhhAction]:
        """The burns of ``floorman_burns`` (a list of card lists) as burn actions."""
        value = data.get(m.BURNS_EXTENSION)
        if value is None:
            return []
        path = f"{field}.{m.BURNS_EXTENSION}"
        if not isinstance(value, list) or len(value) > MAX_CARDS:
            self.bad(path, f"a list of at most {MAX_CARDS} card lists is expected")
            return []
        return [
            m.OhhAction(
                number=number,
                player_id=None,
                action=m.BURN,
                cards=self.cards(cards, f"{path}[{i}]"),
            )
            for i, cards in enumerate(value)
        ]

    def _action(self, field: str, data: dict[str, Any]) -> m.OhhAction:
        name = self.text(data, "action", f"{field}.action", required=True)
        own = self.text(data, m.ACTION_EXTENSION, f"{field}.{m.ACTION_EXTENSION}")
        if own:
            if own not in m.WRITTEN_AS:
                self.bad(f"{field}.{m.ACTION_EXTENSION}", f"{own!r} is not a floorman action")
            name = own
        if name and name not in m.ACTIONS:
            self.bad(f"{field}.action", f"{name!r} is not an OHH action floorman reads")
        player = data.get("player_id")
        face_up = data.get(m.FACE_UP_EXTENSION, data.get("face_up"))
        if face_up is not None and not isinstance(face_up, bool):
            self.bad(f"{field}.face_up", "must be true or false")
            face_up = None
        is_allin = data.get("is_allin", False)
        if not isinstance(is_allin, bool):
            self.bad(f"{field}.is_allin", "must be true or false")
            is_allin = False
        if player is None and name != m.BURN:
            self.bad(f"{field}.player_id", f"{name or 'an action'} needs a player_id")
        return m.OhhAction(
            number=self.integer(data.get("action_number", 0), f"{field}.action_number"),
            player_id=None if player is None else self.integer(player, f"{field}.player_id"),
            action=name,
            amount=self.amount(data.get("amount"), f"{field}.amount"),
            is_allin=is_allin,
            cards=self._cards_of(data, field),
            face_up=face_up,
        )

    def _pot(self, field: str, data: dict[str, Any]) -> m.OhhPot:
        return m.OhhPot(
            number=self.integer(data.get("number", 0), f"{field}.number"),
            amount=self.amount(data.get("amount"), f"{field}.amount"),
            rake=self.amount(data.get("rake"), f"{field}.rake"),
            wins=tuple(
                m.OhhWin(
                    player_id=self.integer(w.get("player_id"), f"{field}.{f}.player_id"),
                    win_amount=self.amount(w.get("win_amount"), f"{field}.{f}.win_amount"),
                )
                for f, w in self.objects(data, "player_wins", field)
            ),
        )

    # -- floorman's extension ----------------------------------------------------------

    def _extension(self, data: object) -> m.OhhExtension | None:
        if data is None:
            return None
        field = m.EXTENSION
        if not isinstance(data, dict):
            self.bad(field, "an object is expected")
            return None
        try:
            game = Game(data.get("game"))
        except ValueError:
            self.bad(f"{field}.game", f"{data.get('game')!r} is not a floorman game")
            return None
        scale = self.integer(data.get("amount_scale", 1), f"{field}.amount_scale", minimum=1)
        stakes_data = data.get("stakes") or {}
        if not isinstance(stakes_data, dict):
            self.bad(f"{field}.stakes", "an object is expected")
            stakes_data = {}
        stakes = Stakes(
            **{
                name: self.integer(stakes_data.get(name, 0), f"{field}.stakes.{name}")
                for name in _STAKES_FIELDS
                if name in stakes_data
            }
        )
        return m.OhhExtension(
            game=game,
            amount_scale=scale or 1,
            stakes=stakes,
            button_seat=self.integer(data.get("button_seat", 0), f"{field}.button_seat"),
            uncapped_heads_up=self._flag(data, "uncapped_heads_up", f"{field}.uncapped_heads_up"),
            rake_policy=self._rake(data.get("rake_policy"), f"{field}.rake_policy"),
            forced_bets=self._forced_bets(data.get("forced_bets"), f"{field}.forced_bets"),
            player_ids=self._player_ids(data.get("player_ids"), f"{field}.player_ids"),
            hand_id=self.text(data, "hand_id", f"{field}.hand_id"),
            hand_number=self.integer(data.get("hand_number", 0), f"{field}.hand_number"),
            table_id=self.text(data, "table_id", f"{field}.table_id"),
            mixed=self.text(data, "mixed", f"{field}.mixed"),
        )

    def _flag(self, data: dict[str, Any], name: str, field: str) -> bool:
        value = data.get(name, False)
        if not isinstance(value, bool):
            self.bad(field, "must be true or false")
            return False
        return value

    def _rake(self, data: object, field: str) -> RakePolicy:
        if data is None:
            return RakePolicy()
        if not isinstance(data, dict):
            self.bad(field, "an object is expected")
            return RakePolicy()
        numbers = {
            name: self.integer(data.get(name, 0), f"{field}.{name}")
            for name in ("percent_bps", "increment", "cap")
        }
        flag = self._flag(data, "no_rake_first_round", f"{field}.no_rake_first_round")
        return RakePolicy(no_rake_first_round=flag, **numbers)

    def _forced_bets(self, data: object, field: str) -> tuple[ForcedBet, ...]:
        if data is None:
            return ()
        if not isinstance(data, list):
            self.bad(field, "an array is expected")
            return ()
        most, noun = _MOST["forced_bets"]
        if problem := too_many(len(data), most, noun):
            self.bad(field, problem)
            return ()
        bets = []
        for i, item in enumerate(data):
            path = f"{field}[{i}]"
            if not isinstance(item, dict):
                self.bad(path, "an object is expected")
                continue
            try:
                kind = ForcedBetKind(item.get("kind"))
            except ValueError:
                self.bad(f"{path}.kind", f"{item.get('kind')!r} is not a forced bet kind")
                continue
            bets.append(
                ForcedBet(
                    seat=self.integer(item.get("seat"), f"{path}.seat", minimum=1),
                    kind=kind,
                    amount=self.integer(item.get("amount"), f"{path}.amount", minimum=1),
                    dead=self._flag(item, "dead", f"{path}.dead"),
                )
            )
        return tuple(bets)

    def _player_ids(self, data: object, field: str) -> tuple[tuple[int, str], ...]:
        if data is None:
            return ()
        if not isinstance(data, list):
            self.bad(field, "an array is expected")
            return ()
        most, noun = _MOST["player_ids"]
        if problem := too_many(len(data), most, noun):
            self.bad(field, problem)
            return ()
        pairs = []
        for i, item in enumerate(data):
            if not isinstance(item, dict) or not isinstance(item.get("id"), str):
                self.bad(f"{field}[{i}]", "an object {seat, id} is expected")
                continue
            pairs.append((self.integer(item.get("seat"), f"{field}[{i}].seat"), item["id"]))
        return tuple(pairs)
