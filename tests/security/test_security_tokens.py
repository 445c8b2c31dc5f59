"""Bearer tokens and the auth file (issue 6 "Deliver" 1): only sha256 hashes are stored,
tokens are matched in constant time against every entry, and a malformed file is refused
with a message naming the entry (never a hash)."""

from __future__ import annotations

import hashlib
import io

import pytest

from floorman.cli import main
from floorman.security import tokens
from floorman.security.auth_file import AuthFileError, parse_auth_file
from floorman.security.policy import Access, AccessRole
from floorman.security.registry import TokenRegistry
from tests.security.security_support import auth_toml

DIGEST = hashlib.sha256(b"fm_secret").hexdigest()


def test_hash_is_the_sha256_hex_of_the_utf8_token():
    """hash_token is what ``printf %s TOKEN | sha256sum`` prints."""
    assert tokens.hash_token("fm_secret") == DIGEST
    assert tokens.hash_token("é") == hashlib.sha256("é".encode()).hexdigest()


def test_new_tokens_are_random_prefixed_and_valid_header_text():
    """new_token gives fm_ + 43 URL-safe characters, a different one each time."""
    made = {tokens.new_token() for _ in range(50)}
    assert len(made) == 50
    assert all(t.startswith("fm_") and len(t) == 46 and tokens.is_token_text(t) for t in made)


def test_token_text_is_printable_ascii_without_spaces():
    """Spaces, control characters, non-ASCII and over-long tokens are not token text."""
    assert tokens.is_token_text("abc-DEF_123.~+/=")
    for bad in ("", "a b", "a\tb", "tok\u00e9n", "x" * 513):
        assert not tokens.is_token_text(bad), bad


def test_find_digest_compares_every_entry_and_finds_the_match():
    """The matching entry is found wherever it is; an unknown token finds nothing."""
    entries = [(tokens.hash_token(f"t{n}").encode(), n) for n in range(20)]
    assert tokens.find_digest("t0", entries) == 0
    assert tokens.find_digest("t19", entries) == 19
    assert tokens.find_digest("t20", entries) is None
    assert tokens.find_digest("t1", []) is None


def test_find_digest_uses_hmac_compare_digest_for_every_entry(monkeypatch):
    """The comparison is hmac.compare_digest, called once per stored entry even after a
    match (no early exit)."""
    calls = []
    real = tokens.hmac.compare_digest

    def spy(a: bytes, b: bytes) -> bool:
        calls.append(a)
        return real(a, b)

    monkeypatch.setattr(tokens.hmac, "compare_digest", spy)
    entries = [(tokens.hash_token(f"t{n}").encode(), n) for n in range(7)]
    assert tokens.find_digest("t0", entries) == 0
    assert len(calls) == 7


def test_auth_file_roles_bindings_and_access_defaults():
    """A file with every role parses to principals; [access] defaults to rules=token,
    health=open, reflection=token; hashes are kept lower-case."""
    text = auth_toml(
        {"a": "fm_a", "d": "fm_d", "u": "fm_u", "o": "fm_o"},
        {"a": ("admin", ()), "d": ("dealer", ("t1", "t-2")), "u": ("auditor", ()),
         "o": ("observer", ())},
    )  # fmt: skip
    config = parse_auth_file(text.replace(tokens.hash_token("fm_a"), DIGEST.upper()), source="f")
    roles = {e.principal.name: e.principal.role for e in config.tokens}
    assert roles == {"a": AccessRole.ADMIN, "d": AccessRole.DEALER, "u": AccessRole.AUDITOR,
                     "o": AccessRole.OBSERVER}  # fmt: skip
    dealer = next(e.principal for e in config.tokens if e.principal.name == "d")
    assert dealer.tables == frozenset({"t1", "t-2"})
    assert config.tokens[0].sha256 == DIGEST
    access = config.access
    assert (access.rules, access.health, access.reflection) == (
        Access.TOKEN,
        Access.OPEN,
        Access.TOKEN,
    )
    assert config.roles() == {"admin": 1, "dealer": 1, "auditor": 1, "observer": 1}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[[tokens]]\nname = "x"\ntoken = "fm_plain"\nrole = "admin"\n', "only token hashes"),
        (f'[[tokens]]\nname = "x"\nsha265 = "{DIGEST}"\nrole = "admin"\n', "unknown keys"),
        ('[[tokens]]\nname = "x"\nsha256 = "abc"\nrole = "admin"\n', "64 hex digits"),
        (f'[[tokens]]\nname = "x"\nsha256 = "{DIGEST}"\nrole = "root"\n', "role must be"),
        (f'[[tokens]]\nname = "x"\nsha256 = "{DIGEST}"\nrole = "dealer"\n', "needs tables"),
        (f'[[tokens]]\nname = "x"\nsha256 = "{DIGEST}"\nrole = "dealer"\ntables = ["a b"]\n',
         "table ids"),
        (f'[[tokens]]\nname = "x"\nsha256 = "{DIGEST}"\nrole = "auditor"\ntables = ["t"]\n',
         "only a dealer"),
        (f'[[tokens]]\nname = "x y"\nsha256 = "{DIGEST}"\nrole = "admin"\n', "name must be"),
        ('[access]\nrules = "maybe"\n', '"open" or "token"'),
        ("[access]\nhealthz = 'open'\n", "unknown keys"),
        ("tokens = 3\n", "array of tables"),
        ("[tokenz]\n", "unknown top-level"),
        ("[[tokens]\n", "not valid TOML"),
    ],
)  # fmt: skip
def test_malformed_auth_files_are_refused_naming_the_problem(text, message):
    """Each malformed file raises AuthFileError with a message naming the problem and
    holding no hash."""
    with pytest.raises(AuthFileError, match=message) as caught:
        parse_auth_file(text, source="auth.toml")
    assert DIGEST not in str(caught.value) and "fm_plain" not in str(caught.value)


def test_duplicate_names_and_hashes_are_refused():
    """Two entries with one name, or with one hash, are refused."""
    entry = f'[[tokens]]\nname = "x"\nsha256 = "{DIGEST}"\nrole = "admin"\n'
    with pytest.raises(AuthFileError, match="named 'x'"):
        parse_auth_file(entry + entry, source="f")
    with pytest.raises(AuthFileError, match="same hash"):
        parse_auth_file(entry + entry.replace('"x"', '"y"'), source="f")


def test_registry_authenticates_and_reload_swaps_atomically(tmp_path):
    """The registry resolves tokens; reload puts a new file in force; a broken file keeps the
    old one and is not reported as changed again until it changes."""
    path = tmp_path / "auth.toml"
    path.write_text(auth_toml({"a": "fm_a"}, {"a": ("admin", ())}))
    registry = TokenRegistry(path)
    assert registry.authenticate("fm_a").name == "a"
    assert registry.authenticate("fm_b") is None and not registry.changed_on_disk()
    path.write_text(auth_toml({"b": "fm_b"}, {"b": ("observer", ())}))
    assert registry.changed_on_disk()
    registry.reload()
    assert registry.authenticate("fm_a") is None and registry.authenticate("fm_b").name == "b"
    path.write_text("[[tokens]\n")
    with pytest.raises(AuthFileError):
        registry.reload()
    assert registry.authenticate("fm_b").name == "b" and not registry.changed_on_disk()


def test_cli_token_commands(tmp_path, capsys, monkeypatch):
    """``floorman token new`` prints the token on stderr and a valid entry on stdout;
    ``token hash`` prints the sha256; ``token check`` lists the file's tokens."""
    assert main(["token", "new", "--name", "t9", "--role", "dealer", "--table", "main-9"]) == 0
    made = capsys.readouterr()
    token = made.err.strip().rsplit(" ", 1)[-1]
    assert token.startswith("fm_") and token not in made.out
    assert tokens.hash_token(token) in made.out
    path = tmp_path / "auth.toml"
    path.write_text(made.out)
    monkeypatch.setattr("sys.stdin", io.StringIO(token + "\n"))
    assert main(["token", "hash"]) == 0
    assert capsys.readouterr().out.strip() == tokens.hash_token(token)
    assert main(["token", "check", str(path)]) == 0
    assert "t9: dealer tables main-9" in capsys.readouterr().out
    path.write_text("[[tokens]]\n")
    assert main(["token", "check", str(path)]) == 2
    assert main(["token", "new", "--name", "x", "--role", "dealer"]) == 2
