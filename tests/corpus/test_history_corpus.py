"""The hand-history readers on every real file of ``../shared/corpus`` (format and money checks).

PHH: every file parses, the seed-game ones report their game, and the writer round-trips them
(our reader and pokerkit's both read back what was read). PokerStars: every hand of the seed
games is read with consistent money (RULES.md "Common to every game": chip conservation, the
uncalled bet returned), other games are counted as unsupported, and the one unreadable hand is
a real fault of the record, written down here.
"""

from __future__ import annotations

import warnings
from collections import Counter
from pathlib import Path

import pytest
from pokerkit import HandHistory

from floorman.domain.engine import settle_hand
from floorman.domain.history.export_phh import export_phh
from floorman.domain.history.phh import dump_phh, map_phh, parse_phh
from floorman.domain.history.pokerstars import StarsEventKind, parse_file
from floorman.domain.history.record import HandRecord
from floorman.domain.model import Game

SUMMARY_PROPERTY = "corpus_summary"

# The only unreadable PokerStars hand: its hero's 7th-street card is written "[of]" (a fault
# of the record: not a card), and the showdown then shows three cards.
KNOWN_UNREADABLE = {(91733835979, "'of' is not a card")}
SEED_VARIANTS = {"F7S": 13, "F7S/8": 7, "FR": 10}
BOARD_VARIANTS = {"FT": 7, "NT": 513, "NS": 1, "PO": 8, "FO/8": 14}
"""The community-card hands of the corpus (issue 11: RULES.md "Hold'em and Omaha")."""
LOWBALL_VARIANTS = {"F2L3D": 8, "N2L1D": 7, "FB": 1}
"""The lowball draw and Badugi hands (issue 12: RULES.md "Lowball draw and Badugi")."""
SUPPORTED_VARIANTS = SEED_VARIANTS | BOARD_VARIANTS | LOWBALL_VARIANTS


def phh_files(corpus_dir: Path) -> list[Path]:
    return sorted((corpus_dir / "phh").rglob("*.phh"))


def test_phh_every_corpus_file_parses_and_seed_games_are_supported(corpus_dir, record_property):
    """All 589 PHH files parse; the F7S, F7S/8, FR hands, the hold'em, Omaha and short-deck
    hands (FT, NT, NS, PO, FO/8) and the 16 2-7 and Badugi hands (F2L3D, N2L1D, FB) are games
    floorman plays: none is unsupported."""
    variants: Counter[str] = Counter()
    for path in phh_files(corpus_dir):
        hand = parse_phh(path.read_text(encoding="utf-8"))
        if hand.supported:
            variants[hand.variant] += 1
        else:
            variants["unsupported"] += 1
    summary = ", ".join(f"{k}: {v}" for k, v in sorted(variants.items()))
    print(f"phh files by variant: {summary}")
    record_property(SUMMARY_PROPERTY, f"phh files: {summary}")
    assert {k: variants[k] for k in SUPPORTED_VARIANTS} == SUPPORTED_VARIANTS
    assert variants["unsupported"] == 0


def test_phh_writer_round_trips_every_corpus_file(corpus_dir):
    """parse(dump(parse(x))) == parse(x) for every PHH file of the corpus, seed games and
    others (fractional Pluribus stacks, comments and unknown cards included)."""
    for path in phh_files(corpus_dir):
        hand = parse_phh(path.read_text(encoding="utf-8"))
        assert parse_phh(dump_phh(hand)) == hand, path.name


def test_phh_writer_output_is_read_by_pokerkit_as_the_original(corpus_dir):
    """pokerkit (an independent PHH reader) loads our output of every file of a game we play
    to the same hand history as the original file."""
    checked = 0
    for path in phh_files(corpus_dir):
        text = path.read_text(encoding="utf-8")
        hand = parse_phh(text)
        if not hand.supported:
            continue
        assert HandHistory.loads(dump_phh(hand)) == HandHistory.loads(text), path.name
        checked += 1
    assert checked == sum(SUPPORTED_VARIANTS.values())


def stars_files(corpus_dir: Path) -> list[Path]:
    return sorted((corpus_dir / "hh-fpdb").glob("*/Stars/*.txt"))


def test_pokerstars_every_corpus_hand_is_read_or_accounted_for(corpus_dir, record_property):
    """Every PokerStars hand is read, skipped as another game, or is the one known fault;
    counts per game are those of the corpus README (draw 37, stud 30, hi-lo 28, razz 29) and
    of the 8-Game file's headers (Hold'em 48, Omaha Hi/Lo 17, Omaha 1, 2-7 triple draw 18:
    each hand of the mixed file read as its own game, RULES.md "Mixed games")."""
    games: Counter[Game] = Counter()
    unsupported = 0
    problems = set()
    for path in stars_files(corpus_dir):
        result = parse_file(path.read_text(encoding="utf-8"))
        games.update(hand.game for hand in result.hands)
        unsupported += len(result.unsupported)
        problems |= {(p.hand_id, p.message) for p in result.problems}
    summary = ", ".join(
        f"{g.value}: {n}" for g, n in sorted(games.items(), key=lambda i: i[0].value)
    )
    print(f"pokerstars hands read: {summary}; other games: {unsupported}; problems: {problems}")
    record_property(SUMMARY_PROPERTY, f"pokerstars hands: {summary}; other games {unsupported}")
    assert problems == KNOWN_UNREADABLE
    assert games == {
        Game.FIVE_CARD_DRAW: 37,
        Game.SEVEN_CARD_STUD: 29,  # + the unreadable one
        Game.SEVEN_CARD_STUD_HI_LO: 28,
        Game.RAZZ: 29,
        Game.TEXAS_HOLDEM: 48,  # issue 11: Hold'em Limit 24 + Hold'em No Limit 24
        Game.OMAHA_HI_LO: 17,
        Game.OMAHA: 1,
        Game.DEUCE_TO_SEVEN_TRIPLE_DRAW: 18,  # issue 12: the 8-Game file's Triple Draw 2-7
    }
    assert unsupported == 0


@pytest.mark.parametrize("check", ["contributions", "collections", "summary_seats"])
def test_pokerstars_money_read_from_every_hand_adds_up(corpus_dir, check):
    """For every hand read: chips put in minus uncalled bets returned = total pot; collected
    plus rake = total pot; the summary's won amounts = the collected lines (RULES.md "Common
    to every game": chip conservation, uncalled bets)."""
    for path in stars_files(corpus_dir):
        for hand in parse_file(path.read_text(encoding="utf-8")).hands:
            summary = hand.summary
            assert summary is not None, hand.hand_id
            added = sum(e.added for e in hand.events)
            returned = sum(e.amount for e in hand.events_of(StarsEventKind.UNCALLED_RETURN))
            collected = sum(e.amount for e in hand.events_of(StarsEventKind.COLLECT))
            label = f"{path.name} hand {hand.hand_id}"
            if check == "contributions":
                assert added - returned == summary.total_pot, label
            elif check == "collections":
                assert collected + summary.rake == summary.total_pot, label
            else:
                assert sum(s.won for s in summary.seats) == collected, label


def test_lowball_exports_of_the_corpus_hands_replay_in_pokerkit(corpus_dir):
    """DESIGN.md "Hand-history formats" (PHH written as the specification has it): every
    F2L3D, N2L1D and FB hand of the corpus, mapped and exported by floorman (a draw round's
    ``sd`` lines first, then the ``d dh`` replacements, the big-blind ante in ``antes``), loads
    in pokerkit and replays to floorman's final stacks, which are the recorded
    ``finishing_stacks`` when the file has them (RULES.md "Lowball draw and Badugi")."""
    checked = 0
    for code in LOWBALL_VARIANTS:
        for path in sorted((corpus_dir / "phh" / code.replace("/", "_")).glob("*.phh")):
            hand = parse_phh(path.read_text(encoding="utf-8"))
            mapping = map_phh(hand)
            assert mapping.state is not None, path.name
            ours = list(
                settle_hand(mapping.state).final_stacks[s.seat] for s in mapping.config.seats
            )
            if hand.finishing_stacks is not None:
                assert ours == list(hand.finishing_stacks), path.name
            record = HandRecord(
                hand_id=path.stem, hand_number=1, table_id="corpus",
                config=mapping.config, events=mapping.events,
            )  # fmt: skip
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                states = list(HandHistory.loads(export_phh(record)))
            assert list(states[-1].stacks) == ours, path.name
            checked += 1
    assert checked == sum(LOWBALL_VARIANTS.values())
