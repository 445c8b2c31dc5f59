"""Table sessions, the pure part: seats, the rules between hands, and the table's events.

* :mod:`~floorman.domain.table.settings` — table settings (deal mode, button rule) and checks.
* :mod:`~floorman.domain.table.seats` — seats, their status and owed blinds.
* :mod:`~floorman.domain.table.placement` — who is dealt in, button, blinds and forced bets
  for the next hand (RULES.md "Button", "Blinds", "Heads-up"; stud's fixed dealer).
* :mod:`~floorman.domain.table.lobby` — seat commands (sit down, leave, sit out, sit in).
* :mod:`~floorman.domain.table.play` — starting a hand, recording actions, settling.
* :mod:`~floorman.domain.table.dealer` — the service dealer (stub, burns, draw reshuffle).
* :mod:`~floorman.domain.table.events` / :mod:`~floorman.domain.table.state` — the log's
  events and the aggregate rebuilt by folding them.
* :mod:`~floorman.domain.table.redaction` — who sees which cards.
* :mod:`~floorman.domain.table.rules` — table-management rule ids beside RULES.md's.

No I/O, no clock, no randomness: the deck order and ids come in from the app layer.
"""
