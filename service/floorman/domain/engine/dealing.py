"""Deals: street cards, board cards, draw replacements, the stud community card, burns; the stub.

RULES.md "Common to every game" (cards), "Five Card Draw, 7-A" ("Draw": the stub reshuffle),
"Seven Card Stud family" (deal pattern, the 7th-street community card, burns not shuffled
back). Unknown cards (``None``) count against the stub like any other card.
"""

from __future__ import annotations

from collections.abc import Sequence

from floorman.domain.cards import Card, card_str
from floorman.domain.engine.flow import begin_betting, next_drawer
from floorman.domain.engine.state import NOBODY, HandState
from floorman.domain.engine.types import DealRequest
from floorman.domain.errors import RuleViolation
from floorman.domain.members import PHASE_COMPLETE, PHASE_DEALING, PHASE_DRAWING
from floorman.domain.model import Deal


def check_new_cards(s: HandState, cards: Sequence[Card | None], *, seat: int) -> set[Card]:
    """Validate cards about to leave the stub; return the known ones (a new set).

    Raises:
        RuleViolation: ``card.malformed`` (not a card), ``card.not_in_deck``,
            ``card.duplicate`` (already out of the stub and not made available again by a
            draw reshuffle, or twice in ``cards``).
    """
    known: set[Card] = set()
    used, available = s.used, s.available
    for card in cards:
        if card is None:
            continue
        if (
            card.__class__ is int
            and 0 <= card < 52
            and card in s.deck
            and card not in known
            and (card not in used or card in available)
        ):
            known.add(card)  # the usual case: a new card of the deck (checked as below)
            continue
        if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < 52:
            raise RuleViolation(
                "card.malformed",
                f"{card!r} is not a card",
                seat=seat,
                cards=(repr(card),),
                card_free="one of the cards is not a card",
            )
        if card not in s.deck:
            raise RuleViolation(
                "card.not_in_deck",
                f"{card_str(card)} is not in this deck",
                seat=seat,
                cards=(card_str(card),),
                card_free="one of the cards is not in this deck",
            )
        if card in known or (card in s.used and card not in s.available):
            raise RuleViolation(
                "card.duplicate",
                f"{card_str(card)} is already out of the stub (in a hand, burned or dealt)",
                seat=seat,
                actual=card_str(card),
                cards=(card_str(card),),
                card_free="one of the cards is already out of the stub (in a hand, burned or "
                "dealt)",
            )
        known.add(card)
    return known


def is_unknown_face_up(deal: Deal) -> bool:
    """``deal`` gives a face-up card (``face_up``, or a community card: seat 0) as unknown
    (``None``, written ``??``); a burn is never face up."""
    return not deal.burn and (deal.face_up or deal.seat == 0) and None in deal.cards


def _whose(deal: Deal) -> str:
    return "the community card" if deal.seat == 0 else f"seat {deal.seat}'s card"


def _count_error(message: str, *, seat: int = 0, expected: object = None) -> RuleViolation:
    return RuleViolation("card.count", message, seat=seat, expected=expected)


def _community_due(s: HandState) -> bool:
    """Stud's last street, nothing dealt yet, and the stub cannot give every live seat a card."""
    return s.need_community > 0 or (
        s.spec.community_last_street
        and s.is_last_street
        and not s.street_started
        and s.phase is PHASE_DEALING
        and s.draw_owed == 0
        and s.stub < s.live_count()
    )


def apply_deal(
    s0: HandState, deal: Deal, *, copy: bool = True, allow_unknown_up: bool = False
) -> HandState:
    """Apply one Deal event (see :mod:`floorman.domain.engine.dealing`) on a copy of ``s0``
    (without ``copy``, ``s0`` itself changes).

    A stud seat's down and up cards of a street may come in any split matching the street's
    pattern, seats in any order; a draw's replacement cards go to the drawing seat right
    after its DRAW; the board cards of a flop, turn or river go to seat 0 (any split: the
    flop may come as one deal of three or card by card); a burn (``burn=True``: seat 0,
    face down; one card before the first card of a street the game burns on, once; or
    during a draw) counts against the stub. A face-up card (``face_up``, or a community
    card: seat 0) must be known: the whole table sees it (docs/rules.md "A face-up card
    must be known"); ``allow_unknown_up`` accepts one as ``??`` all the same, for a written
    record an audit reports on (it notes the finding itself).

    Raises:
        RuleViolation: ``hand.complete``, ``board.count`` (board cards when none are due, or
            more than the street deals), ``card.count`` (no cards due, too many, the wrong
            seat or face), ``card.unknown`` (a face-up ``??``), ``card.malformed``,
            ``card.not_in_deck``, ``card.duplicate``, ``draw.stub`` (a draw beyond the stub
            and the reshuffle).
    """
    if s0.phase is PHASE_COMPLETE:
        raise RuleViolation("hand.complete", "the hand is over: no more cards", seat=deal.seat)
    cards = tuple(deal.cards)
    if not cards:
        raise _count_error("a deal needs at least one card", seat=deal.seat)
    if deal.burn:
        return _burn(s0, deal, cards, copy)
    if s0.phase is not PHASE_DEALING:
        message = f"no cards are due now (the hand is {s0.phase.value})"
        if deal.seat == 0 and s0.has_board:
            raise RuleViolation("board.count", message, actual=len(cards))
        raise _count_error(message, seat=deal.seat)
    if not allow_unknown_up and is_unknown_face_up(deal):
        raise RuleViolation(
            "card.unknown",
            f"{_whose(deal)} is dealt face up: the whole table sees it, so it must be known, "
            "not ??",
            seat=deal.seat,
            actual="??",
        )
    if s0.draw_owed:
        return _replacement(s0, deal, cards, copy)
    return _street_deal(s0, deal, cards, copy)


def _burn(s0: HandState, deal: Deal, cards: tuple[Card | None, ...], copy: bool) -> HandState:
    """A reported burn (RULES.md "Hold'em and Omaha", "Seven Card Stud family", "Five Card
    Stud"): always the dealer's card (seat 0) and face down. Before a street's deal it is one
    card, once, before the street's first card, and only on a street the game burns on (a
    flop, turn or river; stud 4th-7th, Five Card Stud 3rd-5th); never before the hole cards.
    During a draw a reported burn still counts against the stub (docs/rules.md "Service-dealt
    tables never run short": ``draw.stub`` "after reported burns"). Else ``card.count``."""
    if deal.seat != 0:
        raise _count_error(
            f"a burn is the dealer's card: it is reported for seat 0, not seat {deal.seat}",
            seat=deal.seat,
            expected=0,
        )
    if deal.face_up:
        raise _count_error("a burn card is dealt face down, never face up")
    if s0.phase is PHASE_DEALING and not s0.draw_owed:
        spec = s0.street_spec
        if not spec.burn:
            raise _count_error(f"no burn is due now: {spec.name} is dealt without a burn")
        if s0.street_started:
            raise _count_error(
                f"no burn is due now: {spec.name}'s cards are being dealt (its burn comes "
                "before its first card)"
            )
        if s0.street_burned:
            raise _count_error(f"no burn is due now: {spec.name}'s card is already burned")
        if len(cards) != 1:
            raise _count_error(f"{spec.name} burns one card, not {len(cards)}", expected=1)
    elif s0.phase is not PHASE_DRAWING and not s0.draw_owed:
        raise _count_error(f"no burn is due now (the hand is {s0.phase.value})")
    if len(cards) > s0.stub:
        raise _count_error(f"the stub has only {s0.stub} cards to burn", seat=deal.seat)
    due = _cards_due(s0)
    if s0.stub - len(cards) < due:
        raise _count_error(
            f"the stub has {s0.stub} card(s) and {due} must still be dealt on "
            f"{s0.street_spec.name}: there is no card to burn",
            seat=deal.seat,
            expected=due,
        )
    known = check_new_cards(s0, cards, seat=deal.seat)
    s = s0.clone() if copy else s0
    s.used = s.used | known
    if s.available:
        s.available = s.available - known
    s.stub -= len(cards)
    s.street_burned = True
    return s


def _cards_due(s: HandState) -> int:
    """The fewest cards the stub must keep for the deal now due (RULES.md "Seven Card Stud
    family": burn "only if a card is left to burn"): one on a stud last street not yet
    started (a community card can stand in for the players' cards), else every card the
    street still owes the seats; 0 outside a street deal (a draw refills from the reshuffle)."""
    if s.phase is not PHASE_DEALING or s.draw_owed:
        return 0
    if s.need_community > 0:
        return s.need_community
    if s.spec.community_last_street and s.is_last_street and not s.street_started:
        return 1
    return sum(s.need_down) + sum(s.need_up)


def _street_deal(
    s0: HandState, deal: Deal, cards: tuple[Card | None, ...], copy: bool
) -> HandState:
    seat, n = deal.seat, len(cards)
    community = _community_due(s0)
    board = s0.has_board
    if seat == 0:
        if not community:
            if board:
                raise RuleViolation(
                    "board.count",
                    f"no board card is due now ({s0.street_spec.name} deals the players' cards)",
                    actual=n,
                )
            raise _count_error(f"no community card is due on {s0.street_spec.name}")
        if board and n > s0.need_community:
            raise RuleViolation(
                "board.count",
                f"{s0.street_spec.name} deals {s0.need_community} more board card(s), not {n}",
                expected=s0.need_community,
                actual=n,
            )
        if not board and n > 1:
            raise _count_error("one community card is dealt", expected=1)
    else:
        pos = s0.positions.get(seat, NOBODY)
        if pos == NOBODY or s0.folded[pos]:
            raise _count_error(f"seat {seat} is not in the hand", seat=seat)
        if community and board:
            raise _count_error(
                f"{s0.street_spec.name} deals board cards (seat 0), not cards to seat {seat}",
                seat=seat,
            )
        if community:
            raise _count_error(
                f"the stub ({s0.stub}) cannot give every player a card: one community card "
                "(seat 0) is dealt instead",
                seat=seat,
            )
        need = s0.need_up[pos] if deal.face_up else s0.need_down[pos]
        if n > need:
            face = "up" if deal.face_up else "down"
            raise _count_error(
                f"seat {seat} is due {need} more face-{face} card(s) on {s0.street_spec.name}, "
                f"not {n}",
                seat=seat,
                expected=need,
            )
    if n > s0.stub:
        raise _count_error(f"the stub has only {s0.stub} cards", seat=seat)
    known = check_new_cards(s0, cards, seat=seat)
    s = s0.clone() if copy else s0
    s.used = s.used | known
    if s.available:
        s.available = s.available - known
    s.stub -= n
    s.street_started = True
    if seat == 0 and board:
        s.community = (*s.community, *cards)
        s.need_community -= n
    elif seat == 0:
        s.community = (*s.community, *cards)
        s.need_community = 0
        s.need_down = [0] * len(s.seats)
        s.need_up = [0] * len(s.seats)
    else:
        pos = s.positions[seat]
        s.cards[pos] = (*s.cards[pos], *cards)
        s.up[pos] = (*s.up[pos], *((deal.face_up,) * n))
        if deal.face_up:
            s.need_up[pos] -= n
        else:
            s.need_down[pos] -= n
    if not any(s.need_down) and not any(s.need_up) and not s.need_community:
        begin_betting(s)
    return s


def _replacement(
    s0: HandState, deal: Deal, cards: tuple[Card | None, ...], copy: bool
) -> HandState:
    drawer = s0.seats[s0.to_act]
    n = len(cards)
    if deal.seat != drawer:
        raise _count_error(
            f"replacement cards are due to seat {drawer}, not seat {deal.seat}", seat=deal.seat
        )
    if deal.face_up:
        raise _count_error("draw replacement cards are dealt face down", seat=drawer)
    if n > s0.draw_owed:
        raise _count_error(
            f"seat {drawer} is due {s0.draw_owed} replacement card(s), not {n}",
            seat=drawer,
            expected=s0.draw_owed,
        )
    s = s0.clone() if copy else s0
    if s.draw_owed > s.stub:
        _reshuffle(s, s.to_act)
    if n > s.stub:
        raise RuleViolation(
            "draw.stub",
            f"the stub and the reshuffled discards hold {s.stub} card(s); seat {drawer} "
            f"cannot be dealt {n}",
            seat=drawer,
            expected=s.stub,
            actual=n,
        )
    known = check_new_cards(s, cards, seat=drawer)
    pos = s.to_act
    s.used = s.used | known
    if s.available:
        s.available = s.available - known
    s.stub -= n
    s.cards[pos] = (*s.cards[pos], *cards)
    s.up[pos] = (*s.up[pos], *((False,) * n))
    s.draw_owed -= n
    if s.draw_owed == 0:
        next_drawer(s)
    return s


def _reshuffle(s: HandState, drawer: int) -> None:
    """The stub cannot cover the draw: the rest of the stub and every card discarded earlier
    in this hand by other players (never the drawer's own, never folded hands) form a new
    stub (RULES.md "Five Card Draw, 7-A", "Draw")."""
    pool = [card for pos, card in s.discards if pos != drawer]
    s.discards = tuple((pos, card) for pos, card in s.discards if pos == drawer)
    s.stub += len(pool)
    s.available = s.available | {card for card in pool if card is not None}


def pending_deals(s: HandState) -> tuple[DealRequest, ...]:
    """What must be dealt next, for a service-dealt table.

    One request per seat and face (down cards first), seats clockwise from the dealer's left;
    ``seat`` 0 with the board cards still due on a flop (3), turn or river (1), face up, or
    with one face-up card when the stud community card is due; the drawing seat's
    replacement cards during a draw. Burns are the dealer's own business (report them as
    ``Deal(burn=True)``). Empty when no cards are due.
    """
    if s.phase is not PHASE_DEALING:
        return ()
    if s.draw_owed:
        return (DealRequest(s.seats[s.to_act], s.draw_owed, False),)
    if _community_due(s):
        return (DealRequest(0, s.need_community or 1, True),)
    out: list[DealRequest] = []
    for pos in s.clockwise(s.dealer_left):
        if s.need_down[pos]:
            out.append(DealRequest(s.seats[pos], s.need_down[pos], False))
        if s.need_up[pos]:
            out.append(DealRequest(s.seats[pos], s.need_up[pos], True))
    return tuple(out)
