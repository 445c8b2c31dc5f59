"""Hand-history formats (pure: text in, typed hands out; no files, no I/O).

* :mod:`~floorman.domain.history.phh` -- PHH (TOML): :func:`parse_phh`, :func:`dump_phh`,
  and :func:`phh_to_hand` / :func:`map_phh` to floorman's HandConfig and events.
* :mod:`~floorman.domain.history.pokerstars` -- PokerStars text exports:
  :func:`parse_file` (hands of the seed games, skipped hands, problems with line numbers).
"""
