"""Forced bets as posted vs as the table's rules want them (``ante.amount``, ``blind.amount``,
``blind.player``).

RULES.md "Seven Card Stud family" (every player antes), "Five Card Draw, 7-A" (small blind
left of the button, big blind left of it; heads-up the button posts the small blind; a
newcomer posts a big blind; a missed small blind is posted dead), "Stakes defaults" (amounts),
"Common to every game" (a short stack posts all it has). The posted bets, not the expected
ones, are what the replay uses, so one wrong post is reported once and the rest of the hand
is audited as it was played; when the rest of the record followed the table's amount
instead, the auditor replays with that (:func:`replay_config` ``table_amounts``), so the
wrong post is still reported once and nothing after it is blamed for it.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

from floorman.domain.audit.findings import AuditFinding
from floorman.domain.audit.recorded import PostedBet
from floorman.domain.engine.stakes import ResolvedStakes, resolve_stakes
from floorman.domain.games import game_spec
from floorman.domain.model import ForcedBet, ForcedBetKind, HandConfig

AMOUNT_RULES = frozenset({"ante.amount", "blind.amount"})
"""The forced-bet findings of a wrong amount (rather than a wrong seat)."""
_BLIND_KINDS = (ForcedBetKind.SMALL_BLIND, ForcedBetKind.BIG_BLIND, ForcedBetKind.DEAD_BLIND)


def replay_config(
    config: HandConfig,
    stakes: ResolvedStakes,
    posted: tuple[PostedBet, ...] | None,
    *,
    table_amounts: bool = False,
) -> HandConfig:
    """``config`` with the record's forced bets as explicit ``forced_bets`` (unchanged when
    the record states none).

    A post that put the seat all in short of its forced bet keeps the forced bet's nominal
    amount (the engine posts what the stack has, and a short big blind still makes the full
    big blind the bet to call, RRoP / TDA); any other post keeps the amount the record says,
    or with ``table_amounts`` the table's amount for its seat and kind (the replay of a
    record whose other lines followed the table's amount, not the wrong post's: see
    :func:`~floorman.domain.audit.auditor.audit_hand`). Who posts is the record's either way.
    """
    if posted is None:
        return config
    nominal = _nominal_amounts(config, stakes)
    all_in = _all_in_seats(config, posted)
    bets = []
    for p in posted:
        kind = _canonical(p.kind, p.dead)
        want = nominal.get((p.seat, kind), 0)
        short = p.seat in all_in and p.amount < want
        amount = want if short or (table_amounts and want and p.amount != want) else p.amount
        if amount > 0:
            bets.append(ForcedBet(seat=p.seat, kind=p.kind, amount=amount, dead=p.dead))
    return replace(config, forced_bets=tuple(bets))


def _nominal_amounts(
    config: HandConfig, stakes: ResolvedStakes
) -> dict[tuple[int, ForcedBetKind], int]:
    """(seat, kind) -> the forced bet's amount: the explicit ones, else the stakes'."""
    if config.forced_bets:
        out: dict[tuple[int, ForcedBetKind], int] = defaultdict(int)
        for bet in config.forced_bets:
            out[bet.seat, _canonical(bet.kind, bet.dead)] += bet.amount
        return dict(out)
    by_kind = {
        ForcedBetKind.ANTE: stakes.ante,
        ForcedBetKind.SMALL_BLIND: stakes.small_blind,
        ForcedBetKind.BIG_BLIND: stakes.big_blind,
        ForcedBetKind.DEAD_BLIND: stakes.small_blind,
    }
    return {(seat.seat, kind): amount for seat in config.seats for kind, amount in by_kind.items()}


def _all_in_seats(config: HandConfig, posted: tuple[PostedBet, ...]) -> set[int]:
    """Seats whose posts took their whole stack."""
    total: dict[int, int] = defaultdict(int)
    for bet in posted:
        total[bet.seat] += bet.amount
    return {seat.seat for seat in config.seats if total[seat.seat] >= seat.stack}


def expected_forced_bets(config: HandConfig, stakes: ResolvedStakes) -> tuple[ForcedBet, ...]:
    """The forced bets the table's rules want: explicit ``forced_bets``, else antes for every
    seat and, in the draw games, the blinds left of the button (heads-up: the button posts the
    small blind)."""
    if config.forced_bets:
        return config.forced_bets
    seats = sorted(seat.seat for seat in config.seats)
    bets: list[ForcedBet] = []
    if stakes.ante:
        bets += [ForcedBet(seat=s, kind=ForcedBetKind.ANTE, amount=stakes.ante) for s in seats]
    if game_spec(config.game).is_draw and config.button_seat in seats:
        n = len(seats)
        button = seats.index(config.button_seat)
        small = button if n == 2 else (button + 1) % n
        big = (small + 1) % n
        if stakes.small_blind:
            bets.append(
                ForcedBet(
                    seat=seats[small], kind=ForcedBetKind.SMALL_BLIND, amount=stakes.small_blind
                )
            )
        bets.append(
            ForcedBet(seat=seats[big], kind=ForcedBetKind.BIG_BLIND, amount=stakes.big_blind)
        )
        if stakes.big_blind_ante:  # RULES.md "Hold'em and Omaha": the big blind antes for all
            bets.append(
                ForcedBet(
                    seat=seats[big], kind=ForcedBetKind.BIG_BLIND_ANTE, amount=stakes.big_blind_ante
                )
            )
        if stakes.straddle and n > 2:  # left of the big blind
            bets.append(
                ForcedBet(
                    seat=seats[(big + 1) % n], kind=ForcedBetKind.STRADDLE, amount=stakes.straddle
                )
            )
    return tuple(bets)


def check_forced_bets(
    config: HandConfig, stakes: ResolvedStakes, posted: tuple[PostedBet, ...]
) -> list[AuditFinding]:
    """Compare the posted forced bets with the expected ones.

    Rules: every seat posts its expected ante (``ante.amount``; all of a short stack is
    fine); the expected small and big blind seats post their blinds (``blind.player`` when
    another seat posts the small blind, nobody posts it while the big blind is where it is
    due (:func:`_missing_small_blind`), or the big blind seat posts none; a dead small blind,
    the button's neighbour posting the big blind and nobody a live small blind, is the
    dead-button rule's placement, :func:`_dead_small_blind`); every blind is its
    stake (``blind.amount``): a big blind posted by another seat is a newcomer's (allowed), a
    dead blind is the small blind. With explicit ``forced_bets`` in the configuration, each
    seat posts exactly those.

    Returns:
        The findings (event index -1, the post's line).
    """
    expected = expected_forced_bets(config, stakes)
    all_in = _all_in_seats(config, posted)
    emptied = {seat.seat: seat.seat in all_in for seat in config.seats}  # posts took the stack
    findings: list[AuditFinding] = []
    if config.forced_bets:
        _check_explicit(expected, posted, emptied, findings)
        return findings
    _check_antes(expected, posted, emptied, stakes, findings)
    if game_spec(config.game).is_draw:
        _check_blinds(expected, posted, emptied, stakes, findings)
        _check_extras(expected, posted, emptied, findings)
    else:
        for bet in posted:
            if bet.kind in _BLIND_KINDS:
                findings.append(
                    AuditFinding(
                        rule="blind.player",
                        message=f"seat {bet.seat} posts a blind in a stud game",
                        seat=bet.seat,
                        expected="0",
                        actual=str(bet.amount),
                        line=bet.line,
                    )
                )
    return findings


_EXTRAS = {
    ForcedBetKind.STRADDLE: ("straddle.player", "straddle.amount", "the straddle"),
    ForcedBetKind.BIG_BLIND_ANTE: ("ante.amount", "ante.amount", "the big-blind ante"),
}
"""The community-card games' optional forced bets: (rule for the seat, rule for the amount,
name) (RULES.md "Hold'em and Omaha": the straddle left of the big blind, twice it; the big
blind's ante for the table)."""


def _check_extras(
    expected: tuple[ForcedBet, ...],
    posted: tuple[PostedBet, ...],
    emptied: dict[int, bool],
    findings: list[AuditFinding],
) -> None:
    """The straddle and the big-blind ante as posted vs as the stakes place them."""
    for kind, (seat_rule, amount_rule, name) in _EXTRAS.items():
        want = {b.seat: b.amount for b in expected if b.kind is kind}
        for bet in posted:
            if bet.kind is not kind:
                continue
            if bet.seat not in want:
                seat = next(iter(want), 0)
                findings.append(
                    AuditFinding(
                        rule=seat_rule,
                        message=f"seat {bet.seat} posts {name}; seat {seat} may post it",
                        seat=bet.seat,
                        expected=str(seat),
                        actual=str(bet.seat),
                        line=bet.line,
                    )
                )
            elif not _fits(bet.amount, want[bet.seat], emptied.get(bet.seat, False)):
                findings.append(
                    AuditFinding(
                        rule=amount_rule,
                        message=f"seat {bet.seat} posts {bet.amount} as {name}; "
                        f"it is {want[bet.seat]}",
                        seat=bet.seat,
                        expected=str(want[bet.seat]),
                        actual=str(bet.amount),
                        line=bet.line,
                    )
                )


def _fits(amount: int, wanted: int, all_in: bool) -> bool:
    """``amount`` is the wanted forced bet, or less when the seat's posts took its stack."""
    return amount == wanted or (all_in and amount < wanted)


def _check_antes(
    expected: tuple[ForcedBet, ...],
    posted: tuple[PostedBet, ...],
    emptied: dict[int, bool],
    stakes: ResolvedStakes,
    findings: list[AuditFinding],
) -> None:
    wanted = {b.seat: b.amount for b in expected if b.kind is ForcedBetKind.ANTE}
    paid: dict[int, int] = defaultdict(int)
    lines: dict[int, int] = {}
    for bet in posted:
        if bet.kind is ForcedBetKind.ANTE:
            paid[bet.seat] += bet.amount
            lines.setdefault(bet.seat, bet.line)
    for seat in sorted(set(wanted) | set(paid)):
        amount, want = paid.get(seat, 0), wanted.get(seat, 0)
        if not _fits(amount, want, emptied.get(seat, False)):
            findings.append(
                AuditFinding(
                    rule="ante.amount",
                    message=f"seat {seat} antes {amount}; the ante is {want}",
                    seat=seat,
                    expected=str(want),
                    actual=str(amount),
                    line=lines.get(seat, 0),
                )
            )


def _check_blinds(
    expected: tuple[ForcedBet, ...],
    posted: tuple[PostedBet, ...],
    emptied: dict[int, bool],
    stakes: ResolvedStakes,
    findings: list[AuditFinding],
) -> None:
    small_seat = next((b.seat for b in expected if b.kind is ForcedBetKind.SMALL_BLIND), 0)
    big_seat = next((b.seat for b in expected if b.kind is ForcedBetKind.BIG_BLIND), 0)
    if _dead_small_blind(expected, posted):
        small_seat, big_seat = 0, small_seat
    amounts = {
        ForcedBetKind.SMALL_BLIND: stakes.small_blind,
        ForcedBetKind.BIG_BLIND: stakes.big_blind,
        ForcedBetKind.DEAD_BLIND: stakes.small_blind,
    }
    big_posted = False
    for bet in posted:
        if bet.kind not in _BLIND_KINDS:
            continue
        all_in = emptied.get(bet.seat, False)
        if bet.kind is ForcedBetKind.SMALL_BLIND and small_seat and bet.seat != small_seat:
            findings.append(_blind_player(bet, small_seat, "small"))
        elif not _fits(bet.amount, amounts[bet.kind], all_in):
            findings.append(
                AuditFinding(
                    rule="blind.amount",
                    message=f"seat {bet.seat} posts {bet.amount} as the "
                    f"{bet.kind.value.replace('_', ' ')}; it is {amounts[bet.kind]}",
                    seat=bet.seat,
                    expected=str(amounts[bet.kind]),
                    actual=str(bet.amount),
                    line=bet.line,
                )
            )
        if bet.kind is ForcedBetKind.BIG_BLIND and bet.seat == big_seat:
            big_posted = True
    big_missing = bool(big_seat) and not big_posted and not emptied.get(big_seat, False)
    missing_small = _missing_small_blind(small_seat, posted, emptied)
    if missing_small is not None and not big_missing:  # a misplaced big blind says it all
        findings.append(missing_small)
    if big_missing:
        first_big = next((b for b in posted if b.kind is ForcedBetKind.BIG_BLIND), None)
        findings.append(
            AuditFinding(
                rule="blind.player",
                message=f"seat {big_seat} must post the big blind"
                + (f", not seat {first_big.seat}" if first_big else ""),
                seat=big_seat,
                expected=str(big_seat),
                actual=str(first_big.seat) if first_big else "0",
                line=first_big.line if first_big else 0,
            )
        )


def _missing_small_blind(
    small_seat: int, posted: tuple[PostedBet, ...], emptied: dict[int, bool]
) -> AuditFinding | None:
    """``blind.player`` when the small-blind seat (``small_seat``; 0: none is due, or the
    posts are the dead small blind) posts no small blind and nobody else posts one either
    (another seat's small blind is reported on its own line); ``None`` when it posts one,
    live or dead, or its other posts took its whole stack.

    RULES.md "Five Card Draw, 7-A" (the small blind left of the button; heads-up the button
    posts it). The finding has event index -1 and the line of the first blind posted (where
    the small blind's post was due), else 0.
    """
    if not small_seat or emptied.get(small_seat, False):
        return None
    smalls = [b for b in posted if b.kind in (ForcedBetKind.SMALL_BLIND, ForcedBetKind.DEAD_BLIND)]
    if any(b.seat == small_seat for b in smalls):
        return None
    if any(b.kind is ForcedBetKind.SMALL_BLIND and not b.dead for b in smalls):
        return None
    first_blind = next((b for b in posted if b.kind in _BLIND_KINDS), None)
    return AuditFinding(
        rule="blind.player",
        message=f"seat {small_seat} must post the small blind; nobody posts it",
        seat=small_seat,
        expected=str(small_seat),
        actual="0",
        line=first_blind.line if first_blind else 0,
    )


def _dead_small_blind(expected: tuple[ForcedBet, ...], posted: tuple[PostedBet, ...]) -> bool:
    """True when the posts are the dead-button rule's dead small blind: nobody posts a live
    small blind and the seat the button's neighbour (the expected small blind) posts the big
    blind (RULES.md "Five Card Draw, 7-A" Button: the big blind always moves to the next
    player, so when the player due the small blind has left or sits out the small blind is
    dead). A record does not say who was seated in the previous hand nor which button rule
    the table plays, so such posts are the record (docs/hand-history-formats.md)."""
    small = next((b for b in expected if b.kind is ForcedBetKind.SMALL_BLIND), None)
    if small is None or any(b.kind is ForcedBetKind.SMALL_BLIND and not b.dead for b in posted):
        return False
    big_posts = [b.seat for b in posted if b.kind is ForcedBetKind.BIG_BLIND and not b.dead]
    return small.seat in big_posts


def _blind_player(bet: PostedBet, wanted_seat: int, name: str) -> AuditFinding:
    return AuditFinding(
        rule="blind.player",
        message=f"seat {wanted_seat} posts the {name} blind, not seat {bet.seat}",
        seat=bet.seat,
        expected=str(wanted_seat),
        actual=str(bet.seat),
        line=bet.line,
    )


def _canonical(kind: ForcedBetKind, dead: bool) -> ForcedBetKind:
    """A blind posted dead is a dead blind, however a format names it."""
    return ForcedBetKind.DEAD_BLIND if dead and kind in _BLIND_KINDS else kind


def _check_explicit(
    expected: tuple[ForcedBet, ...],
    posted: tuple[PostedBet, ...],
    emptied: dict[int, bool],
    findings: list[AuditFinding],
) -> None:
    wanted: dict[tuple[int, ForcedBetKind], int] = defaultdict(int)
    for bet in expected:
        wanted[bet.seat, _canonical(bet.kind, bet.dead)] += bet.amount
    paid: dict[tuple[int, ForcedBetKind], int] = defaultdict(int)
    lines: dict[tuple[int, ForcedBetKind], int] = {}
    for bet in posted:
        key = (bet.seat, _canonical(bet.kind, bet.dead))
        paid[key] += bet.amount
        lines.setdefault(key, bet.line)
    for key in sorted(set(wanted) | set(paid), key=lambda k: (k[0], k[1].value)):
        seat, kind = key
        amount, want = paid.get(key, 0), wanted.get(key, 0)
        if _fits(amount, want, emptied.get(seat, False)):
            continue
        rule = "ante.amount" if kind is ForcedBetKind.ANTE else "blind.amount"
        if kind is not ForcedBetKind.ANTE and (amount == 0 or want == 0):
            rule = "blind.player"
        if kind in _EXTRAS:
            seat_rule, amount_rule, _ = _EXTRAS[kind]
            rule = seat_rule if amount == 0 or want == 0 else amount_rule
        findings.append(
            AuditFinding(
                rule=rule,
                message=f"seat {seat} posts {amount} as {kind.value.replace('_', ' ')}; "
                f"the table wants {want}",
                seat=seat,
                expected=str(want),
                actual=str(amount),
                line=lines.get(key, 0),
            )
        )


def resolved_stakes(config: HandConfig) -> ResolvedStakes:
    """The configuration's stakes with RULES.md "Stakes defaults" applied.

    Raises:
        InvalidArgument: incoherent stakes (see :func:`resolve_stakes`).
    """
    return resolve_stakes(
        config.stakes, spec=game_spec(config.game), structure=config.betting_structure
    )
