"""PHH hand -> floorman hand: a :class:`~floorman.domain.model.HandConfig` plus events.

Mapping (PHH specification -> DESIGN.md contract):

* Player ``pK`` sits in seat K, or in ``seats[K-1]`` when the file gives seats. Players are
  listed in dealing order, so ``pN`` holds the button (draw games; heads-up it posts the
  small blind) or sits where the dealer deals from (stud: ``button_seat``, the fixed dealer
  position, is pN's seat, and dealing starts at p1).
* Stakes: ``small_bet`` / ``big_bet`` (fixed limit) or ``min_bet`` for both (pot and no
  limit); ``bring_in``; a uniform ante as ``Stakes.ante``; blinds ``[small, big, 0, ...]`` as
  ``Stakes.small_blind`` / ``big_blind``. PHH reverses antes and blinds heads-up. Non-uniform
  antes become explicit ``forced_bets``; so do blinds that are not one small and one big
  blind (a newcomer's big blind, a missing small blind: every live blind is a big blind when
  it is the largest, else a small blind; a straddle, a big-blind ante (draw games too) and a
  button blind:
  :func:`~floorman.domain.history.phh_blinds.blind_stakes`). floorman's
  user-defined fields (``_forced_bets``, ``_rake_policy`` ...: :mod:`phh_house`) complete
  the configuration of an exported hand.
* ``d dh pK CARDS``: Deals to seat K; in stud each card's face follows its place in the seat's
  hand (seven card stud: 2 down, 4 up, 1 down; five card stud: 1 down, 4 up), so a 3rd-street
  deal becomes a down Deal of two cards and an up Deal of one. In the draw games every card is
  down (after a DRAW they are the replacement cards), so are the hole cards of the
  community-card games. ``d db CARDS``: the stud community card, or the board cards of a
  flop, turn or river (seat 0, face up).
* ``pb`` -> BRING_IN; ``f`` -> FOLD; ``cc`` -> CHECK or CALL and ``cbr X`` -> BET, RAISE or
  COMPLETE to X, resolved by stepping the engine (its legal actions), or, once the engine has
  refused an event, from a small tally of the street's bets; ``sd`` -> DRAW (no cards: stand
  pat); ``sm CARDS`` / ``sm -`` -> SHOW; ``sm`` -> MUCK. No-ops are dropped, except floorman's
  ``# burn CARDS`` (a reported burn: a Deal flagged ``burn``); so are floorman's
  ``sm CARDS # exposed`` once the hand is over (a hand turned face up after an all-in, or
  the last one left at the showdown, written for PHH readers that award a pot only to
  shown hands) when they show what the engine already knows.
"""

from __future__ import annotations

import itertools
from operator import attrgetter

from floorman.domain.cards import Card
from floorman.domain.engine import bet_or_raise_kind, check_or_call
from floorman.domain.errors import FieldViolation, InvalidArgument
from floorman.domain.games import GAMES, game_spec
from floorman.domain.history.amounts import Amount
from floorman.domain.history.phh_actions import (
    VERB_CHECK_OR_CALL,
    VERB_COMPLETE_BET_OR_RAISE_TO,
    VERB_DEAL_BOARD,
    VERB_DEAL_HOLE,
    VERB_NO_OP,
    VERB_POST_BRING_IN,
    VERB_SHOW_OR_MUCK,
    VERB_STAND_PAT_OR_DISCARD,
    PhhAction,
)
from floorman.domain.history.phh_blinds import blind_stakes
from floorman.domain.history.phh_house import EXPOSED, apply_house_fields, burn_cards
from floorman.domain.history.phh_model import PhhHand
from floorman.domain.history.phh_tally import StreetTally
from floorman.domain.history.stepper import EngineStepper, HistoryMapping, card_faces
from floorman.domain.members import (
    ACTION_BRING_IN,
    ACTION_CALL,
    ACTION_CHECK,
    ACTION_DRAW,
    ACTION_FOLD,
    ACTION_MUCK,
    ACTION_SHOW,
    KIND_ANTE,
    PHASE_COMPLETE,
    STRUCTURE_FIXED_LIMIT,
)
from floorman.domain.model import (
    Action,
    ActionType,
    Deal,
    ForcedBet,
    HandConfig,
    HandEvent,
    SeatState,
    Stakes,
)

PhhMapping = HistoryMapping
"""A PHH hand mapped to floorman's model (``sources``: the index of the PHH action each event
comes from); the one mapping type of every history reader."""


def phh_to_hand(phh: PhhHand) -> tuple[HandConfig, list[HandEvent]]:
    """The configuration and history of a PHH hand of a seed game (see :func:`map_phh`).

    Raises:
        InvalidArgument: see :func:`phh_config`.
    """
    mapping = map_phh(phh)
    return mapping.config, list(mapping.events)


def map_phh(phh: PhhHand) -> PhhMapping:
    """Map a PHH hand to a configuration and events, keeping each event's PHH action index.

    The engine is stepped along to tell CHECK from CALL and BET / RAISE / COMPLETE apart;
    an event it refuses is still mapped (and reported in ``refused_at`` / ``violation``), so
    an audit can name the first illegal action. When it accepts every event, ``state`` is the
    state it reached (what ``replay(config, events)`` gives): settle it without replaying.

    Raises:
        InvalidArgument: see :func:`phh_config`.
    """
    scale = phh_scale(phh)
    config = _config(phh, scale)
    order = draw_deal_order(phh.actions)
    mapper = _Mapper(phh, config, scale, order)
    for index, action in order:
        mapper.map(index, action)
    return mapper.stepper.mapping()


def draw_deal_order(actions: tuple[PhhAction, ...]) -> list[tuple[int, PhhAction]]:
    """``actions`` with their indices, each draw's replacement cards moved up to follow its
    discard.

    The PHH specification (and pokerkit) writes a draw round as every player's ``sd`` in turn,
    then the dealer's ``d dh`` of each player's replacement cards; floorman's engine deals a
    player's replacements before the next player draws (RULES.md "Five Card Draw, 7-A":
    each player "discards 0-5 cards and receives as many"). In a run of ``sd`` and ``d dh``
    actions that starts with an ``sd``, each discard is followed by that player's next
    ``d dh`` actions up to the number of cards discarded (in any order of players; one or
    several deals); deals left unmatched keep their order after the run, so an inconsistent
    record still reaches the engine, which refuses it. Anything else (a bet, a fold, a show)
    ends the run.
    """
    if VERB_STAND_PAT_OR_DISCARD not in map(_VERB, actions):  # one C-level pass
        return list(enumerate(actions))  # no draw: nothing to move (every game but draw)
    out: list[tuple[int, PhhAction]] = []
    run: list[tuple[int, PhhAction]] = []

    def flush() -> None:
        deals = [item for item in run if item[1].verb is VERB_DEAL_HOLE]
        for item in run:
            if item[1].verb is VERB_DEAL_HOLE:
                continue
            out.append(item)
            due = len(item[1].cards)
            for deal in [d for d in deals if d[1].player == item[1].actor]:
                if due <= 0:
                    break
                out.append(deal)
                deals.remove(deal)
                due -= len(deal[1].cards)
        out.extend(deals)
        run.clear()

    for index, action in enumerate(actions):
        verb = action.verb
        if verb is VERB_STAND_PAT_OR_DISCARD or (run and verb is VERB_DEAL_HOLE):
            run.append((index, action))
            continue
        if run:
            flush()
        out.append((index, action))
    flush()
    return out


_VERB = attrgetter("verb")
"""An action's verb (``map(_VERB, actions)``: the verbs in one C-level pass)."""

_SCALES = (1, 10, 100)
"""Chip scales a PHH hand may be read at (module docstring: fractional chips)."""


def phh_scale(phh: PhhHand) -> int:
    """Minor units per PHH chip: 1, or 10 / 100 when the stacks, forced bets, bet sizes and
    ``cbr`` amounts are written with one or two decimals (``1259450.25``: a money hand
    written in currency units). ``finishing_stacks`` / ``winnings`` do not choose the scale
    (an exactly split pot, ``10112.5``, is a result, not the table's unit); a hand finer than
    1/100 stays at 1 and its fractional amounts are refused.

    Returns:
        The smallest scale of (1, 10, 100) that makes every input amount whole (1 when none).
    """
    values: list[Amount] = [*phh.starting_stacks, *phh.antes, *(phh.blinds_or_straddles or ())]
    values += [v for v in (phh.small_bet, phh.big_bet, phh.min_bet, phh.bring_in) if v is not None]
    values += [a.amount for a in phh.actions if a.amount is not None]
    if all(type(v) is int for v in values):
        return 1  # chips (the common case): nothing fractional
    fractional = [v for v in values if not isinstance(v, int) and v.is_finite()]
    if not fractional:
        return 1
    for scale in _SCALES[1:]:
        if all((v * scale) == (v * scale).to_integral_value() for v in fractional):
            return scale
    return 1


def scaled(value: Amount | None, scale: int) -> Amount | None:
    """``value`` in minor units at ``scale`` (an ``int`` when whole, else unchanged)."""
    if value is None or scale == 1:
        return value
    if isinstance(value, int):
        return value * scale
    whole = value * scale
    return int(whole) if whole.is_finite() and whole == whole.to_integral_value() else value


def phh_config(phh: PhhHand) -> HandConfig:
    """The :class:`HandConfig` of a PHH hand (no rake: PHH records none), amounts at
    :func:`phh_scale`.

    Raises:
        InvalidArgument: the variant is not a game floorman plays (field ``variant``); a
            stack, ante, blind or bet size is not a whole number of chips; the blinds are
            none of the placements of
            :func:`~floorman.domain.history.phh_blinds.blind_stakes` (field
            ``blinds_or_straddles``).
    """
    return _config(phh, phh_scale(phh))


def _config(phh: PhhHand, scale: int) -> HandConfig:
    """:func:`phh_config` at ``scale`` (``phh_scale(phh)``, computed once by the caller)."""
    variant = phh.variant_info
    if variant.game is None:
        raise InvalidArgument.single(
            "variant", "", f"{phh.variant} ({variant.name}) is not a game floorman plays"
        )
    problems: list[FieldViolation] = []

    def whole(field: str, value: Amount | None) -> int:
        value = scaled(value, scale)
        if value is None:
            return 0
        if isinstance(value, int):
            return value
        problems.append(FieldViolation(field, "", f"{value} is not a whole number of chips"))
        return 0

    count = phh.player_count
    seats = phh.seats or tuple(range(1, count + 1))
    names = phh.players or ("",) * count

    def wholes(field: str, values: tuple[Amount, ...]) -> list[int]:
        if scale == 1 and all(type(v) is int for v in values):
            return list(values)  # chips as read (the common case): nothing to check
        return [whole(f"{field}[{i}]", v) for i, v in enumerate(values)]

    stacks = wholes("starting_stacks", phh.starting_stacks)
    antes = wholes("antes", phh.antes)
    blinds = wholes("blinds_or_straddles", phh.blinds_or_straddles or ())
    small_bet = whole("small_bet", phh.small_bet)
    big_bet = whole("big_bet", phh.big_bet)
    if variant.structure is not STRUCTURE_FIXED_LIMIT:
        small_bet = big_bet = whole("min_bet", phh.min_bet)
    stakes = Stakes(
        small_bet=small_bet,
        big_bet=big_bet,
        bring_in=whole("bring_in", phh.bring_in),
        ante=antes[0] if len(set(antes)) == 1 else 0,
    )
    forced: list[ForcedBet] = []
    if not variant.stud:
        board = game_spec(variant.game).game in _BOARD_GAMES
        stakes, forced = blind_stakes(stakes, antes, blinds, seats, problems, board=board)
    elif len(set(antes)) > 1:
        effective = antes[::-1] if count == 2 else antes
        forced = [ForcedBet(seat=seat, kind=KIND_ANTE, amount=amount)
                  for seat, amount in zip(seats, effective, strict=True) if amount]  # fmt: skip
    if problems:
        raise InvalidArgument(problems)
    config = HandConfig(
        game=variant.game,
        betting_structure=variant.structure,
        stakes=stakes,
        seats=tuple(
            [
                SeatState(seat=seat, player_id=name, stack=stack)
                for seat, name, stack in zip(seats, names, stacks, strict=True)
            ]
        ),
        button_seat=seats[-1],
        forced_bets=tuple(forced),
    )
    return apply_house_fields(phh, config)  # floorman's user-defined fields (phh_house)


class _Mapper:
    """Turns PHH actions into events, stepping the engine while it accepts them; the street
    tally, for where the engine does not answer, is built on first need (:meth:`tally_before`)."""

    def __init__(
        self, phh: PhhHand, config: HandConfig, scale: int, order: list[tuple[int, PhhAction]]
    ) -> None:
        self.phh = phh
        self.config = config
        self.seats = tuple([s.seat for s in config.seats])
        self.faces = card_faces(config.game)
        self.stepper = EngineStepper(config)
        self.emit = self.stepper.emit
        self.dealt: dict[int, list[Card | None]] = {seat: [] for seat in self.seats}
        self.order = order
        self.tally: StreetTally | None = None
        self.scale = scale

    def seat(self, player: int) -> int:
        return self.seats[player - 1]

    def tally_before(self, index: int) -> StreetTally:
        """The tally of the street's bets before PHH action ``index`` (the one being mapped):
        on first need, a new tally given every action mapped before it (``order`` up to
        ``index``), exactly as keeping it all along would have left it."""
        tally = self.tally
        if tally is None:
            earlier = itertools.takewhile(lambda item: item[0] != index, self.order)
            tally = self.tally = StreetTally(self.config, self.seats)
            tally.replay((action for _, action in earlier), self.seat, self._raise_to)
        return tally

    def _raise_to(self, action: PhhAction) -> int:
        """The tally's amount of a betting action: a ``cbr``'s total at the hand's scale (0
        when not whole), else 0."""
        if action.verb is not VERB_COMPLETE_BET_OR_RAISE_TO:
            return 0
        amount = scaled(action.amount, self.scale)
        return amount if isinstance(amount, int) else 0

    def map(self, index: int, action: PhhAction) -> None:
        verb = action.verb
        if verb is VERB_NO_OP:
            burned = burn_cards(action.commentary)  # floorman's "# burn 7c" (phh_house)
            if burned:
                self.emit(index, Deal(seat=0, cards=burned, burn=True))
            return
        if verb is VERB_DEAL_HOLE:
            self._deal(index, self.seat(action.player), action.cards)
        elif verb is VERB_DEAL_BOARD:
            if self.tally is not None:
                self.tally.new_street()
            self.emit(index, Deal(seat=0, cards=action.cards, face_up=True))
        elif verb is VERB_STAND_PAT_OR_DISCARD:
            if self.tally is not None:
                self.tally.new_street()
            seat = self.seat(action.actor)
            held = self.dealt[seat]
            for card in action.cards:
                if card in held:
                    held.remove(card)
            self.emit(index, Action(seat=seat, type=ACTION_DRAW, cards=action.cards))
        elif verb is VERB_SHOW_OR_MUCK:
            self._show_or_muck(index, action)
        else:
            self._bet(index, action)

    def _deal(self, index: int, seat: int, cards: tuple[Card | None, ...]) -> None:
        if self.tally is not None:
            self.tally.new_street()
        held = self.dealt.setdefault(seat, [])
        if not cards:
            return
        start = len(held)
        held.extend(cards)
        faces = self.faces[start : start + len(cards)]  # beyond the pattern: face down
        if not faces or faces.count(faces[0]) == len(cards):  # one face: one Deal
            self.emit(index, Deal(seat=seat, cards=cards, face_up=bool(faces and faces[0])))
            return
        faces += (False,) * (len(cards) - len(faces))
        begin = 0
        for end in range(1, len(cards) + 1):
            if end == len(cards) or faces[end] != faces[begin]:
                self.emit(index, Deal(seat=seat, cards=cards[begin:end], face_up=faces[begin]))
                begin = end

    def _show_or_muck(self, index: int, action: PhhAction) -> None:
        seat = self.seat(action.actor)
        if action.mucks:
            self.emit(index, Action(seat=seat, type=ACTION_MUCK))
            return
        cards = tuple(self.dealt[seat]) if action.shows_dealt else action.cards
        if action.commentary == EXPOSED and self._reveals_nothing(seat, cards):
            return  # floorman's exposed hand after an all-in (phh_house): a no-op here
        self.emit(index, Action(seat=seat, type=ACTION_SHOW, cards=cards))

    def _reveals_nothing(self, seat: int, cards: tuple[Card | None, ...]) -> bool:
        """The hand is over and ``cards`` name no card the engine does not know the seat
        holds (an unknown card reveals nothing)."""
        state = self.stepper.state
        if state is None or state.phase is not PHASE_COMPLETE:
            return False
        held = set(state.cards[state.positions[seat]]) - {None}
        return {card for card in cards if card is not None} <= held

    def _bet(self, index: int, action: PhhAction) -> None:
        seat = self.seat(action.actor)
        verb = action.verb
        state = self.stepper.state  # the engine answers while it accepts the events
        if verb is VERB_CHECK_OR_CALL:
            kind = None if state is None else check_or_call(state, seat)
            if kind is None:  # the tally's answer (EngineStepper.check_or_call)
                owes = self.tally_before(index).to_call(seat) > 0
                kind = ACTION_CALL if owes else ACTION_CHECK
        elif verb is VERB_COMPLETE_BET_OR_RAISE_TO:
            amount = self._raise_to(action)
            kind = None if state is None else bet_or_raise_kind(state, seat)
            if kind is None:  # the tally's answer (EngineStepper.aggressive)
                kind = self.tally_before(index).aggressive_kind()
            if self.tally is not None:
                self.tally.record(seat, verb, amount)
            self.emit(index, Action(seat=seat, type=kind, amount=amount))
            return
        else:
            kind = ACTION_BRING_IN if verb is VERB_POST_BRING_IN else ACTION_FOLD
        if self.tally is not None:
            self.tally.record(seat, verb, 0)
        action_of = _ACTIONS.get((seat, kind))
        if action_of is None:
            action_of = _ACTIONS[seat, kind] = Action(seat=seat, type=kind)
        self.emit(index, action_of)


_BOARD_GAMES = frozenset(game for game, spec in GAMES.items() if spec.has_board)
"""The community-card games (``GameSpec.has_board`` scans the streets: read once here)."""

_ACTIONS: dict[tuple[int, ActionType], Action] = {}
"""The events without an amount or cards (a seat's FOLD, CHECK, CALL, BRING_IN), each built
once: an :class:`~floorman.domain.model.Action` is frozen, so every hand shares them (at
most a few hundred: seats are bounded, ``limits.MAX_SEATS``)."""
