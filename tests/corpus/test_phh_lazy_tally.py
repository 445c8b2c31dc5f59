"""The PHH mapper's street tally, built only when first asked (``_Mapper.tally_before``), maps
every corpus hand, and every corpus hand with one action left out (engine refusals, tally
answers), exactly as a tally kept from the first action on."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from floorman.domain.errors import InvalidArgument
from floorman.domain.history import phh_mapping
from floorman.domain.history.phh import parse_phh
from floorman.domain.history.phh_mapping import draw_deal_order, map_phh, phh_scale
from floorman.domain.history.phh_model import PhhHand
from floorman.domain.history.stepper import HistoryMapping


def _eager_map(phh: PhhHand) -> HistoryMapping:
    """``map_phh`` with the tally built before the first action and kept all along."""
    scale = phh_scale(phh)
    config = phh_mapping._config(phh, scale)
    order = draw_deal_order(phh.actions)
    mapper = phh_mapping._Mapper(phh, config, scale, order)
    mapper.tally_before(order[0][0] if order else 0)
    for index, action in order:
        mapper.map(index, action)
    return mapper.stepper.mapping()


def _same(phh: PhhHand) -> bool:
    try:
        lazy = map_phh(phh)
    except InvalidArgument as error:
        with pytest.raises(InvalidArgument) as eager_error:
            _eager_map(phh)
        return str(eager_error.value) == str(error)
    eager = _eager_map(phh)
    return _key(lazy) == _key(eager) and lazy.state == eager.state


def _key(mapping: HistoryMapping) -> tuple[object, ...]:
    """What a mapping says (a refusal by its rule, message and fields: exceptions compare
    by identity)."""
    violation = mapping.violation
    refusal = None if violation is None else (type(violation), violation.args, vars(violation))
    return mapping.config, mapping.events, mapping.sources, mapping.refused_at, refusal


@pytest.fixture(scope="module")
def corpus_hands(corpus_dir: Path) -> list[PhhHand]:
    hands = []
    for path in sorted((corpus_dir / "phh").rglob("*.phh")):
        try:
            hands.append(parse_phh(path.read_text(encoding="utf-8")))
        except ValueError:
            continue  # files the reader refuses have nothing to map
    return hands


def test_every_corpus_hand_maps_as_with_an_eager_tally(corpus_hands: list[PhhHand]) -> None:
    """Every PHH hand of the corpus: the same mapping, refusal and state."""
    assert corpus_hands
    assert all(_same(phh) for phh in corpus_hands)


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_hands_missing_an_action_map_as_with_an_eager_tally(
    corpus_hands: list[PhhHand], data: st.DataObject
) -> None:
    """A corpus hand with one action removed (the engine refuses, the tally answers after):
    the same mapping, refusal and state."""
    phh = data.draw(st.sampled_from(corpus_hands))
    if not phh.actions:
        return
    drop = data.draw(st.integers(0, len(phh.actions) - 1))
    actions = phh.actions[:drop] + phh.actions[drop + 1 :]
    assert _same(dataclasses.replace(phh, actions=actions))
