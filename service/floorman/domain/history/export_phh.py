"""Hand record -> PHH text (the PHH specification, ``uoftcprg/phh-std``).

Variant codes: the standard ``F7S``, ``F7S/8`` and ``FR`` for the fixed-limit seven card
studs and ``FT``, ``NT``, ``NS``, ``PO``, ``FO/8`` for the community-card games (pokerkit reads
these); floorman's house codes otherwise (``PT``, ``NO``, ``P5O/8`` ...) (``F5CD``, ``F5CD7A``,
``F5S`` and their ``P``/``N`` forms, ``P7S``, ``N7S/8``, ``NR`` ...: not in the PHH
specification, see :mod:`floorman.domain.history.phh_variants`).

What is written:

* players in dealing order: ``p1`` is the first seat dealt to (left of the button, or left
  of the stud dealer position), ``pN`` the button (draw) or the last seat dealt to (stud);
  ``seats`` gives their seat numbers, ``players`` their names;
* amounts in the units of the table's currency (``currency = "USD"``: ``0.25`` for 25 cents;
  a chip table: whole chips), exact decimals of the engine's minor units (PHH's ``currency``
  and ``currency_symbol`` fields; ``_minor_units_per_unit`` when not the code's default);
  ``antes`` (every dead post: antes and dead blinds) and ``blinds_or_straddles`` (live blinds)
  per player, nominal amounts (a short stack posts what it has), reversed heads-up as PHH
  does; ``bring_in``, ``small_bet`` / ``big_bet`` (fixed limit) or ``min_bet`` (the big blind in
  draw, the small bet in stud), all with RULES.md "Stakes defaults" applied;
* ``actions``: ``d dh pK CARDS`` per Deal (a seat's down cards before its up cards on the first
  stud street, as PHH faces follow the card's place), ``d db CARDS`` for the stud community
  card and the board (one per street: the flop's three cards, the turn, the river), ``pb``,
  ``f``, ``cc``, ``cbr TO`` (the raise-to total: BET, RAISE and COMPLETE),
  ``sd CARDS`` (a draw; none: stand pat; a draw round's ``sd`` lines first, then its
  ``d dh`` replacement cards, as the specification writes them), ``sm CARDS`` (a show, cards
  as recorded) and ``sm`` (a muck); unknown cards are ``??``; a reported burn is the no-op
  ``# burn CARDS``;
* ``finishing_stacks`` and ``winnings`` from the engine's settlement (after rake), when the
  hand is over and its result does not depend on unknown cards;
* ``hand`` (the hand number), ``table`` and ``time`` / ``day`` / ``month`` / ``year`` /
  ``time_zone`` (UTC) when known; floorman's user-defined fields for the rest
  (:mod:`floorman.domain.history.phh_house`).
"""

from __future__ import annotations

from datetime import UTC

from floorman.domain.cards import Card
from floorman.domain.currency import SYMBOLS
from floorman.domain.engine import Phase
from floorman.domain.games import game_spec
from floorman.domain.history.phh import dump_phh
from floorman.domain.history.phh_actions import DEALER, PhhAction, PhhVerb
from floorman.domain.history.phh_currency import UNITS_FIELD, written_scale
from floorman.domain.history.phh_house import (
    EXPOSED,
    burn_commentary,
    forced_bet_table,
    is_dead,
    per_player,
    rake_policy_table,
)
from floorman.domain.history.phh_model import PhhHand
from floorman.domain.history.phh_variants import variant_code
from floorman.domain.history.record import HandRecord
from floorman.domain.history.settled_record import SettledRecord, settle_record
from floorman.domain.history.stepper import card_faces
from floorman.domain.model import (
    Action,
    ActionType,
    BettingStructure,
    Deal,
    Game,
    HandEvent,
    RakePolicy,
)

_BETS = {
    ActionType.BRING_IN: PhhVerb.POST_BRING_IN,
    ActionType.FOLD: PhhVerb.FOLD,
    ActionType.CHECK: PhhVerb.CHECK_OR_CALL,
    ActionType.CALL: PhhVerb.CHECK_OR_CALL,
    ActionType.BET: PhhVerb.COMPLETE_BET_OR_RAISE_TO,
    ActionType.RAISE: PhhVerb.COMPLETE_BET_OR_RAISE_TO,
    ActionType.COMPLETE: PhhVerb.COMPLETE_BET_OR_RAISE_TO,
}


def export_phh(record: HandRecord) -> str:
    """The PHH (TOML) text of one hand (see the module docstring for the mapping).

    Args:
        record: the hand; its events must be legal (they are replayed through the engine).

    Returns:
        The text of one ``.phh`` file; :func:`~floorman.domain.history.phh.parse_phh` then
        :func:`~floorman.domain.history.phh.phh_to_hand` give back an equivalent
        configuration, the same events and, replayed, the same final stacks.

    Raises:
        InvalidArgument: the record's configuration is malformed.
        HistoryError: an event breaks a rule (its index is named).
    """
    return dump_phh(record_to_phh(record))


def record_to_phh(record: HandRecord) -> PhhHand:
    """The :class:`PhhHand` of ``record`` (what :func:`export_phh` dumps).

    Raises:
        InvalidArgument / HistoryError: as :func:`export_phh`.
    """
    settled = settle_record(record)
    order = settled.dealing_order()
    config = record.config
    stakes = settled.final.stakes
    fixed = config.betting_structure is BettingStructure.FIXED_LIMIT
    stud = config.game.is_stud
    forced = settled.forced_bets()
    dead: dict[int, int] = {}
    live: dict[int, int] = {}
    for bet in forced:
        target = dead if is_dead(bet) else live
        target[bet.seat] = target.get(bet.seat, 0) + bet.amount
    stacks = {seat.seat: seat.stack for seat in config.seats}
    result = settled.result
    return PhhHand(
        variant=variant_code(config.game, config.betting_structure),
        ante_trimming_status=any(dead.get(seat, 0) > stacks[seat] for seat in order),
        antes=per_player(dead, order),
        blinds_or_straddles=None if stud else per_player(live, order),
        bring_in=stakes.bring_in if stud else None,
        small_bet=stakes.small_bet if fixed else None,
        big_bet=stakes.big_bet if fixed else None,
        min_bet=None if fixed else stakes.min_open(settled.final.spec),
        starting_stacks=tuple(stacks[seat] for seat in order),
        actions=tuple(_actions(settled, {seat: i + 1 for i, seat in enumerate(order)})),
        hand=record.hand_number,
        players=tuple(settled.name_of(seat) for seat in order),
        seats=order,
        seat_count=record.seats_at_table,
        finishing_stacks=(
            tuple(result.final_stacks[seat] for seat in order) if result is not None else None
        ),
        winnings=(
            tuple(result.payouts.get(seat, 0) for seat in order) if result is not None else None
        ),
        metadata=tuple(_metadata(settled, order)),
        minor_units_per_unit=record.money.minor_units,
    )


def _actions(settled: SettledRecord, player_of: dict[int, int]) -> list[PhhAction]:
    """One PHH action per event, stud deals put in face order, each draw written as the
    specification does (:func:`draws_in_spec_order`)."""
    game = settled.record.config.game
    if game_spec(game).has_board:
        events = _joined_board(settled.record.events, settled.streets)
    elif game.is_stud:
        events = list(deals_in_face_order(settled.record.events, game))
    else:
        events = draws_in_spec_order(settled.record.events, settled.streets)
    actions = [_action(event, player_of) for event in events]
    return actions + _exposed_shows(settled, player_of)


def _joined_board(events: tuple[HandEvent, ...], streets: tuple[str, ...]) -> list[HandEvent]:
    """``events`` with each street's board deals joined: a flop dealt in several Deal events
    is one ``d db`` (PHH readers such as pokerkit deal a street's board in one action; the
    grouping changes nothing). ``streets`` names each event's street (the engine's)."""
    out: list[HandEvent] = []
    last_street = ""
    for event, street in zip(events, streets, strict=True):
        last = out[-1] if out else None
        if (
            isinstance(event, Deal)
            and isinstance(last, Deal)
            and event.seat == last.seat == 0
            and not event.burn
            and not last.burn
            and street == last_street
        ):
            out[-1] = Deal(seat=0, cards=last.cards + event.cards, face_up=True)
        else:
            out.append(event)
        last_street = street
    return out


def _exposed_shows(settled: SettledRecord, player_of: dict[int, int]) -> list[PhhAction]:
    """``pK sm CARDS # exposed`` for each live hand of a finished showdown that the record
    did not show: turned face up after an all-in, or the last one left after the others
    mucked (PHH readers award a pot only to shown hands)."""
    state = settled.final
    if state.phase is not Phase.COMPLETE or not state.show_order:
        return []
    shown = {
        event.seat
        for event in settled.record.events
        if isinstance(event, Action) and event.type is ActionType.SHOW
    }
    out = []
    for pos in state.show_order:
        seat = state.seats[pos]
        if state.live(pos) and seat not in shown:
            player = player_of[seat]
            out.append(
                PhhAction(
                    actor=player,
                    verb=PhhVerb.SHOW_OR_MUCK,
                    player=player,
                    cards=_shown(state.cards[pos]),
                    commentary=EXPOSED,
                )
            )
    return out


def deals_in_face_order(events: tuple[HandEvent, ...], game: Game) -> tuple[HandEvent, ...]:
    """``events`` with every stud seat's deals in the order of its card places.

    PHH gives a stud card's face by its place in the seat's hand (seven card stud: 2 down,
    4 up, 1 down), so inside a run of consecutive deals a seat's deal whose face does not
    fit its next place waits for the one that does (a door card recorded before the hole
    cards is written after them). Everything else keeps its position; the draw games are
    returned as they are.
    """
    if not game.is_stud:
        return tuple(events)
    pattern = card_faces(game)
    held: dict[int, int] = {}
    out = list(events)
    start = 0
    while start < len(out):
        if not _is_seat_deal(out[start]):
            start += 1
            continue
        end = start
        while end < len(out) and _is_seat_deal(out[end]):
            end += 1
        by_seat: dict[int, list[int]] = {}
        for index in range(start, end):
            by_seat.setdefault(out[index].seat, []).append(index)  # type: ignore[union-attr]
        for seat, indices in by_seat.items():
            waiting = [out[i] for i in indices]
            for index in indices:
                place = held.get(seat, 0)
                face = pattern[place] if place < len(pattern) else None
                pick = next((d for d in waiting if d.face_up == face), waiting[0])  # type: ignore[union-attr]
                waiting.remove(pick)
                out[index] = pick
                held[seat] = place + len(pick.cards)  # type: ignore[union-attr]
        start = end
    return tuple(out)


def draws_in_spec_order(events: tuple[HandEvent, ...], streets: tuple[str, ...]) -> list[HandEvent]:
    """``events`` with each draw written as the PHH specification (and pokerkit) has it:
    every player's ``sd`` in turn, then the replacement cards ``d dh`` in the same order.

    The engine deals a player's replacements right after its discard; inside one street
    (``streets`` names each event's), the DRAW actions and seat deals (no burn) from the
    street's first DRAW on, while nothing else comes between, are written DRAWs first, deals
    after, each in its own order. The reader puts them back (``phh_mapping.draw_deal_order``).
    """
    out: list[HandEvent] = []
    run: list[HandEvent] = []

    def flush() -> None:
        out.extend([e for e in run if isinstance(e, Action)])
        out.extend([e for e in run if not isinstance(e, Action)])
        run.clear()

    street = ""
    for event, name in zip(events, streets, strict=True):
        is_draw = isinstance(event, Action) and event.type is ActionType.DRAW
        if name != street:
            flush()
            street = name
        if is_draw or (run and _is_seat_deal(event)):
            run.append(event)
            continue
        flush()
        out.append(event)
    flush()
    return out


def _is_seat_deal(event: HandEvent) -> bool:
    return isinstance(event, Deal) and event.seat > 0 and not event.burn


def _action(event: HandEvent, player_of: dict[int, int]) -> PhhAction:
    """The PHH action of one event."""
    if isinstance(event, Deal):
        if event.burn:
            return PhhAction(
                actor=DEALER, verb=PhhVerb.NO_OP, commentary=burn_commentary(event.cards)
            )
        if event.seat == 0:
            return PhhAction(actor=DEALER, verb=PhhVerb.DEAL_BOARD, cards=event.cards)
        return PhhAction(
            actor=DEALER,
            verb=PhhVerb.DEAL_HOLE,
            player=player_of[event.seat],
            cards=event.cards,
        )
    assert isinstance(event, Action)
    player = player_of[event.seat]
    base = {"actor": player, "player": player}
    kind = event.type
    if kind is ActionType.DRAW:
        return PhhAction(verb=PhhVerb.STAND_PAT_OR_DISCARD, cards=event.cards, **base)
    if kind is ActionType.SHOW:
        return PhhAction(verb=PhhVerb.SHOW_OR_MUCK, cards=_shown(event.cards), **base)
    if kind is ActionType.MUCK:
        return PhhAction(verb=PhhVerb.SHOW_OR_MUCK, **base)
    verb = _BETS[kind]
    amount = event.amount if verb is PhhVerb.COMPLETE_BET_OR_RAISE_TO else None
    return PhhAction(verb=verb, amount=amount, **base)


def _shown(cards: tuple[Card | None, ...]) -> tuple[Card | None, ...]:
    """A SHOW's cards; PHH has no "show nothing", so an empty show reads as ``??``."""
    return cards or (None,)


def _metadata(settled: SettledRecord, order: tuple[int, ...]) -> list[tuple[str, object]]:
    """Standard optional fields (table, time) then floorman's user-defined fields."""
    record = settled.record
    config = record.config
    out: list[tuple[str, object]] = []
    table = record.table_name or record.table_id
    if table:
        out.append(("table", table))
    if record.started_at is not None:
        started = record.started_at
        started = started.astimezone(UTC) if started.tzinfo else started.replace(tzinfo=UTC)
        out += [
            ("time", started.time().replace(tzinfo=None)),
            ("time_zone", "UTC"),
            ("day", started.day),
            ("month", started.month),
            ("year", started.year),
        ]
    money = record.money
    if money.code:
        out.append(("currency", money.code))  # the specification's field; amounts in its units
        symbol = SYMBOLS.get(money.code)
        if symbol and not money.is_chips:
            out.append(("currency_symbol", symbol))
    if money.minor_units != written_scale(money.code, None):
        out.append((UNITS_FIELD, money.minor_units))
    out.append(("_hand_id", record.hand_id))
    if record.mixed:  # the rotation the hand was dealt in (RULES.md "Mixed games")
        out.append(("_mixed", record.mixed))
    out.append(("_table_id", record.table_id))
    ids = {seat.seat: seat.player_id for seat in config.seats}
    if any(ids[seat] != settled.name_of(seat) for seat in order):
        out.append(("_player_ids", tuple(ids[seat] for seat in order)))
    if config.button_seat != order[-1]:
        out.append(("_button_seat", config.button_seat))
    if config.forced_bets:
        out.append(("_forced_bets", tuple(forced_bet_table(b) for b in config.forced_bets)))
    if config.rake != RakePolicy():
        out.append(("_rake_policy", rake_policy_table(config.rake)))
    if settled.result is not None and settled.result.rake:
        out.append(("_rake", settled.result.rake))
    if config.stakes.odd_chip_unit not in (0, 1):
        out.append(("_odd_chip_unit", config.stakes.odd_chip_unit))
    if config.stakes.whole_unit not in (0, 100):
        out.append(("_whole_unit", config.stakes.whole_unit))
    if config.uncapped_heads_up:
        out.append(("_uncapped_heads_up", True))
    return out
