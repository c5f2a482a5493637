-- depends: 0004_open_codes_unique
-- The messages a chat frontend posted for an open table (its board, lobby
-- and people's panels), kept by the daemon serving the table, so that a
-- daemon taking the table over edits them instead of posting anew
-- (docs/scaling.md). `rights`: what else editing one needs, as JSON (a
-- Discord ephemeral panel's interaction token and how long it works).
-- A table's rows go when it ends.
CREATE TABLE chat_messages (
    table_id TEXT NOT NULL REFERENCES tables (id),
    frontend TEXT NOT NULL,
    role TEXT NOT NULL,
    place TEXT NOT NULL,
    message_id TEXT NOT NULL,
    rights TEXT,
    PRIMARY KEY (table_id, frontend, role, place)
);
