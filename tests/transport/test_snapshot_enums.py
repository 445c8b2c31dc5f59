"""HandSnapshot.street_kind and phase_kind (issue 14 point 3): the enums beside the deprecated
``street`` / ``phase`` strings carry the same value for every street of every game and every
phase (RULES.md, each game's street list; "Showdown"), unit by unit and over gRPC.
"""

from __future__ import annotations

from floorman.domain.engine import Phase
from floorman.domain.games import GAMES
from floorman.transport.engine_converters import PHASE_TO_PB, STREET_TO_PB
from floorman.v1 import poker_pb2 as pb
from tests.transport.test_grpc_board_rpcs import BOARD, board, burn, holes
from tests.transport.test_grpc_engine_rpcs import CALL, CHECK, config, ev, listing

SNAPSHOT_STREETS = {"draw", "showdown", "complete"}
"""The street names the snapshot reports beside the games' own (engine/snapshot.py)."""


def test_every_street_of_every_game_has_its_enum_value():
    """Each street name a snapshot can report (each game's streets, the draw, the showdown,
    the end) maps to the Street value of the same name, and every Street value is reached."""
    names = SNAPSHOT_STREETS | {s.name for spec in GAMES.values() for s in spec.streets}
    for name in names:
        assert pb.Street.Name(STREET_TO_PB[name]) == "STREET_" + name.upper()
    assert set(STREET_TO_PB) == names
    assert len(STREET_TO_PB) == len(pb.Street.values()) - 1 == 17


def test_every_domain_phase_has_its_enum_value():
    """Each engine Phase maps to the HandPhase of the same name, and nothing else does."""
    assert {p.value: pb.HandPhase.Name(PHASE_TO_PB[p.value]) for p in Phase} == {
        "dealing": "HAND_PHASE_DEALING",
        "betting": "HAND_PHASE_BETTING",
        "drawing": "HAND_PHASE_DRAWING",
        "showdown": "HAND_PHASE_SHOWDOWN",
        "complete": "HAND_PHASE_COMPLETE",
    }
    assert len(PHASE_TO_PB) == len(Phase)


def kinds(state: pb.HandSnapshot) -> tuple[str, str, str, str]:
    """The snapshot's street and phase: enum names, then the deprecated strings."""
    return (
        pb.Street.Name(state.street_kind),
        pb.HandPhase.Name(state.phase_kind),
        state.street,
        state.phase,
    )


def test_holdem_over_grpc_reports_each_street_and_phase_as_enums(rules_stub):
    """Heads-up Hold'em checked down (RULES.md "Hold'em and Omaha"): pre-flop, flop, turn,
    river betting, each board card awaited in phase dealing, then the showdown."""
    cfg = config(pb.GAME_TEXAS_HOLDEM, [1000, 1000], button=2, small_blind=5, big_blind=10)
    history = holes(2, (1, 2))
    assert kinds(listing(rules_stub, cfg, history).state) == (
        "STREET_PRE_FLOP", "HAND_PHASE_BETTING", "pre_flop", "betting")  # fmt: skip
    history += [ev(2, CALL), ev(1, CHECK)]
    assert kinds(listing(rules_stub, cfg, history).state)[1] == "HAND_PHASE_DEALING"
    streets = zip(("flop", "turn", "river"), ("5s", "4s", "3s"), BOARD, strict=True)
    for street, burned, cards in streets:
        history += [burn(burned), board(cards)]
        assert kinds(listing(rules_stub, cfg, history).state) == (
            "STREET_" + street.upper(), "HAND_PHASE_BETTING", street, "betting")  # fmt: skip
        history += [ev(1, CHECK), ev(2, CHECK)]
    assert kinds(listing(rules_stub, cfg, history).state) == (
        "STREET_SHOWDOWN", "HAND_PHASE_SHOWDOWN", "showdown", "showdown")  # fmt: skip
