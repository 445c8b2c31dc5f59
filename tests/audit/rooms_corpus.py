"""The room formats read by ``floorman.domain.audit.from_rooms`` (iPoker, Boss, Winning,
KingsClub, Absolute): the corpus sites they read and the hands whose findings are a real
fault of the record, with the reason. ``test_audit_corpus`` folds both into its tables."""

from __future__ import annotations

from floorman.domain.audit import SourceFormat

ROOM_SITES: dict[str, SourceFormat] = {
    "iPoker": SourceFormat.IPOKER,
    "Boss": SourceFormat.BOSS,
    "WinningOld": SourceFormat.WINNING,
    "WinningNew": SourceFormat.WINNING,
    "KingsClub": SourceFormat.KINGSCLUB,
    "Absolute": SourceFormat.ABSOLUTE,
}
"""manifest.tsv site -> the format its files are read as."""

_IPOKER_TOUR = "hh-fpdb/tour/iPoker/7-StudHi-USD-STT-5-201103.txt"
_IPOKER_BET_TOTAL = (
    "a fault of the record: a player's bet total (the <player> line's bet) is one ante more "
    "than the chips its actions put in, while its opponents' wins add up with the actions"
)
ROOM_KNOWN_FINDINGS: dict[tuple[str, str], tuple[frozenset[str], str]] = {
    (_IPOKER_TOUR, hand): (frozenset({"chips.not_conserved"}), _IPOKER_BET_TOTAL)
    for hand in (
        "4044860560", "4044887186", "4044887621", "4044888659", "4044922307", "4044980553",
        "4044982218", "4045005614", "4045005684", "4045005928", "4045006063", "4045033373",
        "4045034332",
    )
}  # fmt: skip
_WINNING_HL = "hh-fpdb/cash/Winning/7-Stud-HL-8max-USD-1.00-2.00-201608.HH00000000_G0.txt"
ROOM_KNOWN_FINDINGS.update(
    {
        (_WINNING_HL, "693975843"): (
            frozenset({"odd_chip.player"}),
            "the room gives the odd cent of the 7.05 hi-lo split to the low half (ChazDazzle "
            '3.53, KickAzzJohnny 3.52); RULES.md "Seven Card Stud family" gives an odd chip '
            "between the halves to the high half",
        ),
        (_WINNING_HL, "693976187"): (
            frozenset({"history.unreadable"}),
            "the file ends inside the hand: its header and seats, then nothing (no ante, card "
            "or action)",
        ),
    }
)
_KINGS = "hh-fpdb/cash/KingsClub/"
ROOM_KNOWN_FINDINGS.update(
    {
        (_KINGS + "7-Stud-USD-44-88-202010.txt", "37581152"): (
            frozenset({"bet.amount"}),
            "44/88 limit stud: after the completion to 44, Player3 'raises to 77.16' (an "
            "increment of 33.16, the bring-in); a fixed-limit raise on 3rd street goes to 88 "
            '(RULES.md "Common to every game": fixed-limit bet sizes)',
        ),
        (_KINGS + "Razz-USD-500-100-202101.multi.pot.failure.txt", "3537921"): (
            frozenset({"bet.amount"}),
            "500/1,000 razz: after the bring-in of 125 and a short all-in 'bet' to 225, "
            "Player4 'raises to 625'; the completion goes to the 500 small bet (RULES.md "
            '"Seven Card Stud family": the bring-in, completing to the small bet)',
        ),
    }
)
"""(corpus file, hand id) -> (the rule ids found, why the record is at fault)."""
