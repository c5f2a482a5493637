"""Suite-wide safety: nothing a test starts listens or announces beyond loopback.

The Makefile exports the same setting; this covers a bare `pytest` too, since
daemons spawned by tests read it from the environment.
"""

import os

os.environ.setdefault("PLGAMES_LAN__INTERFACES", "127.0.0.1")

# A real PostgreSQL server per worker, for the store suite on both backends.
pytest_plugins = ["tests.pg_support"]
