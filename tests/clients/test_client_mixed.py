"""The Python client's mixed-table builders (RULES.md "Mixed games"): ``table_settings``
with a named rotation, a custom list or dealer's choice, ``rotation_entry`` with its own
stakes, and StartHand's ``game`` / ``rotation_entry`` through TableClient (over a fake stub)."""

from __future__ import annotations

from typing import Any

import pytest

from floorman.v1 import poker_pb2 as pb
from floorman.v1 import table_service_pb2 as tpb
from floorman_client import Caller, TableClient
from floorman_client import messages as m


def test_table_settings_with_a_named_rotation():
    """``rotation="horse"`` / ``"8-game"``: the named rotation, the game left unset (the
    service answers the first entry's)."""
    settings = m.table_settings(small_bet=20, ante=5, rotation="horse")
    assert settings == tpb.TableSettings(
        stakes=pb.Stakes(small_bet=20, ante=5),
        rotation=tpb.GameRotation(named=tpb.ROTATION_HORSE),
    )
    assert m.game_rotation("8-game") == tpb.GameRotation(named=tpb.ROTATION_EIGHT_GAME)
    assert m.game_rotation("ROTATION_EIGHT_GAME").named == tpb.ROTATION_EIGHT_GAME
    with pytest.raises(ValueError):
        m.game_rotation("badugi")


def test_table_settings_with_a_custom_list_and_dealers_choice():
    """A list of entries (messages or ``(game, structure)`` pairs), each with its stakes or
    the table's; ``dealers_choice=True``: the list the button chooses from."""
    holdem = m.rotation_entry("nlhe", betting_structure="no_limit", small_blind=5, big_blind=10)
    assert holdem == tpb.RotationEntry(
        game=pb.GAME_TEXAS_HOLDEM,
        betting_structure=pb.BETTING_STRUCTURE_NO_LIMIT,
        stakes=pb.Stakes(small_blind=5, big_blind=10),
    )
    assert not m.rotation_entry("razz").HasField("stakes")
    custom = m.table_settings(small_bet=20, rotation=[holdem, ("razz", "fixed_limit")])
    assert [e.game for e in custom.rotation.custom.entries] == [pb.GAME_TEXAS_HOLDEM, pb.GAME_RAZZ]
    choice = m.table_settings(small_bet=20, rotation=["stud", ("omaha8",)], dealers_choice=True)
    assert choice.rotation.WhichOneof("kind") == "dealers_choice"
    with pytest.raises(ValueError):
        m.game_rotation("horse", dealers_choice=True)


class _Stub:
    """A TableService stand-in recording the StartHand request."""

    def __init__(self) -> None:
        self.requests: list[Any] = []

    def StartHand(self, request: Any, **_options: Any) -> tpb.StartHandResponse:
        self.requests.append(request)
        return tpb.StartHandResponse()


def test_start_hand_names_the_game_or_the_rotation_entry():
    """TableClient.start_hand passes ``game`` / ``betting_structure`` (names) and
    ``rotation_entry`` (a dealer's choice) to StartHandRequest."""
    stub = _Stub()
    client = TableClient.from_stub(stub, caller=Caller(timeout=5))
    client.start_hand(
        table_id="t", expected_sequence=3, game="razz", betting_structure="fixed_limit"
    )
    client.start_hand(table_id="t", expected_sequence=4, rotation_entry=2)
    first, second = stub.requests
    assert (first.game, first.betting_structure, first.rotation_entry) == (
        pb.GAME_RAZZ,
        pb.BETTING_STRUCTURE_FIXED_LIMIT,
        0,
    )
    assert (second.game, second.rotation_entry) == (pb.GAME_UNSPECIFIED, 2)
