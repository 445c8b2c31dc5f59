"""Versioned SQL migrations per backend: ``<backend>/NNNN_name.sql``, applied in order.

Each backend's runner records applied versions with their checksum in ``schema_migrations``
and refuses a database whose applied migrations were edited or are newer than this code
(:class:`~floorman.store.errors.MigrationError`). A migration file is never edited once
released: add a new one.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from importlib import resources

from floorman.store.errors import MigrationError

_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")


@dataclass(frozen=True, slots=True)
class Migration:
    """One migration: ``version`` (1-based), ``name``, SQL text and its sha256 ``checksum``."""

    version: int
    name: str
    sql: str
    checksum: str


def load_migrations(backend: str) -> tuple[Migration, ...]:
    """The migrations of ``backend`` (``"sqlite"`` or ``"postgres"``) by ascending version.

    Raises :class:`MigrationError` when versions are not 1, 2, 3, ... without gaps.
    """
    folder = resources.files(__package__).joinpath(backend)
    found: list[Migration] = []
    for entry in folder.iterdir():
        match = _NAME.match(entry.name)
        if match is None:
            continue
        sql = entry.read_text(encoding="utf-8")
        checksum = hashlib.sha256(sql.encode()).hexdigest()
        found.append(Migration(int(match[1]), match[2], sql, checksum))
    found.sort(key=lambda m: m.version)
    if [m.version for m in found] != list(range(1, len(found) + 1)):
        raise MigrationError(f"{backend} migrations are not numbered 1..n without gaps")
    return tuple(found)


def check_applied(
    migrations: tuple[Migration, ...], applied: dict[int, str]
) -> tuple[Migration, ...]:
    """The migrations still to apply, given ``applied`` {version: checksum} from the database.

    Raises :class:`MigrationError` when the database has a version this code does not know
    (a newer release migrated it) or an applied migration whose file has since changed.
    """
    known = {m.version: m for m in migrations}
    for version, checksum in sorted(applied.items()):
        migration = known.get(version)
        if migration is None:
            raise MigrationError(
                f"database schema version {version} is newer than this floorman "
                f"(knows up to {len(migrations)})"
            )
        if migration.checksum != checksum:
            raise MigrationError(
                f"migration {version:04d}_{migration.name} differs from the one applied"
            )
    return tuple(m for m in migrations if m.version not in applied)
