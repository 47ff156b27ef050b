"""What the online tests share: one throw-away PostgreSQL server for the session."""

import pytest

from .postgres import Postgres


@pytest.fixture(scope="session")
def postgres():
    """The tests' own PostgreSQL server, or ``None`` where none can start (the
    tests that need it then skip, saying why)."""
    pg = Postgres()
    started = pg.start()
    yield pg if started else None
    pg.stop()
    if not started:
        print(pg.why_not)


@pytest.fixture
def dsn(postgres):
    """A fresh database on the tests' own PostgreSQL server."""
    if postgres is None:
        pytest.skip(f"PostgreSQL: {Postgres().why_not or 'it could not be started'}")
    return postgres.fresh_database()
