"""Table sessions: the use cases of TableService on the durable event store.

* :mod:`~floorman.app.tables.service` — :class:`TableService`, one method per RPC.
* :mod:`~floorman.app.tables.writes` — the write path (:class:`TableWrites`, :class:`Reply`).
* :mod:`~floorman.app.tables.reads` — the read RPCs (:class:`TableReads`).
* :mod:`~floorman.app.tables.commands` — the write commands and their fingerprints.
* :mod:`~floorman.app.tables.repository` — the aggregate from the log (cache, snapshots).
* :mod:`~floorman.app.tables.codec` — the versioned JSON of the log's events.
* :mod:`~floorman.app.tables.views` — tables, hands and events as callers see them.
* :mod:`~floorman.app.tables.watch` — WatchTable's resumable stream.
* :mod:`~floorman.app.tables.export` — ExportHandHistory through the history exporters.
* :mod:`~floorman.app.tables.ports` — deck source, clock, ids.
"""
