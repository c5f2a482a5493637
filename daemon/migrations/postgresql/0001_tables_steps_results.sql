-- The same tables as SQLite's schema version 2: tables, their step log,
-- their latest snapshot, and finished tables' results.
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    code TEXT NOT NULL,
    game TEXT NOT NULL,
    status TEXT NOT NULL,
    meta TEXT NOT NULL
);
CREATE INDEX tables_by_status ON tables (status);
CREATE INDEX tables_by_code ON tables (code);
CREATE TABLE steps (
    table_id TEXT NOT NULL REFERENCES tables (id),
    ply INTEGER NOT NULL,
    kind TEXT NOT NULL,
    seat INTEGER,
    move TEXT,
    actor TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, ply)
);
CREATE TABLE snapshots (
    table_id TEXT PRIMARY KEY REFERENCES tables (id),
    ply INTEGER NOT NULL,
    state TEXT NOT NULL
);
CREATE TABLE results (
    table_id TEXT NOT NULL REFERENCES tables (id),
    seat INTEGER NOT NULL,
    frontend TEXT NOT NULL,
    community TEXT NOT NULL,
    game TEXT NOT NULL,
    ended_at DOUBLE PRECISION NOT NULL,
    who_frontend TEXT NOT NULL,
    who_user TEXT NOT NULL,
    name TEXT NOT NULL,
    won BOOLEAN NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX results_by_community ON results (frontend, community);
CREATE INDEX results_by_person ON results (who_frontend, who_user, ended_at);
