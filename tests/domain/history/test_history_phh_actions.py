"""PHH action notation: every verb parsed into a typed action and written back.

The notation is the PHH specification's ("Actions"); amounts follow RULES.md "Betting
structures": a ``cbr`` amount is the "raise to" total of the street, antes excluded.
"""

from __future__ import annotations

import dataclasses
import inspect
from decimal import Decimal

import pytest

from floorman.domain.cards import parse_card
from floorman.domain.history.phh_actions import (
    DEALER,
    CardTextError,
    PhhAction,
    PhhVerb,
    format_phh_action,
    parse_phh_action,
    parse_phh_actions,
)


def cards(*texts: str | None) -> tuple[int | None, ...]:
    return tuple(None if t is None else parse_card(t) for t in texts)


CASES = [
    (
        "d dh p4 ??????",
        PhhAction(actor=DEALER, verb=PhhVerb.DEAL_HOLE, player=4, cards=(None, None, None)),
    ),
    (
        "d dh p1 6s5h6d",
        PhhAction(actor=0, verb=PhhVerb.DEAL_HOLE, player=1, cards=cards("6s", "5h", "6d")),
    ),
    ("d db 6h", PhhAction(actor=0, verb=PhhVerb.DEAL_BOARD, cards=cards("6h"))),
    ("p5 pb", PhhAction(actor=5, player=5, verb=PhhVerb.POST_BRING_IN)),
    ("p2 f", PhhAction(actor=2, player=2, verb=PhhVerb.FOLD)),
    ("p3 cc", PhhAction(actor=3, player=3, verb=PhhVerb.CHECK_OR_CALL)),
    (
        "p1 cbr 250000",
        PhhAction(actor=1, player=1, verb=PhhVerb.COMPLETE_BET_OR_RAISE_TO, amount=250000),
    ),
    (
        "p1 cbr 10112.5",
        PhhAction(
            actor=1, player=1, verb=PhhVerb.COMPLETE_BET_OR_RAISE_TO, amount=Decimal("10112.5")
        ),
    ),
    ("p1 sd", PhhAction(actor=1, player=1, verb=PhhVerb.STAND_PAT_OR_DISCARD)),
    (
        "p4 sd AsQs",
        PhhAction(actor=4, player=4, verb=PhhVerb.STAND_PAT_OR_DISCARD, cards=cards("As", "Qs")),
    ),
    (
        "p3 sm Ac7d3h6c2d2cKh",
        PhhAction(
            actor=3,
            player=3,
            verb=PhhVerb.SHOW_OR_MUCK,
            cards=cards("Ac", "7d", "3h", "6c", "2d", "2c", "Kh"),
        ),
    ),
    ("p6 sm", PhhAction(actor=6, player=6, verb=PhhVerb.SHOW_OR_MUCK)),
    ("p2 sm -", PhhAction(actor=2, player=2, verb=PhhVerb.SHOW_OR_MUCK, shows_dealt=True)),
    (
        "p2 sm ??Ad",
        PhhAction(actor=2, player=2, verb=PhhVerb.SHOW_OR_MUCK, cards=cards(None, "Ad")),
    ),
    (
        "p1 f # tanks, then folds",
        PhhAction(actor=1, player=1, verb=PhhVerb.FOLD, commentary="tanks, then folds"),
    ),
    ("", PhhAction(actor=0, verb=PhhVerb.NO_OP)),
    ("# Burn card 6s is exposed", PhhAction(actor=0, verb=PhhVerb.NO_OP,
                                            commentary="Burn card 6s is exposed")),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), CASES, ids=[c[0] or "empty" for c in CASES])
def test_phh_action_parses_each_verb_into_typed_fields(text, expected):
    """Each PHH verb gives its actor, player, amount ("raise to" for cbr) and cards."""
    assert parse_phh_action(text) == expected


@pytest.mark.parametrize(("text", "expected"), CASES, ids=[c[0] or "empty" for c in CASES])
def test_phh_action_writes_back_the_same_notation(text, expected):
    """Writing a parsed action gives the notation it came from."""
    assert format_phh_action(expected) == text
    assert str(expected) == text


def test_phh_action_tolerates_extra_whitespace():
    """Words may be separated by several blanks and the notation padded (PHH "Actions")."""
    assert parse_phh_action("  p1   cbr   300 ") == parse_phh_action("p1 cbr 300")


def test_phh_action_flags_muck_and_stand_pat():
    """``sm`` with no cards is a muck; ``sd`` with no cards is standing pat."""
    assert parse_phh_action("p6 sm").mucks
    assert not parse_phh_action("p2 sm -").mucks
    assert parse_phh_action("p1 sd").stands_pat
    assert not parse_phh_action("p4 sd As").stands_pat
    assert parse_phh_action("d dh p1 As").is_dealer


@pytest.mark.parametrize(
    "text",
    [
        "p0 f",
        "x f",
        "p1",
        "p1 cbr",
        "p1 cbr -5",
        "p1 cbr abc",
        "p1 cc 300",
        "p1 zz",
        "d dh p1",
        "d dh 1 As",
        "d xx As",
        "d db",
        "p1 sm As Kd",
    ],
)
def test_phh_action_refuses_malformed_notation(text):
    """A string that is not a PHH action is refused with its text in the reason."""
    with pytest.raises(ValueError, match=r"^'|^bad amount"):
        parse_phh_action(text)


@pytest.mark.parametrize("text", ["d dh p1 AsX", "p4 sd Zz", "p1 sm AsKx", "d db 1h"])
def test_phh_action_malformed_card_is_a_card_error(text):
    """Common to every game (cards): a malformed card is reported as a card error."""
    with pytest.raises(CardTextError, match="bad cards"):
        parse_phh_action(text)


def test_phh_action_cbr_without_amount_cannot_be_written():
    """A ``cbr`` needs its "raise to" amount to be written."""
    with pytest.raises(ValueError, match="amount"):
        format_phh_action(PhhAction(actor=1, player=1, verb=PhhVerb.COMPLETE_BET_OR_RAISE_TO))


def test_phh_action_init_takes_exactly_the_fields_keyword_only():
    """``PhhAction.__init__`` is written out for speed: it takes exactly the dataclass fields,
    keyword-only, with the same defaults, and the instance stays frozen and hashable."""
    params = inspect.signature(PhhAction.__init__).parameters
    fields = dataclasses.fields(PhhAction)
    assert [name for name in params if name != "self"] == [f.name for f in fields]
    for field in fields:
        param = params[field.name]
        assert param.kind is inspect.Parameter.KEYWORD_ONLY
        default = inspect.Parameter.empty if field.default is dataclasses.MISSING else field.default
        assert param.default == default
    action = PhhAction(actor=2, verb=PhhVerb.FOLD, player=2)
    assert dataclasses.replace(action, commentary="x").commentary == "x"
    assert hash(action) == hash(PhhAction(actor=2, verb=PhhVerb.FOLD, player=2))
    with pytest.raises(dataclasses.FrozenInstanceError):
        action.actor = 3  # type: ignore[misc]


def test_parse_phh_actions_is_parse_phh_action_of_each_with_the_highest_number():
    """The reader's one-pass parse gives what parsing each action does, and the highest
    actor or player number named (for the player-count check)."""
    texts = ["d dh p1 AsKd", "d dh p3 ????", "p3 cbr 300", "p1 f", "d db 7c8d9h", "p3 sm -",
             "p1 cbr 10112.5", "d dh p2 Ah # up", "", "# note", "p2 sd", "p3 sm AsKd"]  # fmt: skip
    parsed, highest = parse_phh_actions(texts)
    assert parsed == tuple(parse_phh_action(t) for t in texts)
    assert highest == 3
    assert parse_phh_actions([]) == ((), 0)
    assert parse_phh_actions(["d db AsKd"]) == ((parse_phh_action("d db AsKd"),), 0)
    with pytest.raises(CardTextError):
        parse_phh_actions(["p1 f", "d dh p1 AsXx"])
    with pytest.raises(ValueError):
        parse_phh_actions(["p1 f", "x1 f"])
