"""The PHH reader's TOML loader (``toml_read.load_toml``: rtoml, tomllib where they differ)
against ``tomllib``.

``load_toml`` must give exactly what ``tomllib.loads(text, parse_float=Decimal)`` gives (the
same keys in the same order, values and value types), and refuse with tomllib's error what
tomllib refuses. Checked on every PHH file of the corpus (``<repo>/../shared/corpus/phh``;
skipped when absent), on floorman's own PHH exports, and on random documents built from
valid and invalid lines. (It replaces ``toml_flat``, a hand-written reader of the flat
subset: rtoml is about 4x faster than it on the corpus, BENCHMARKS.md "Replay".)
"""

from __future__ import annotations

import random
import tomllib
from decimal import Decimal
from pathlib import Path

import pytest
import rtoml
from export_support import random_record
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.domain.history import export_phh
from floorman.domain.history.toml_read import _plain, load_toml
from floorman.domain.model import BettingStructure
from tests.domain.engine.engine_play import iter_games

CORPUS_PHH = Path(__file__).resolve().parents[3] / ".." / "shared" / "corpus" / "phh"


def typed(value: object) -> object:
    """``value`` with every leaf tagged by its type (so ``1``, ``True`` and ``Decimal(1)``
    differ) and every table's keys in order."""
    if isinstance(value, dict):
        return [(key, typed(item)) for key, item in value.items()]
    if isinstance(value, list):
        return [typed(item) for item in value]
    return (type(value).__name__, repr(value))


def reference(text: str) -> object:
    """tomllib's reading of ``text`` (typed), or ``("error", message)``."""
    try:
        return typed(tomllib.loads(text, parse_float=Decimal))
    except tomllib.TOMLDecodeError as error:
        return ("error", str(error))


def read(text: str) -> object:
    """``load_toml``'s reading of ``text`` (typed), or ``("error", message)``."""
    try:
        return typed(load_toml(text))
    except tomllib.TOMLDecodeError as error:
        return ("error", str(error))


def assert_agrees(text: str) -> bool:
    """``load_toml(text)`` is tomllib's reading (or its error); True when rtoml's own
    reading was kept (no fallback to tomllib)."""
    assert read(text) == reference(text), text
    try:
        return _plain(rtoml.loads(text)) and '"""' not in text and "'''" not in text
    except rtoml.TomlParsingError:
        return False


def test_every_corpus_phh_file_reads_as_tomllib_reads_it() -> None:
    """Every PHH file of the corpus (589 hands: flat keys, one-line and multi-line arrays,
    comments) is read to exactly tomllib's values and types; rtoml's own reading is kept for
    all but the 9 files with a decimal amount (``10112.5``: tomllib reads those exactly)."""
    if not CORPUS_PHH.is_dir():
        pytest.skip(f"PHH corpus not found at {CORPUS_PHH.resolve()}")
    paths = sorted(CORPUS_PHH.rglob("*.phh"))
    assert paths
    fallbacks = [p.name for p in paths if not assert_agrees(p.read_text(encoding="utf-8"))]
    assert len(fallbacks) == 9, fallbacks


def test_floorman_exports_agree_with_tomllib() -> None:
    """floorman's PHH exports of random hands of every game and structure (multi-line action
    arrays, inline tables for house fields) read as tomllib reads them."""
    rng = random.Random("toml-flat-exports")
    kept = 0
    for game, structure in iter_games():
        for number in range(3):
            record = random_record(rng, game, structure, number=number)
            kept += assert_agrees(export_phh(record))
    assert kept > 0


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a = 1\nb = 'x'\nc = \"y\"\ne = true\nf = [1, 2,]\n", "rtoml"),
        ("a = 1\nd = 10112.5\n", "tomllib"),
        ("time = 20:15:30\nt = [00:00:00, 23:59:59]\n", "rtoml"),
        ("time = 24:00:00\n", "error"),
        ("time = 20:15:30.5\n", "rtoml"),
        ("actions = [\n  # Pre-flop\n\n  'p1 cc',  # Bob\n  \"p2 f\"\n]\n", "rtoml"),
        ("a = [ ]\r\nb = [\r\n]\r\n", "rtoml"),
        ("a = 1\na = 2\n", "error"),
        ("a = 1\r", "error"),
        ("a = 'x' 'y'\n", "error"),
        ("a = [1\n, 2]\n", "rtoml"),
        ('a = "tab\\tescaped"\n', "rtoml"),
        ("a = {b = 1}\n", "rtoml"),
        ("[table]\na = 1\n", "rtoml"),
        ("a.b = 1\n", "rtoml"),
        ("a = 1_000\n", "rtoml"),
        ("a = 1e3\n", "tomllib"),
        ("a = 01\n", "error"),
        ("a = inf\n", "tomllib"),
        ("a = [1, nan]\n", "tomllib"),
        ("a = 1979-05-27\n", "rtoml"),
        ("a = 1979-05-27T07:32:00\n", "rtoml"),
        ("a = 1979-05-27T07:32:00-08:00\n", "tomllib"),
        ('a = """x\r\ny"""\n', "tomllib"),
        ("a = '''x\r\ny'''\n", "tomllib"),
        ("a = 99999999999999999999\n", "rtoml"),
        ("a = [\n1,\n2\n3\n]\n", "error"),
        ("a = [\n1,\n", "error"),
        ("# only\x01control\n", "error"),
    ],
)
def test_rtoml_is_kept_only_where_it_reads_as_tomllib(text: str, expected: str) -> None:
    """Strings, integers, booleans, dates, local times, arrays and tables (LF or CRLF) keep
    rtoml's reading; a float (decimal, exponent, inf, nan), a multi-line string (rtoml keeps
    its CRLF) and an offset date-time (rtoml's own tzinfo) are
    read by tomllib; what tomllib refuses is refused with tomllib's message."""
    kept = assert_agrees(text)
    if expected == "error":
        with pytest.raises(tomllib.TOMLDecodeError):
            load_toml(text)
    else:
        assert kept is (expected == "rtoml")


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
def test_random_documents_read_as_tomllib_reads_them(text: str) -> None:
    """Random documents of valid and invalid lines: ``load_toml`` gives tomllib's result, or
    tomllib's error for a document tomllib refuses (rtoml never widens the language)."""
    assert_agrees(text)


def test_rtoml_reading_is_kept_for_typical_documents() -> None:
    """The fast path is not vacuous: a PHH-like document of every value kind but floats is
    read by rtoml alone."""
    text = (
        "variant = 'F7S'\nante_trimming_status = true\nantes = [5, 5, 5]\n"
        "starting_stacks = [1000, 2000, 3000]\nactions = ['d dh p1 AsKs2c', 'p1 pb']\n"
        "players = [\"Ann\", 'Bob', 'Cy']\nhand = 7\ntime = 20:15:30\n"
    )
    assert assert_agrees(text)
    assert load_toml(text) == tomllib.loads(text, parse_float=Decimal)
    assert BettingStructure  # the exports above cover every structure
