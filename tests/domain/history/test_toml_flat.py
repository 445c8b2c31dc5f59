"""The flat-TOML fast path of the PHH reader (``toml_flat.load_flat``) against ``tomllib``.

``load_flat`` must give exactly what ``tomllib.loads(text, parse_float=Decimal)`` gives (the
same keys, values and value types), or ``None`` so the reader falls back to tomllib; it must
never accept a document tomllib refuses. Checked on every PHH file of the corpus
(``<repo>/../shared/corpus/phh``; skipped when absent), on floorman's own PHH exports, and on
random documents built from valid and invalid lines.
"""

from __future__ import annotations

import random
import tomllib
from decimal import Decimal
from pathlib import Path

import pytest
from export_support import random_record
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.domain.history import export_phh
from floorman.domain.history.toml_flat import load_flat
from floorman.domain.model import BettingStructure
from tests.domain.engine.engine_play import iter_games

CORPUS_PHH = Path(__file__).resolve().parents[3] / ".." / "shared" / "corpus" / "phh"


def typed(value: object) -> object:
    """``value`` with every leaf tagged by its type (so ``1``, ``True`` and ``Decimal(1)``
    differ)."""
    if isinstance(value, dict):
        return {key: typed(item) for key, item in value.items()}
    if isinstance(value, list):
        return [typed(item) for item in value]
    return (type(value).__name__, value)


def reference(text: str) -> object:
    """tomllib's reading of ``text`` (typed), or ``"error"``."""
    try:
        return typed(tomllib.loads(text, parse_float=Decimal))
    except tomllib.TOMLDecodeError:
        return "error"


def assert_agrees(text: str) -> bool:
    """``load_flat(text)`` is ``None`` or tomllib's reading; True when it read the text."""
    fast = load_flat(text)
    if fast is None:
        return False
    assert typed(fast) == reference(text), text
    return True


def test_every_corpus_phh_file_reads_on_the_fast_path_as_tomllib_reads_it() -> None:
    """Every PHH file of the corpus (589 hands: flat keys, one-line and multi-line arrays,
    comments) is read by the fast path, to exactly tomllib's values and types."""
    if not CORPUS_PHH.is_dir():
        pytest.skip(f"PHH corpus not found at {CORPUS_PHH.resolve()}")
    paths = sorted(CORPUS_PHH.rglob("*.phh"))
    assert paths
    for path in paths:
        assert assert_agrees(path.read_text(encoding="utf-8")), f"{path} fell back to tomllib"


def test_floorman_exports_agree_with_tomllib() -> None:
    """floorman's PHH exports of random hands of every game and structure (multi-line action
    arrays, inline tables for house fields) read as tomllib reads them, or fall back."""
    rng = random.Random("toml-flat-exports")
    read = 0
    for game, structure in iter_games():
        for number in range(3):
            record = random_record(rng, game, structure, number=number)
            read += assert_agrees(export_phh(record))
    assert read > 0


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a = 1\nb = 'x'\nc = \"y\"\nd = 10112.5\ne = true\nf = [1, 2,]\n", None),
        ("time = 20:15:30\nt = [00:00:00, 23:59:59]\n", None),
        ("time = 24:00:00\n", "fallback"),
        ("time = 20:15:30.5\n", "fallback"),
        ("actions = [\n  # Pre-flop\n\n  'p1 cc',  # Bob\n  \"p2 f\"\n]\n", None),
        ("a = [ ]\r\nb = [\r\n]\r\n", None),
        ("a = 1\na = 2\n", "fallback"),
        ("a = 1\r", "fallback"),
        ("a = 'x' 'y'\n", "fallback"),
        ("a = [1\n, 2]\n", "fallback"),
        ('a = "tab\\tescaped"\n', "fallback"),
        ("a = {b = 1}\n", "fallback"),
        ("[table]\na = 1\n", "fallback"),
        ("a.b = 1\n", "fallback"),
        ("a = 1_000\n", "fallback"),
        ("a = 1e3\n", "fallback"),
        ("a = 01\n", "fallback"),
        ("a = inf\n", "fallback"),
        ("a = 1979-05-27\n", "fallback"),
        ("a = [\n1,\n2\n3\n]\n", "fallback"),
        ("a = [\n1,\n", "fallback"),
        ("# only\x01control\n", "fallback"),
    ],
)
def test_fast_path_reads_the_flat_subset_and_defers_everything_else(
    text: str, expected: str | None
) -> None:
    """Flat keys with strings, integers, decimals, booleans, local times and arrays (one line,
    or one item per line with comments; LF or CRLF) are read as tomllib reads them; a
    repeated key, a lone CR, escapes, inline tables, tables, dotted keys, underscores,
    exponents, leading zeros, inf, dates, fractional or out-of-range times, a missing comma
    or bracket, a control character: ``None`` (tomllib decides)."""
    if expected == "fallback":
        assert load_flat(text) is None
    else:
        assert assert_agrees(text)


_KEYS = st.sampled_from(["a", "b", "key_2", "x-y", "a.b", '"q"', ""])
_SCALARS = st.sampled_from(
    ["1", "-0", "+7", "007", "1.5", "-2.25", "1.", ".5", "1e5", "1_0", "true", "false", "True",
     "'s'", "'it''s'", '"d"', '"e\\"x"', "'a#b'", '"\t"', "inf", "nan", "''", '""', "'x",
     "20:15:30", "23:59:60", "7:00:00", "12:30:00.25", "2024-05-17"]
)  # fmt: skip
_TAILS = st.sampled_from(["", " ", "  # note", "#n", " x", ",", " #\x01"])


@st.composite
def documents(draw: st.DrawFn) -> str:
    """A document of random lines: key = scalar or array (one line or several), comments,
    blanks and junk; LF or CRLF."""
    lines: list[str] = []
    for _ in range(draw(st.integers(0, 6))):
        shape = draw(st.sampled_from(["scalar", "array", "multiline", "comment", "blank", "junk"]))
        key = draw(_KEYS)
        if shape == "scalar":
            lines.append(f"{key} = {draw(_SCALARS)}{draw(_TAILS)}")
        elif shape == "array":
            items = draw(st.lists(_SCALARS, max_size=4))
            sep = draw(st.sampled_from([", ", ",", " , "]))
            trail = draw(st.sampled_from(["", ",", ", ,"]))
            lines.append(f"{key} = [{sep.join(items)}{trail}]{draw(_TAILS)}")
        elif shape == "multiline":
            lines.append(f"{key} = [{draw(st.sampled_from(['', '  # open']))}")
            for item in draw(st.lists(_SCALARS, max_size=4)):
                comma = draw(st.sampled_from([",", ",", ""]))
                lines.append(f"  {item}{comma}{draw(_TAILS)}")
            if draw(st.booleans()):
                lines.append("  # a comment")
            lines.append(draw(st.sampled_from(["]", "  ] # end", "]]", ""])))
        elif shape == "comment":
            lines.append("# " + draw(st.text(max_size=8)))
        elif shape == "blank":
            lines.append(draw(st.sampled_from(["", "  ", "\t"])))
        else:
            lines.append(draw(st.text(max_size=12)))
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    return newline.join(lines) + draw(st.sampled_from(["", newline, "\r"]))


@settings(max_examples=600, deadline=None)
@given(documents())
def test_random_documents_read_as_tomllib_reads_them_or_fall_back(text: str) -> None:
    """Random documents of valid and invalid lines: the fast path gives tomllib's result or
    ``None``, and never reads a document tomllib refuses."""
    fast = load_flat(text)
    if fast is not None:
        assert typed(fast) == reference(text)


def test_the_fast_path_is_taken_for_typical_documents() -> None:
    """The fast path is not vacuous: a PHH-like document of every value kind is read by it."""
    text = (
        "variant = 'F7S'\nante_trimming_status = true\nantes = [5, 5, 5]\n"
        "starting_stacks = [1000, 2000.5, 3000]\nactions = ['d dh p1 AsKs2c', 'p1 pb']\n"
        "players = [\"Ann\", 'Bob', 'Cy']\nhand = 7\n"
    )
    assert load_flat(text) == tomllib.loads(text, parse_float=Decimal)
    assert BettingStructure  # the exports above cover every structure
