"""The Python client against a real server with an auth file and mutual TLS: the bearer token
selects the role (an admin opens the table, its dealer plays a whole hand and sees the hole
cards, an auditor sees ``??`` until the hand ends), and refusals come back as
UnauthenticatedError / PermissionDeniedError with their ErrorInfo reasons."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from floorman.security.tokens import hash_token, new_token
from floorman_client import (
    NO_RETRIES,
    FloormanClient,
    PermissionDeniedError,
    TableSession,
    UnauthenticatedError,
    UnavailableError,
)
from floorman_client import messages as m
from tests.clients.client_support import BUY_IN, FINAL_STACKS, RECORDED_DRAW_HAND, SMALL_BET

REPO_ROOT = Path(__file__).resolve().parents[2]
MAKE_TEST_CA = REPO_ROOT / "deploy" / "tls" / "make-test-ca.sh"
TABLE = "secure-t1"
OTHER_TABLE = "secure-t2"
ROLES = {"admin": ("admin", ()), "dealer": ("dealer", (TABLE,)), "auditor": ("auditor", ())}


@dataclass
class SecureServer:
    """The server's address, the test CA folder and a token per role name."""

    address: str
    certs: Path
    tokens: dict[str, str]

    def client(self, role: str | None = None, *, client_cert: bool = True) -> FloormanClient:
        """A mutual-TLS client with the token of ``role`` (None: no token)."""
        pair = (
            {
                "certificate_chain": self.certs / "client.crt",
                "private_key": self.certs / "client.key",
            }
            if client_cert
            else {}
        )
        return FloormanClient.connect(
            self.address,
            token=self.tokens[role] if role else None,
            root_certificates=self.certs / "ca.crt",
            retry=NO_RETRIES,
            timeout=15,
            **pair,
        )


def _auth_file(path: Path, tokens: dict[str, str]) -> None:
    lines = []
    for name, token in tokens.items():
        role, tables = ROLES[name]
        lines += ["[[tokens]]", f'name = "{name}"', f'sha256 = "{hash_token(token)}"']
        lines += [f'role = "{role}"'] + ([f'tables = ["{tables[0]}"]'] if tables else []) + [""]
    path.write_text("\n".join(lines))


@pytest.fixture(scope="module")
def secure(
    server_factory: Callable[..., object], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[SecureServer]:
    """A server with an auth file (admin, a dealer of ``secure-t1``, an auditor) and mutual
    TLS required (deploy/tls/make-test-ca.sh certificates)."""
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed: cannot make test certificates")
    folder = tmp_path_factory.mktemp("secure")
    certs = folder / "tls"
    subprocess.run(["bash", str(MAKE_TEST_CA), str(certs)], check=True, capture_output=True)
    tokens = {name: new_token() for name in ROLES}
    _auth_file(folder / "auth.toml", tokens)
    running = server_factory(
        "--auth-file", str(folder / "auth.toml"),
        "--tls-cert", str(certs / "server.crt"), "--tls-key", str(certs / "server.key"),
        "--tls-client-ca", str(certs / "ca.crt"), "--tls-client-auth", "require",
    )  # fmt: skip
    yield SecureServer(f"localhost:{running.port}", certs, tokens)
    running.stop()


def test_roles_from_tokens_play_a_hand_over_mutual_tls(secure):
    """An admin opens the table; its dealer seats, starts and records the recorded hand (RULES.md
    Five Card Draw: 1000 / 1080 / 920) and sees the hole cards; an auditor mid-hand sees
    ``??``."""
    with secure.client("admin") as admin:
        admin.tables.create_table(
            settings=m.table_settings("draw", small_bet=SMALL_BET, deal_mode="recorded"),
            table_id=TABLE,
        )
    with secure.client("dealer") as dealer, secure.client("auditor") as auditor:
        session = TableSession.attach(dealer.tables, TABLE)
        for seat in (1, 2, 3):
            session.seat_player(seat=seat, player_id=f"p{seat}", buy_in=BUY_IN)
        session.start_hand()
        dealt = session.deal_cards(RECORDED_DRAW_HAND[0][1]).hand
        assert list(dealt.events[0].deal.cards) == ["Ah", "Ad", "Kc", "Qs", "7d"]
        seen = auditor.tables.get_hand(table_id=TABLE).hand
        assert list(seen.events[0].deal.cards) == ["??"] * 5
        for kind, step in RECORDED_DRAW_HAND[1:]:
            answer = session.deal_cards(step) if kind == "deal" else session.record_action(step)
        assert {s.seat: s.stack for s in answer.hand.result.final_stacks} == FINAL_STACKS
        assert auditor.rules.evaluate_hand(game="razz", cards="As 2c 3d 4h 7s").low.qualifies


@pytest.mark.parametrize(
    ("token", "reason"), [(None, "TOKEN_MISSING"), ("not-a-known-token", "TOKEN_UNKNOWN")]
)
def test_missing_or_unknown_token_is_unauthenticated(secure, token, reason):
    """No token, or one the auth file does not hold: UnauthenticatedError with its reason."""
    with secure.client() as client:
        client.caller.metadata = (("authorization", f"Bearer {token}"),) if token else ()
        with pytest.raises(UnauthenticatedError) as caught:
            client.tables.get_table(table_id=TABLE)
    assert caught.value.reason == reason


def test_wrong_table_or_role_is_permission_denied(secure):
    """A dealer writing at a table it is not bound to, and an auditor writing at all:
    PermissionDeniedError (TABLE_NOT_ASSIGNED, ROLE_NOT_ALLOWED)."""
    with secure.client("admin") as admin:
        admin.tables.create_table(
            settings=m.table_settings("razz", small_bet=20, ante=5), table_id=OTHER_TABLE
        )
    with secure.client("dealer") as dealer, pytest.raises(PermissionDeniedError) as table:
        dealer.tables.sit_out(table_id=OTHER_TABLE, expected_sequence=1, seat=1)
    assert table.value.reason == "TABLE_NOT_ASSIGNED"
    with secure.client("auditor") as auditor, pytest.raises(PermissionDeniedError) as role:
        auditor.tables.sit_out(table_id=TABLE, expected_sequence=1, seat=1)
    assert role.value.reason == "ROLE_NOT_ALLOWED"


def test_without_a_client_certificate_the_handshake_fails(secure):
    """Mutual TLS required: a client with a token but no certificate never gets through."""
    with secure.client("admin", client_cert=False) as client, pytest.raises(UnavailableError):
        client.tables.get_table(table_id=TABLE)
