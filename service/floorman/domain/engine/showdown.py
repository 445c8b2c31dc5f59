"""The showdown: SHOW and MUCK in showdown order (RULES.md "Common to every game").

SHOW carries every own card of the seat (the community card excluded) and must match what
was dealt; an unknown dealt card is revealed by it. MUCK gives the hand up (the seat is out
of every pot); when one hand is left it wins without showing. After an all-in with the
betting over, every hand is face up without a SHOW; a SHOW of such a hand is still accepted,
before or after the last card, to reveal its unknown cards.
"""

from __future__ import annotations

from floorman.domain.cards import Card, card_str
from floorman.domain.engine.dealing import check_new_cards
from floorman.domain.engine.flow import finish
from floorman.domain.engine.state import NOBODY, HandState
from floorman.domain.errors import RuleViolation
from floorman.domain.members import ACTION_MUCK, ACTION_SHOW, PHASE_SHOWDOWN
from floorman.domain.model import Action, ActionType


def _shown_hand(
    s: HandState, pos: int, shown: tuple[Card | None, ...]
) -> tuple[tuple[Card | None, ...], set[Card]]:
    """The seat's cards with unknown ones replaced by the shown cards, and the cards revealed.

    Raises:
        RuleViolation: ``card.count`` (not every own card shown, or a card dealt to the seat
            missing from the SHOW: the cards shown differ from the ones dealt),
            ``card.duplicate`` / ``card.not_in_deck`` for a revealed card.
    """
    seat = s.seats[pos]
    held = s.cards[pos]
    if len(shown) != len(held):
        raise RuleViolation(
            "card.count",
            f"SHOW carries all {len(held)} of seat {seat}'s own cards, not {len(shown)}",
            seat=seat,
            expected=len(held),
            actual=len(shown),
        )
    extra = list(shown)
    for card in held:
        if card is None:
            continue
        if card in extra:
            extra.remove(card)
        else:
            raise RuleViolation(
                "card.count",
                f"SHOW must carry the cards dealt to seat {seat}: {card_str(card)} is missing",
                seat=seat,
                expected=card_str(card),
                cards=(card_str(card),),
                card_free=f"SHOW must carry the cards dealt to seat {seat}: one is missing",
            )
    revealed = check_new_cards(s, [c for c in extra if c is not None], seat=seat)
    fill = iter(sorted(extra, key=lambda c: c is None))
    return tuple(next(fill) if card is None else card for card in held), revealed


def _reveal(s: HandState, pos: int, shown: tuple[Card | None, ...]) -> None:
    """Replace ``pos``'s unknown cards by the shown ones (validated by the caller)."""
    cards, revealed = _shown_hand(s, pos, shown)
    s.cards[pos] = cards
    s.used = s.used | revealed
    s.available = s.available - revealed


def apply_exposed_show(s0: HandState, action: Action, *, copy: bool = True) -> HandState:
    """A SHOW of a hand already face up after an all-in (the seat is still in the pot):
    reveals unknown cards, nothing else (``copy``: on a copy of ``s0``; else ``s0`` itself).

    Raises:
        RuleViolation: the SHOW card errors (``card.count``, ``card.duplicate``, ...).
    """
    s = s0.clone() if copy else s0
    _reveal(s, s.positions[action.seat], tuple(action.cards))
    return s


def apply_showdown(s0: HandState, action: Action, *, copy: bool = True) -> HandState:
    """Apply a SHOW or MUCK by the seat whose turn it is to show (``copy``: on a copy of
    ``s0``; else ``s0`` itself changes).

    Raises:
        RuleViolation: ``showdown.order`` (another seat), ``action.not_allowed`` (another
            action type, or a SHOW missing a dealt card), ``card.count``, ``card.duplicate``.
    """
    pos = s0.positions.get(action.seat, NOBODY)
    if pos != s0.to_act:
        expected = s0.seats[s0.to_act]
        raise RuleViolation(
            "showdown.order",
            f"seat {expected} shows (or mucks) first, not seat {action.seat}",
            seat=action.seat,
            expected=expected,
            actual=action.seat,
        )
    s = s0.clone() if copy else s0
    if action.type is ACTION_SHOW:
        _reveal(s, pos, tuple(action.cards))
    elif action.type is ACTION_MUCK:
        s.folded[pos] = True
    else:
        kind = action.type.value if isinstance(action.type, ActionType) else action.type
        raise RuleViolation(
            "action.not_allowed", f"{kind} is not allowed at the showdown", seat=action.seat
        )
    if s.live_count() == 1 or not s.show_queue:
        finish(s)
        return s
    s.to_act = s.show_queue[0]
    s.show_queue = s.show_queue[1:]
    s.phase = PHASE_SHOWDOWN
    return s
