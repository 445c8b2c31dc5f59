"""One-change mutations of corpus hands, each with the finding it must produce.

Used by ``test_audit_mutations.py`` (issue 5 "Show": the mutation test). A mutation changes one
thing of a hand that audits clean: a bet amount, a forced bet (blind or ante), the order of two
actions, a payout, a shown card, or the rake. Whether the changed record breaks a rule, and
which rule, is decided here by checks that do not use the auditor or the engine:

* bet amount: the raise-to total (or bet) goes one minor unit up in fixed limit, where amounts
  are the previous level plus a bet size, or down to the current bet plus one unit in pot and
  no limit (below any minimum raise, which is at least the big blind); not counted when the new
  amount is the player's whole stack by a chip tally of the record (an all-in may be any size);
* forced bet: one seat posts one unit more than the table's forced bet, when the table's amount
  is known without this hand: the header's ante (Full Tilt), the fixed-limit big blind (the
  small bet), the pot/no-limit blinds (the header), PHH antes of the other players (three or
  more), or at least two other hands of the same table posting only that amount;
* order: two adjacent player actions of different seats swap; the first one then acts out of
  turn (``bring_in.player`` / ``stud.first_to_act`` when it opens a stud street); not counted
  when an unknown up card could let either act first;
* payout: a winner is paid one unit more (PokerStars/Full Tilt "collected"/"wins" line; PHH
  finishing stack); the summary (or the chip total) disagrees;
* shown card: a shown down card becomes a card seen nowhere in the hand; pokerkit's evaluators
  (independent of floorman's ranking) say whether the single pot's winners change
  (``showdown.wrong_winner``), only the split changes (``payout.amount``) or nothing changes
  (still legal: not counted);
* rake: the stated rake goes one unit up while the pot and payouts stay: pot != payouts + rake.
"""

from __future__ import annotations

import random
import re
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from pokerkit import (
    EightOrBetterLowHand,
    RegularLowHand,
    StandardBadugiHand,
    StandardHighHand,
    StandardLowHand,
)

from floorman.domain.audit import AuditStatus, HandAudit, SourceFormat, audit_document, audit_hand
from floorman.domain.audit.from_pokerstars import (
    TableStakes,
    stars_record,
    stars_records,
    table_key,
    table_stakes,
)
from floorman.domain.cards import card_str
from floorman.domain.games import game_spec
from floorman.domain.history.amounts import parse_money
from floorman.domain.history.full_tilt import parse_full_tilt
from floorman.domain.history.phh import PhhHand, PhhVerb, map_phh, parse_phh
from floorman.domain.history.pokerstars import (
    StarsEventKind,
    StarsFile,
    StarsHand,
    StarsStreet,
    parse_file,
)
from floorman.domain.model import BettingStructure, Game

K = StarsEventKind
SHOWN_CARD_TRIES = 24
KINDS = ("bet_amount", "blind_or_ante", "order", "payout", "shown_card", "rake")
_BETTING = (K.BRING_IN, K.BET, K.CALL, K.RAISE, K.CHECK, K.FOLD)
_CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[cdhs](?![A-Za-z0-9])")
_ALL_CARDS = tuple(card_str(c) for c in range(52))


@dataclass(frozen=True, slots=True)
class Mutant:
    """A changed record and what the audit must say about it.

    ``expected`` empty: the change stays legal (``reason`` says why) and is not counted.
    Otherwise a rule finding with a rule in ``expected``, at ``event_index`` and ``line``
    when given, naming one of ``seats`` when given, detects it.
    """

    kind: str
    name: str
    text: str
    expected: frozenset[str] = frozenset()
    event_index: int | None = None
    line: int | None = None
    seats: frozenset[int] = frozenset()
    reason: str = ""

    def detected(self, audit: HandAudit) -> bool:
        """True when a finding of ``audit`` matches."""
        return any(
            f.rule in self.expected
            and (self.event_index is None or f.event_index == self.event_index)
            and (self.line is None or f.line == self.line)
            and (not self.seats or f.seat in self.seats)
            for f in audit.rule_findings
        )


@dataclass
class Unit:
    """One clean corpus hand: its text and a way to audit a changed copy of it."""

    name: str
    format: SourceFormat
    text: str
    audit: Callable[[str], HandAudit]
    mutate: Callable[[Unit, str, random.Random], Mutant | None]
    extra: dict[str, object] = field(default_factory=dict)


SEED_ONLY = True
"""The mutations cover the seed games: their independent checks (the chip tallies, the
stated amounts, pokerkit's evaluators fed seven stud cards or five draw cards) know no board.
The Hold'em, Omaha and short-deck hands of the corpus (issue 11) are audited, not mutated
(``tests/audit/test_audit_corpus.py``)."""


def _has_board(game: Game | None) -> bool:
    return SEED_ONLY and game is not None and game_spec(game).has_board


def _legal(kind: str, unit: Unit, text: str, reason: str) -> Mutant:
    return Mutant(kind=kind, name=unit.name, text=text, reason=reason)


# -- independent winners ---------------------------------------------------------------------


def _winners(game: Game, hands: dict[int, str], board: str) -> tuple[tuple[int, ...], ...]:
    """(high winners, low winners) of one pot by pokerkit's evaluators; cards as text runs."""

    def best(kind: type, qualifying: bool = False) -> tuple[int, ...]:
        values = {}
        for seat, cards in hands.items():
            try:
                values[seat] = kind.from_game(cards, board)
            except ValueError:
                if not qualifying:
                    raise
        if not values:
            return ()
        top = max(values.values())
        return tuple(sorted(seat for seat, value in values.items() if value == top))

    if game in (Game.RAZZ, Game.ACE_TO_FIVE_TRIPLE_DRAW):  # ace-to-five low
        return (best(RegularLowHand), ())
    if game in (Game.DEUCE_TO_SEVEN_SINGLE_DRAW, Game.DEUCE_TO_SEVEN_TRIPLE_DRAW):
        return (best(StandardLowHand), ())  # pokerkit's 2-7 low (RULES.md "Lowball draw")
    if game is Game.BADUGI:
        return (best(StandardBadugiHand), ())
    if game is Game.SEVEN_CARD_STUD_HI_LO:
        return (best(StandardHighHand), best(EightOrBetterLowHand, qualifying=True))
    return (best(StandardHighHand), ())


def _shown_card_verdict(
    game: Game, before: dict[int, str], after: dict[int, str], board: str, paid: set[int]
) -> tuple[frozenset[str], frozenset[int], str]:
    """The rule a changed shown card breaks (nothing when the pot still goes the same way)."""
    old = _winners(game, before, board)
    if {s for side in old for s in side} != paid:
        return frozenset(), frozenset(), "the independent winners differ from the record's"
    new = _winners(game, after, board)
    new_paid = {s for side in new for s in side}
    if new_paid != paid:
        return frozenset({"showdown.wrong_winner"}), frozenset(new_paid ^ paid), ""
    if new != old:
        return frozenset({"payout.amount"}), frozenset(paid), ""
    return frozenset(), frozenset(), "the pot goes to the same hands"


# -- PokerStars and Full Tilt ------------------------------------------------------------------


def _money_text(amount: int, scale: int, symbol: str) -> str:
    if scale == 1:
        return f"{symbol}{amount}"
    return f"{symbol}{amount // 100}.{amount % 100:02d}"


def _bump(line: str, pattern: str, scale: int, delta: int | Callable[[int], int]) -> str | None:
    """``line`` with the amount of ``pattern``'s group ``a`` (and ``b`` if present) changed."""
    match = re.search(pattern, line)
    if match is None:
        return None
    out = line
    for group in sorted(match.re.groupindex, key=lambda g: -match.start(g)):
        text = match.group(group)
        symbol = text[0] if text[0] in "$€£" else ""
        value = parse_money(text, scale=scale)
        new = delta(value) if callable(delta) else value + delta
        out = out[: match.start(group)] + _money_text(new, scale, symbol) + out[match.end(group) :]
    return out


@dataclass
class _Tally:
    """The record's chips, from its own lines: street bets, stacks left, contributions."""

    before: list[tuple[dict[int, int], int, dict[int, int]]]  # per event: bets, cb, left
    contributed: dict[int, int]
    first_of_street: set[int]  # event positions opening a betting street


def _stars_tally(hand: StarsHand) -> _Tally:
    left = {s.seat: s.stack for s in hand.seats}
    bets: dict[int, int] = defaultdict(int)
    contributed: dict[int, int] = defaultdict(int)
    before = []
    street = None
    first: set[int] = set()
    opened = False
    for position, e in enumerate(hand.events):
        if e.street is not street and e.kind in _BETTING:
            if street is not None and e.street.value != street.value:
                bets = defaultdict(int) if opened else bets
            street = e.street
            opened = False
        if e.kind in _BETTING and not opened:
            first.add(position)
            opened = True
        before.append((dict(bets), max(bets.values(), default=0), dict(left)))
        if e.added:
            left[e.seat] -= e.added
            contributed[e.seat] += e.added
            if e.kind is not K.ANTE:
                bets[e.seat] += e.added
        if e.kind is K.UNCALLED_RETURN:
            contributed[e.seat] -= e.amount
    return _Tally(before=before, contributed=dict(contributed), first_of_street=first)


def stars_units(text: str, *, name: str, format: SourceFormat, seen: set[str]) -> list[Unit]:
    """The clean hands of one PokerStars or Full Tilt file, each as a mutation unit."""
    parse: Callable[[str], StarsFile] = (
        parse_full_tilt if format is SourceFormat.FULL_TILT else parse_file
    )
    parsed = parse(text)
    stakes = table_stakes(parsed.hands)
    by_table: dict[tuple[object, ...], list[StarsHand]] = defaultdict(list)
    for hand in parsed.hands:
        by_table[table_key(hand)].append(hand)
    lines = text.replace("\r\n", "\n").split("\n")
    starts = sorted(h.line for h in parsed.hands)
    units = []
    for hand in parsed.hands:
        key = f"{format.value}:{hand.hand_id}"
        if key in seen or _has_board(hand.game):
            continue
        seen.add(key)
        following = [s for s in starts if s > hand.line]
        end = following[0] - 1 if following else len(lines)
        block = "\n" * (hand.line - 1) + "\n".join(lines[hand.line - 1 : end])
        table = stakes[table_key(hand)]
        audit = _stars_auditor(parse, table, name, format)
        if audit(block).status is not AuditStatus.CLEAN:
            continue
        others = [h for h in by_table[table_key(hand)] if h.hand_id != hand.hand_id]
        units.append(
            Unit(
                name=f"{name}#{hand.hand_id}",
                format=format,
                text=block,
                audit=audit,
                mutate=_mutate_stars,
                extra={"hand": hand, "others": others, "table": table},
            )
        )
    return units


def _stars_auditor(
    parse: Callable[[str], StarsFile], table: TableStakes, name: str, format: SourceFormat
) -> Callable[[str], HandAudit]:
    def audit(text: str) -> HandAudit:
        parsed = parse(text)
        if len(parsed.hands) != 1:
            (verdict,) = [
                item
                for item in stars_records(parsed, source=name, format=format)
                if isinstance(item, HandAudit)
            ]
            return verdict
        return audit_hand(stars_record(parsed.hands[0], table, source=name, format=format))

    return audit


def _line(text: str, number: int) -> str:
    return text.split("\n")[number - 1]


def _set_line(text: str, number: int, new: str) -> str:
    lines = text.split("\n")
    lines[number - 1] = new
    return "\n".join(lines)


_AMT = r"[$€£]?\d[\d,]*(?:\.\d+)?"


def _mutate_stars(unit: Unit, kind: str, rng: random.Random) -> Mutant | None:
    hand: StarsHand = unit.extra["hand"]  # type: ignore[assignment]
    return {
        "bet_amount": _stars_bet,
        "blind_or_ante": _stars_forced,
        "order": _stars_order,
        "payout": _stars_payout,
        "shown_card": _stars_card,
        "rake": _stars_rake,
    }[kind](unit, hand, rng)


def _stars_bet(unit: Unit, hand: StarsHand, rng: random.Random) -> Mutant | None:
    tally = _stars_tally(hand)
    fixed = hand.structure is BettingStructure.FIXED_LIMIT
    picks = [i for i, e in enumerate(hand.events) if e.kind in (K.BET, K.RAISE) and not e.all_in]
    if not picks:
        return None
    position = rng.choice(picks)
    e = hand.events[position]
    bets, current, left = tally.before[position]
    own = bets.get(e.seat, 0)
    to = e.to_amount if e.kind is K.RAISE else own + e.amount
    if fixed:
        new_to = to + 1
        rule = "bet.amount"
    else:
        if hand.stakes.big_blind <= 1:
            return None
        new_to = current + 1 if e.kind is K.RAISE else own + 1
        rule = "bet.min_raise" if e.kind is K.RAISE else "bet.amount"
    line = _line(unit.text, e.line)
    delta = new_to - to
    if unit.format is SourceFormat.FULL_TILT or e.kind is K.BET:
        pattern = rf"(?:to|bets) (?P<a>{_AMT})"
    else:
        pattern = rf"raises (?P<b>{_AMT}) to (?P<a>{_AMT})"
    new_line = _bump(line, pattern, hand.scale, delta)
    if new_line is None:
        return None
    text = _set_line(unit.text, e.line, new_line)
    if new_to - own >= left[e.seat]:
        return _legal("bet_amount", unit, text, "the new amount is the player's whole stack")
    return Mutant(
        kind="bet_amount",
        name=unit.name,
        text=text,
        expected=frozenset({rule}),
        line=e.line,
        seats=frozenset({e.seat}),
    )


def _stars_forced(unit: Unit, hand: StarsHand, rng: random.Random) -> Mutant | None:
    others: list[StarsHand] = unit.extra["others"]  # type: ignore[assignment]
    kinds = (K.ANTE,) if hand.game.is_stud else (K.SMALL_BLIND, K.BIG_BLIND)
    picks = [e for e in hand.events if e.kind in kinds and not e.all_in]
    if not picks:
        return None
    e = rng.choice(picks)
    stack = next(s.stack for s in hand.seats if s.seat == e.seat)
    patterns = {
        K.ANTE: rf"(?:posts the ante|antes) (?P<a>{_AMT})",
        K.SMALL_BLIND: rf"posts (?:the )?small blind (?:of )?(?P<a>{_AMT})",
        K.BIG_BLIND: rf"posts (?:the )?big blind (?:of )?(?P<a>{_AMT})",
    }
    new_line = _bump(_line(unit.text, e.line), patterns[e.kind], hand.scale, 1)
    if new_line is None:
        return None
    text = _set_line(unit.text, e.line, new_line)
    known = _table_amount_known(unit, hand, e.kind, e.amount, others)
    if not known:
        return _legal(
            "blind_or_ante", unit, text, "the table's amount is not known without this hand"
        )
    if e.amount + 1 >= stack:
        return _legal("blind_or_ante", unit, text, "the new post is the whole stack")
    rule = "ante.amount" if e.kind is K.ANTE else "blind.amount"
    return Mutant(
        kind="blind_or_ante",
        name=unit.name,
        text=text,
        expected=frozenset({rule}),
        line=e.line,
        seats=frozenset({e.seat}),
    )


def _table_amount_known(
    unit: Unit, hand: StarsHand, kind: StarsEventKind, amount: int, others: list[StarsHand]
) -> bool:
    if kind is K.BIG_BLIND:
        big = hand.stakes.small_bet if hand.structure is BettingStructure.FIXED_LIMIT else 0
        return amount == big if big else hand.structure is not BettingStructure.FIXED_LIMIT
    if kind is K.ANTE and unit.format is SourceFormat.FULL_TILT:
        return hand.stakes.ante == amount
    posted = [e.amount for h in others for e in h.events if e.kind is kind and not e.all_in]
    hands = sum(1 for h in others if any(e.kind is kind and not e.all_in for e in h.events))
    return hands >= 2 and set(posted) == {amount}


def _stars_order(unit: Unit, hand: StarsHand, rng: random.Random) -> Mutant | None:
    tally = _stars_tally(hand)
    events = hand.events
    pairs = []
    for i in range(len(events) - 1):
        a, b = events[i], events[i + 1]
        if a.kind in _BETTING and b.kind in _BETTING and a.seat != b.seat and a.street is b.street:
            pairs.append(i)
    if not pairs:
        return None
    i = rng.choice(pairs)
    a, b = events[i], events[i + 1]
    text = _set_line(
        _set_line(unit.text, a.line, _line(unit.text, b.line)), b.line, _line(unit.text, a.line)
    )
    rule = "turn.out_of_turn"
    if hand.game.is_stud and i in tally.first_of_street:
        first_street = a.street in (StarsStreet.THIRD_STREET, StarsStreet.SECOND_STREET) and (
            a.street is StarsStreet.SECOND_STREET or hand.game is not Game.FIVE_CARD_STUD
        )
        rule = "bring_in.player" if first_street else "stud.first_to_act"
    return Mutant(
        kind="order",
        name=unit.name,
        text=text,
        expected=frozenset({rule}),
        line=a.line,
        seats=frozenset({b.seat}),
    )


def _stars_payout(unit: Unit, hand: StarsHand, rng: random.Random) -> Mutant | None:
    collects = [e for e in hand.events if e.kind is K.COLLECT]
    if not collects or hand.summary is None:
        return None
    e = rng.choice(collects)
    pattern = (
        rf"collected (?P<a>{_AMT}) from"
        if unit.format is SourceFormat.POKERSTARS
        else (rf"pot \((?P<a>{_AMT})\)")
    )
    new_line = _bump(_line(unit.text, e.line), pattern, hand.scale, 1)
    if new_line is None:
        return None
    text = _set_line(unit.text, e.line, new_line)
    collects_of_seat = [c for c in collects if c.seat == e.seat]
    return Mutant(
        line=e.line if len(collects_of_seat) == 1 else None,
        kind="payout",
        name=unit.name,
        text=text,
        expected=frozenset({"payout.amount"}),
        seats=frozenset({e.seat}),
    )


def _stars_rake(unit: Unit, hand: StarsHand, rng: random.Random) -> Mutant | None:
    if hand.summary is None:
        return None
    lines = unit.text.split("\n")
    number = next((n + 1 for n, line in enumerate(lines) if line.startswith("Total pot")), 0)
    if not number:
        return None
    new_line = _bump(lines[number - 1], rf"\| Rake (?P<a>{_AMT})", hand.scale, 1)
    if new_line is None:
        return None
    text = _set_line(unit.text, number, new_line)
    return Mutant(
        kind="rake", name=unit.name, text=text, expected=frozenset({"rake.amount"}), line=number
    )


def _stars_card(unit: Unit, hand: StarsHand, rng: random.Random) -> Mutant | None:
    shows = [e for e in hand.events if e.kind is K.SHOW]
    folded = {e.seat for e in hand.events if e.kind in (K.FOLD, K.MUCK)}
    if not shows or hand.summary is None or hand.summary.side_pots:
        return None
    tally = _stars_tally(hand)
    live = {s.seat for s in hand.seats if s.seat in tally.contributed} - folded
    shown = {e.seat: e.cards for e in shows if e.seat in live}
    if set(shown) != live or len(live) < 2 or len({tally.contributed[s] for s in live}) != 1:
        return None
    dealt: dict[int, set[str]] = defaultdict(set)
    for e in hand.events:
        if e.kind is K.DEAL:
            dealt[e.seat] |= {card_str(c) for c in (*e.cards, *e.previous) if c is not None}
    choices = [
        (e, k)
        for e in shows
        if e.seat in live
        for k, c in enumerate(e.cards)
        if c is not None and card_str(c) not in dealt[e.seat]
    ]
    if not choices:
        return None
    used = set(_CARD_TOKEN.findall(unit.text))
    fresh = [c for c in _ALL_CARDS if c not in used]
    board = "".join(
        card_str(c)
        for ev in hand.events
        if ev.kind is K.COMMUNITY
        for c in ev.cards
        if c is not None
    )
    before = {s: "".join(card_str(c) for c in cards if c is not None) for s, cards in shown.items()}
    paid = {ev.seat for ev in hand.events if ev.kind is K.COLLECT and ev.amount}

    def attempt() -> Mutant:
        e, k = rng.choice(choices)
        new_card = rng.choice(fresh)
        old_card = card_str(e.cards[k])  # type: ignore[arg-type]
        line = _line(unit.text, e.line)
        start = line.index("[")
        changed = line[:start] + line[start:].replace(old_card, new_card, 1)
        after = dict(before)
        after[e.seat] = before[e.seat].replace(old_card, new_card, 1)
        expected, seats, reason = _shown_card_verdict(hand.game, before, after, board, paid)
        return Mutant(
            kind="shown_card",
            name=unit.name,
            text=_set_line(unit.text, e.line, changed),
            expected=expected,
            seats=seats,
            reason=reason,
        )

    return first_breaking(attempt)


def first_breaking(attempt: Callable[[], Mutant], tries: int = SHOWN_CARD_TRIES) -> Mutant:
    """The first of up to ``tries`` random changes that breaks a rule, else the last one (a
    new shown card rarely changes a pot's winner: the test looks for those that do)."""
    mutant = attempt()
    for _ in range(tries - 1):
        if mutant.expected:
            break
        mutant = attempt()
    return mutant


# -- PHH -------------------------------------------------------------------------------------


def phh_unit(text: str, *, name: str) -> Unit | None:
    """A clean seed-game PHH hand as a mutation unit (``None`` for other hands, the
    community-card games included: :data:`SEED_ONLY`)."""
    hand = parse_phh(text)
    if not hand.supported or _has_board(hand.game):
        return None
    audit = _phh_auditor(name)
    if audit(text).status is not AuditStatus.CLEAN:
        return None
    return Unit(
        name=name,
        format=SourceFormat.PHH,
        text=text,
        audit=audit,
        mutate=_mutate_phh,
        extra={"hand": hand, "sources": map_phh(hand).sources},
    )


def _phh_auditor(name: str) -> Callable[[str], HandAudit]:
    def audit(text: str) -> HandAudit:
        (verdict,) = audit_document(text, source=name, format=SourceFormat.PHH)
        return verdict

    return audit


def _phh_actions(text: str) -> list[str]:
    """The raw action strings, single- or double-quoted, one a line or all on one line;
    TOML comments between them (``"p1 f",  # Yockey``) are left out."""
    match = re.search(r"actions = \[(?P<body>.*?)\]\s*$", text, re.MULTILINE | re.DOTALL)
    assert match is not None
    out = []
    for line in match.group("body").splitlines():
        if line.strip().startswith("#"):
            continue  # a comment line
        line = re.sub(r"([\"'],?)\s*#.*$", r"\1", line)  # a comment after the last action
        out += [double or single for double, single in re.findall(r'"([^"]*)"|\'([^\']*)\'', line)]
    return out


def _phh_with_actions(text: str, actions: list[str]) -> str:
    body = ", ".join(f"'{a}'" for a in actions)
    return re.sub(
        r"actions = \[.*?\]\s*$",
        f"actions = [{body}]",
        text,
        count=1,
        flags=re.MULTILINE | re.DOTALL,
    )


@dataclass
class _PhhTally:
    before: list[tuple[list[int], list[int]]]  # per action: street bets, stacks left
    contributed: list[int]
    folded: set[int]
    street_of: list[int]
    opens_street: set[int]


def _phh_tally(hand: PhhHand) -> _PhhTally:
    n = hand.player_count
    left = [int(s) - int(a) for s, a in zip(hand.starting_stacks, hand.antes, strict=True)]
    contributed = [int(a) for a in hand.antes]
    bets = [0] * n
    for p, blind in enumerate(hand.blinds_or_straddles or ()):  # live blinds: first-round bets
        put = min(int(blind), left[p])
        bets[p], left[p], contributed[p] = put, left[p] - put, contributed[p] + put
    folded: set[int] = set()
    before, street_of, opens = [], [], set()
    street, acted = 0, False
    for index, action in enumerate(hand.actions):
        dealer = action.verb in (PhhVerb.DEAL_HOLE, PhhVerb.DEAL_BOARD)
        if dealer and acted:
            street, acted, bets = street + 1, False, [0] * n
        before.append((list(bets), list(left)))
        street_of.append(street)
        if action.verb in (
            PhhVerb.POST_BRING_IN,
            PhhVerb.FOLD,
            PhhVerb.CHECK_OR_CALL,
            PhhVerb.COMPLETE_BET_OR_RAISE_TO,
        ):
            if not acted:
                opens.add(index)
            acted = True
            p = action.actor - 1
            if action.verb is PhhVerb.FOLD:
                folded.add(p)
                continue
            target = {
                PhhVerb.POST_BRING_IN: int(hand.bring_in or 0),
                PhhVerb.CHECK_OR_CALL: max(bets),
                PhhVerb.COMPLETE_BET_OR_RAISE_TO: int(action.amount or 0),
            }[action.verb]
            put = min(max(target - bets[p], 0), left[p])
            bets[p] += put
            left[p] -= put
            contributed[p] += put
    return _PhhTally(before, contributed, folded, street_of, opens)


def _mutate_phh(unit: Unit, kind: str, rng: random.Random) -> Mutant | None:
    hand: PhhHand = unit.extra["hand"]  # type: ignore[assignment]
    if kind == "rake":
        return None  # PHH states no rake
    return {
        "bet_amount": _phh_bet,
        "blind_or_ante": _phh_ante,
        "order": _phh_order,
        "payout": _phh_payout,
        "shown_card": _phh_card,
    }[kind](unit, hand, rng)


def _event_of(unit: Unit, action_index: int) -> int:
    sources: tuple[int, ...] = unit.extra["sources"]  # type: ignore[assignment]
    return sources.index(action_index)


def _seat_of(hand: PhhHand, player: int) -> int:
    return hand.seats[player] if hand.seats else player + 1


def _phh_bet(unit: Unit, hand: PhhHand, rng: random.Random) -> Mutant | None:
    tally = _phh_tally(hand)
    picks = [i for i, a in enumerate(hand.actions) if a.verb is PhhVerb.COMPLETE_BET_OR_RAISE_TO]
    if not picks:
        return None
    index = rng.choice(picks)
    action = hand.actions[index]
    raw = _phh_actions(unit.text)
    bets, left = tally.before[index]
    p = action.actor - 1
    new_to, rule = int(action.amount) + 1, "bet.amount"  # type: ignore[arg-type]
    if hand.variant_info.structure is not BettingStructure.FIXED_LIMIT:
        # pot and no limit: a raise to the current bet plus one chip is below the minimum
        # raise (at least the big blind); a bet of one chip above nothing below the minimum bet
        new_to = max(bets) + 1
        rule = "bet.min_raise" if max(bets) > bets[p] else "bet.amount"
    raw[index] = re.sub(r"cbr (\d+)", f"cbr {new_to}", raw[index])
    text = _phh_with_actions(unit.text, raw)
    if new_to - bets[p] >= left[p]:
        return _legal("bet_amount", unit, text, "the new amount is the player's whole stack")
    return Mutant(
        kind="bet_amount",
        name=unit.name,
        text=text,
        expected=frozenset({rule}),
        event_index=_event_of(unit, index),
        seats=frozenset({_seat_of(hand, p)}),
    )


def _phh_ante(unit: Unit, hand: PhhHand, rng: random.Random) -> Mutant | None:
    antes = [int(a) for a in hand.antes]
    if len(antes) < 3 or len(set(antes)) != 1 or not antes[0]:
        return None
    p = rng.randrange(len(antes))
    new = list(antes)
    new[p] += 1
    text = unit.text.replace(f"antes = {antes}", f"antes = {new}", 1)
    if new[p] >= int(hand.starting_stacks[p]):
        return _legal("blind_or_ante", unit, text, "the new ante is the whole stack")
    return Mutant(
        kind="blind_or_ante",
        name=unit.name,
        text=text,
        expected=frozenset({"ante.amount"}),
        seats=frozenset({_seat_of(hand, p)}),
    )


def _phh_order(unit: Unit, hand: PhhHand, rng: random.Random) -> Mutant | None:
    tally = _phh_tally(hand)
    player = (
        PhhVerb.POST_BRING_IN,
        PhhVerb.FOLD,
        PhhVerb.CHECK_OR_CALL,
        PhhVerb.COMPLETE_BET_OR_RAISE_TO,
    )
    actions = hand.actions
    pairs = [
        i
        for i in range(len(actions) - 1)
        if actions[i].verb in player
        and actions[i + 1].verb in player
        and actions[i].actor != actions[i + 1].actor
    ]
    if not pairs:
        return None
    i = rng.choice(pairs)
    raw = _phh_actions(unit.text)
    raw[i], raw[i + 1] = raw[i + 1], raw[i]
    text = _phh_with_actions(unit.text, raw)
    rule = "turn.out_of_turn"
    if i in tally.opens_street:
        rule = "bring_in.player" if tally.street_of[i] == 0 else "stud.first_to_act"
        if _unknown_live_up_card(hand, i, tally):
            return _legal("order", unit, text, "an unknown up card could let either act first")
    return Mutant(
        kind="order",
        name=unit.name,
        text=text,
        expected=frozenset({rule}),
        event_index=_event_of(unit, i),
        seats=frozenset({_seat_of(hand, actions[i + 1].actor - 1)}),
    )


def _unknown_live_up_card(hand: PhhHand, until: int, tally: _PhhTally) -> bool:
    """A player still in at action ``until`` has an unknown up card (stud faces)."""
    faces = (False, False, True, True, True, True, False)
    dealt: dict[int, int] = defaultdict(int)
    folded: set[int] = set()
    for action in hand.actions[:until]:
        if action.verb is PhhVerb.FOLD:
            folded.add(action.actor)
        if action.verb is not PhhVerb.DEAL_HOLE:
            continue
        for card in action.cards:
            place = dealt[action.player]
            dealt[action.player] += 1
            if (
                card is None
                and place < len(faces)
                and faces[place]
                and (action.player not in folded)
            ):
                return True
    return False


def _phh_payout(unit: Unit, hand: PhhHand, rng: random.Random) -> Mutant | None:
    if not hand.finishing_stacks:
        return None
    tally = _phh_tally(hand)
    finals = [int(f) for f in hand.finishing_stacks]
    winners = [
        p
        for p in range(hand.player_count)
        if finals[p] > int(hand.starting_stacks[p]) - tally.contributed[p]
    ]
    if not winners:
        return None
    p = rng.choice(winners)
    new = list(finals)
    new[p] += 1
    text = unit.text.replace(f"finishing_stacks = {finals}", f"finishing_stacks = {new}", 1)
    return Mutant(
        kind="payout",
        name=unit.name,
        text=text,
        expected=frozenset({"payout.amount"}),
        seats=frozenset({_seat_of(hand, p)}),
    )


def _phh_card(unit: Unit, hand: PhhHand, rng: random.Random) -> Mutant | None:
    if not hand.finishing_stacks:
        return None
    tally = _phh_tally(hand)
    n = hand.player_count
    shows = {
        a.actor - 1: i
        for i, a in enumerate(hand.actions)
        if a.verb is PhhVerb.SHOW_OR_MUCK and a.cards
    }
    live = (
        set(range(n))
        - tally.folded
        - {a.actor - 1 for a in hand.actions if a.verb is PhhVerb.SHOW_OR_MUCK and a.mucks}
    )
    if set(shows) != live or len(live) < 2 or len({tally.contributed[p] for p in live}) != 1:
        return None
    raw = _phh_actions(unit.text)
    down = (0, 1, 6)
    choices = [
        (p, k)
        for p in live
        for k in down
        if k < len(hand.actions[shows[p]].cards) and hand.actions[shows[p]].cards[k] is not None
    ]
    if not choices:
        return None
    used = set(re.findall(r"[2-9TJQKA][cdhs]", "".join(raw)))
    fresh = [c for c in _ALL_CARDS if c not in used]
    board = "".join(
        card_str(c)
        for a in hand.actions
        if a.verb is PhhVerb.DEAL_BOARD
        for c in a.cards
        if c is not None
    )
    before = {
        _seat_of(hand, q): "".join(
            card_str(c) for c in hand.actions[shows[q]].cards if c is not None
        )
        for q in live
    }
    finals = [int(f) for f in hand.finishing_stacks]
    paid = {
        _seat_of(hand, q)
        for q in range(n)
        if finals[q] > int(hand.starting_stacks[q]) - tally.contributed[q]
    }
    game = hand.game
    assert game is not None

    def attempt() -> Mutant:
        p, k = rng.choice(choices)
        old_card = card_str(hand.actions[shows[p]].cards[k])  # type: ignore[arg-type]
        new_card = rng.choice(fresh)
        changed = list(raw)
        for i, action in enumerate(hand.actions):
            if action.verb is PhhVerb.DEAL_HOLE and action.player - 1 == p and old_card in raw[i]:
                changed[i] = raw[i].replace(old_card, new_card)
        changed[shows[p]] = raw[shows[p]].replace(old_card, new_card)
        after = dict(before)
        after[_seat_of(hand, p)] = before[_seat_of(hand, p)].replace(old_card, new_card, 1)
        expected, seats, reason = _shown_card_verdict(game, before, after, board, paid)
        return Mutant(
            kind="shown_card",
            name=unit.name,
            text=_phh_with_actions(unit.text, changed),
            expected=expected,
            seats=seats,
            reason=reason,
        )

    return first_breaking(attempt)


def summarize(counts: dict[str, Counter[str]]) -> str:
    """``kind: detected/counted (legal n)`` for every kind."""
    return "; ".join(
        f"{kind}: {c['detected']}/{c['counted']} detected ({c['legal']} still legal)"
        for kind, c in counts.items()
    )
