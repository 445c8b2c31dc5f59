"""The loaded auth file, reloadable while serving (SIGHUP, or a change on disk).

:meth:`TokenRegistry.authenticate` resolves a bearer token against the current file in
constant time (:func:`floorman.security.tokens.find_digest`). :meth:`TokenRegistry.reload`
re-reads the file and swaps it in atomically; a malformed file is refused and the previous
one stays in force (the server logs the error), so a typo never locks everybody out nor lets
a revoked token back in. :meth:`TokenRegistry.changed_on_disk` compares the file's
``(device, inode, size, mtime)`` with what was loaded: a Kubernetes Secret update swaps a
symlink, an editor rewrites the file; either changes the stamp.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from pathlib import Path

from floorman.security.auth_file import AuthConfig, load_auth_file
from floorman.security.policy import AccessSettings, Principal
from floorman.security.tokens import find_digest

Stamp = tuple[int, int, int, int] | None


def _stamp(path: Path) -> Stamp:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)


@dataclass(frozen=True, slots=True)
class _Loaded:
    config: AuthConfig
    entries: tuple[tuple[bytes, Principal], ...]
    stamp: Stamp


class TokenRegistry:
    """The auth file at ``path``, loaded now.

    Raises:
        AuthFileError: the file is unreadable or malformed.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._loaded = self._load()

    def _load(self) -> _Loaded:
        stamp = _stamp(self.path)
        config = load_auth_file(self.path)
        entries = tuple((entry.sha256.encode("ascii"), entry.principal) for entry in config.tokens)
        return _Loaded(config, entries, stamp)

    @property
    def config(self) -> AuthConfig:
        """The auth file in force."""
        return self._loaded.config

    @property
    def access(self) -> AccessSettings:
        """Which stateless services are open."""
        return self._loaded.config.access

    def authenticate(self, token: str) -> Principal | None:
        """The principal whose hash matches ``token``'s, else ``None`` (constant time over
        every entry)."""
        return find_digest(token, self._loaded.entries)

    def changed_on_disk(self) -> bool:
        """True when the file's stamp differs from the one loaded (a missing file counts as
        a change, which :meth:`reload` then reports)."""
        return _stamp(self.path) != self._loaded.stamp

    def reload(self) -> AuthConfig:
        """Re-read the file and put it in force; returns it.

        Raises:
            AuthFileError: unreadable or malformed; the previous file stays in force (and
                the failed stamp is remembered, so an unchanged broken file is not retried).
        """
        with self._lock:
            try:
                loaded = self._load()
            except Exception:
                self._loaded = _Loaded(self._loaded.config, self._loaded.entries, _stamp(self.path))
                raise
            self._loaded = loaded
            return loaded.config
