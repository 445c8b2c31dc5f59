"""The table log: versioned JSON events, rebuilding from the log, snapshots only a cache."""

from __future__ import annotations

import json
import random

import pytest
from tables_app_support import DEALER, Table, service, table_settings

from floorman.app.tables import codec
from floorman.app.tables.repository import TableRepository, fold_stored, snapshot_json
from floorman.app.tables.views import table_view
from floorman.domain.model import ActionType, Game
from floorman.domain.table.seats import EntryOption
from floorman.store import open_store


def played(store_url: str = "memory://", *, hands: int = 6, game: Game = Game.FIVE_CARD_DRAW,
           snapshot_every: int = 0) -> Table:  # fmt: skip
    """A table with four players and ``hands`` hands played by checking and calling."""
    store = open_store(store_url)
    table = Table.create(
        service(store, snapshot_every=snapshot_every),
        table_settings(game, small_bet=20, ante=2 if game.is_stud else 0),
    )
    for seat in (1, 2, 4):
        table.seat(seat, 400)
    rng = random.Random(5)
    for number in range(hands):
        if number == 2:
            table.seat(5, 300, entry=EntryOption.POST_BIG_BLIND)
        hand = table.start().outcome.hand
        while not hand.complete:
            seat = hand.state.seat_to_act
            kinds = {e.type: e for e in hand.legal_actions}
            if ActionType.SHOW in kinds:
                reply = table.act(seat, ActionType.SHOW)
            elif ActionType.DRAW in kinds:
                reply = table.act(seat, ActionType.DRAW)
            elif ActionType.BRING_IN in kinds:
                reply = table.act(seat, ActionType.BRING_IN, kinds[ActionType.BRING_IN].min_amount)
            elif ActionType.CHECK in kinds:
                reply = table.act(seat, ActionType.CHECK)
            elif rng.random() < 0.3:
                reply = table.act(seat, ActionType.FOLD)
            else:
                reply = table.act(seat, ActionType.CALL)
            hand = reply.outcome.hand
    return table


def test_every_event_payload_is_versioned_json_that_reads_back_equal():
    """Each stored payload is ``{"v": 1, "type": ...}`` JSON and decodes to an event that
    encodes back to the same text."""
    table = played(game=Game.SEVEN_CARD_STUD_HI_LO, hands=3)
    stored = table.service.store.read_events("t1")
    kinds = set()
    for item in stored:
        data = json.loads(item.payload)
        assert data["v"] == codec.VERSION
        kinds.add(data["type"])
        assert codec.encode_event(codec.decode_event(item.payload)) == item.payload
    assert {
        "table_created",
        "player_seated",
        "hand_started",
        "deal",
        "action",
        "hand_settled",
    } <= kinds


def test_unknown_payload_version_is_refused():
    """A payload from a newer floorman (another version) is a CodecError, never misread."""
    with pytest.raises(codec.CodecError):
        codec.decode_event('{"v": 2, "type": "sat_out", "seat": 1}')
    with pytest.raises(codec.CodecError):
        codec.decode_event("not json")


def test_state_rebuilt_from_the_log_equals_the_live_state(tmp_path):
    """A fresh service on the same SQLite file folds the log into the same table."""
    url = f"sqlite:///{tmp_path / 't.db'}"
    table = played(url)
    live = table.service.get_table("t1")
    live_hand = table.service.get_hand("t1", "", viewer=DEALER)
    table.service.store.close()
    with open_store(url) as store:
        cold = service(store)
        assert cold.get_table("t1") == live
        assert cold.get_hand("t1", "", viewer=DEALER) == live_hand


def test_snapshot_is_a_cache_equal_to_the_fold_and_ignored_when_unreadable(tmp_path):
    """Snapshots are taken between hands; loading from one gives the same table as folding
    the whole log; an unreadable snapshot is ignored and the log refolded."""
    url = f"sqlite:///{tmp_path / 's.db'}"
    table = played(url, snapshot_every=2)
    snapshot = table.service.store.latest_snapshot("t1")
    assert snapshot is not None and json.loads(snapshot.payload)["v"] == 2
    assert "hands" not in json.loads(snapshot.payload)  # the current table only
    folded = None
    for item in table.service.store.read_events("t1"):
        folded = fold_stored(folded, item)
    with open_store(url) as store:
        repository = TableRepository(store)
        assert table_view(repository.load("t1")) == table_view(folded)
        assert snapshot_json(folded) == snapshot_json(repository.load("t1"))
        assert repository.load_full("t1").hands == folded.hands
    table.service.store.put_snapshot("t1", snapshot.sequence, '{"v": 99}')
    with open_store(url) as store:
        repository = TableRepository(store)
        assert table_view(repository.load("t1")) == table_view(folded)
        assert repository.load_hand(folded, "hand-1").settled
    table.service.store.close()
