"""The draw (RULES.md "Five Card Draw, 7-A", "Draw"): discard 0-5, receive as many.

Starting left of the button, each live seat (all-in seats too) DRAWs in turn; its replacement
cards come as a Deal to it before the next seat draws. DRAW with no cards stands pat. The
seat whose turn it is may FOLD instead (house choice: a fold is always allowed in turn).
"""

from __future__ import annotations

from floorman.domain.cards import Card, card_str
from floorman.domain.engine.betting import check_no_amount
from floorman.domain.engine.dealing import check_new_cards
from floorman.domain.engine.flow import finish, next_drawer
from floorman.domain.engine.state import NOBODY, HandState
from floorman.domain.errors import RuleViolation
from floorman.domain.members import ACTION_DRAW, ACTION_FOLD, PHASE_DEALING
from floorman.domain.model import Action, ActionType

MAX_DISCARDS = 5
"""Most cards a draw discards in a five-card game; a game's own limit is
:attr:`~floorman.domain.games.GameSpec.max_discards` (Badugi 4)."""


def discard_limit(s: HandState, pos: int) -> int:
    """Most cards position ``pos`` may discard now: the game's limit (RULES.md "Five Card
    Draw, 7-A", "Lowball draw and Badugi": 0-5, Badugi 0-4), at most the cards it holds."""
    return min(s.spec.max_discards, len(s.cards[pos]))


def remove_cards(
    s: HandState, pos: int, wanted: tuple[Card | None, ...], *, rule: str
) -> tuple[tuple[Card | None, ...], set[Card]]:
    """Take ``wanted`` out of position ``pos``'s cards.

    A known card the seat does not visibly hold may stand for one of its unknown cards if it
    is still unseen (it is then revealed); ``None`` takes one unknown card.

    Returns:
        ``(cards left, known cards revealed)``.

    Raises:
        RuleViolation: ``rule`` when the seat does not hold a wanted card; the card errors of
            :func:`~floorman.domain.engine.dealing.check_new_cards` for a revealed card.
    """
    seat = s.seats[pos]
    held = list(s.cards[pos])
    revealed: list[Card] = []
    for card in sorted(wanted, key=lambda c: c is None):  # known cards first
        if card is not None and card in held:
            held.remove(card)
        elif None in held:
            held.remove(None)
            if card is not None:
                revealed.append(card)
        else:
            raise RuleViolation(
                rule,
                f"seat {seat} does not hold {card_str(card)}",
                seat=seat,
                actual=card_str(card),
                cards=(card_str(card),),
                card_free=f"seat {seat} does not hold one of the cards it discards",
            )
    known = check_new_cards(s, revealed, seat=seat)
    return tuple(held), known


def apply_draw(s0: HandState, action: Action, *, copy: bool = True) -> HandState:
    """Apply a DRAW (or a FOLD) by the seat whose turn it is to draw (``copy``: on a copy
    of ``s0``; else ``s0`` itself changes).

    Raises:
        RuleViolation: ``turn.out_of_turn``, ``action.not_allowed`` (another action type),
            ``bet.amount`` (a FOLD naming an amount), ``draw.discard_count`` (more than the game's
            limit of discards, or cards the seat does not hold).
    """
    pos = s0.positions.get(action.seat, NOBODY)
    if pos != s0.to_act:
        expected = s0.seats[s0.to_act]
        raise RuleViolation(
            "turn.out_of_turn",
            f"seat {expected} is to draw, not seat {action.seat}",
            seat=action.seat,
            expected=expected,
            actual=action.seat,
        )
    if action.type is ACTION_FOLD:
        check_no_amount(action)
        s = s0.clone() if copy else s0
        s.folded[pos] = True
        if s.live_count() == 1:
            finish(s)
        else:
            next_drawer(s)
        return s
    if action.type is not ACTION_DRAW:
        kind = action.type.value if isinstance(action.type, ActionType) else action.type
        raise RuleViolation(
            "action.not_allowed", f"{kind} is not allowed during the draw", seat=action.seat
        )
    discards = tuple(action.cards)
    limit = discard_limit(s0, pos)
    if len(discards) > limit:
        raise RuleViolation(
            "draw.discard_count",
            f"a draw discards 0 to {limit} cards, not {len(discards)}",
            seat=action.seat,
            expected=limit,
            actual=len(discards),
        )
    kept, revealed = remove_cards(s0, pos, discards, rule="draw.discard_count")
    s = s0.clone() if copy else s0
    s.used = s.used | revealed
    s.available = s.available - revealed
    s.cards[pos] = kept
    s.up[pos] = (False,) * len(kept)
    s.discards = (*s.discards, *((pos, card) for card in discards))
    if discards:
        s.draw_owed = len(discards)
        s.phase = PHASE_DEALING
    else:
        next_drawer(s)
    return s
