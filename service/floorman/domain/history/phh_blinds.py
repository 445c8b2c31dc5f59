"""The blinds and antes of a PHH hand as floorman's stakes and explicit forced bets (the
placements :func:`blind_stakes` recognises; :mod:`~floorman.domain.history.phh_mapping`
maps the rest of the hand)."""

from __future__ import annotations

from floorman.domain.errors import FieldViolation
from floorman.domain.model import ForcedBet, ForcedBetKind, Stakes


def blind_stakes(
    stakes: Stakes,
    antes: list[int],
    blinds: list[int],
    seats: tuple[int, ...],
    problems: list[FieldViolation],
    *,
    board: bool,
) -> tuple[Stakes, list[ForcedBet]]:
    """Blind stakes from ``blinds_or_straddles`` and ``antes`` (blind order: index 0 the
    small blind's, 1 the big blind's, 2 the straddle's, whatever the seats heads-up):

    * ``[small, big, 0, ...]``: the blinds; ``[small, big, 2 x big, 0, ...]`` (three or more
      players): a live straddle (``Stakes.straddle``, RULES.md "Hold'em and Omaha");
    * antes: one ante for everybody (``Stakes.ante``), or an ante by the big blind alone: the
      big-blind ante (``Stakes.big_blind_ante``; the draw games too, docs/rules.md); other
      antes become explicit forced bets;
    * a single blind by the last player (the button) and nothing left of it: a button blind
      (the Triton short-deck rule), an explicit big blind on the button;
    * other live blinds (a newcomer's big blind, a missing small blind): explicit forced
      bets (:func:`_posted_blinds`).
    """
    small, big = [*blinds, 0, 0][:2]
    third = blinds[2] if len(blinds) > 2 and len(seats) > 2 else 0
    straddle = third if board and third == 2 * big and small and not any(blinds[3:]) else 0
    bb_ante = antes[1] if len(antes) > 1 and antes[1] and not any(antes[:1] + antes[2:]) else 0
    uniform = len(set(antes)) == 1
    if not any(blinds[:2]) and sum(1 for b in blinds if b) == 1 and blinds[-1]:
        return _button_blind(stakes, antes, blinds[-1], seats)
    if not any(blinds[:2]) or (max(blinds[2:], default=0) > max(blinds[:2]) and not straddle):
        problems.append(
            FieldViolation(
                "blinds_or_straddles",
                "",
                f"{blinds} has no blind left of the button, or a straddle that is not twice "
                'the big blind by the player left of it (RULES.md "Hold\'em and Omaha")',
            )
        )
        return stakes, []
    if (any(blinds[2:]) and not straddle) or not small or not big or small > big:
        return _posted_blinds(stakes, antes, blinds, seats)
    stakes = Stakes(
        small_bet=stakes.small_bet,
        big_bet=stakes.big_bet,
        ante=stakes.ante,
        small_blind=small,
        big_blind=big,
        straddle=straddle,
        big_blind_ante=bb_ante if not uniform else 0,
    )
    if uniform or bb_ante:
        return stakes, []
    heads_up = len(seats) == 2
    effective = antes[::-1] if heads_up else antes
    small_seat, big_seat = (seats[1], seats[0]) if heads_up else (seats[0], seats[1])
    forced = [ForcedBet(seat=seat, kind=ForcedBetKind.ANTE, amount=amount)
              for seat, amount in zip(seats, effective, strict=True) if amount]  # fmt: skip
    forced.append(ForcedBet(seat=small_seat, kind=ForcedBetKind.SMALL_BLIND, amount=small))
    forced.append(ForcedBet(seat=big_seat, kind=ForcedBetKind.BIG_BLIND, amount=big))
    if straddle:
        forced.append(ForcedBet(seat=seats[2], kind=ForcedBetKind.STRADDLE, amount=straddle))
    return stakes, forced


def _button_blind(
    stakes: Stakes, antes: list[int], blind: int, seats: tuple[int, ...]
) -> tuple[Stakes, list[ForcedBet]]:
    """A blind posted by the button alone (PHH ``[0, ..., 0, blind]``; the Triton
    short-deck rule: every player antes, the button posts one blind and the action starts
    left of it): an explicit big blind on the button, antes as posted."""
    effective_antes = antes[::-1] if len(seats) == 2 else antes
    stakes = Stakes(
        small_bet=stakes.small_bet, big_bet=stakes.big_bet, ante=stakes.ante, big_blind=blind
    )
    forced = [ForcedBet(seat=seat, kind=ForcedBetKind.ANTE, amount=amount)
              for seat, amount in zip(seats, effective_antes, strict=True) if amount]  # fmt: skip
    forced.append(ForcedBet(seat=seats[-1], kind=ForcedBetKind.BIG_BLIND, amount=blind))
    return stakes, forced


def _posted_blinds(
    stakes: Stakes, antes: list[int], blinds: list[int], seats: tuple[int, ...]
) -> tuple[Stakes, list[ForcedBet]]:
    """Live blinds that are not one small and one big blind (a newcomer's or a returning
    player's big blind, a missing small blind: floorman's exports): explicit forced bets,
    the largest blind being a big blind, smaller ones small blinds, antes dead."""
    effective_antes = antes[::-1] if len(seats) == 2 else antes
    effective_blinds = blinds[::-1] if len(seats) == 2 else blinds
    big = max(blinds)
    smalls = [b for b in blinds if 0 < b < big]
    stakes = Stakes(
        small_bet=stakes.small_bet,
        big_bet=stakes.big_bet,
        ante=stakes.ante,
        small_blind=min(smalls) if smalls else 0,
        big_blind=big,
    )
    forced = [ForcedBet(seat=seat, kind=ForcedBetKind.ANTE, amount=amount)
              for seat, amount in zip(seats, effective_antes, strict=True) if amount]  # fmt: skip
    for seat, amount in zip(seats, effective_blinds, strict=True):
        if amount:
            kind = ForcedBetKind.BIG_BLIND if amount == big else ForcedBetKind.SMALL_BLIND
            forced.append(ForcedBet(seat=seat, kind=kind, amount=amount))
    return stakes, forced
