"""The PokerStars line grammar: one regular expression per kind of line.

Amounts are matched as written (``$1,234.56``, ``2500``) and converted by the reader; names are
not matched here (they may hold any character) but split off by the reader against the seats.
"""

from __future__ import annotations

import re
from typing import Final

from floorman.domain.history.pokerstars_model import StarsEventKind, StarsStreet

AMT: Final = r"[$€£]?\d[\d,]*(?:\.\d+)?"
ALL_IN: Final = r"(?P<all_in> and is all-in)?"
TABLE: Final = re.compile(
    r"^Table '(?P<table>.*)'\s*(?:(?P<max>\d+)-max)?(?P<rest>.*)$", re.IGNORECASE
)
BUTTON: Final = re.compile(r"Seat #(?P<seat>\d+) is the button")
SEAT: Final = re.compile(
    rf"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>{AMT}) in chips[^()]*\)(?P<rest>.*)$"
)
MARKER: Final = re.compile(r"^\*\*\* (?P<name>[^*]+?) \*\*\*\s*(?P<rest>.*)$")
BRACKETS: Final = re.compile(r"^\[(?P<a>[^\]]*)\](?:\s+\[(?P<b>[^\]]*)\])?$")
UNCALLED: Final = re.compile(rf"^Uncalled bet \((?P<amount>{AMT})\) returned to (?P<name>.+)$")
COLLECTED: Final = re.compile(
    rf"^(?P<name>.+) collected (?P<amount>{AMT}) from "
    r"(?P<pot>pot|main pot|side pot(?:-(?P<side>\d+))?)$"
)
TOTAL_POT: Final = re.compile(
    rf"^Total pot (?P<total>{AMT})(?: Main pot (?P<main>{AMT})\.)?"
    rf"(?P<sides>(?: Side pot(?:-\d+)? {AMT}\.)*)\s*\|\s*Rake (?P<rake>{AMT})"
)
SIDE_POT: Final = re.compile(rf"Side pot(?:-(?P<n>\d+))? (?P<amount>{AMT})\.")
SUMMARY_SEAT: Final = re.compile(r"^Seat (?P<seat>\d+): (?P<rest>.*)$")
SHOWED: Final = re.compile(r"showed \[(?P<cards>[^\]]*)\]")
MUCKED: Final = re.compile(r"mucked \[(?P<cards>[^\]]*)\]")
WON: Final = re.compile(rf"(?:won|collected) \((?P<amount>{AMT})\)")
ACTIONS: Final = (
    (StarsEventKind.ANTE, re.compile(rf"^posts the ante (?P<amount>{AMT}){ALL_IN}$")),
    (StarsEventKind.SMALL_BLIND, re.compile(rf"^posts small blind (?P<amount>{AMT}){ALL_IN}$")),
    (StarsEventKind.BIG_BLIND, re.compile(rf"^posts big blind (?P<amount>{AMT}){ALL_IN}$")),
    (StarsEventKind.STRADDLE, re.compile(rf"^posts straddle (?P<amount>{AMT}){ALL_IN}$")),
    (StarsEventKind.SMALL_AND_BIG_BLINDS,
     re.compile(rf"^posts small & big blinds (?P<amount>{AMT}){ALL_IN}$")),
    (StarsEventKind.BRING_IN, re.compile(rf"^brings in for (?P<amount>{AMT}){ALL_IN}$")),
    (StarsEventKind.BET, re.compile(rf"^bets (?P<amount>{AMT}){ALL_IN}$")),
    (StarsEventKind.CALL, re.compile(rf"^calls (?P<amount>{AMT}){ALL_IN}$")),
    (StarsEventKind.RAISE,
     re.compile(rf"^raises (?P<amount>{AMT}) to (?P<to>{AMT}){ALL_IN}$")),
    (StarsEventKind.CHECK, re.compile(r"^checks$")),
    (StarsEventKind.FOLD, re.compile(r"^folds(?: \[(?P<cards>[^\]]*)\])?$")),
    (StarsEventKind.DISCARD,
     re.compile(r"^discards (?P<count>\d+) cards?(?: \[(?P<cards>[^\]]*)\])?$")),
    (StarsEventKind.STAND_PAT, re.compile(r"^stands pat(?: on \[(?P<cards>[^\]]*)\])?$")),
    (StarsEventKind.SHOW, re.compile(r"^shows \[(?P<cards>[^\]]*)\](?: \((?P<text>.*)\))?$")),
    (StarsEventKind.MUCK, re.compile(r"^mucks(?: hand| \[(?P<cards>[^\]]*)\])$")),
    (StarsEventKind.NO_SHOW, re.compile(r"^doesn't show hand$")),
)  # fmt: skip
PLAYER_NOISE: Final = re.compile(
    r"^(?:sits out|is sitting out|has timed out(?: while disconnected)?|has returned"
    r"|is disconnected|is connected|will be allowed to play after the button)$"
)
NOISE: Final = tuple(
    re.compile(p)
    for p in (
        r'^.+ said, ".*"$',
        r"^.+: (?:sits out|is sitting out|has timed out|has returned|is disconnected"
        r"|is connected)$",
        r"^.+ (?:joins the table at seat #\d+|leaves the table|is connected|is disconnected"
        r"|has returned|has timed out(?: while disconnected)?|is sitting out|sits out"
        r"|will be allowed to play after the button"
        r"|was removed from the table for failing to post"
        r"|finished the tournament(?: in \d+\w* place)?(?: and receive[ds] .*)?"
        r"|wins the tournament(?: and receive[ds] .*)?|re-buys and receives .*"
        r"|takes the add-on and receives .*|cashed out the hand for .*)$",
        r"^Betting is capped$",
        r"^Pair on board - a double bet is allowed$",
        r"^No low hand qualified$",
    )
)
STREETS: Final = {
    "2nd street": StarsStreet.SECOND_STREET,
    "3rd street": StarsStreet.THIRD_STREET,
    "4th street": StarsStreet.FOURTH_STREET,
    "5th street": StarsStreet.FIFTH_STREET,
    "6th street": StarsStreet.SIXTH_STREET,
    "7th street": StarsStreet.SEVENTH_STREET,
    "river": StarsStreet.SEVENTH_STREET,
    "dealing hands": StarsStreet.FIRST_ROUND,
    "hole cards": StarsStreet.FIRST_ROUND,
    "draw": StarsStreet.DRAW,
    "first draw": StarsStreet.DRAW,
    "second draw": StarsStreet.SECOND_DRAW,
    "third draw": StarsStreet.THIRD_DRAW,
    "show down": StarsStreet.SHOWDOWN,
    "summary": StarsStreet.SUMMARY,
}
BETTING: Final = frozenset(
    {
        StarsEventKind.BRING_IN,
        StarsEventKind.BET,
        StarsEventKind.CALL,
        StarsEventKind.RAISE,
        StarsEventKind.CHECK,
        StarsEventKind.FOLD,
    }
)
DRAWING: Final = frozenset({StarsEventKind.DISCARD, StarsEventKind.STAND_PAT})
BOARD_STREETS: Final = {
    "hole cards": StarsStreet.PRE_FLOP,
    "flop": StarsStreet.FLOP,
    "turn": StarsStreet.TURN,
    "river": StarsStreet.RIVER,
}
"""The sections of the community-card games that differ from :data:`STREETS` (their
``*** RIVER ***`` is the fifth board card, not the stud 7th street)."""
NOT_BETTING: Final = frozenset({StarsStreet.SHOWDOWN, StarsStreet.SUMMARY})
