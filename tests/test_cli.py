"""The ``floorman`` command: settings precedence (flags > FLOORMAN_* environment > defaults),
``floorman eval`` output and exit codes, help texts (issue 2, item 3)."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys

import pytest

from floorman.cli import main
from floorman.config import (
    ConfigError,
    HostPort,
    default_target,
    parse_host_port,
    parse_store_url,
    resolve_settings,
)
from floorman.transport.client import parse_game_name
from floorman.v1 import poker_pb2 as pb

# ----------------------------------------------------------------------------- settings


def test_defaults_without_flags_or_environment():
    """No flag, no variable: 127.0.0.1:50051, 127.0.0.1:9464, sqlite:///floorman.db."""
    settings = resolve_settings(env={})
    assert settings.listen == HostPort("127.0.0.1", 50051)
    assert settings.metrics_listen == HostPort("127.0.0.1", 9464)
    assert (settings.store.scheme, settings.store.path) == ("sqlite", "floorman.db")
    assert settings.grace_seconds == 5.0
    assert settings.log_level == "info"
    assert settings.max_connection_age_ms == 0
    assert settings.max_message_bytes == 4 * 1024 * 1024


def test_environment_overrides_defaults():
    """FLOORMAN_* variables replace the defaults."""
    env = {
        "FLOORMAN_LISTEN": "0.0.0.0:6000",
        "FLOORMAN_METRICS_LISTEN": "[::1]:6001",
        "FLOORMAN_STORE": "postgresql://floor:pw@db.local:5433/floorman",
        "FLOORMAN_GRACE": "2.5",
        "FLOORMAN_LOG_LEVEL": "WARN",
        "FLOORMAN_MAX_CONNECTION_AGE_MS": "300000",
    }
    settings = resolve_settings(env=env)
    assert settings.listen == HostPort("0.0.0.0", 6000)
    assert settings.metrics_listen == HostPort("[::1]", 6001)
    assert settings.metrics_listen.bare_host == "::1"
    assert settings.store.scheme == "postgresql"
    assert settings.store.redacted == "postgresql://floor:***@db.local:5433/floorman"
    assert settings.grace_seconds == 2.5
    assert settings.log_level == "warning"
    assert settings.max_connection_age_ms == 300_000


def test_flags_win_over_environment():
    """A flag given on the command line beats its FLOORMAN_* variable."""
    env = {"FLOORMAN_LISTEN": "0.0.0.0:6000", "FLOORMAN_STORE": "sqlite:///env.db"}
    settings = resolve_settings(listen="127.0.0.1:7000", store="sqlite:////abs/flag.db", env=env)
    assert settings.listen == HostPort("127.0.0.1", 7000)
    assert settings.store.path == "/abs/flag.db"


def test_empty_environment_variable_is_unset():
    """An empty FLOORMAN_* variable falls back to the default."""
    assert resolve_settings(env={"FLOORMAN_LISTEN": " "}).listen.port == 50051


def test_metrics_endpoint_can_be_turned_off():
    """--metrics-listen off disables the metrics endpoint."""
    assert resolve_settings(metrics_listen="off", env={}).metrics_listen is None


@pytest.mark.parametrize(
    ("kwargs", "env", "source"),
    [
        ({"listen": "localhost"}, {}, "--listen"),
        ({}, {"FLOORMAN_LISTEN": "host:99999"}, "$FLOORMAN_LISTEN"),
        ({"listen": "::1:50051"}, {}, "--listen"),
        ({"metrics_listen": "127.0.0.1:x"}, {}, "--metrics-listen"),
        ({"store": "mysql://db/x"}, {}, "--store"),
        ({}, {"FLOORMAN_STORE": "floorman.db"}, "$FLOORMAN_STORE"),
        ({"store": "sqlite://floorman.db"}, {}, "--store"),
        ({"store": "postgresql://db.local"}, {}, "--store"),
        ({"store": "postgresql://db.local:port/x"}, {}, "--store"),
        ({"grace": "-1"}, {}, "--grace"),
        ({}, {"FLOORMAN_GRACE": "soon"}, "$FLOORMAN_GRACE"),
        ({"log_level": "loud"}, {}, "--log-level"),
        ({"max_connection_age_ms": "-5"}, {}, "--max-connection-age-ms"),
    ],
)
def test_bad_settings_name_their_source(kwargs, env, source):
    """A malformed value raises ConfigError naming the flag or variable it came from."""
    with pytest.raises(ConfigError) as caught:
        resolve_settings(env=env, **kwargs)
    assert str(caught.value).startswith(f"{source}: ")


def test_store_urls():
    """SQLite relative, absolute and in-memory URLs, and PostgreSQL URLs, are accepted."""
    assert parse_store_url("sqlite:///floorman.db", source="t").path == "floorman.db"
    assert parse_store_url("sqlite:////var/lib/f.db", source="t").path == "/var/lib/f.db"
    assert parse_store_url("sqlite:///:memory:", source="t").path == ":memory:"
    assert parse_store_url("postgres://u@h/db", source="t").scheme == "postgresql"
    unknown = "unknown store scheme 'redis'"
    with pytest.raises(ConfigError, match=unknown):
        parse_store_url("redis://h/0", source="t")


def test_host_port_forms():
    """HOST:PORT accepts names, IPv4, bracketed IPv6 and port 0."""
    assert parse_host_port("[::]:0", source="t") == HostPort("[::]", 0)
    assert parse_host_port("example.org:443", source="t").port == 443
    assert HostPort("0.0.0.0", 1).dial_host == "127.0.0.1"
    assert HostPort("[::]", 1).dial_host == "[::1]"


def test_default_eval_target():
    """``floorman eval`` dials $FLOORMAN_TARGET, else $FLOORMAN_LISTEN (loopback for a
    wildcard host), else 127.0.0.1:50051."""
    assert default_target({}) == "127.0.0.1:50051"
    assert default_target({"FLOORMAN_LISTEN": "0.0.0.0:6000"}) == "127.0.0.1:6000"
    assert default_target({"FLOORMAN_LISTEN": "x:1", "FLOORMAN_TARGET": "h:2"}) == "h:2"


@pytest.mark.parametrize(
    ("name", "game"),
    [
        ("draw7a", pb.GAME_FIVE_CARD_DRAW_7A),
        ("draw", pb.GAME_FIVE_CARD_DRAW),
        ("stud", pb.GAME_SEVEN_CARD_STUD),
        ("razz", pb.GAME_RAZZ),
        ("stud8", pb.GAME_SEVEN_CARD_STUD_HI_LO),
        ("studhilo", pb.GAME_SEVEN_CARD_STUD_HI_LO),
        ("stud-hi-lo", pb.GAME_SEVEN_CARD_STUD_HI_LO),
        ("STUD5", pb.GAME_FIVE_CARD_STUD),
        ("holdem", pb.GAME_TEXAS_HOLDEM),
        ("nlhe", pb.GAME_TEXAS_HOLDEM),
        ("omaha", pb.GAME_OMAHA),
        ("PLO", pb.GAME_OMAHA),
        ("omaha8", pb.GAME_OMAHA_HI_LO),
        ("omaha-hi-lo", pb.GAME_OMAHA_HI_LO),
        ("omaha5", pb.GAME_FIVE_CARD_OMAHA),
        ("plo5", pb.GAME_FIVE_CARD_OMAHA),
        ("omaha5-8", pb.GAME_FIVE_CARD_OMAHA_HI_LO),
        ("bigo", pb.GAME_FIVE_CARD_OMAHA_HI_LO),
        ("shortdeck", pb.GAME_SHORT_DECK_HOLDEM),
        ("short-deck", pb.GAME_SHORT_DECK_HOLDEM),
        ("27sd", pb.GAME_DEUCE_TO_SEVEN_SINGLE_DRAW),
        ("2-7-single", pb.GAME_DEUCE_TO_SEVEN_SINGLE_DRAW),
        ("27TD", pb.GAME_DEUCE_TO_SEVEN_TRIPLE_DRAW),
        ("2-7-triple", pb.GAME_DEUCE_TO_SEVEN_TRIPLE_DRAW),
        ("a5td", pb.GAME_ACE_TO_FIVE_TRIPLE_DRAW),
        ("a-5-triple", pb.GAME_ACE_TO_FIVE_TRIPLE_DRAW),
        ("badugi", pb.GAME_BADUGI),
        ("texas_holdem", pb.GAME_TEXAS_HOLDEM),
        ("GAME_RAZZ", pb.GAME_RAZZ),
        ("seven_card_stud_hi_lo", pb.GAME_SEVEN_CARD_STUD_HI_LO),
        ("game_unspecified", pb.GAME_UNSPECIFIED),
    ],
)
def test_game_names(name, game):
    """CLI game names: the aliases and the floorman.v1.Game names, any case."""
    assert parse_game_name(name) == game


def test_unknown_game_name():
    """Any other game name is refused with the list of names."""
    with pytest.raises(ValueError, match="draw7a"):
        parse_game_name("pinochle")


# ----------------------------------------------------------------------------- floorman eval

RAZZ_CARDS = ["As", "2c", "3d", "4h", "7s", "Kc", "Kd"]


def test_eval_prints_the_answer_human_readable(server, capsys):
    """``floorman eval --game razz ...`` prints the game, the cards and the low line."""
    code = main(["eval", "--target", server.address, "--game", "razz", *RAZZ_CARDS])
    out = capsys.readouterr()
    assert code == 0, out.err
    lines = out.out.splitlines()
    assert lines[0] == "Razz: As 2c 3d 4h 7s Kc Kd"
    assert re.fullmatch(
        r"low: 7-4-3-2-A \(high card\)  best: 7s 4h 3d 2c As  strength \d+", lines[1]
    )
    assert len(lines) == 2
    assert out.err == ""


def test_eval_prints_the_cards_normalised_as_the_rpc_answers(server, capsys):
    """README "floorman eval": the title line shows the cards as the RPC writes them
    (``10h`` -> ``Th``, ``as`` -> ``As``), not as typed."""
    typed = ["10h", "as", "KD", "qC", "jS"]
    code = main(["eval", "--target", server.address, "--game", "stud5", *typed])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert out.out.splitlines()[0] == "Five Card Stud: Th As Kd Qc Js"


def test_eval_hi_lo_prints_both_sides(server, capsys):
    """Stud Hi-Lo shows a high line and a low line; no qualifying low says so."""
    cards = ["Ks", "Kc", "Qd", "Jh", "9s", "9c", "2d"]
    assert main(["eval", "--target", server.address, "--game", "stud8", *cards]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].startswith("high: Two pair, kings and nines (two pair)  best: ")
    assert lines[2] == "low: No qualifying low"


def test_eval_board_game_with_board(server, capsys):
    """RULES.md "Hold'em and Omaha": ``floorman eval --game holdem --board "Ah Kd 7c" Qs Qd``
    prints the hole cards and the board, then the high line."""
    code = main(
        ["eval", "--target", server.address, "--game", "holdem", "--board", "Ah Kd 7c", "Qs", "Qd"]
    )
    out = capsys.readouterr()
    assert code == 0, out.err
    lines = out.out.splitlines()
    assert lines[0] == "Texas Hold'em: Qs Qd, board Ah Kd 7c"
    assert re.fullmatch(
        r"high: One pair, queens \(one pair\)  best: Qs Qd Ah Kd 7c  strength \d+", lines[1]
    )
    assert len(lines) == 2


def test_eval_omaha_hi_lo_board_prints_both_halves(server, capsys):
    """Omaha Hi-Lo through ``omaha8``: a high line and a low line on their own cards."""
    argv = ["eval", "--target", server.address, "--game", "omaha8", "--board", "Kh 3s 5d 8h 9c"]
    assert main([*argv, "As", "2d", "Kc", "Kd"]) == 0
    lines = capsys.readouterr().out.splitlines()
    high = "high: Three of a kind, kings (three of a kind)  best: Kh Kd Kc 9c 8h "
    assert lines[1].startswith(high)
    assert lines[2].startswith("low: 8-5-3-2-A (high card)  best: 8h 5d 3s 2d As")


def test_eval_board_game_without_board_exits_2(server, capsys):
    """A community-card game without --board: exit 2 naming the ``board`` field."""
    assert main(["eval", "--target", server.address, "--game", "shortdeck", "As", "Kd"]) == 2
    err = capsys.readouterr().err
    assert "\n  board: card.count: Short-deck Hold'em takes a board of 3 to 5 cards (got 0)" in err


def test_eval_json_is_the_rpc_response(server, capsys):
    """``--json`` prints the EvaluateHandResponse in proto3 JSON."""
    assert main(["eval", "--json", "--target", server.address, "--game", "razz", *RAZZ_CARDS]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert "high" not in answer
    assert answer["low"]["description"] == "7-4-3-2-A"
    assert answer["low"]["category"] == "HAND_CATEGORY_HIGH_CARD"
    assert answer["low"]["bestCards"] == ["7s", "4h", "3d", "2c", "As"]
    assert answer["low"]["qualifies"] is True
    assert int(answer["low"]["strength"]) > 0


def test_eval_bad_input_exits_2_with_field_violations(server, capsys):
    """INVALID_ARGUMENT: exit 2, the status and each field violation on stderr."""
    code = main(
        ["eval", "--target", server.address, "--game", "draw7a", "2h", "Xx", "Ah", "Kd", "Qc"]
    )
    out = capsys.readouterr()
    assert code == 2
    assert out.out == ""
    assert out.err.startswith("error: INVALID_ARGUMENT: ")
    assert "\n  cards[0]: card.not_in_deck: " in out.err
    assert "\n  cards[1]: card.malformed: " in out.err


def test_eval_prints_each_violation_once(server, capsys):
    """Issue 10 point 8: every field violation is printed exactly once; the first line
    counts them instead of repeating the first."""
    code = main(["eval", "--target", server.address, "--game", "draw7a", "Ah", "Ah", "Xx"])
    err = capsys.readouterr().err
    assert code == 2
    lines = err.splitlines()
    assert lines[0] == "error: INVALID_ARGUMENT: 3 invalid fields"
    assert lines[1:] == [
        "  cards: card.count: Five Card Draw 7-A takes exactly 5 cards (got 3)",
        "  cards[1]: card.duplicate: Ah appears twice (also cards[0])",
        "  cards[2]: card.malformed: 'Xx' is not a card (e.g. 'Ah', 'Td')",
    ]
    assert err.count("card.count") == err.count("card.duplicate") == 1


def test_eval_unreachable_explicit_target_exits_1(capsys):
    """A named target that does not answer: exit 1 with UNAVAILABLE, no fallback."""
    port = _free_port()
    assert main(["eval", "--target", f"127.0.0.1:{port}", "--game", "razz", *RAZZ_CARDS]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: UNAVAILABLE: ")
    assert "in-process" not in err


def test_eval_falls_back_to_an_in_process_server(monkeypatch, capsys):
    """No target and nothing at the default address: an in-process server answers and
    stderr says so."""
    monkeypatch.delenv("FLOORMAN_TARGET", raising=False)
    monkeypatch.setenv("FLOORMAN_LISTEN", f"127.0.0.1:{_free_port()}")
    assert main(["eval", "--game", "stud", "As", "Ad", "Ac", "Kh", "Kd", "2c", "3d"]) == 0
    out = capsys.readouterr()
    assert out.out.splitlines()[1].startswith("high: Full house, aces full of kings ")
    assert "using an in-process server on 127.0.0.1:" in out.err


def test_eval_unknown_game_is_a_usage_error(capsys):
    """An unknown --game exits 2 through argparse with the list of names."""
    with pytest.raises(SystemExit) as caught:
        main(["eval", "--game", "pinochle", "Ah"])
    assert caught.value.code == 2
    assert "draw7a" in capsys.readouterr().err


def test_serve_bad_setting_exits_2(capsys):
    """``floorman serve`` with a malformed flag exits 2 naming the flag."""
    assert main(["serve", "--store", "redis://x/0"]) == 2
    assert "floorman serve: error: --store: " in capsys.readouterr().err


def test_serve_on_a_port_in_use_exits_1(server):
    """A second server on a bound port fails with exit 1 instead of sharing the port."""
    result = subprocess.run(
        [sys.executable, "-m", "floorman", "serve", "--listen", server.address,
         "--metrics-listen", "off", "--store", "sqlite:///:memory:"],
        capture_output=True,
        text=True,
        timeout=60,
    )  # fmt: skip
    assert result.returncode == 1
    assert f"floorman serve: error: --listen {server.address} is in use" in result.stderr


@pytest.mark.parametrize(
    "flag", ["--listen", "--health-listen", "--metrics-listen", "--http-listen"]
)
def test_serve_with_a_busy_listener_names_the_flag_and_creates_no_store(flag, tmp_path):
    """Issue 10 point 6: a listen, health, metrics or HTTP (issue 14) address in use is
    refused with its flag and address, exit 1 and no traceback, before the store is opened:
    no store file is left."""
    store = tmp_path / "floorman.db"
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        address = f"127.0.0.1:{busy.getsockname()[1]}"
        addresses = {"--listen": "127.0.0.1:0", "--health-listen": "127.0.0.1:0",
                     "--metrics-listen": "127.0.0.1:0", "--http-listen": "127.0.0.1:0",
                     flag: address}  # fmt: skip
        argv = [arg for pair in addresses.items() for arg in pair]
        result = subprocess.run(
            [sys.executable, "-m", "floorman", "serve", *argv, "--store", f"sqlite:///{store}"],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert result.returncode == 1
    assert f"floorman serve: error: {flag} {address} is in use" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    assert not store.exists()
    assert list(tmp_path.iterdir()) == []


def test_a_listener_that_cannot_bind_names_its_flag_and_reason():
    """bind_error words the cause from the socket error: in use, not an address of this host;
    any other failure keeps the error's text."""
    import errno

    from floorman.transport.listeners import bind_error

    address = HostPort("127.0.0.1", 9464)
    busy = OSError(errno.EADDRINUSE, "Address already in use")
    assert str(bind_error("--metrics-listen", address, busy)) == (
        "--metrics-listen 127.0.0.1:9464 is in use"
    )
    foreign = HostPort("192.0.2.1", 9464)  # TEST-NET-1: never an address of this host
    assert str(bind_error("--listen", foreign)) == (
        "--listen 192.0.2.1:9464 is not an address of this host"
    )


def test_help_texts(capsys):
    """``floorman --help`` lists the commands; each subcommand's help names its options,
    environment variables and defaults."""
    for argv in (["--help"], ["serve", "--help"], ["eval", "--help"]):
        with pytest.raises(SystemExit) as caught:
            main(argv)
        assert caught.value.code == 0
    text = capsys.readouterr().out
    for expected in (
        "serve", "eval", "FLOORMAN_LISTEN", "FLOORMAN_METRICS_LISTEN", "FLOORMAN_STORE",
        "127.0.0.1:50051", "127.0.0.1:9464", "sqlite:///floorman.db", "--grace", "stud-hi-lo",
        "--json", "--target", "--players",
    ):  # fmt: skip
        assert expected in text


def test_python_dash_m_floorman_works():
    """``python -m floorman --help`` runs the same command."""
    result = subprocess.run(
        [sys.executable, "-m", "floorman", "--help"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0
    assert "usage: floorman" in result.stdout


def _free_port() -> int:
    """A loopback port nothing listens on (bound then released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
