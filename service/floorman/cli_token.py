"""``floorman token new|hash|check``: make bearer tokens and the auth-file entries for them.

* ``floorman token new --name NAME --role ROLE [--table ID ...]`` prints a fresh random
  token on stderr (give it to the client; it is stored nowhere) and its ``[[tokens]]`` entry
  for the auth file on stdout, so ``floorman token new ... >> auth.toml`` keeps only the hash.
* ``floorman token hash`` reads a token from stdin (one line) and prints its sha256 hex, the
  same as ``printf %s "$TOKEN" | sha256sum | cut -d' ' -f1``.
* ``floorman token check FILE`` validates an auth file and prints its tokens (names, roles,
  tables; never hashes). Exit 0 valid, 2 malformed.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from floorman.security.auth_file import NAME_PATTERN, AuthFileError, load_auth_file
from floorman.security.policy import AccessRole
from floorman.security.tokens import hash_token, is_token_text, new_token

EXIT_OK = 0
EXIT_USAGE = 2


def add_parser(commands: Any) -> None:
    """Register the ``token`` subcommand on ``commands`` (an argparse subparsers object)."""
    token = commands.add_parser(
        "token",
        help="make bearer tokens and auth-file entries (the file stores only hashes)",
        description="Bearer tokens for floorman's auth file (docs/operations.md).",
    )
    actions = token.add_subparsers(dest="token_command", metavar="ACTION", required=True)
    new = actions.add_parser(
        "new", help="a random token (stderr) and its [[tokens]] entry (stdout)"
    )
    new.add_argument("--name", required=True, help="the token's name, shown in logs")
    new.add_argument(
        "--role", required=True, choices=[role.value for role in AccessRole], help="its role"
    )
    new.add_argument(
        "--table",
        action="append",
        default=[],
        metavar="TABLE_ID",
        help="a table a dealer is bound to (repeat for several; dealers only)",
    )
    actions.add_parser("hash", help="read a token on stdin, print its sha256 hex")
    check = actions.add_parser("check", help="validate an auth file and list its tokens")
    check.add_argument("file", help="the auth file (TOML)")


def _entry(name: str, role: str, tables: list[str], digest: str) -> str:
    lines = [
        "[[tokens]]",
        f"name = {json.dumps(name)}",
        f'sha256 = "{digest}"',
        f"role = {json.dumps(role)}",
    ]
    if tables:
        lines.append(f"tables = [{', '.join(json.dumps(t) for t in tables)}]")
    return "\n".join(lines) + "\n"


def _new(args: argparse.Namespace) -> int:
    if not NAME_PATTERN.fullmatch(args.name):
        print("floorman token: error: --name is 1-64 of [A-Za-z0-9_.@-]", file=sys.stderr)
        return EXIT_USAGE
    if (args.role == AccessRole.DEALER.value) != bool(args.table):
        print("floorman token: error: a dealer needs --table, other roles none", file=sys.stderr)
        return EXIT_USAGE
    token = new_token()
    print(f"token for {args.name} (shown once, stored nowhere): {token}", file=sys.stderr)
    sys.stdout.write("\n" + _entry(args.name, args.role, args.table, hash_token(token)))
    return EXIT_OK


def _hash() -> int:
    token = sys.stdin.readline().strip()
    if not is_token_text(token):
        print("floorman token: error: a token is printable ASCII without spaces", file=sys.stderr)
        return EXIT_USAGE
    print(hash_token(token))
    return EXIT_OK


def _check(path: str) -> int:
    try:
        config = load_auth_file(path)
    except AuthFileError as error:
        print(f"floorman token: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    access = config.access
    print(
        f"{path}: {len(config.tokens)} tokens; rules {access.rules.value}, health "
        f"{access.health.value}, reflection {access.reflection.value}"
    )
    for entry in config.tokens:
        principal = entry.principal
        tables = f" tables {', '.join(sorted(principal.tables))}" if principal.tables else ""
        print(f"  {principal.name}: {principal.role.value}{tables}")
    return EXIT_OK


def main(args: argparse.Namespace) -> int:
    """Run ``floorman token ACTION``; returns the exit code."""
    if args.token_command == "new":
        return _new(args)
    if args.token_command == "hash":
        return _hash()
    return _check(args.file)
