"""Refusals people can act on under a role that may not see cards (issue 10 point 5;
docs/rules.md "A refused action or deal is a finding"): a refused event that carried cards
explains itself to an observer in words that name no card, built from the violation's
structure (rule, seat, card-free words, expected/actual unless they are cards), and says
which role would see more when something was withheld. The caller's answer, the table log
and a retried request id agree."""

from __future__ import annotations

import ast
import pathlib
import re

import pytest
from tables_app_support import AUDITOR, DEALER, OBSERVER, Table, cards, service, table_settings

from floorman.app.tables import commands as c
from floorman.domain.errors import RuleViolation
from floorman.domain.model import ActionType, Deal, Game
from floorman.domain.table.settings import DealMode

CARD = re.compile(r"\b(?:[2-9TJQKA][cdhs]|10[cdhs])\b")
HINT = "(a dealer or admin token sees the cards)"
AUDITOR_HINT = (
    "(a dealer or admin token sees the cards; this auditor token once the hand is settled)"
)
SEATED = {2: "As Ah Ad 7c 8d"}


def recorded(game: Game = Game.FIVE_CARD_DRAW, *, start: bool = True) -> Table:
    """A recorded table, three players, seat 2 dealt ``As Ah Ad 7c 8d`` (when started)."""
    table = Table.create(service(), table_settings(game, deal_mode=DealMode.RECORDED, ante=5))
    for seat in (1, 2, 3):
        table.seat(seat, 2000)
    if start:
        table.start()
        if game is Game.FIVE_CARD_DRAW:
            table.deal(Deal(seat=2, cards=cards(SEATED[2])))
    return table


def refused(table: Table, viewer, kind: type, request_id: str, **fields) -> RuleViolation:
    """The refusal ``viewer`` gets for one write."""
    table.viewer = viewer
    try:
        with pytest.raises(RuleViolation) as caught:
            table.run(kind, request_id=request_id, **fields)
    finally:
        table.viewer = DEALER
    return caught.value


def seen(violation: RuleViolation) -> tuple:
    return (violation.rule, violation.seat, violation.message, violation.expected, violation.actual)


def logged(table: Table, viewer) -> tuple:
    """The last finding of the log as ``viewer`` reads it."""
    events = table.service.events_after(table.table_id, 0, viewer=viewer).events
    finding = events[-1].event.finding
    return (finding.rule, finding.seat, finding.message, finding.expected, finding.actual)


def test_card_duplicate_is_card_free_for_an_observer_and_in_full_for_a_dealer():
    """RULES.md ``card.duplicate``: a deal of a card seat 2 holds. The dealer reads the card;
    the observer reads the same rule and seat, "one of the cards is already out of the stub"
    and which role sees more, and no card, as the caller, in the log and on a retry."""
    table = recorded()
    deals = (Deal(seat=3, cards=cards("Ks As")),)
    observer = refused(table, OBSERVER, c.DealCards, "dup", deals=deals)
    assert seen(observer) == (
        "card.duplicate", 3,
        f"one of the cards is already out of the stub (in a hand, burned or dealt) {HINT}",
        "", "",
    )  # fmt: skip
    assert not CARD.search(str(observer))
    dealer = refused(table, DEALER, c.DealCards, "dup", deals=deals)  # the stored answer
    assert seen(dealer) == (
        "card.duplicate", 3,
        "As is already out of the stub (in a hand, burned or dealt)", "", "As",
    )  # fmt: skip
    assert seen(refused(table, OBSERVER, c.DealCards, "dup", deals=deals)) == seen(observer)
    assert logged(table, OBSERVER) == seen(observer)
    assert logged(table, DEALER) == seen(dealer)
    auditor = logged(table, AUDITOR)  # the hand still runs: the auditor sees no card yet
    assert auditor[2].endswith(AUDITOR_HINT) and not CARD.search(str(auditor))


def test_card_count_names_no_card_so_the_observer_reads_it_in_full():
    """RULES.md ``card.count``: a deal to seat 5, who is not in the hand, reads "seat 5 is
    not in the hand" for the observer exactly as for the dealer (nothing is withheld, so
    no role would see more)."""
    table = recorded()
    deals = (Deal(seat=5, cards=cards("Kc")),)
    observer = refused(table, OBSERVER, c.DealCards, "five", deals=deals)
    assert seen(observer) == ("card.count", 5, "seat 5 is not in the hand", "", "")
    assert logged(table, OBSERVER) == logged(table, DEALER) == seen(observer)


def test_stud_community_card_out_of_its_street_is_card_count_for_every_viewer():
    """RULES.md ``card.count``: a community card (seat 0) on third street reads "no
    community card is due on third street" for the observer, word for word the dealer's."""
    table = recorded(Game.SEVEN_CARD_STUD)
    deals = (Deal(seat=0, cards=cards("Kc"), face_up=True),)
    observer = refused(table, OBSERVER, c.DealCards, "board", deals=deals)
    assert observer.rule == "card.count"
    assert observer.message.startswith("no community card is due on ")
    assert logged(table, OBSERVER) == logged(table, DEALER) == seen(observer)


def test_turn_out_of_turn_with_cards_is_shown_in_full():
    """RULES.md ``turn.out_of_turn``: a DRAW carrying cards by seat 3 while seat 1 is to
    act names seats only: every viewer reads "seat 1 is to act, not seat 3"."""
    table = recorded()
    for seat in (1, 3):
        table.deal(Deal(seat=seat, cards=cards({1: "Kc Kd Kh 2c 3c", 3: "Qc Qd Qh 2d 3d"}[seat])))
    action = table_action(3, ActionType.DRAW, "Qc")
    observer = refused(table, OBSERVER, c.RecordAction, "turn", action=action)
    assert seen(observer) == ("turn.out_of_turn", 3, "seat 1 is to act, not seat 3", "1", "3")
    assert logged(table, OBSERVER) == logged(table, DEALER) == seen(observer)


def test_hand_complete_with_cards_is_shown_in_full():
    """RULES.md ``hand.complete``: a deal with no hand running reads "no hand is in
    progress" for every viewer."""
    table = recorded(start=False)
    deals = (Deal(seat=2, cards=cards("As")),)
    observer = refused(table, OBSERVER, c.DealCards, "idle", deals=deals)
    assert (observer.rule, observer.message) == ("hand.complete", "no hand is in progress")
    assert seen(refused(table, DEALER, c.DealCards, "idle", deals=deals)) == seen(observer)


def test_a_show_missing_a_dealt_card_names_it_only_to_the_dealer():
    """A recorded SHOW that leaves out a card dealt to the seat: the dealer reads the card,
    the observer "one is missing" and which role sees more."""
    violation = RuleViolation(
        "card.count", "SHOW must carry the cards dealt to seat 2: Ah is missing", seat=2,
        expected="Ah", cards=("Ah",),
        card_free="SHOW must carry the cards dealt to seat 2: one is missing",
    )  # fmt: skip
    public = violation.without_cards()
    assert (public.rule, public.seat, public.message, public.expected) == (
        "card.count", 2, "SHOW must carry the cards dealt to seat 2: one is missing", "",
    )  # fmt: skip


def test_a_violation_naming_cards_must_carry_its_card_free_words():
    """A RuleViolation naming cards without card-free words is a programming error; one
    naming none is its own card-free form."""
    with pytest.raises(ValueError, match="card-free words"):
        RuleViolation("card.duplicate", "Ah is out", cards=("Ah",))
    plain = RuleViolation("card.count", "seat 5 is not in the hand", seat=5)
    assert plain.without_cards() is plain


ENGINE = pathlib.Path(__file__).parents[3] / "service" / "floorman" / "domain"


def test_every_violation_that_formats_a_card_declares_it():
    """Every ``RuleViolation(...)`` in the domain whose arguments format a card
    (``card_str(...)`` or a ``{card!r}``) passes ``cards=`` and so its card-free words."""
    missing = []
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "RuleViolation"):
                continue
            text = ast.unparse(node)
            if ("card_str(" in text or "card!r" in text) and not any(
                k.arg == "cards" for k in node.keywords
            ):
                missing.append(f"{path.name}:{node.lineno}")
    assert not missing


def table_action(seat: int, kind: ActionType, text: str):
    from floorman.domain.model import Action

    return Action(seat=seat, type=kind, cards=cards(text))
