-- depends: 0001_tables_steps_results
-- Which daemon serves each open table (docs/scaling.md). `epoch` grows by one
-- at every change of hands; a write names the epoch it holds, so a daemon
-- whose table was taken over cannot store another step (fencing). Expiry is
-- the server's clock, so the daemons' clocks need not agree.
CREATE TABLE leases (
    table_id TEXT PRIMARY KEY REFERENCES tables (id),
    owner TEXT NOT NULL,
    epoch BIGINT NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX leases_by_owner ON leases (owner);
