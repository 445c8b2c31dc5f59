"""Play one whole hand of Seven Card Stud on a new service-dealt table, with the synchronous
client, then evaluate a hand with the asyncio client.

    python play_hand.py [HOST:PORT]

The passive players take the first legal action of: show, bring-in, check, call. Environment:
FLOORMAN_TARGET (default 127.0.0.1:50051), FLOORMAN_TOKEN (a bearer token). Exit 0 when the
hand settled, 1 on an error from the service.
"""

from __future__ import annotations

import asyncio
import os
import sys

from floorman_client import AsyncFloormanClient, FloormanClient, FloormanRpcError, TableSession
from floorman_client import messages as m
from floorman_client.v1 import poker_pb2 as pb

PREFERENCE = (
    pb.ACTION_TYPE_SHOW,
    pb.ACTION_TYPE_BRING_IN,
    pb.ACTION_TYPE_CHECK,
    pb.ACTION_TYPE_CALL,
)


def choose(hand) -> pb.Action:
    """The passive player's action from the hand's legal-action menu."""
    legal = {entry.type: entry for entry in hand.legal_actions}
    kind = next((k for k in PREFERENCE if k in legal), pb.ACTION_TYPE_FOLD)
    amount = legal[kind].min_amount if kind == pb.ACTION_TYPE_BRING_IN else 0
    return m.action(kind, seat=hand.state.seat_to_act, amount=amount)


def play(target: str, token: str | None) -> None:
    with FloormanClient.connect(target, token=token) as client:
        settings = m.table_settings("stud", small_bet=20, ante=5, name="example")
        session = TableSession.create(client.tables, settings=settings)
        print(f"table {session.table_id}: Seven Card Stud 20/40, ante 5")
        for seat in (1, 2, 3):
            session.seat_player(seat=seat, player_id=f"player-{seat}", buy_in=1000)
        hand = session.start_hand().hand
        while not hand.complete:
            action = choose(hand)
            name = pb.ActionType.Name(action.type).removeprefix("ACTION_TYPE_").lower()
            print(f"  {hand.state.street:<15} seat {action.seat} {name} {action.amount or ''}")
            hand = session.record_action(action).hand
        for pot in hand.result.pots:
            print(f"pot {pot.amount} to seat(s) {', '.join(map(str, pot.winner_seats))}")
        stacks = ", ".join(f"seat {s.seat}: {s.stack}" for s in hand.result.final_stacks)
        print(f"final stacks: {stacks}")


async def evaluate(target: str, token: str | None) -> None:
    async with AsyncFloormanClient.connect(target, token=token) as client:
        value = await client.rules.evaluate_hand(game="razz", cards="As 2c 3d 4h 7s Kc Kd")
        print(f"async razz low: {value.low.description}")


def main() -> int:
    target = (
        sys.argv[1] if len(sys.argv) > 1 else os.environ.get("FLOORMAN_TARGET", "127.0.0.1:50051")
    )
    token = os.environ.get("FLOORMAN_TOKEN") or None
    try:
        play(target, token)
        asyncio.run(evaluate(target, token))
    except FloormanRpcError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
