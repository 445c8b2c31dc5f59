"""The load test, short (issue 6 "Deliver" 6): 50 clients in two processes mix evaluation and
table traffic for 5 s against one server with tokens; no error but the provoked ones, the
server's memory does not run away, and it exits 0. No timing is asserted (the full run,
200 clients for 60 s with latencies, is ``make bench`` section ``load``)."""

from __future__ import annotations

from bench.load_bench import run_load
from bench.load_clients import EXPECTED


def test_fifty_clients_for_five_seconds_see_only_the_expected_errors():
    """Every call answers OK or with a refusal the clients provoked on purpose; every RPC
    of the mix was served; WatchTable delivered events; the server exits 0."""
    report = run_load(clients=50, processes=2, seconds=5.0, watchers=4)
    print("\n" + report.text())
    assert not report.failures
    assert report.unexpected == {}
    assert report.server_exit == 0
    mix = {"EvaluateHand", "CompareHands", "CreateTable", "SeatPlayer", "StartHand",
           "RecordAction", "WatchTable"}  # fmt: skip
    assert mix <= set(report.answered)
    assert report.watched_events > 0
    assert {key.split()[0] for key in report.expected} <= {rpc for rpc, _ in EXPECTED}
    assert report.rss_growth_mb < 200
