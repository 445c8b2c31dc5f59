-- floorman event store, PostgreSQL. Runs with search_path set to the store's schema.

CREATE TABLE tables (
    table_id   text COLLATE "C" PRIMARY KEY,
    status     text        NOT NULL CHECK (status IN ('open', 'closed')),
    settings   text        NOT NULL,
    sequence   bigint      NOT NULL CHECK (sequence >= 0),
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
);

-- The append-only log: one row per event, gap-free sequence per table.
CREATE TABLE events (
    table_id   text COLLATE "C" NOT NULL REFERENCES tables (table_id),
    sequence   bigint      NOT NULL CHECK (sequence >= 1),
    payload    text        NOT NULL,
    request_id text        NOT NULL,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (table_id, sequence)
);

CREATE FUNCTION events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'events are append-only';
END
$$;

CREATE TRIGGER events_no_update_delete BEFORE UPDATE OR DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION events_append_only();

CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION events_append_only();

-- Idempotency records: the first response of each (table, request id), kept >= 24 h.
CREATE TABLE requests (
    table_id    text COLLATE "C" NOT NULL REFERENCES tables (table_id),
    request_id  text        NOT NULL,
    fingerprint text        NOT NULL,
    response    bytea       NOT NULL,
    sequence    bigint      NOT NULL,
    event_count integer     NOT NULL,
    created_at  timestamptz NOT NULL,
    PRIMARY KEY (table_id, request_id)
);

CREATE INDEX requests_created_at ON requests (created_at);

-- A cache of rebuilt state; never the truth.
CREATE TABLE snapshots (
    table_id   text COLLATE "C" NOT NULL REFERENCES tables (table_id),
    sequence   bigint      NOT NULL CHECK (sequence >= 0),
    payload    text        NOT NULL,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (table_id, sequence)
);
