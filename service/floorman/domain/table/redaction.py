"""Who may see which cards (DESIGN.md "WatchTable and GetHand redact hole cards per role").

Roles: ``dealer`` sees everything live; ``auditor`` sees hole cards once the hand has ended
(settled); ``observer`` sees face-up cards and cards shown at the showdown (including every
live hand turned face up after an all-in) and nothing else. A hidden card becomes ``None``
(``??`` on the wire). Draw discards and burns are never shown. A refused event that carried
cards is shown to a viewer who may not see the hand's hole cards in words that name no card
(``seat 5 is not in the hand``, ``one of the cards is already out of the stub``), built from
the violation's structure (:meth:`~floorman.domain.errors.RuleViolation.without_cards`: its
rule, seat and card-free words, expected and actual unless they are cards), with which role
would see more (``(a dealer or admin token sees the cards)``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import Final

from floorman.domain.cards import Card
from floorman.domain.engine import Finding
from floorman.domain.errors import RuleViolation
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
"""The message of a secret refusal recorded before refusals carried their card-free words
(an old log), for a viewer who may not see the cards."""

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
"""Old logs only: rules whose messages never named a card, so a secret refusal recorded
without its card-free words (``public``) is still shown in full. Every refusal written now
carries its card-free words (:meth:`~floorman.domain.errors.RuleViolation.without_cards`)."""


def _same(public: RuleViolation | Finding, full: RuleViolation | Finding) -> bool:
    """True when the card-free form withholds nothing (the message named no card)."""
    return (public.message, public.expected, public.actual) == (
        full.message,
        full.expected,
        full.actual,
    )


def sees_more_hint(viewer: Viewer) -> str:
    """Which role would see the refused cards, in words (``"a dealer or admin token sees
    the cards"``)."""
    if viewer.role is Role.AUDITOR:
        return "a dealer or admin token sees the cards; this auditor token once the hand is settled"
    return "a dealer or admin token sees the cards"


def hides_details(rule: str, *, secret: bool, viewer: Viewer, hand_over: bool) -> bool:
    """True when a refusal of ``rule`` is shown to ``viewer`` in its card-free words: its
    event carried cards (``secret``) and the viewer does not see the hand's hole cards."""
    del rule  # every rule has its card-free words now
    return secret and not viewer.sees_hole_cards(hand_over=hand_over)


def shown_violation(
    violation: RuleViolation,
    public: RuleViolation | None,
    *,
    secret: bool,
    viewer: Viewer,
    hand_over: bool = False,
) -> RuleViolation:
    """A refusal as ``viewer`` may see it: in full, unless its event carried cards
    (``secret``) and the viewer does not see the hand's hole cards. Then: the card-free words
    (``public``, from :meth:`RuleViolation.without_cards`) and, when they withhold a card,
    which role would see more (:func:`sees_more_hint`); for an old stored refusal without
    them, only its rule and seat (unless :data:`CARD_FREE_RULES`)."""
    if not hides_details(violation.rule, secret=secret, viewer=viewer, hand_over=hand_over):
        return violation
    if public is None:
        if violation.rule in CARD_FREE_RULES:
            return violation
        return RuleViolation(violation.rule, HIDDEN_DETAILS, seat=violation.seat)
    if _same(public, violation):
        return violation  # it names no card: nothing is withheld
    return RuleViolation(
        public.rule,
        f"{public.message} ({sees_more_hint(viewer)})",
        seat=public.seat,
        expected=public.expected or None,
        actual=public.actual or None,
    )


def redact_finding(
    finding: Finding,
    *,
    secret: bool,
    viewer: Viewer,
    hand_over: bool,
    public: Finding | None = None,
) -> Finding:
    """A recorded refusal's finding as ``viewer`` may see it (as :func:`shown_violation`):
    ``public`` (its card-free form) with the role hint when it is ``secret`` and the viewer
    does not see the hand's hole cards; for an old record without it, only its rule, seat
    and event index (unless :data:`CARD_FREE_RULES`)."""
    if not hides_details(finding.rule, secret=secret, viewer=viewer, hand_over=hand_over):
        return finding
    if public is None:
        if finding.rule in CARD_FREE_RULES:
            return finding
        return replace(finding, message=HIDDEN_DETAILS, expected="", actual="")
    if _same(public, finding):
        return finding  # it names no card: nothing is withheld
    return replace(public, message=f"{public.message} ({sees_more_hint(viewer)})")
