"""``floorman audit FILE_OR_DIR...`` (issue 5 "Deliver" 2): a progress bar on stderr, findings
and a summary table on stdout (or ``--json``), exit status 1 when anything was found."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from floorman.cli import main
from tests.audit.audit_hands import DRAW_STARS, STUD_PHH

WRONG_PAYOUT = DRAW_STARS.replace("Bob collected $0.98 from pot", "Bob collected $0.99 from pot")


@pytest.fixture
def hands(tmp_path: Path) -> Path:
    """A folder with two clean hands, a README and a licence (no hand history in them)."""
    (tmp_path / "stud.phh").write_text(STUD_PHH)
    (tmp_path / "nested").mkdir()
    (tmp_path / "nested" / "draw.txt").write_text(DRAW_STARS)
    (tmp_path / "README.md").write_text("# not hands\n")
    (tmp_path / "LICENSE.txt").write_text("MIT License\n")
    return tmp_path


def test_clean_hands_exit_0_with_a_summary_table_and_progress_on_stderr(hands, capsys):
    """Two clean hands: exit 0; the summary table counts them (the licence found by the
    directory search is skipped, not a finding); stderr is not a terminal, so no progress
    bar is drawn (issue 13 point 3)."""
    assert main(["audit", str(hands)]) == 0
    out, err = capsys.readouterr()
    assert "hands                     2" in out
    assert "  clean                   2" in out
    assert "  with findings           0" in out
    assert "1 skipped: no hand history" in out
    assert "audit [" not in err


def test_the_progress_bar_is_drawn_only_on_a_terminal():
    """Issue 13 point 3: a terminal stream gets the bar redrawn in place; a non-terminal
    stream, or ``--no-progress``, gets nothing."""
    import io

    from floorman.cli_audit import ProgressBar

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    tty, pipe, off = Tty(), io.StringIO(), Tty()
    for stream, enabled in ((tty, True), (pipe, True), (off, False)):
        bar = ProgressBar(stream, enabled=enabled)
        bar.update(1, 2, [])
        bar.update(2, 2, [])
    assert tty.getvalue().endswith(
        "\raudit [##############################] 2/2 files, 0 hands, 0 with findings\n"
    )
    assert (pipe.getvalue(), off.getvalue()) == ("", "")


def test_findings_exit_1_and_each_finding_is_a_line_with_file_and_line(tmp_path, capsys):
    """A wrong payout: exit 1, a line ``FILE:LINE: hand ID (game): rule seat expected
    actual: message``, and the rule in the findings-by-rule table."""
    path = tmp_path / "draw.txt"
    path.write_text(WRONG_PAYOUT)
    assert main(["audit", "--no-progress", str(path)]) == 1
    out, err = capsys.readouterr()
    assert (
        f"{path}:24: hand 1001 (five_card_draw): payout.amount seat 2 expected 98 actual 99" in out
    )
    assert "findings by rule" in out and "payout.amount" in out
    assert err == ""


def test_json_output_for_machines(tmp_path, capsys):
    """``--json`` prints one JSON document: the summary and every hand with its findings."""
    (tmp_path / "a.txt").write_text(WRONG_PAYOUT)
    (tmp_path / "b.phh").write_text(STUD_PHH)
    assert main(["audit", "--json", "--no-progress", str(tmp_path)]) == 1
    document = json.loads(capsys.readouterr().out)
    assert document["summary"]["hands"] == 2
    assert document["summary"]["clean"] == 1
    assert document["summary"]["findings_by_rule"] == {"chips.not_conserved": 1, "payout.amount": 1}
    (bad,) = [h for h in document["hands"] if h["status"] == "findings"]
    assert bad["game"] == "five_card_draw" and bad["hand_id"] == "1001"
    assert bad["findings"][0]["rule"] == "payout.amount" and bad["findings"][0]["line"] == 24


def test_a_named_file_that_is_not_a_hand_history_is_a_finding(tmp_path, capsys):
    """A file named on the command line that no reader understands is reported
    (``history.unreadable``, line 1) and makes the exit status 1."""
    path = tmp_path / "notes.md"
    path.write_text("just notes\n")
    assert main(["audit", "--no-progress", str(path)]) == 1
    assert f"{path}:1: hand ? (unknown game): history.unreadable" in capsys.readouterr().out


def test_a_missing_path_is_a_usage_error(tmp_path, capsys):
    """A path that does not exist: exit 2 and a message on stderr."""
    assert main(["audit", str(tmp_path / "nope")]) == 2
    assert "no such file or directory" in capsys.readouterr().err


def test_the_console_command_audits_the_corpus(corpus_dir):
    """``python -m floorman audit --json <corpus>``: every corpus hand in one run, exit 1
    for the records with a real fault (see test_audit_corpus.KNOWN_FINDINGS: PokerStars'
    '[of]' card, Winamax's negative bet, five face-up cards written ``??``; OnGame's hand
    whose winner's cards are not written is unverifiable); PokerStars
    hand 35874676388, in two files byte for byte, is audited once and counted once as a
    duplicate (docs/rules.md "Every hand is audited")."""
    done = subprocess.run(
        [sys.executable, "-m", "floorman", "audit", "--json", str(corpus_dir)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 1, done.stderr[-2000:]
    summary = json.loads(done.stdout)["summary"]
    assert (summary["hands"], summary["findings"], summary["unverifiable"]) == (1201, 28, 1)
    # issue 12: the 64 2-7 and Badugi hands are judged now (clean): none is unsupported
    assert (summary["clean"], summary["unsupported"]) == (1171, 0)
    assert summary["duplicates"] == 1
    (copy,) = [h for h in json.loads(done.stdout)["hands"] if h["status"] == "duplicate"]
    assert copy["hand_id"] == "35874676388"
    assert "audit [" not in done.stderr


def test_dev_null_and_an_empty_file_are_an_empty_document_not_a_missing_path(tmp_path, capsys):
    """README "floorman audit" exit-status table: ``/dev/null`` exists (a character device)
    and an empty file exists: each is read as an empty document, one ``history.unreadable``
    finding saying so, exit status 1 (a file that holds no hand history), never "no such
    file or directory"."""
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    for path in ("/dev/null", str(empty)):
        assert main(["audit", "--no-progress", path]) == 1
        captured = capsys.readouterr()
        assert "no such file or directory" not in captured.err
        assert (
            f"{path}:1: hand ? (unknown game): history.unreadable: "
            "the document is empty: no hand history to audit"
        ) in captured.out


def test_an_unknown_option_prints_the_audit_usage_and_exits_2(capsys):
    """README "floorman audit" exit status 2 (bad usage): ``floorman audit --bogus x``
    prints the audit subcommand's usage (its own options), not the top-level usage."""
    with pytest.raises(SystemExit) as stopped:
        main(["audit", "--bogus", "x"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: floorman audit [-h] [--json] [--no-progress]")
    assert err.rstrip().endswith("floorman audit: error: unrecognized arguments: --bogus")


def test_a_file_over_the_size_bound_or_a_device_without_end_is_refused(monkeypatch, capsys):
    """README "floorman audit" exit status 1 (a file that cannot be read): a file larger than
    ``MAX_FILE_BYTES`` (256 MiB) is refused with its size bound instead of read into memory;
    ``/dev/zero`` never ends and is refused the same way (bound lowered here to 1 KiB)."""
    import floorman.app.audit as audit_module

    monkeypatch.setattr(audit_module, "MAX_FILE_BYTES", 1024)
    assert main(["audit", "--no-progress", "/dev/zero"]) == 1
    assert capsys.readouterr().err == (
        "floorman audit: error: /dev/zero: more than 1024 bytes; split it into smaller files\n"
    )
