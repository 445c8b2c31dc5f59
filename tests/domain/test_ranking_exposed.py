"""First to act from the exposed cards (RULES.md "Seven Card Stud family", "Five Card Stud").

Stud Hi and Hi-Lo: quads > trips > two pair > one pair > high cards, ties to the next highest
exposed cards, straights and flushes ignored. Razz: the lowest exposed ace-to-five hand, pairs
bad. Greater strength acts first; a full tie is left to the engine (seat order).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

import pytest

from floorman.domain.cards import parse_cards
from floorman.domain.ranking import exposed_high_strength, exposed_low_strength


def up(text: str) -> list[int]:
    """Parse space-separated up cards."""
    return [c for c in parse_cards(text.split()) if c is not None]


def test_stud_first_to_act_pattern_order() -> None:
    """Seven Card Stud family: quads > trips > two pair > one pair > high cards (4 up cards)."""
    boards = ["Ac Kd Qh Js", "2c 2d 3h 4s", "2c 2d 3h 3s", "2c 2d 2h 3s", "2c 2d 2h 2s"]
    strengths = [exposed_high_strength(up(b)) for b in boards]
    assert strengths == sorted(strengths)
    assert len(set(strengths)) == len(strengths)


def test_stud_first_to_act_ties_go_to_next_highest_card() -> None:
    """Seven Card Stud family: equal pairs are decided by the next highest exposed card."""
    assert exposed_high_strength(up("Kc Kd 7h 2s")) > exposed_high_strength(up("Kh Ks 5c 4d"))
    assert exposed_high_strength(up("Ac 9d")) > exposed_high_strength(up("Ad 8h"))
    assert exposed_high_strength(up("Qc Qd")) > exposed_high_strength(up("Jh Js"))


def test_stud_first_to_act_ignores_straights_and_flushes() -> None:
    """Seven Card Stud family: an exposed four-flush or four-straight is just high cards."""
    assert exposed_high_strength(up("9h 8h 7h 6h")) < exposed_high_strength(up("2c 2d 3h 4s"))
    assert exposed_high_strength(up("9h 8h 7h 6h")) == exposed_high_strength(up("9c 8d 7s 6h"))
    assert exposed_high_strength(up("Kc Qd Jh Ts")) < exposed_high_strength(up("Ac 2d 3h 5s"))


def test_stud_first_to_act_full_tie_is_equal_strength() -> None:
    """Seven Card Stud family: the same ranks in other suits tie (the engine uses seat order)."""
    assert exposed_high_strength(up("Ac Kd")) == exposed_high_strength(up("Ah Ks"))
    assert exposed_low_strength(up("3c 5d 7h")) == exposed_low_strength(up("3s 5h 7d"))


def test_razz_first_to_act_is_lowest_board() -> None:
    """Razz: the lowest exposed hand acts first; the ace is low; pairs are bad."""
    assert exposed_low_strength(up("Ac 2d")) > exposed_low_strength(up("2c 3d"))
    assert exposed_low_strength(up("7c 5d 3h")) > exposed_low_strength(up("7d 6h 2s"))
    assert exposed_low_strength(up("Kc Qd Jh Ts")) > exposed_low_strength(up("Ac Ad 2h 3s"))
    assert exposed_low_strength(up("2c 2d 3h 3s")) < exposed_low_strength(up("Ac Ad 2h 3s"))
    assert exposed_low_strength(up("5h 4h 3h 2h")) > exposed_low_strength(up("6c 4d 3h 2s"))


def _reference(ranks: tuple[int, ...]) -> tuple:
    """Sort-and-count key: (largest group, number of pairs, ranks by group then rank)."""
    counts = Counter(ranks)
    pairs = sum(1 for n in counts.values() if n == 2)
    grouped = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    return (max(counts.values()), pairs, grouped)


def _ace_low(ranks: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(0 if r == 12 else r + 1 for r in ranks)


@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_exposed_strengths_match_reference_for_every_board(size: int) -> None:
    """Seven Card Stud family / Razz: every board of ``size`` up cards orders as the reference."""
    boards = [
        ranks
        for ranks in combinations_with_replacement(range(13), size)
        if max(Counter(ranks).values()) <= 4
    ]
    # Card i of a board gets suit i: the cards are distinct and suits never matter.
    cards = {ranks: [r * 4 + i for i, r in enumerate(ranks)] for ranks in boards}
    high = sorted(boards, key=_reference)
    assert_order([exposed_high_strength(cards[b]) for b in high], [_reference(b) for b in high])
    low = sorted(boards, key=lambda b: _reference(_ace_low(b)), reverse=True)
    refs = [_reference(_ace_low(b)) for b in low]
    assert_order([exposed_low_strength(cards[b]) for b in low], refs)


def assert_order(strengths: list[int], refs: list[tuple]) -> None:
    """Strengths listed in reference order rise, strictly where the reference keys differ."""
    for i in range(1, len(strengths)):
        if refs[i] == refs[i - 1]:
            assert strengths[i] == strengths[i - 1]
        else:
            assert strengths[i] > strengths[i - 1], (refs[i - 1], refs[i])
