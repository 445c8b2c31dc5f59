"""PHH action notation: one action string <-> one :class:`PhhAction`.

Grammar (PHH specification, "Actions"): ``[[Actor Action[ Arguments...]][ # Commentary]]``
with the actor ``d`` (the dealer) or ``pN`` (player N, from 1), and::

    d dh pN CARDS     deal hole cards (down or up) to player N; ``??`` is an unknown card
    d db CARDS        deal board cards (in stud: the community card)
    pN pb             post the bring-in
    pN f              fold
    pN cc             check or call the current bet of the street
    pN cbr AMOUNT     complete, bet or raise TO ``AMOUNT`` (the player's total for the street)
    pN sd [CARDS]     discard CARDS (none: stand pat)
    pN sm [CARDS|-]   show CARDS (``-``: the cards dealt); no argument: muck
    (empty)           no-op, possibly a standalone commentary

Cards are two characters each, concatenated (``"6s5h6d"``, ``"??????"``).
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from floorman.domain.cards import Card, card_str
from floorman.domain.history.amounts import (
    Amount,
    card_run,
    format_number,
    parse_card_run,
    parse_number,
)

_PLAYER: Final = re.compile(r"p([1-9][0-9]*)")
DEALER: Final = 0
"""The actor number of the dealer (``d``); players are numbered from 1."""


class PhhVerb(enum.Enum):
    """The action codes of the PHH notation."""

    __hash__ = object.__hash__  # identity: see floorman.domain.members

    DEAL_HOLE = "dh"
    DEAL_BOARD = "db"
    POST_BRING_IN = "pb"
    FOLD = "f"
    CHECK_OR_CALL = "cc"
    COMPLETE_BET_OR_RAISE_TO = "cbr"
    STAND_PAT_OR_DISCARD = "sd"
    SHOW_OR_MUCK = "sm"
    NO_OP = ""


VERB_DEAL_HOLE: Final = PhhVerb.DEAL_HOLE
VERB_DEAL_BOARD: Final = PhhVerb.DEAL_BOARD
VERB_POST_BRING_IN: Final = PhhVerb.POST_BRING_IN
VERB_FOLD: Final = PhhVerb.FOLD
VERB_CHECK_OR_CALL: Final = PhhVerb.CHECK_OR_CALL
VERB_COMPLETE_BET_OR_RAISE_TO: Final = PhhVerb.COMPLETE_BET_OR_RAISE_TO
VERB_STAND_PAT_OR_DISCARD: Final = PhhVerb.STAND_PAT_OR_DISCARD
VERB_SHOW_OR_MUCK: Final = PhhVerb.SHOW_OR_MUCK
VERB_NO_OP: Final = PhhVerb.NO_OP
"""The verbs as module globals for the mapper's loop (``from ...phh_actions import
VERB_DEAL_HOLE``: one global load, not ``EnumType.__getattr__``); beside the enum, as
:mod:`floorman.domain.members` holds the shared enums' members."""


_DEALER_VERBS: Final = frozenset({VERB_DEAL_HOLE, VERB_DEAL_BOARD})


@dataclass(frozen=True, kw_only=True, init=False)
class PhhAction:
    """One parsed PHH action.

    Attributes:
        actor: 0 for the dealer (``d``), N for player ``pN`` (a no-op has actor 0).
        verb: the action code.
        player: the player concerned: the one dealt to for ``dh``, the actor for player
            actions, 0 for ``db`` and no-ops.
        amount: the "raise to" total of a ``cbr`` (chips of the street, antes excluded);
            ``None`` otherwise.
        cards: the cards dealt (``dh``, ``db``), discarded (``sd``) or shown (``sm``), in
            order; ``None`` for an unknown card (``??``).
        shows_dealt: ``sm -``: the player shows the cards dealt to them.
        commentary: the text after ``#``, stripped, or ``None``.

    Built once per action of every hand read, so ``__init__`` is written out: it takes
    exactly the fields, keyword-only, and fills the instance dictionary in one call (a
    frozen dataclass's own ``__init__`` sets each field through ``object.__setattr__``,
    several times slower). Still frozen: assigning a field raises.
    """

    actor: int
    verb: PhhVerb
    player: int = 0
    amount: Amount | None = None
    cards: tuple[Card | None, ...] = ()
    shows_dealt: bool = False
    commentary: str | None = None

    def __init__(
        self,
        *,
        actor: int,
        verb: PhhVerb,
        player: int = 0,
        amount: Amount | None = None,
        cards: tuple[Card | None, ...] = (),
        shows_dealt: bool = False,
        commentary: str | None = None,
    ) -> None:
        self.__dict__.update(
            actor=actor,
            verb=verb,
            player=player,
            amount=amount,
            cards=cards,
            shows_dealt=shows_dealt,
            commentary=commentary,
        )

    @property
    def is_dealer(self) -> bool:
        """True for the dealer's actions (``dh``, ``db``)."""
        return self.verb in _DEALER_VERBS

    @property
    def mucks(self) -> bool:
        """True for ``pN sm`` with no cards: the player mucks."""
        return self.verb is PhhVerb.SHOW_OR_MUCK and not self.cards and not self.shows_dealt

    @property
    def stands_pat(self) -> bool:
        """True for ``pN sd`` with no cards."""
        return self.verb is PhhVerb.STAND_PAT_OR_DISCARD and not self.cards

    def __str__(self) -> str:
        """The PHH notation of this action (:func:`format_phh_action`)."""
        return format_phh_action(self)


def parse_phh_action(text: str) -> PhhAction:
    """Parse one PHH action string.

    Args:
        text: e.g. ``"d dh p4 ??????"``, ``"p1 cbr 250000"``, ``"p3 sm Ac7d3h6c2d2cKh"``.

    Returns:
        The action. Player numbers are not checked against the table here.

    Raises:
        ValueError: with a readable reason when the text is not a PHH action.
    """
    simple = _SIMPLE_ACTIONS.get(text)  # "p3 f", "p2 cc", "p1 sm -": built once, shared
    if simple is not None:
        return simple
    if "#" not in text:
        fast = _parse_common(text)
        if fast is not None:
            return fast
    return _parse_any(text)


def parse_phh_actions(texts: Iterable[str]) -> tuple[tuple[PhhAction, ...], int]:
    """``tuple(map(parse_phh_action, texts))`` and the highest actor or player number the
    actions name (0 when none does), in one pass.

    Raises:
        ValueError: as :func:`parse_phh_action` does, for the first text that is not an
            action (:class:`CardTextError` for bad cards).
    """
    simple = _SIMPLE_ACTIONS.get
    common = _parse_common
    parsed = []
    append = parsed.append
    highest = 0
    for text in texts:
        action = simple(text)
        if action is None:
            action = (common(text) if "#" not in text else None) or _parse_any(text)
        number = action.player if action.player > action.actor else action.actor
        if number > highest:
            highest = number
        append(action)
    return tuple(parsed), highest


_new_object = object.__new__
_set_attribute = object.__setattr__


def _action(
    actor: int, verb: PhhVerb, player: int, amount: Amount | None, cards: tuple[Card | None, ...]
) -> PhhAction:
    """``PhhAction(actor=actor, verb=verb, player=player, amount=amount, cards=cards)``
    built without the keyword call (the readers' hot path): the same instance dictionary,
    in the same field order."""
    action = _new_object(PhhAction)
    _set_attribute(
        action,
        "__dict__",
        {
            "actor": actor,
            "verb": verb,
            "player": player,
            "amount": amount,
            "cards": cards,
            "shows_dealt": False,
            "commentary": None,
        },
    )
    return action


def _parse_common(text: str) -> PhhAction | None:
    """The common actions written plainly (``d dh p1 AsKd``, ``d db 7c``, ``p2 cbr 300``),
    or ``None``: :func:`_parse_any` then reads the text (and names its problem)."""
    words = text.split()
    count = len(words)
    if count == 4 and words[0] == "d" and words[1] == "dh":
        player = _PLAYER_NUMBERS.get(words[2])
        cards = card_run(words[3])
        if player is not None and cards is not None:
            return _action(DEALER, _DEAL_HOLE, player, None, cards)
    elif count == 3:
        first, verb, argument = words
        if first == "d":
            cards = card_run(argument) if verb == "db" else None
            if cards is not None:
                return _action(DEALER, _DEAL_BOARD, 0, None, cards)
            return None
        player = _PLAYER_NUMBERS.get(first)
        if player is None:
            return None
        if verb == "cbr" and len(argument) <= 15 and argument.isascii() and argument.isdigit():
            # a whole amount within the limit (10^15): parse_number's value
            return _action(player, _RAISE_TO, player, int(argument), ())
        if verb in ("sd", "sm") and (cards := card_run(argument)) is not None:
            kind = PhhVerb.STAND_PAT_OR_DISCARD if verb == "sd" else PhhVerb.SHOW_OR_MUCK
            return _action(player, kind, player, None, cards)
    return None


_DEAL_HOLE: Final = PhhVerb.DEAL_HOLE
_DEAL_BOARD: Final = PhhVerb.DEAL_BOARD
_RAISE_TO: Final = PhhVerb.COMPLETE_BET_OR_RAISE_TO


def _parse_any(text: str) -> PhhAction:
    """:func:`parse_phh_action` for any text (commentary, odd spacing, errors)."""
    if "#" in text:
        body, _, comment = text.partition("#")
        commentary: str | None = comment.strip()
    else:
        body, commentary = text, None
    words = body.split()
    if not words:
        return PhhAction(actor=DEALER, verb=PhhVerb.NO_OP, commentary=commentary)
    actor_text, *rest = words
    if actor_text == "d":
        return _parse_dealer(rest, text, commentary)
    match = _PLAYER.fullmatch(actor_text)
    if match is None:
        raise ValueError(f"{actor_text!r} is not an actor ('d' or 'pN') in {text!r}")
    return _parse_player(int(match.group(1)), rest, text, commentary)


def _parse_dealer(rest: list[str], text: str, commentary: str | None) -> PhhAction:
    match rest:
        case ["dh", player_text, cards_text]:
            player = _PLAYER.fullmatch(player_text)
            if player is None:
                raise ValueError(f"{player_text!r} is not a player ('pN') in {text!r}")
            return PhhAction(
                actor=DEALER,
                verb=PhhVerb.DEAL_HOLE,
                player=int(player.group(1)),
                cards=_cards(cards_text, text),
                commentary=commentary,
            )
        case ["db", cards_text]:
            return PhhAction(
                actor=DEALER,
                verb=PhhVerb.DEAL_BOARD,
                cards=_cards(cards_text, text),
                commentary=commentary,
            )
    raise ValueError(f"{text!r} is not a dealer action ('d dh pN CARDS' or 'd db CARDS')")


_SIMPLE_VERBS: Final = {
    "pb": PhhVerb.POST_BRING_IN,
    "f": PhhVerb.FOLD,
    "cc": PhhVerb.CHECK_OR_CALL,
    "sd": PhhVerb.STAND_PAT_OR_DISCARD,
    "sm": PhhVerb.SHOW_OR_MUCK,
}
"""The player verbs that may stand alone (``sd``: stand pat; ``sm``: muck)."""

_PLAYER_NUMBERS: Final = {f"p{number}": number for number in range(1, 100)}
"""``pN`` -> N for the player numbers a hand may have (and more): the common actor texts."""

_SIMPLE_ACTIONS: Final = {
    **{
        f"{actor} {code}": PhhAction(actor=number, verb=verb, player=number)
        for actor, number in _PLAYER_NUMBERS.items()
        for code, verb in _SIMPLE_VERBS.items()
    },
    **{
        f"{actor} sm -": PhhAction(
            actor=number, verb=PhhVerb.SHOW_OR_MUCK, player=number, shows_dealt=True
        )
        for actor, number in _PLAYER_NUMBERS.items()
    },
}
"""The actions without arguments written plainly (``p3 f``, ``p1 sm -``), each parsed once:
a parsed action is frozen, so every hand shares them."""


def _parse_player(player: int, rest: list[str], text: str, commentary: str | None) -> PhhAction:
    verb = rest[0] if rest else ""
    if len(rest) == 1 and verb in _SIMPLE_VERBS:
        return PhhAction(
            actor=player, verb=_SIMPLE_VERBS[verb], player=player, commentary=commentary
        )
    if len(rest) == 2:
        argument = rest[1]
        if verb == "cbr":
            try:
                amount = parse_number(argument)
            except ValueError as exc:
                raise ValueError(f"bad amount in {text!r}: {exc}") from None
            return PhhAction(
                actor=player,
                verb=PhhVerb.COMPLETE_BET_OR_RAISE_TO,
                player=player,
                amount=amount,
                commentary=commentary,
            )
        if verb == "sd":
            return PhhAction(
                actor=player,
                verb=PhhVerb.STAND_PAT_OR_DISCARD,
                player=player,
                cards=_cards(argument, text),
                commentary=commentary,
            )
        if verb == "sm":
            if argument == "-":
                return PhhAction(
                    actor=player,
                    verb=PhhVerb.SHOW_OR_MUCK,
                    player=player,
                    shows_dealt=True,
                    commentary=commentary,
                )
            return PhhAction(
                actor=player,
                verb=PhhVerb.SHOW_OR_MUCK,
                player=player,
                cards=_cards(argument, text),
                commentary=commentary,
            )
    raise ValueError(f"{text!r} is not a player action (pb, f, cc, cbr N, sd [C], sm [C|-])")


def _cards(cards_text: str, text: str) -> tuple[Card | None, ...]:
    try:
        return parse_card_run(cards_text)
    except ValueError as exc:
        raise CardTextError(f"bad cards in {text!r}: {exc}") from None


class CardTextError(ValueError):
    """A PHH action whose card text is malformed (RULES.md rule ``card.malformed``)."""


def format_phh_action(action: PhhAction) -> str:
    """The PHH notation of ``action`` (inverse of :func:`parse_phh_action`).

    Raises:
        ValueError: when the action lacks what its verb needs (a ``cbr`` without an amount).
    """
    words = _words(action)
    if action.commentary is not None:
        words.append(f"# {action.commentary}" if action.commentary else "#")
    return " ".join(words)


def _words(action: PhhAction) -> list[str]:
    cards = "".join(card_str(c) for c in action.cards)
    verb = action.verb
    if verb is PhhVerb.NO_OP:
        return []
    if verb is PhhVerb.DEAL_HOLE:
        return ["d", "dh", f"p{action.player}", cards]
    if verb is PhhVerb.DEAL_BOARD:
        return ["d", "db", cards]
    words = [f"p{action.actor}", verb.value]
    if verb is PhhVerb.COMPLETE_BET_OR_RAISE_TO:
        if action.amount is None:
            raise ValueError("a cbr action needs an amount")
        words.append(format_number(action.amount))
    elif verb is PhhVerb.SHOW_OR_MUCK and action.shows_dealt:
        words.append("-")
    elif verb in (PhhVerb.SHOW_OR_MUCK, PhhVerb.STAND_PAT_OR_DISCARD) and cards:
        words.append(cards)
    return words
