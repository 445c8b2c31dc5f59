"""DESIGN.md "WatchTable and GetHand redact hole cards per caller role": dealer sees all live,
auditor once the hand has ended, observer only face-up cards and cards shown at showdown."""

from __future__ import annotations

import pytest

from floorman.domain.cards import parse_cards
from floorman.domain.engine import Finding
from floorman.domain.model import Action, ActionType, Deal
from floorman.domain.table.redaction import (
    CARD_FREE_RULES,
    HIDDEN_DETAILS,
    Role,
    Viewer,
    redact_event,
    redact_finding,
)


def cards(text: str) -> tuple:
    """Cards from text."""
    return tuple(parse_cards(text.split()))


DOWN = Deal(seat=3, cards=cards("Ah Kd"))
UP = Deal(seat=3, cards=cards("7c"), face_up=True)
BURN = Deal(seat=0, cards=cards("2s"), burn=True)
DRAW = Action(seat=3, type=ActionType.DRAW, cards=cards("Ah"))
SHOW = Action(seat=3, type=ActionType.SHOW, cards=cards("Ah Kd 7c"))


@pytest.mark.parametrize("hand_over", [False, True])
def test_dealer_sees_every_card_live(hand_over):
    """The dealer role sees hole cards, burns and discards whether or not the hand ended."""
    viewer = Viewer(Role.DEALER)
    for event in (DOWN, BURN, DRAW):
        assert redact_event(event, viewer=viewer, hand_over=hand_over, public=frozenset()) == event


def test_auditor_sees_hole_cards_only_once_the_hand_has_ended():
    """The auditor role sees hole cards, burns and discards after the hand, not during it."""
    viewer = Viewer(Role.AUDITOR)
    live = redact_event(DOWN, viewer=viewer, hand_over=False, public=frozenset())
    assert live.cards == (None, None)
    assert redact_event(DOWN, viewer=viewer, hand_over=True, public=frozenset()) == DOWN
    assert redact_event(BURN, viewer=viewer, hand_over=True, public=frozenset()) == BURN


def test_observer_sees_face_up_and_shown_cards_only():
    """The observer role: face-up cards and cards shown at the showdown; the rest, burns and
    discards are ``??`` even after the hand."""
    viewer = Viewer(Role.OBSERVER)
    shown = frozenset(cards("Ah"))
    assert redact_event(UP, viewer=viewer, hand_over=False, public=frozenset()) == UP
    assert redact_event(DOWN, viewer=viewer, hand_over=True, public=shown).cards == (
        cards("Ah")[0],
        None,
    )
    assert redact_event(
        BURN, viewer=viewer, hand_over=True, public=frozenset(cards("2s"))
    ).cards == (None,)
    assert redact_event(DRAW, viewer=viewer, hand_over=True, public=shown).cards == (None,)
    assert redact_event(SHOW, viewer=viewer, hand_over=False, public=frozenset()) == SHOW


def test_refused_event_with_cards_keeps_its_details_from_viewers_who_may_not_see_them():
    """A finding whose refused event carried cards shows only its rule and seat to an
    observer (and to an auditor until the hand ends)."""
    finding = Finding("card.duplicate", "Ah is already out of the stub", seat=3, actual="Ah")
    observer = redact_finding(finding, secret=True, viewer=Viewer(), hand_over=True)
    assert (observer.rule, observer.seat, observer.message, observer.actual) == (
        "card.duplicate", 3, HIDDEN_DETAILS, "",
    )  # fmt: skip
    auditor = Viewer(Role.AUDITOR)
    assert redact_finding(finding, secret=True, viewer=auditor, hand_over=True) == finding
    assert redact_finding(finding, secret=False, viewer=Viewer(), hand_over=False) == finding


def test_refused_event_with_cards_shows_rules_that_never_name_a_card():
    """docs/rules.md: the rule id is always shown; a rule on the card-free allow-list
    (``deal.mode``, ``hand.complete``, ``turn.out_of_turn`` ...) keeps its message and values
    for an observer, a rule that may name a card (``card.duplicate``) does not."""
    finding = Finding("turn.out_of_turn", "seat 2 is to act, not seat 3", seat=3, expected="2")
    assert redact_finding(finding, secret=True, viewer=Viewer(), hand_over=False) == finding
    assert {"deal.mode", "hand.complete", "turn.out_of_turn"} <= CARD_FREE_RULES
    assert not {"card.duplicate", "card.not_in_deck", "action.not_allowed"} & CARD_FREE_RULES
