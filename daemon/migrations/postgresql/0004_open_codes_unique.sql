-- depends: 0003_relay
-- A join code names one open table across every daemon (each daemon checks
-- only its own tables when it draws one; the database settles a clash).
CREATE UNIQUE INDEX tables_open_code ON tables (code) WHERE status IN ('lobby', 'playing');
