"""EvaluateHand / CompareHands use cases: card text in, validated, ranked (RULES.md rankings).

Every problem in a request is collected before raising one :class:`InvalidArgument`, with
field paths as the gRPC contract names them (``cards[2]``, ``hands[1].cards[0]``) and the
RULES.md rule id of each card problem. ``players`` is 0 (unknown) or within the game's
player range in every game, and CompareHands takes at most as many hands as the game seats
players (RULES.md: 2 to 5 in 7-A draw, 2 to 6 in classic draw, 2 to 8 in the seven card
studs, 2 to 10 in Five Card Stud and Hold'em ...) and as ``players`` when it is given.

The community-card games (RULES.md "Hold'em and Omaha") take their shared cards in
``board``: three to five cards, parsed before the hole cards, so a hole card repeating a
board card is the one reported as ``card.duplicate``. Every count, deck and board rule comes
from the game definition (:mod:`floorman.domain.games`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from floorman.domain.cards import CARD_BY_TEXT, Card, parse_cards
from floorman.domain.errors import FieldViolation, InvalidArgument
from floorman.domain.games import GAMES, game_spec
from floorman.domain.model import GAME_NAMES, Game
from floorman.domain.ranking import (
    Comparison,
    Evaluation,
    board_count_range,
    card_count_range,
    compare,
    deck_for,
    evaluate,
    every_card_of,
    side_rankings,
    sides_evaluator,
)

COMMUNITY_GAMES: Final = frozenset(
    game for game, spec in GAMES.items() if spec.community_last_street
)
"""Games whose hands may share a community card (RULES.md "Seven Card Stud family": one card
dealt face up for all when the stub cannot give every player a 7th card)."""


WARM_UP_CARDS: Final = ("Ah", "Kd", "Qc", "Jh", "9s", "8c", "7d", "Ts", "Th", "9d")
"""Ten distinct cards in every deck of every game (7 and up)."""


def warm_up_request(game: Game) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``(cards, board)`` of a valid EvaluateHand request of ``game`` with the most cards it
    takes (evaluating it builds the game's ranking tables)."""
    _, most = card_count_range(game)
    _, board = board_count_range(game)
    return WARM_UP_CARDS[:most], WARM_UP_CARDS[most : most + board]


def _check_game(game: Game | None, problems: list[FieldViolation]) -> None:
    if game is None:
        problems.append(FieldViolation("game", "", "game is required"))


def _check_players(game: Game | None, players: int, problems: list[FieldViolation]) -> bool:
    """Record a bad ``players`` (negative, or outside the game's player range when not 0);
    True when it is usable."""
    if players < 0:
        problems.append(
            FieldViolation("players", "", f"players must not be negative (got {players})")
        )
        return False
    if game is None or players == 0:
        return True
    spec = game_spec(game)
    if not spec.min_players <= players <= spec.max_players:
        problems.append(
            FieldViolation(
                "players",
                "",
                f"{GAME_NAMES[game]} takes 0 (unknown) or {spec.min_players} to "
                f"{spec.max_players} players (got {players})",
            )
        )
        return False
    return True


def _check_hand_count(
    game: Game | None, hands: int, players: int, problems: list[FieldViolation]
) -> bool:
    """Record more hands than the game seats players (or than ``players`` dealt in, when
    given); True when the count is usable."""
    if game is None or not hands:
        return True
    most = game_spec(game).max_players
    if hands > most:
        problems.append(
            FieldViolation(
                "hands", "", f"{GAME_NAMES[game]} seats at most {most} players (got {hands} hands)"
            )
        )
        return False
    if 0 < players < hands:
        problems.append(
            FieldViolation("hands", "", f"{hands} hands, but only {players} players dealt in")
        )
        return False
    return True


def _deck(game: Game | None, players: int, usable: bool) -> frozenset[Card] | None:
    """The deck to check cards against (None: game unknown, check nothing)."""
    if game is None:
        return None
    if not usable:  # a bad player count: only cards in no deck of the game are reported
        return every_card_of(game)
    return deck_for(game, players)


def _check_count(
    game: Game | None, count: int, field: str, problems: list[FieldViolation], *, shared: int = 0
) -> None:
    """Record a hand of the wrong size; ``shared`` community cards count toward ``count``."""
    if game is None:
        return
    low, high = card_count_range(game)
    if not low <= count + shared <= high:
        allowed = f"exactly {low}" if low == high else f"{low} to {high}"
        got = f"{count} own + {shared} community" if shared else str(count)
        problems.append(
            FieldViolation(
                field, "card.count", f"{GAME_NAMES[game]} takes {allowed} cards (got {got})"
            )
        )


def _check_community(
    game: Game | None, community: Sequence[str], problems: list[FieldViolation]
) -> None:
    """Community cards exist in the Seven Card Stud games only (the 7th-street card)."""
    if community and game is not None and game not in COMMUNITY_GAMES:
        problems.append(
            FieldViolation(
                "community_cards",
                "card.count",
                f"{GAME_NAMES[game]} has no community cards (got {len(community)})",
            )
        )


def _check_board(game: Game | None, board: Sequence[str], problems: list[FieldViolation]) -> None:
    """A board in a game without one, or a board of the wrong size (RULES.md "Hold'em and
    Omaha": three to five cards)."""
    if game is None:
        return
    fewest, most = board_count_range(game)
    if not most:
        if board:
            message = f"{GAME_NAMES[game]} has no board (got {len(board)} cards)"
            problems.append(FieldViolation("board", "card.count", message))
        return
    if not fewest <= len(board) <= most:
        message = f"{GAME_NAMES[game]} takes a board of {fewest} to {most} cards (got {len(board)})"
        problems.append(FieldViolation("board", "card.count", message))


def _parse(
    texts: Sequence[str],
    *,
    field: str,
    deck: frozenset[Card] | None,
    seen: dict[Card, str],
    problems: list[FieldViolation],
) -> list[Card]:
    try:
        return [c for c in parse_cards(texts, field=field, deck=deck, seen=seen) if c is not None]
    except InvalidArgument as error:
        problems.extend(error.violations)
        return []


def evaluate_hand(
    game: Game | None, cards: Sequence[str], *, players: int = 0, board: Sequence[str] = ()
) -> Evaluation:
    """Validate and evaluate one showdown hand (EvaluateHand).

    Args:
        game: the game; ``None`` is the unspecified game.
        cards: own card texts ("Ah", "10d"); 5, or 5-7 in the Seven Card Stud games; the
            hole cards in the community-card games (Hold'em and Short-deck 2, Omaha 4, Five
            Card Omaha 5).
        players: players dealt in: 0 (unknown) or within the game's range; it changes the
            deck in 7-A draw only (0 -> 32-card deck, 5 -> 36-card).
        board: community-card games only: three to five board cards.

    Raises:
        InvalidArgument: every violation: ``game`` (rule ""), ``players`` (rule ""; outside
            the game's player range), ``cards`` (``card.count``), ``board`` (``card.count``:
            a board in a game without one, a missing board or one of the wrong size),
            ``board[k]`` and ``cards[j]`` (``card.malformed``, ``card.not_in_deck``,
            ``card.duplicate``; a hole card repeating a board card is reported on
            ``cards[j]``).
    """
    problems: list[FieldViolation] = []
    _check_game(game, problems)
    usable = _check_players(game, players, problems)
    _check_count(game, len(cards), "cards", problems)
    _check_board(game, board, problems)
    deck = _deck(game, players, usable)
    seen: dict[Card, str] = {}
    shared = _parse(board, field="board", deck=deck, seen=seen, problems=problems) if board else []
    parsed = _parse(cards, field="cards", deck=deck, seen=seen, problems=problems)
    if problems:
        raise InvalidArgument(problems)
    assert game is not None
    return evaluate(game, parsed, players=players, board=shared)


def compare_hands(
    game: Game | None,
    hands: Sequence[Sequence[str]],
    *,
    players: int = 0,
    community: Sequence[str] = (),
    board: Sequence[str] = (),
) -> Comparison:
    """Validate and compare showdown hands (CompareHands).

    Args:
        game: the game; ``None`` is the unspecified game.
        hands: each hand's own card texts (at least one hand).
        players: players dealt in: 0 means the number of hands (DESIGN.md), else within the
            game's range and at least the number of hands; it changes the deck in 7-A draw
            only (five players play the 36-card deck).
        community: card texts every hand shares (the Seven Card Stud games' 7th-street
            community card); they count toward each hand's 5 to 7 cards and each result's
            best five may use them.
        board: community-card games only: the three to five board cards every hand plays
            with (Omaha: exactly two hole and three board cards).

    Raises:
        InvalidArgument: every violation: ``game``, ``players``, ``hands`` (rule "": no hand,
            more hands than the game seats players or than ``players``), ``community_cards``
            (``card.count``: a game without community cards), ``community_cards[k]``
            (``card.malformed``, ``card.not_in_deck``, ``card.duplicate``), ``board``
            (``card.count``: a board in a game without one, a missing board or one of the
            wrong size), ``board[k]`` (as the community cards), ``hands[i].cards``
            (``card.count``,
            own plus community cards) and ``hands[i].cards[j]`` (``card.malformed``,
            ``card.not_in_deck``, ``card.duplicate`` within a hand, across hands or with a
            community or board card).
    """
    problems: list[FieldViolation] = []
    _check_game(game, problems)
    usable = _check_players(game, players, problems)
    if not hands:
        problems.append(FieldViolation("hands", "", "at least one hand is required"))
    dealt = players or len(hands)
    if not _check_hand_count(game, len(hands), players if usable else 0, problems):
        usable = False
    _check_community(game, community, problems)
    _check_board(game, board, problems)
    deck = _deck(game, dealt, usable)
    seen: dict[Card, str] = {}
    shared = _parse(community, field="community_cards", deck=deck, seen=seen, problems=problems)
    on_board = _parse(board, field="board", deck=deck, seen=seen, problems=problems)
    counted = len(community) if game in COMMUNITY_GAMES else 0  # refused above otherwise
    parsed: list[list[Card]] = []
    for i, hand in enumerate(hands):
        field = f"hands[{i}].cards"
        _check_count(game, len(hand), field, problems, shared=counted)
        parsed.append(_parse(hand, field=field, deck=deck, seen=seen, problems=problems))
    if problems:
        raise InvalidArgument(problems)
    assert game is not None
    full = [[*own, *shared] for own in parsed]
    return compare(game, full, players=players, board=on_board)


Ranker = Callable[[Sequence[str], Sequence[str]], "Evaluation | None"]
"""(own card texts, board card texts) of one request shape -> its evaluation, or ``None``
when a text is not a canonical card of the deck or a card repeats."""

_RANKERS: dict[tuple[Game, int, int, int], Ranker] = {}


def _make_ranker(
    valid: dict[str, Card], rank: Callable[[Sequence[Card], Sequence[Card]], Evaluation]
) -> Ranker:
    lookup = valid.__getitem__

    def ranker(cards: Sequence[str], board: Sequence[str]) -> Evaluation | None:
        try:
            own = tuple(map(lookup, cards))
            if not board:
                return rank(own, ()) if len(set(own)) == len(own) else None
            shared = tuple(map(lookup, board))
        except KeyError:
            return None
        every = own + shared
        return rank(own, shared) if len(set(every)) == len(every) else None

    return ranker


def fast_ranker(game: Game, players: int, count: int, board: int) -> Ranker | None:
    """The ranker of EvaluateHand requests with these counts (``count`` own cards,
    ``board`` board cards), or ``None`` when :func:`evaluate_hand` would find a problem in
    the counts. The ranker checks each card text against the shape's deck in one pass (a
    dict of its canonical texts) and duplicates with one set; it answers exactly as
    :func:`evaluate_hand` (cached: at most games x players x counts x boards entries, valid
    ones only, so a caller may cache them too)."""
    key = (game, players, count, board)
    found = _RANKERS.get(key)
    if found is not None:
        return found
    problems: list[FieldViolation] = []
    _check_players(game, players, problems)
    _check_count(game, count, "cards", problems)
    _check_board(game, range(board), problems)
    if problems:
        return None
    deck = deck_for(game, players)
    valid = {text: card for text, card in _CARD.items() if card in deck}
    ranker = _make_ranker(valid, sides_evaluator(side_rankings(game, players)))
    _RANKERS[key] = ranker
    return ranker


_CARD: Final = dict(CARD_BY_TEXT)


def evaluate_if_valid(
    game: Game | None, cards: Sequence[str], *, players: int = 0, board: Sequence[str] = ()
) -> Evaluation | None:
    """:func:`evaluate_hand`'s answer for a request it would accept, taken on a fast path
    (BatchEvaluateHands, EvaluateHandStream; :func:`fast_ranker`): the counts checked once
    per shape, each card a dict lookup, one set for duplicates. ``None`` when the request is
    not plainly valid (unknown game, a bad count, a card text not in canonical form, a card
    out of the deck, a duplicate): the caller then runs :func:`evaluate_hand`, which reports
    every problem (or accepts a text such as ``" Ah"``). Never raises for bad input."""
    if game is None:
        return None
    ranker = fast_ranker(game, players, len(cards), len(board))
    return None if ranker is None else ranker(cards, board)
