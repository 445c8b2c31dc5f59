"""A game is data (issue 11, "Design first"): the modules that name each game.

Outside the definitions (``domain/games.py``, the ``Game`` enum in ``domain/model.py``, the
named rotations in ``domain/table/rotation.py``), the
generated proto code and the format code tables (a hand-history format's names and codes for
each game, display names), no module names a game: the engine, ranking, settlement, tables and
transport read everything about a game from its :class:`~floorman.domain.games.GameSpec`.
"""

from __future__ import annotations

import re
from pathlib import Path

from floorman.domain.model import Game

PACKAGE = Path(__file__).resolve().parents[1] / "service" / "floorman"
DEFINITIONS = {"domain/games.py", "domain/model.py", "domain/table/rotation.py"}
"""The game definitions, the enum, and the named rotations (HORSE, 8-Game: RULES.md "Mixed
games"), which are lists of games by definition."""
FORMAT_TABLES = {
    "app/evaluation.py": "GAME_NAMES: the display name of each game in messages",
    "domain/history/phh_variants.py": "PHH variant codes",
    "domain/history/ohh_model.py": "OHH game types",
    "domain/history/pokerstars_header.py": "PokerStars header game names",
    "domain/history/export_pokerstars.py": "PokerStars header game names (writer)",
    "domain/history/full_tilt.py": "Full Tilt header game names",
    "domain/history/bovada.py": "Bovada game names",
    "domain/history/merge.py": "Merge game codes",
    "domain/history/everleaf.py": "Everleaf game names",
    "domain/history/ongame.py": "OnGame game names",
    "domain/history/winamax.py": "Winamax game names",
    "domain/history/partypoker.py": "PartyPoker game names",
    "domain/history/ipoker.py": "iPoker game codes",
    "domain/history/boss.py": "Boss game codes",
    "domain/history/winning.py": "Winning game names",
    "domain/history/kingsclub.py": "KingsClub game names",
    "domain/history/absolute.py": "Absolute game names",
    "domain/history/room_text.py": "the stud game names the room texts share",
}
"""Modules allowed to name games, each with what its table is."""


def modules_naming(game: Game) -> set[str]:
    """The package modules (generated code excluded) that write ``Game.<MEMBER>``."""
    pattern = re.compile(rf"\bGame\.{game.name}\b")
    return {
        path.relative_to(PACKAGE).as_posix()
        for path in PACKAGE.rglob("*.py")
        if "v1" not in path.relative_to(PACKAGE).parts and pattern.search(path.read_text())
    }


def test_no_module_outside_the_definitions_and_format_tables_names_a_game(capsys):
    """Every game is named only by its definition and the format code tables; the list of
    modules naming each game is printed."""
    allowed = DEFINITIONS | set(FORMAT_TABLES)
    strays: dict[str, set[str]] = {}
    with capsys.disabled():
        print()
        for game in Game:
            named = modules_naming(game)
            print(f"{game.value}: {', '.join(sorted(named))}")
            if named - allowed:
                strays[game.value] = named - allowed
    assert not strays, f"modules that name a game outside the tables: {strays}"


def test_every_game_has_its_definition():
    """Each game is named by domain/games.py: its one declarative entry."""
    for game in Game:
        assert "domain/games.py" in modules_naming(game), game
