"""The room readers of issue 13 (Bovada, Merge, Everleaf, OnGame, Winamax, PartyPoker): the
line grammar on small hands written here, and no exception on any cut of a real file."""

from __future__ import annotations

from pathlib import Path

import pytest

from floorman.app.audit import decode_history
from floorman.domain.audit import AuditStatus, SourceFormat, audit_document, detect_format
from floorman.domain.history.bovada import parse_bovada
from floorman.domain.history.everleaf import parse_everleaf
from floorman.domain.history.merge import parse_merge
from floorman.domain.history.ongame import parse_ongame
from floorman.domain.history.partypoker import parse_partypoker
from floorman.domain.history.pokerstars_model import StarsEventKind as K
from floorman.domain.history.pokerstars_model import StarsStreet
from floorman.domain.history.winamax import parse_winamax
from floorman.domain.model import Game
from tests.support.corpus import corpus_dir_or_skip

BOVADA = """\ufeffBovada Hand #100 TBL#7 7CARD Fixed Limit - 2012-05-07 03:40:07
Seat+1: $1 in chips
Seat+3 [ME]: $1 in chips
Seat+1 : Ante chip $0.01
Seat+3 [ME] : Ante chip $0.01
*** HOLE CARDS ***
Seat+1 : Card dealt to a spot [7h 8c 2c]
Seat+3 [ME] : Card dealt to a spot [Jh Qh Th]
Seat+1 : Bring_in chip $0.02
Seat+3 [ME] : Raises $0.05 to $0.05
Seat+1 : Calls $0.03
Seat+1 : Card dealt to a spot [9c]
Seat+3 [ME] : Card dealt to a spot [4c]
Seat+3 [ME] : Bets $0.05
Seat+1 : Folds
Seat+3 [ME] : Return uncalled portion of bet $0.05
Seat+3 [ME] : Hand result $0.12
*** SUMMARY ***
Total Pot($0.12) | Rake ($0)
Seat 1:  Folded on the 4TH STREET
Seat 3:  $0.12 [Does not show]
"""

ONGAME = """***** History for hand R5-1-1 *****
Start hand: Mon Sep 13 00:21:02 GMT+0100 2010
Table: Suez [1] (LIMIT FIVE_CARD_DRAW $0.05/$0.10, Real money)
User: Hero
Button: seat 3
Players in round: 2
Seat 3: Ann ($1)
Seat 10: Hero ($1)
Ann posts small blind ($0.02)
Hero posts big blind ($0.05)
---
Dealing pocket cards
Dealing to Hero: [Tc, 9h, 7c, Ah, Jh]
Ann raises $0.08 to $0.10
Hero calls $0.05
---
Hero changed 2 cards
New hand for Hero: [8h, 9h, 6s, Ah, Jh]
Ann changed 3 cards
Hero bets $0.10
Ann folds
---
Summary:
Main pot: $0.20 won by Hero ($0.19)
Rake taken: $0.01
Seat 3: Ann ($0.90), net: -$0.10
Seat 10: Hero ($1.09), net: +$0.09
***** End of hand R5-1-1 *****
"""


def test_bovada_seats_cards_raise_to_and_summary():
    """Anonymous seats are named ``Seat+N`` (the hero ``Hero``); ``Raises $0.05 to $0.05``
    is a completion to 5; the bet sizes come from the record's bets (5 on 4th street: the
    small bet, the big bet twice that); the summary's pot and rake."""
    (hand,) = parse_bovada(BOVADA).hands
    assert [s.name for s in hand.seats] == ["Seat+1", "Hero"]
    assert (hand.game, hand.stakes.small_bet, hand.stakes.big_bet) == (Game.SEVEN_CARD_STUD, 5, 10)
    (raised,) = hand.events_of(K.RAISE)
    assert (raised.seat, raised.to_amount, raised.added, raised.line) == (3, 5, 5, 10)
    deals = [(e.seat, e.street) for e in hand.events_of(K.DEAL)]
    assert deals[-1] == (3, StarsStreet.FOURTH_STREET)
    assert hand.summary is not None and (hand.summary.total_pot, hand.summary.rake) == (12, 0)
    (audit,) = audit_document(BOVADA, source="b.txt")
    assert (audit.format, audit.status) == (SourceFormat.BOVADA, AuditStatus.CLEAN)


def test_ongame_draw_discards_from_the_new_hand_and_the_uncalled_bet():
    """OnGame: ``raises $0.08 to $0.10`` adds 8 to the small blind's 2; the hero's discards
    are the cards the new hand does not keep; the bet nobody called (10) is returned though
    the record writes no line for it; the hand audits clean."""
    (hand,) = parse_ongame(ONGAME).hands
    (raised,) = hand.events_of(K.RAISE)
    assert (raised.added, raised.to_amount) == (8, 10)
    hero_discard = next(e for e in hand.events_of(K.DISCARD) if e.seat == 10)
    assert len(hero_discard.cards) == 2 and hero_discard.amount == 2
    (returned,) = hand.events_of(K.UNCALLED_RETURN)
    assert (returned.seat, returned.amount) == (10, 10)
    (audit,) = audit_document(ONGAME, source="o.txt")
    assert (audit.format, audit.status) == (SourceFormat.ONGAME, AuditStatus.CLEAN)


def test_an_unknown_line_is_a_problem_with_its_line():
    """A line no grammar knows is ``history.unreadable`` at that line."""
    text = BOVADA.replace("Seat+1 : Folds", "Seat+1 : Juggles")
    (audit,) = audit_document(text, source="b.txt")
    assert (audit.findings[0].rule, audit.findings[0].line) == ("history.unreadable", 15)


PARSERS = {
    SourceFormat.BOVADA: parse_bovada,
    SourceFormat.MERGE: parse_merge,
    SourceFormat.EVERLEAF: parse_everleaf,
    SourceFormat.ONGAME: parse_ongame,
    SourceFormat.WINAMAX: parse_winamax,
    SourceFormat.PARTYPOKER: parse_partypoker,
}
SAMPLES = {
    SourceFormat.BOVADA: "cash/Bovada/7-StudHL-USD-RING-_5-_10_1.25Ante-201404.txt",
    SourceFormat.MERGE: "cash/Merge/Razz-USD-0.50-1.00-201111.allIn.txt",
    SourceFormat.EVERLEAF: "cash/Everleaf/7-Stud-EUR-0.05-0.10.201108-new-format.txt",
    SourceFormat.ONGAME: "cash/OnGame/5-Carddraw-USD-0.05-0.10-201009.Sample.txt",
    SourceFormat.WINAMAX: "cash/Winamax/7-StudHL-6max-EUR-25-50-201611._8games_.txt",
    SourceFormat.PARTYPOKER: "cash/PartyPoker/7-StudHL-USD-10-20.201202.wins.lo.pot.txt",
}


@pytest.mark.parametrize("fmt", sorted(PARSERS, key=lambda f: f.value))
def test_no_cut_of_a_real_file_raises(fmt):
    """Every prefix of a real file (cut at each line) and every line dropped in turn reads
    without an exception: bad input is a problem or an unsupported hand, never a crash."""
    path = Path(corpus_dir_or_skip()) / "hh-fpdb" / SAMPLES[fmt]
    text = decode_history(path.read_bytes())
    assert detect_format(text) is fmt
    lines = text.split("\n")[:80]
    parse = PARSERS[fmt]
    for cut in range(len(lines)):
        parse("\n".join(lines[:cut]))
        parse("\n".join(lines[:cut] + lines[cut + 1 :]))
        audit_document("\n".join(lines[:cut] + lines[cut + 1 :]), source="cut", format=fmt)
