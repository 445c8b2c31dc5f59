"""The service dealer on lowball draw and Badugi tables: three draws never run the stub out
(RULES.md "Lowball draw and Badugi"; "Five Card Draw, 7-A" Draw: the stub reshuffle rule)."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from table_support import new_table
from table_support import settings as table_settings

from floorman.domain.engine import legal_actions
from floorman.domain.games import game_spec
from floorman.domain.model import Action, ActionType, Game
from floorman.domain.table.dealer import deal_pending
from floorman.domain.table.events import HandActed, HandDealt
from floorman.domain.table.play import begin_hand, settlement
from floorman.domain.table.state import TableState, fold

GAMES = (
    Game.DEUCE_TO_SEVEN_SINGLE_DRAW,
    Game.DEUCE_TO_SEVEN_TRIPLE_DRAW,
    Game.ACE_TO_FIVE_TRIPLE_DRAW,
    Game.BADUGI,
)


def _choose(state: TableState, rng: random.Random) -> Action:
    """A random legal action; draws discard many cards (most often all they may)."""
    run = state.hand
    assert run is not None
    s = run.state
    seat = s.seat_to_act
    pos = s.positions[seat]
    legal = {entry.type: entry for entry in legal_actions(s)}
    if ActionType.SHOW in legal:
        return Action(seat=seat, type=ActionType.SHOW, cards=s.cards[pos])
    if ActionType.DRAW in legal:
        if rng.random() < 0.05:
            return Action(seat=seat, type=ActionType.FOLD)
        top = legal[ActionType.DRAW].max_amount
        count = top if rng.random() < 0.7 else rng.randint(0, top)
        return Action(seat=seat, type=ActionType.DRAW, cards=tuple(rng.sample(s.cards[pos], count)))
    kinds = [k for k in (ActionType.CHECK, ActionType.CALL, ActionType.BET, ActionType.RAISE)
             if k in legal]  # fmt: skip
    if ActionType.FOLD in legal and rng.random() < 0.1:
        return Action(seat=seat, type=ActionType.FOLD)
    kind = rng.choice(kinds)
    amount = legal[kind].min_amount if kind in (ActionType.BET, ActionType.RAISE) else 0
    return Action(seat=seat, type=kind, amount=amount)


def _check_reshuffle(state: TableState, event: HandDealt) -> None:
    """A reshuffle's new stub holds no live card, no card of a folded hand, none of the
    drawer's own pending discards, and no card twice."""
    run = state.hand
    assert run is not None and event.stub is not None
    s = run.state
    stub = set(event.stub)
    assert len(stub) == len(event.stub)
    own = {card for seat, card in run.discards if seat == event.deal.seat}
    held = {card for cards in s.cards for card in cards}  # folded hands keep their cards
    assert not stub & own, "the drawer's own discards are never reshuffled"
    assert not stub & held, "live and folded hands are never reshuffled"
    assert stub == set(run.stub) | {c for seat, c in run.discards if seat != event.deal.seat}


def play(game: Game, players: int, seed: int) -> tuple[TableState, int]:
    """One service-dealt hand of ``game`` (fixed limit 200/400) with ``players``; returns the
    table after it and the number of reshuffles."""
    rng = random.Random(seed)
    state = new_table(
        table_settings(game, seats=game_spec(game).max_players),
        [(n, 100_000) for n in range(1, players + 1)],
    )
    started = begin_hand(state, hand_id="h")
    deck = sorted(state.settings.spec.deck(players))
    rng.shuffle(deck)
    state = fold(state, replace(started, deck=tuple(deck)), sequence=state.sequence + 1)
    reshuffles = 0
    while state.hand is not None:
        run = state.hand
        dealt = deal_pending(run, shuffle=lambda cards: rng.sample(list(cards), len(cards)))
        events: list = list(dealt.events)
        if not events:
            done = settlement(run)
            events = [done] if done is not None else [
                HandActed(hand_id=run.hand_id, action=_choose(state, rng))]  # fmt: skip
        for event in events:
            if isinstance(event, HandDealt) and event.stub is not None:
                _check_reshuffle(state, event)
                reshuffles += 1
            state = fold(state, event, sequence=state.sequence + 1)
    return state, reshuffles


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(GAMES),
    players=st.integers(min_value=2, max_value=7),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_service_dealer__lowball_draws_never_run_out_and_reshuffle_per_rules(
    game: Game, players: int, seed: int
) -> None:
    """RULES.md Draw: whatever the discards over one or three draws with up to six players
    (single draw: seven; some folding), the service deals every replacement (never
    ``StubExhausted``), each reshuffle is the rest of the stub and the other players' pending
    discards, and no card is in two hands; chips are conserved."""
    players = min(players, game_spec(game).max_players)  # single draw 7, triple draw 6
    state, _ = play(game, players, seed)
    last = state.last_hand
    assert last is not None and last.result is not None
    live = [card for cards in last.state.cards for card in cards]
    assert len(live) == len(set(live))
    assert sum(last.result.final_stacks.values()) == 100_000 * players


def test_service_dealer__six_handed_triple_draw_discarding_everything_reshuffles() -> None:
    """RULES.md Draw: six players discarding (nearly) everything on three draws force the
    reshuffle; the service still deals every card (2-7 triple draw and Badugi)."""
    for game in (Game.DEUCE_TO_SEVEN_TRIPLE_DRAW, Game.BADUGI):
        assert sum(play(game, 6, seed)[1] for seed in range(8)) >= 4, game
