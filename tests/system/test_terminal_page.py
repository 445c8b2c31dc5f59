"""The reference dealer terminal (issue 14 point 5): ``GET /`` on ``--http-listen`` serves a
page that drives TableService with ``@connectrpc/connect-web`` (the committed esbuild bundle of
``clients/web``). Headless Chromium (the
Debian ``chromium``) through Playwright creates a service-dealt Hold'em table, seats two
players, plays a full hand by clicking the legal-action buttons (check or call, else the
first offered), and the final stacks the page shows equal GetTable's over gRPC and sum to
the buy-ins (RULES.md "Common to every game": chip conservation, no rake configured). A
check out of turn sent over gRPC shows up live in the page's rule findings (WatchTable).
"""

from __future__ import annotations

import os
import shutil
import urllib.request
from pathlib import Path

import grpc
import pytest

from floorman.v1 import poker_pb2 as pb
from floorman.v1 import table_service_pb2 as tpb
from floorman.v1 import table_service_pb2_grpc as tpb_grpc

CHROMIUM = "/usr/bin/chromium"
BUY_INS = {1: 1000, 2: 600}
PREFERRED = ("ACTION_TYPE_CHECK", "ACTION_TYPE_CALL")

pytestmark = pytest.mark.xdist_group("terminal_page")


def _browser_or_skip() -> object:
    """Playwright's sync API, or a skip (a failure under CI=true) without chromium."""
    ci = os.environ.get("CI") == "true"
    missing = []
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing.append("playwright (the test extra)")
        sync_playwright = None
    if not (Path(CHROMIUM).exists() or shutil.which("chromium")):
        missing.append("chromium (apt-get install chromium)")
    if missing:
        if ci:
            pytest.fail(f"CI=true and not installed: {', '.join(missing)}")
        pytest.skip(f"not installed: {', '.join(missing)}")
    return sync_playwright


ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


def _artifact(name: str) -> Path:
    """Where a test keeps a file for CI's artefacts: ``$FLOORMAN_ARTIFACTS`` or the repository's
    ``artifacts/`` (gitignored; .ci/run prints the path)."""
    folder = Path(os.environ.get("FLOORMAN_ARTIFACTS") or ARTIFACTS)
    folder.mkdir(parents=True, exist_ok=True)
    return folder / name


def _marks(page) -> list[str]:
    """The table sequence the page last rendered and its error count (body[data-sequence],
    body[data-errors]; "" when not set)."""
    return page.evaluate(
        "[document.body.dataset.sequence ?? '', document.body.dataset.errors ?? '']"
    )


def _wait_render(page, before: list[str]) -> None:
    """Waits for a render of a later table sequence than ``before`` (every write and finding
    moves it), or an error, and asserts no error is shown."""
    page.wait_for_function(
        "([s, e]) => (document.body.dataset.sequence ?? '') !== s"
        " || (document.body.dataset.errors ?? '') !== e",
        arg=before,
    )
    assert page.inner_text("#error") == ""


def _refused_out_of_turn(address: str, table_id: str, seat: int) -> None:
    """A check by ``seat`` out of turn over gRPC: FAILED_PRECONDITION, and a rule finding on
    the table's stream (RULES.md "Rule ids": ``turn.out_of_turn``)."""
    with grpc.insecure_channel(address) as channel:
        stub = tpb_grpc.TableServiceStub(channel)
        sequence = stub.GetTable(tpb.GetTableRequest(table_id=table_id)).table.sequence
        with pytest.raises(grpc.RpcError) as refused:
            stub.RecordAction(
                tpb.RecordActionRequest(
                    table_id=table_id,
                    expected_sequence=sequence,
                    request_id="out-of-turn",
                    action=pb.Action(seat=seat, type=pb.ACTION_TYPE_CHECK),
                )
            )
        assert refused.value.code() is grpc.StatusCode.FAILED_PRECONDITION


def test_terminal_plays_a_full_hand_and_matches_get_table(server_factory):
    sync_playwright = _browser_or_skip()
    server = server_factory("--http-listen", "127.0.0.1:0", "--anonymous-role", "dealer")
    started = server.wait_for_log(lambda line: line.get("event") == "server_started")
    base = f"http://127.0.0.1:{started['http_port']}"
    with urllib.request.urlopen(base + "/terminal/terminal.js", timeout=30) as answer:
        assert answer.headers["Content-Type"].startswith("text/javascript")
    with sync_playwright() as playwright:  # type: ignore[operator]
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium"),
            args=["--no-sandbox"],
        )
        page = browser.new_page()
        page.goto(base + "/")
        page.select_option("#new-game", "GAME_TEXAS_HOLDEM")
        page.select_option("#new-mode", "DEAL_MODE_SERVICE_DEALT")
        page.click("#create-table")
        page.wait_for_selector("#table-title:has-text('GAME_TEXAS_HOLDEM')")
        table_id = page.input_value("#table-id")
        for seat, buy_in in BUY_INS.items():
            page.fill("#seat-no", str(seat))
            page.fill("#seat-player", f"p{seat}")
            page.fill("#seat-buy-in", str(buy_in))
            page.click("#seat-player-button")
            page.wait_for_selector(f"#seats tr[data-seat='{seat}']")
        page.click("#start-hand")
        page.wait_for_selector("#action-buttons button.action")
        to_act = int(page.inner_text("#to-act"))
        before = _marks(page)
        _refused_out_of_turn(server.address, table_id, 3 - to_act)
        finding = page.wait_for_selector("#findings li")
        other = 3 - to_act
        want = f"turn.out_of_turn: seat {to_act} is to act, not seat {other} "
        assert finding.inner_text().startswith(want)
        _wait_render(page, before)
        clicks = 0
        while "complete" not in page.inner_text("#hand-state"):
            assert page.inner_text("#error") == ""
            assert clicks < 60, "a heads-up limit hand ends within 60 actions"
            types = page.eval_on_selector_all(
                "#action-buttons button.action", "nodes => nodes.map(n => n.dataset.type)"
            )
            pick = next((t for t in PREFERRED if t in types), types[0])
            before = _marks(page)
            page.click(f"#action-buttons button[data-type='{pick}']")
            clicks += 1
            _wait_render(page, before)
        shown = {
            int(row.get_attribute("data-seat") or 0): int(row.query_selector(".stack").inner_text())
            for row in page.query_selector_all("#seats tbody tr")
        }
        page.screenshot(path=str(_artifact("terminal-page.png")), full_page=True)
        browser.close()
    with grpc.insecure_channel(server.address) as channel:
        table = (
            tpb_grpc.TableServiceStub(channel)
            .GetTable(tpb.GetTableRequest(table_id=table_id))
            .table
        )
    stacks = {seat.seat: seat.stack for seat in table.seats}
    assert table.hand_count == 1
    assert shown == stacks
    assert sum(stacks.values()) == sum(BUY_INS.values())


def test_terminal_records_dealt_cards_on_a_recorded_table(server_factory):
    """A recorded Hold'em table: the page records each seat's hole cards (DealCards), then
    offers the first legal actions; a board card recorded while the hand is betting is refused,
    shown as the error and, from WatchTable, as a rule finding (RULES.md "Rule ids":
    ``board.count``)."""
    sync_playwright = _browser_or_skip()
    server = server_factory("--http-listen", "127.0.0.1:0", "--anonymous-role", "dealer")
    started = server.wait_for_log(lambda line: line.get("event") == "server_started")
    base = f"http://127.0.0.1:{started['http_port']}"
    with sync_playwright() as playwright:  # type: ignore[operator]
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium"),
            args=["--no-sandbox"],
        )
        page = browser.new_page()
        page.goto(base + "/")
        page.select_option("#new-mode", "DEAL_MODE_RECORDED")
        page.click("#create-table")
        page.wait_for_selector("#table-title:has-text('DEAL_MODE_RECORDED')")
        for seat, buy_in in BUY_INS.items():
            page.fill("#seat-no", str(seat))
            page.fill("#seat-player", f"p{seat}")
            page.fill("#seat-buy-in", str(buy_in))
            page.click("#seat-player-button")
            page.wait_for_selector(f"#seats tr[data-seat='{seat}']")
        page.click("#start-hand")
        page.wait_for_selector("#awaiting-deal:has-text('awaiting deal')")
        hole = {1: "As Kd", 2: "7c 7h"}
        for _ in hole:
            seat = int(page.inner_text("#awaiting-deal").rsplit(" ", 1)[1].split(",")[0])
            before = _marks(page)
            page.fill("#deal-seat", str(seat))
            page.fill("#deal-cards", hole[seat])
            page.click("#deal-button")
            _wait_render(page, before)
        page.wait_for_selector("#action-buttons button.action")
        assert page.inner_text("#awaiting-deal") == ""
        page.fill("#deal-seat", "0")
        page.fill("#deal-cards", "As")
        page.click("#deal-button")
        error = page.wait_for_selector("#error:has-text('failed_precondition')")
        assert error.inner_text() == (
            "DealCards: failed_precondition: board.count: "
            "no cards are due now (the hand is betting)"
        )
        finding = page.wait_for_selector("#findings li")
        assert finding.inner_text().startswith("board.count: no cards are due now")
        browser.close()


@pytest.mark.parametrize(
    ("ci", "outcome"), [("true", pytest.fail.Exception), ("", pytest.skip.Exception)]
)
def test_without_chromium_ci_fails_and_a_local_run_skips(monkeypatch, ci, outcome):
    """No chromium: under CI=true the page tests fail (not skip); locally they skip."""
    import tests.system.test_terminal_page as module

    monkeypatch.setattr(module, "CHROMIUM", "/nonexistent/chromium")
    monkeypatch.setattr(module.shutil, "which", lambda name: None)
    monkeypatch.setenv("CI", ci)
    with pytest.raises(outcome, match=r"chromium \(apt-get install chromium\)"):
        module._browser_or_skip()
