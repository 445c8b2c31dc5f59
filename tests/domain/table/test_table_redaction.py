"""DESIGN.md "WatchTable and GetHand redact hole cards per caller role": dealer sees all live,
auditor once the hand has ended, observer only face-up cards and cards shown at showdown."""

from __future__ import annotations

import pytest

from floorman.domain.cards import parse_cards
from floorman.domain.engine import Finding
from floorman.domain.errors import RuleViolation
from floorman.domain.model import Action, ActionType, Deal
from floorman.domain.table.redaction import (
    CARD_FREE_RULES,
    HIDDEN_DETAILS,
    Role,
    Viewer,
    redact_event,
    redact_finding,
    shown_violation,
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
    """A finding of an old log (no card-free form stored) whose refused event carried cards
    shows only its rule and seat to an observer (and to an auditor until the hand ends)."""
    finding = Finding("card.duplicate", "Ah is already out of the stub", seat=3, actual="Ah")
    observer = redact_finding(finding, secret=True, viewer=Viewer(), hand_over=True)
    assert (observer.rule, observer.seat, observer.message, observer.actual) == (
        "card.duplicate", 3, HIDDEN_DETAILS, "",
    )  # fmt: skip
    auditor = Viewer(Role.AUDITOR)
    assert redact_finding(finding, secret=True, viewer=auditor, hand_over=True) == finding
    assert redact_finding(finding, secret=False, viewer=Viewer(), hand_over=False) == finding


def test_refused_event_with_cards_shows_rules_that_never_name_a_card():
    """docs/rules.md, old logs: the rule id is always shown; a rule on the card-free
    allow-list (``deal.mode``, ``hand.complete``, ``turn.out_of_turn`` ...) keeps its
    message and values for an observer, a rule that may name a card (``card.duplicate``)
    does not."""
    finding = Finding("turn.out_of_turn", "seat 2 is to act, not seat 3", seat=3, expected="2")
    assert redact_finding(finding, secret=True, viewer=Viewer(), hand_over=False) == finding
    assert {"deal.mode", "hand.complete", "turn.out_of_turn"} <= CARD_FREE_RULES
    assert not {"card.duplicate", "card.not_in_deck", "action.not_allowed"} & CARD_FREE_RULES


def test_a_refusal_with_its_card_free_form_reads_in_words_that_name_no_card():
    """Issue 10 point 5: a finding stored with its card-free form (``public``) reads, for an
    observer, as that form plus which role sees more; for an auditor while the hand runs,
    the same with the auditor's own hint; for the dealer, in full. A card-free form that
    withholds nothing (the message named no card) is shown as it is, without a hint."""
    violation = RuleViolation(
        "card.duplicate", "Ah is already out of the stub", seat=3, actual="Ah",
        cards=("Ah",), card_free="one of the cards is already out of the stub",
    )  # fmt: skip
    full = Finding("card.duplicate", violation.message, seat=3, actual="Ah", event_index=4)
    card_free = violation.without_cards()
    public = Finding("card.duplicate", card_free.message, seat=3, event_index=4)
    observer = redact_finding(full, secret=True, viewer=Viewer(), hand_over=False, public=public)
    assert (observer.message, observer.actual, observer.seat, observer.event_index) == (
        "one of the cards is already out of the stub (a dealer or admin token sees the cards)",
        "", 3, 4,
    )  # fmt: skip
    auditor = redact_finding(
        full, secret=True, viewer=Viewer(Role.AUDITOR), hand_over=False, public=public
    )
    assert auditor.message.endswith("; this auditor token once the hand is settled)")
    dealer = Viewer(Role.DEALER)
    assert redact_finding(full, secret=True, viewer=dealer, hand_over=False, public=public) == full
    plain = Finding("card.count", "seat 5 is not in the hand", seat=5)
    same = redact_finding(plain, secret=True, viewer=Viewer(), hand_over=False, public=plain)
    assert same == plain
    shown = shown_violation(violation, card_free, secret=True, viewer=Viewer())
    assert (shown.rule, shown.seat, shown.actual) == ("card.duplicate", 3, "")
    assert "Ah" not in str(shown)
