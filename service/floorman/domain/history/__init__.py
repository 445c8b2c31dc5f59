"""Hand-history formats (pure: text in, typed hands out; no files, no I/O).

* :mod:`~floorman.domain.history.phh` -- PHH (TOML): :func:`parse_phh`, :func:`dump_phh`,
  and :func:`phh_to_hand` / :func:`map_phh` to floorman's HandConfig and events.
* :mod:`~floorman.domain.history.pokerstars` -- PokerStars text exports:
  :func:`parse_file` (hands of the seed games, skipped hands, problems with line numbers);
  :mod:`~floorman.domain.history.stars_mapping`: :func:`stars_to_hand` / ``map_stars``.
* :mod:`~floorman.domain.history.ohh` -- Open Hand History JSON: :func:`parse_ohh`,
  :func:`ohh_to_hand` / ``map_ohh``.
* Exporters, each taking a :class:`~floorman.domain.history.record.HandRecord`:
  :func:`export_phh`, :func:`export_ohh`, :func:`export_pokerstars`
  (``docs/hand-history-formats.md`` describes every mapping).
"""

from floorman.domain.history.export_phh import export_phh
from floorman.domain.history.export_pokerstars import export_pokerstars
from floorman.domain.history.ohh import export_ohh, ohh_to_hand, parse_ohh
from floorman.domain.history.record import HandRecord
from floorman.domain.history.stars_mapping import stars_to_hand

__all__ = [
    "HandRecord",
    "export_ohh",
    "export_phh",
    "export_pokerstars",
    "ohh_to_hand",
    "parse_ohh",
    "stars_to_hand",
]
