"""The dealer terminal (issue 14 point 5) plays a whole recorded hand in headless Chromium.

A recorded No-Limit Hold'em table is created through the page's creation options (game,
betting structure, blinds, deal mode, seats with their buy-ins); the page records each seat's
hole cards and the board with its deal form, bets through the action buttons and the amount
field (an amount outside the offered min / max is refused in the page), and the WatchTable
stream, dropped mid-hand, resumes from the last sequence seen (every event shown once, in
order). The cards are chosen, so the result is exact: seat 1's aces beat seat 2's sevens, a
pot of 120 (both put 60 in; RULES.md "Common to every game": no rake configured), so the
final stacks from GetTable are 1060 and 540, as the page shows. A screenshot is kept as a CI
artefact (``artifacts/terminal.png``).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import grpc
import pytest

from floorman.v1 import table_service_pb2 as tpb
from floorman.v1 import table_service_pb2_grpc as tpb_grpc
from tests.security.security_support import write_auth_file
from tests.system.test_terminal_page import (
    CHROMIUM,
    _artifact,
    _browser_or_skip,
    _marks,
    _wait_render,
)

pytestmark = pytest.mark.xdist_group("terminal_page")

HOLE = {1: "As Ad", 2: "7c 2h"}
BOARD = ["Kh 9d 5s", "3c", "Jh"]  # flop, turn, river: seat 1's pair of aces wins
FINAL = {1: 1060, 2: 540}


def _deal(page, seat: int, cards: str) -> None:
    before = _marks(page)
    page.fill("#deal-seat", str(seat))
    page.fill("#deal-cards", cards)
    page.click("#deal-button")
    _wait_render(page, before)


def _act(page, kind: str, amount: int | None = None) -> None:
    before = _marks(page)
    if amount is not None:
        page.fill("#amount", str(amount))
    page.click(f"#action-buttons button[data-type='ACTION_TYPE_{kind}']")
    _wait_render(page, before)


def _launch(playwright):
    return playwright.chromium.launch(
        executable_path=CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium"),
        args=["--no-sandbox"],
    )


def test_terminal_plays_a_recorded_no_limit_hand_to_exact_stacks(server_factory):
    sync_playwright = _browser_or_skip()
    server = server_factory("--http-listen", "127.0.0.1:0", "--anonymous-role", "dealer")
    started = server.wait_for_log(lambda line: line.get("event") == "server_started")
    with sync_playwright() as playwright:  # type: ignore[operator]
        browser = _launch(playwright)
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{started['http_port']}/")
        page.select_option("#new-game", "GAME_TEXAS_HOLDEM")
        page.select_option("#new-structure", "BETTING_STRUCTURE_NO_LIMIT")
        page.select_option("#new-mode", "DEAL_MODE_RECORDED")
        page.fill("#new-small-bet", "")
        page.fill("#new-small-blind", "10")
        page.fill("#new-big-blind", "20")
        page.fill("#new-players", "1 p1 1000\n2 p2 600")
        page.click("#create-table")
        page.wait_for_selector("#seats tr[data-seat='2']")
        assert page.inner_text("#error") == ""
        title = page.inner_text("#table-title")
        assert " — GAME_TEXAS_HOLDEM — BETTING_STRUCTURE_NO_LIMIT — DEAL_MODE_RECORDED — " in title
        table_id = page.input_value("#table-id")

        before = _marks(page)
        page.click("#start-hand")
        _wait_render(page, before)
        for _ in HOLE:
            waiting = page.inner_text("#awaiting-deal")
            seat = int(waiting.rsplit(" ", 1)[1].split(",")[0])
            _deal(page, seat, HOLE[seat])

        # Pre-flop: the first to act raises to 60 with the amount field (an amount below the
        # minimum raise is refused by the page before any call), the other calls.
        first = int(page.inner_text("#to-act"))
        raise_button = page.inner_text("#action-buttons button[data-type='ACTION_TYPE_RAISE']")
        minimum = int(page.get_attribute("#amount", "min") or 0)
        assert raise_button == f"raise {minimum}–{page.get_attribute('#amount', 'max')}"
        page.fill("#amount", str(minimum - 1))
        page.click("#action-buttons button[data-type='ACTION_TYPE_RAISE']")
        page.wait_for_selector("#error:has-text('amount must be within')")
        assert page.inner_text("#error").startswith(f"amount must be within {minimum}–")
        _act(page, "RAISE", 60)
        assert int(page.inner_text("#to-act")) == 3 - first
        _act(page, "CALL")

        # A lost WatchTable stream: the page reopens it after the last sequence it showed.
        page.evaluate("window.floormanTerminal.dropWatch()")
        page.wait_for_function("document.body.dataset.reconnects === '1'")

        streets = iter(BOARD)
        checks = 0
        while "complete" not in page.inner_text("#hand-state"):
            assert checks < 12, "the board is dealt and checked down within 12 steps"
            if "awaiting deal: seats 0" in page.inner_text("#awaiting-deal"):
                _deal(page, 0, next(streets))
                continue
            types = page.eval_on_selector_all(
                "#action-buttons button.action", "nodes => nodes.map(n => n.dataset.type)"
            )
            pick = (
                "CHECK" if "ACTION_TYPE_CHECK" in types else types[0].removeprefix("ACTION_TYPE_")
            )
            _act(page, pick)
            checks += 1
        assert next(streets, None) is None
        shown = {
            int(row.get_attribute("data-seat") or 0): int(row.query_selector(".stack").inner_text())
            for row in page.query_selector_all("#seats tbody tr")
        }
        assert page.inner_text("#pots") == "pot 1: 120 to seats 1"
        with grpc.insecure_channel(server.address) as channel:
            table = (
                tpb_grpc.TableServiceStub(channel)
                .GetTable(tpb.GetTableRequest(table_id=table_id))
                .table
            )
        page.wait_for_function(
            "([s]) => document.body.dataset.lastSeen === s", arg=[str(table.sequence)]
        )
        sequences = page.eval_on_selector_all(
            "#events li", "nodes => nodes.map(n => Number(n.dataset.sequence))"
        )
        page.screenshot(path=str(_artifact("terminal.png")), full_page=True)
        browser.close()
    assert sequences == list(range(1, table.sequence + 1))
    assert {seat.seat: seat.stack for seat in table.seats} == FINAL
    assert shown == FINAL
    assert table.hand_count == 1


def test_terminal_draw_picker_discards_the_ticked_cards(server_factory):
    """Service-dealt Five Card Draw: when a seat is to draw, the page lists its five cards as
    checkboxes; the first two ticked are its discards (the DRAW action's cards, RULES.md
    "Five Card Draw": a draw names the discards), the other seat stands pat (none ticked);
    the hand plays out and the stacks the page shows equal GetTable's, the buy-ins' sum kept."""
    sync_playwright = _browser_or_skip()
    server = server_factory("--http-listen", "127.0.0.1:0", "--anonymous-role", "dealer")
    started = server.wait_for_log(lambda line: line.get("event") == "server_started")
    with sync_playwright() as playwright:  # type: ignore[operator]
        browser = _launch(playwright)
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{started['http_port']}/")
        page.select_option("#new-game", "GAME_FIVE_CARD_DRAW")
        page.select_option("#new-mode", "DEAL_MODE_SERVICE_DEALT")
        page.fill("#new-players", "1 p1 1000; 2 p2 600")
        page.click("#create-table")
        page.wait_for_selector("#seats tr[data-seat='2']")
        assert "GAME_FIVE_CARD_DRAW" in page.inner_text("#table-title")
        table_id = page.input_value("#table-id")
        before = _marks(page)
        page.click("#start-hand")
        _wait_render(page, before)
        discarded: dict[int, list[str]] = {}
        steps = 0
        while "complete" not in page.inner_text("#hand-state"):
            assert steps < 60, "a heads-up limit draw hand ends within 60 actions"
            steps += 1
            types = page.eval_on_selector_all(
                "#action-buttons button.action", "nodes => nodes.map(n => n.dataset.type)"
            )
            if "ACTION_TYPE_DRAW" in types:
                seat = int(page.inner_text("#draw-seat"))
                cards = page.eval_on_selector_all(
                    "#draw-picker input.discard", "nodes => nodes.map(n => n.value)"
                )
                assert len(cards) == 5 and "??" not in cards
                picked = cards[:2] if not discarded else []
                for card in picked:
                    page.check(f"#draw-picker input.discard[value='{card}']")
                discarded[seat] = picked
                _act(page, "DRAW")
                continue
            pick = next(
                (t for t in ("ACTION_TYPE_CHECK", "ACTION_TYPE_CALL") if t in types), types[0]
            )
            _act(page, pick.removeprefix("ACTION_TYPE_"))
        shown = {
            int(row.get_attribute("data-seat") or 0): int(row.query_selector(".stack").inner_text())
            for row in page.query_selector_all("#seats tbody tr")
        }
        draws = page.eval_on_selector_all(
            "#events li[data-kind='action']",
            "nodes => nodes.map(n => JSON.parse(n.textContent).action)"
            ".filter(a => a.type === 'ACTION_TYPE_DRAW')",
        )
        page.screenshot(path=str(_artifact("terminal-draw.png")), full_page=True)
        browser.close()
    assert len(discarded) == 2
    assert sorted((d["seat"], d.get("cards", [])) for d in draws) == sorted(discarded.items())
    with grpc.insecure_channel(server.address) as channel:
        table = (
            tpb_grpc.TableServiceStub(channel)
            .GetTable(tpb.GetTableRequest(table_id=table_id))
            .table
        )
    stacks = {seat.seat: seat.stack for seat in table.seats}
    assert shown == stacks
    assert sum(stacks.values()) == 1600


def test_terminal_sends_the_token_field_as_a_bearer_token(server_factory, tmp_path):
    """With ``--auth-file`` the page's calls carry its token field as ``Authorization: Bearer``
    (a connect-web interceptor): without a token CreateTable is refused UNAUTHENTICATED and
    shown as the error; with an admin token (CreateTable needs the admin role) the table is
    created and seated."""
    sync_playwright = _browser_or_skip()
    auth = tmp_path / "auth.toml"
    tokens = write_auth_file(auth, {"admin": ("admin", ())})
    server = server_factory("--http-listen", "127.0.0.1:0", "--auth-file", str(auth))
    started = server.wait_for_log(lambda line: line.get("event") == "server_started")
    with sync_playwright() as playwright:  # type: ignore[operator]
        browser = _launch(playwright)
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{started['http_port']}/")
        page.fill("#table-id", "auth-7")
        page.click("#create-table")
        error = page.wait_for_selector("#error:has-text('unauthenticated')")
        assert error.inner_text().startswith("CreateTable: unauthenticated: ")
        page.fill("#token", tokens["admin"])
        page.fill("#new-players", "1 p1 1000")
        page.click("#create-table")
        page.wait_for_selector("#seats tr[data-seat='1']")
        assert page.inner_text("#error") == ""
        assert page.inner_text("#table-title").startswith("auth-7 — GAME_TEXAS_HOLDEM — ")
        browser.close()
