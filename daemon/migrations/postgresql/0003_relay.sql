-- depends: 0002_leases
-- Messages between daemons too long for a NOTIFY payload (8000 bytes): the
-- notification carries the id, the receiver reads the body and deletes it.
CREATE TABLE relay (
    id TEXT PRIMARY KEY,
    body TEXT NOT NULL,
    at TIMESTAMPTZ NOT NULL DEFAULT now()
);
