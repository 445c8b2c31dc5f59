"""The engine step alone (issue 15 points 3, 4): corpus replay through the engine and
settlement, and the cost of one step at action 5 vs action 40 of a long hand.

Two parts, every figure the median of interleaved rounds (these machines drift by up to 30 %):

* Corpus (the PHH hands of ``bench/replay_bench.py``, pre-mapped once by its
  :func:`~bench.replay_bench.load_hands`, its exclusions included): ``engine replay`` —
  :func:`~floorman.domain.engine.replay` from the mapped configuration and events;
  ``engine replay+settle`` — the same and :func:`~floorman.domain.engine.settle_hand`;
  ``PHH map+settle (pre-parsed)`` — ``map_phh`` on the hands parsed beforehand (it steps
  the engine while it classifies each action, asking it which check, call, bet or raise
  the seat may make) and ``settle_hand`` on its final state: the engine as the PHH path
  uses it, without the text parse;
  ``pokerkit state replay`` — pokerkit 0.7.7 iterating every state of the same hands from
  ``HandHistory`` objects loaded beforehand (its replay without the TOML parse; chips pushed
  and pulled at the end). Figures: µs per hand, µs per event, and the ratio to pokerkit.
* Step cost by hand length: a long no-limit Seven Card Stud hand (7 players, every round
  min-raised :data:`RAISES_PER_ROUND` times, a call between raises, then called, to the
  showdown: about 150 player actions and 42 deals, built once by driving the engine with
  its own legal actions). For the first CALL at or after action ``k`` (player actions,
  1-based; a CALL each, so every timed step does the same work) the state before it is
  kept, listed as a table lists it after the event that made it, and the step is timed
  alone, repeated: ``apply`` (what ``RecordAction`` runs: a copy
  of the state, then the action), and ``apply+menu`` (``apply``, then ``legal_actions`` and
  ``snapshot`` of the new state: the engine's whole share of one ``RecordAction``). Equal
  cost at action 5 and action 40 (and 80, 120) means the step does not grow with the
  hand's length.

Run: ``.venv/bin/python -m bench.engine_bench [--rounds 7] [--min-seconds 0.2]``
(``python -m bench --only engine``). To compare with another checkout, put its ``service``
first on ``PYTHONPATH`` (the bench uses only the engine's public functions).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pokerkit

from bench.replay_bench import CorpusHand, load_hands
from floorman.domain.engine import (
    HandState,
    apply,
    legal_actions,
    pending_deals,
    replay,
    settle_hand,
    snapshot,
    start_hand,
)
from floorman.domain.engine.types import Phase
from floorman.domain.history.phh import map_phh, parse_phh
from floorman.domain.model import (
    Action,
    ActionType,
    BettingStructure,
    Deal,
    Game,
    HandConfig,
    HandEvent,
    SeatState,
    Stakes,
)

REPLAY = "engine replay"
SETTLE = "engine replay+settle"
MAPPED = "PHH map+settle (pre-parsed)"
POKERKIT = "pokerkit state replay"
CORPUS_CONTENDERS = (REPLAY, SETTLE, MAPPED, POKERKIT)
STEP_ACTIONS = (5, 40, 80, 120)
"""The actions (1-based, player actions only) from which the next CALL's step is timed."""
RAISES_PER_ROUND = 12
"""Full bets and raises in every betting round of :func:`long_hand`."""
_AGGRESSIVE = (ActionType.BET, ActionType.RAISE, ActionType.COMPLETE)


@dataclass(frozen=True, slots=True)
class CorpusRow:
    """Median µs per hand and per event of one contender on the corpus, and the median
    per-round ratio of pokerkit's time to its time (> 1: faster than pokerkit)."""

    contender: str
    hands: int
    events: int
    us_per_hand: float
    vs_pokerkit: float


@dataclass(frozen=True, slots=True)
class StepRow:
    """Median µs of one step at action ``action`` of the long hand."""

    action: int
    kind: str
    events_before: int
    apply_us: float
    apply_menu_us: float


def long_hand(players: int = 7) -> tuple[HandConfig, tuple[HandEvent, ...]]:
    """A no-limit Seven Card Stud hand of ``players`` seats where every betting round is bet
    and min-raised until :data:`RAISES_PER_ROUND` full bets, then called by everyone, to the
    showdown: the engine's own legal actions drive it (BRING_IN for the bring-in; the
    smallest bet or raise while the round has fewer full bets, unless the previous action
    was one; else CALL or CHECK), cards
    dealt in deck order, stacks deep enough for nobody to go all in."""
    config = HandConfig(
        game=Game.SEVEN_CARD_STUD,
        betting_structure=BettingStructure.NO_LIMIT,
        stakes=Stakes(small_bet=200, big_bet=400, ante=25, bring_in=50),
        seats=tuple(SeatState(seat=s, stack=10**9) for s in range(1, players + 1)),
        button_seat=players,
    )
    state = start_hand(config)
    deck = iter(range(52))
    events: list[HandEvent] = []
    raised = False
    while state.phase is not Phase.COMPLETE:
        event: HandEvent
        if state.phase is Phase.DEALING:
            request = pending_deals(state)[0]
            dealt = tuple(next(deck) for _ in range(request.count))
            event = Deal(seat=request.seat, cards=dealt, face_up=request.face_up)
        elif state.phase is Phase.SHOWDOWN:
            pos = state.to_act
            event = Action(
                seat=state.seat_to_act, type=ActionType.SHOW, cards=tuple(state.cards[pos])
            )
        else:
            menu = {entry.type: entry for entry in legal_actions(state)}
            raises = [entry for entry in legal_actions(state) if entry.type in _AGGRESSIVE]
            if ActionType.BRING_IN in menu:
                event = Action(seat=state.seat_to_act, type=ActionType.BRING_IN)
            elif raises and state.bet_count < RAISES_PER_ROUND and not raised:
                event = Action(
                    seat=state.seat_to_act, type=raises[0].type, amount=raises[0].min_amount
                )
            elif ActionType.CALL in menu:
                event = Action(seat=state.seat_to_act, type=ActionType.CALL)
            else:
                event = Action(seat=state.seat_to_act, type=ActionType.CHECK)
        raised = isinstance(event, Action) and event.type in _AGGRESSIVE
        state = apply(state, event)
        events.append(event)
    return config, tuple(events)


def _states_before_actions(
    config: HandConfig, events: Sequence[HandEvent]
) -> list[tuple[int, HandState, Action]]:
    """``(events before, state, action)`` for every player action of the hand, in order;
    each state listed (``legal_actions`` and ``snapshot``) as a table lists it in the answer
    to the event that made it."""
    out = []
    state = start_hand(config)
    for index, event in enumerate(events):
        legal_actions(state)
        snapshot(state)
        if isinstance(event, Action):
            out.append((index, state, event))
        state = apply(state, event)
    return out


def _corpus_runs(hands: Sequence[CorpusHand]) -> dict[str, Callable[[], None]]:
    mapped = [(hand.config, hand.events) for hand in hands]
    parsed = [parse_phh(hand.text) for hand in hands]
    histories = [pokerkit.HandHistory.loads(hand.text) for hand in hands]

    def engine_replay() -> None:
        for config, events in mapped:
            replay(config, events, allow_unknown_up=True)  # written records

    def engine_settle() -> None:
        for config, events in mapped:
            settle_hand(replay(config, events, allow_unknown_up=True))

    def phh_mapped() -> None:
        for record in parsed:
            state = map_phh(record).state
            assert state is not None  # every corpus hand here is legal (tests/corpus)
            settle_hand(state)

    def pokerkit_replay() -> None:
        for history in histories:
            for _state in history:
                pass

    return {
        REPLAY: engine_replay,
        SETTLE: engine_settle,
        MAPPED: phh_mapped,
        POKERKIT: pokerkit_replay,
    }


def _passes(run: Callable[[], None], min_seconds: float) -> int:
    """How many calls of ``run`` take at least ``min_seconds`` (after one warm-up)."""
    run()
    start = time.perf_counter()
    run()
    once = max(time.perf_counter() - start, 1e-7)
    return max(1, round(min_seconds / once))


def first_call_from(steps: Sequence[tuple[int, HandState, Action]], k: int) -> int:
    """The 1-based number of the first CALL at or after player action ``k`` of ``steps``.

    Raises:
        ValueError: no CALL there (the hand is shorter).
    """
    for number in range(k, len(steps) + 1):
        if steps[number - 1][2].type is ActionType.CALL:
            return number
    raise ValueError(f"no CALL at or after action {k} of {len(steps)}")


def _step_runs(
    steps: Sequence[tuple[int, HandState, Action]], actions: Sequence[int]
) -> dict[tuple[int, str], Callable[[], None]]:
    runs: dict[tuple[int, str], Callable[[], None]] = {}
    for k in actions:
        _, state, action = steps[k - 1]

        def step(state: HandState = state, action: Action = action) -> None:
            apply(state, action)

        def step_menu(state: HandState = state, action: Action = action) -> None:
            after = apply(state, action)
            legal_actions(after)
            snapshot(after)

        runs[k, "apply"] = step
        runs[k, "apply+menu"] = step_menu
    return runs


def _repeat(run: Callable[[], None], times: int) -> Callable[[], None]:
    def many() -> None:
        for _ in range(times):
            run()

    return many


def run_engine_bench(
    *,
    rounds: int = 7,
    min_seconds: float = 0.2,
    hands: Sequence[CorpusHand] | None = None,
    actions: Sequence[int] = STEP_ACTIONS,
) -> tuple[list[CorpusRow], list[StepRow]]:
    """Measure the corpus contenders and the step at each of ``actions``, interleaved.

    Args:
        rounds: interleaved rounds (at least 5 for the published figures); medians kept.
        min_seconds: each measured window repeats its work until it lasts about this long.
        hands: the corpus hands (default: :func:`bench.replay_bench.load_hands`).
        actions: 1-based player actions of :func:`long_hand`: the step of the first CALL at
            or after each is timed.

    Returns:
        ``(corpus rows in CORPUS_CONTENDERS order, step rows in actions order)``.
    """
    hands = load_hands() if hands is None else list(hands)
    config, events = long_hand()
    steps = _states_before_actions(config, events)
    actions = [first_call_from(steps, k) for k in actions]
    cases: dict[tuple[str, str], tuple[Callable[[], None], int]] = {}
    for name, run in _corpus_runs(hands).items():
        cases["corpus", name] = (run, len(hands))
    for (k, what), run in _step_runs(steps, actions).items():
        cases[str(k), what] = (_repeat(run, 200), 200)
    passes = {case: _passes(run, min_seconds) for case, (run, _) in cases.items()}
    seconds: dict[tuple[str, str], list[float]] = {case: [] for case in cases}
    order = list(cases)
    for index in range(rounds):
        shift = index % len(order)
        for case in order[shift:] + order[:shift]:
            (run, units), count = cases[case], passes[case]
            start = time.perf_counter()
            for _ in range(count):
                run()
            seconds[case].append((time.perf_counter() - start) / (count * units))
    n_events = sum(len(hand.events) for hand in hands)
    theirs = seconds["corpus", POKERKIT]
    corpus = [
        CorpusRow(
            contender=name,
            hands=len(hands),
            events=n_events,
            us_per_hand=statistics.median(seconds["corpus", name]) * 1e6,
            vs_pokerkit=statistics.median(
                b / a for a, b in zip(seconds["corpus", name], theirs, strict=True)
            ),
        )
        for name in CORPUS_CONTENDERS
    ]
    step_rows = []
    for k in actions:
        before, _, action = steps[k - 1]
        step_rows.append(
            StepRow(
                action=k,
                kind=action.type.value,
                events_before=before,
                apply_us=statistics.median(seconds[str(k), "apply"]) * 1e6,
                apply_menu_us=statistics.median(seconds[str(k), "apply+menu"]) * 1e6,
            )
        )
    return corpus, step_rows


def format_tables(corpus: Sequence[CorpusRow], steps: Sequence[StepRow]) -> str:
    """Two Markdown tables: the corpus contenders, then the step by action."""
    lines = [
        "| contender | hands | µs/hand | µs/event | pokerkit time / this |",
        "|---|---:|---:|---:|---:|",
    ]
    for row in corpus:
        per_event = row.us_per_hand * row.hands / row.events
        lines.append(
            f"| {row.contender} | {row.hands} | {row.us_per_hand:,.1f} | {per_event:.2f} | "
            f"{row.vs_pokerkit:.2f}x |"
        )
    first = steps[0]
    lines += [
        "",
        "| long-hand action | type | events before | apply µs | apply+menu µs | "
        f"apply vs action {first.action} |",
        "|---:|---|---:|---:|---:|---:|",
    ]
    for row in steps:
        lines.append(
            f"| {row.action} | {row.kind} | {row.events_before} | {row.apply_us:.2f} | "
            f"{row.apply_menu_us:.2f} | {row.apply_us / first.apply_us:.2f} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m bench.engine_bench``: print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds (median)")
    parser.add_argument(
        "--min-seconds", type=float, default=0.2, help="length of each measured window"
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()
    corpus, steps = run_engine_bench(rounds=args.rounds, min_seconds=args.min_seconds)
    _, events = long_hand()
    actions = sum(isinstance(event, Action) for event in events)
    print(
        f"Engine step: {corpus[0].hands} corpus hands ({corpus[0].events} events) and a "
        f"{len(events)}-event stud hand ({actions} actions); median of {args.rounds} "
        f"interleaved rounds ({time.perf_counter() - started:.1f} s)"
    )
    print(format_tables(corpus, steps))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
