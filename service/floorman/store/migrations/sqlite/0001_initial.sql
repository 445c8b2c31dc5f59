-- floorman event store, SQLite. Times are integer microseconds since the Unix epoch, UTC.

CREATE TABLE tables (
    table_id   TEXT    PRIMARY KEY,
    status     TEXT    NOT NULL CHECK (status IN ('open', 'closed')),
    settings   TEXT    NOT NULL,
    sequence   INTEGER NOT NULL CHECK (sequence >= 0),
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);

-- The append-only log: one row per event, gap-free sequence per table.
CREATE TABLE events (
    table_id   TEXT    NOT NULL REFERENCES tables (table_id),
    sequence   INTEGER NOT NULL CHECK (sequence >= 1),
    payload    TEXT    NOT NULL,
    request_id TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (table_id, sequence)
) WITHOUT ROWID;

CREATE TRIGGER events_no_update BEFORE UPDATE ON events
BEGIN
    SELECT RAISE(ABORT, 'events are append-only');
END;

CREATE TRIGGER events_no_delete BEFORE DELETE ON events
BEGIN
    SELECT RAISE(ABORT, 'events are append-only');
END;

-- Idempotency records: the first response of each (table, request id), kept >= 24 h.
CREATE TABLE requests (
    table_id    TEXT    NOT NULL REFERENCES tables (table_id),
    request_id  TEXT    NOT NULL,
    fingerprint TEXT    NOT NULL,
    response    BLOB    NOT NULL,
    sequence    INTEGER NOT NULL,
    event_count INTEGER NOT NULL,
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (table_id, request_id)
) WITHOUT ROWID;

CREATE INDEX requests_created_at ON requests (created_at);

-- A cache of rebuilt state; never the truth.
CREATE TABLE snapshots (
    table_id   TEXT    NOT NULL REFERENCES tables (table_id),
    sequence   INTEGER NOT NULL CHECK (sequence >= 0),
    payload    TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (table_id, sequence)
) WITHOUT ROWID;
