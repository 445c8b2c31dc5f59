"""Who may see which cards (DESIGN.md "WatchTable and GetHand redact hole cards per role").

Roles: ``dealer`` sees everything live; ``auditor`` sees hole cards once the hand has ended
(settled); ``observer`` sees face-up cards and cards shown at the showdown (including every
live hand turned face up after an all-in) and nothing else. A hidden card becomes ``None``
(``??`` on the wire). Draw discards and burns are never shown; refused events that carried
cards keep their details from viewers who may not see the hand's hole cards (the engine's
message may name a card).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import Final

from floorman.domain.cards import Card
from floorman.domain.engine import Finding
from floorman.domain.model import Action, ActionType, Deal, HandEvent


class Role(enum.Enum):
    """A caller's role for card visibility."""

    DEALER = "dealer"
    AUDITOR = "auditor"
    OBSERVER = "observer"


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who asks. Today the server's ``anonymous_role`` (authentication arrives later and
    supplies it per caller)."""

    role: Role = Role.OBSERVER

    def sees_hole_cards(self, *, hand_over: bool) -> bool:
        """True when this viewer sees every card of a hand (``hand_over``: it is settled)."""
        return self.role is Role.DEALER or (self.role is Role.AUDITOR and hand_over)


def _visible(cards: tuple[Card | None, ...], public: frozenset[Card]) -> tuple[Card | None, ...]:
    return tuple(card if card is not None and card in public else None for card in cards)


def redact_event(
    event: HandEvent, *, viewer: Viewer, hand_over: bool, public: frozenset[Card]
) -> HandEvent:
    """``event`` as ``viewer`` may see it.

    Args:
        event: a hand's Deal or Action.
        viewer: who asks.
        hand_over: the hand is settled.
        public: hole cards shown to everyone (see :meth:`HandRun.public_cards`).
    """
    if viewer.sees_hole_cards(hand_over=hand_over):
        return event
    if isinstance(event, Deal):
        if event.face_up and not event.burn:
            return event
        return replace(event, cards=_visible(event.cards, frozenset() if event.burn else public))
    if isinstance(event, Action) and event.cards and event.type is not ActionType.SHOW:
        return replace(event, cards=tuple(None for _ in event.cards))
    return event


HIDDEN_DETAILS = "details hidden: the refused event carried cards"

CARD_FREE_RULES: Final = frozenset(
    {
        "deal.mode",  # "this table is service-dealt: it deals itself"
        "hand.complete",  # "the hand is over", "no hand is in progress ..."
        "table.closed",
        "turn.out_of_turn",  # seats only: "seat 3 is to act, not seat 2"
        "bring_in.player",  # seats only, with the reason in words
        "stud.first_to_act",  # seats only, with the reason in words
        "showdown.order",  # "seat 3 shows (or mucks) first, not seat 2"
        "action.extra_cards",  # the action type only
        "action.extra_amount",  # the action type and the amount
    }
)
"""Rules whose messages (and expected/actual values) never name a card: a refused event that
carried cards keeps them in full for every viewer. Any other rule (``card.duplicate``,
``card.not_in_deck``, ``draw.*``, ``action.not_allowed`` on a SHOW missing a card ...) may
name one, so its details stay hidden from a viewer who cannot see the hand's hole cards.
Add a rule here only after checking every message the code raises it with."""


def hides_details(rule: str, *, secret: bool, viewer: Viewer, hand_over: bool) -> bool:
    """True when a refusal of ``rule`` must keep its message, expected and actual from
    ``viewer``: its event carried cards (``secret``), the rule's messages may name a card
    (not in :data:`CARD_FREE_RULES`), and the viewer does not see the hand's hole cards."""
    if not secret or rule in CARD_FREE_RULES:
        return False
    return not viewer.sees_hole_cards(hand_over=hand_over)


def redact_finding(finding: Finding, *, secret: bool, viewer: Viewer, hand_over: bool) -> Finding:
    """A finding as ``viewer`` may see it: a ``secret`` one (its event carried cards) keeps
    only its rule, seat and event index unless the viewer sees the hand's hole cards or the
    rule never names a card (:func:`hides_details`)."""
    if not hides_details(finding.rule, secret=secret, viewer=viewer, hand_over=hand_over):
        return finding
    return replace(finding, message=HIDDEN_DETAILS, expected="", actual="")
