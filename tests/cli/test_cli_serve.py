"""`tcglab serve` refuses what it cannot serve with in one line, exit status 2, before it
says "serving" and before it opens or makes its database: a file that is not SQLite, a
port in use, a host that is not this machine's."""

import socket
import sqlite3

import pytest


@pytest.fixture
def served(monkeypatch):
    """What `serve` was started with, instead of starting it."""
    started = []
    monkeypatch.setattr("tcglab.server.serve", lambda *a, **k: started.append(a))
    return started


def one_line(err: str) -> str:
    assert err.startswith("tcglab: error: ") and err.count("\n") == 1, err
    return err[len("tcglab: error: ") : -1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_database_that_is_not_sqlite_is_one_line(cli, tmp_path, served):
    notes = tmp_path / "notes.db"
    notes.write_text("my notes, not a database\n" * 50)
    code, out, err = cli("serve", "--db", notes, "--port", free_port())
    assert code == 2 and out == "" and not served
    assert one_line(err) == (
        f"cannot use {notes}: it is not an SQLite database; give --db a new file or a "
        "database `tcglab serve` made"
    )
    assert notes.read_text().startswith("my notes")


def test_a_port_in_use_is_one_line_and_makes_no_database(cli, tmp_path, served):
    db = tmp_path / "games.db"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, out, err = cli("serve", "--port", port, "--db", db)
    assert code == 2 and out == "" and not served
    assert one_line(err) == (
        f"port {port} is in use on 127.0.0.1; choose another --port (1 to 65535) or stop the "
        "program that holds it"
    )
    assert list(tmp_path.iterdir()) == []


def test_a_host_of_another_machine_is_one_line(cli, tmp_path, served):
    code, out, err = cli("serve", "--host", "192.0.2.1", "--db", tmp_path / "games.db")
    assert code == 2 and out == "" and not served
    assert one_line(err) == (
        "--host '192.0.2.1' is not an address of this machine; give one of its addresses, "
        "e.g. 127.0.0.1 (this machine only) or 0.0.0.0 (every network)"
    )
    assert list(tmp_path.iterdir()) == []


def test_an_unknown_host_name_is_one_line(cli, tmp_path, served, monkeypatch):
    def unknown(*args, **kwargs):
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", unknown)
    code, out, err = cli("serve", "--host", "no-such-host", "--db", tmp_path / "games.db")
    assert code == 2 and out == "" and not served
    assert one_line(err).startswith("--host 'no-such-host' is not a known host name or address")
    assert list(tmp_path.iterdir()) == []


def test_a_new_file_or_an_sqlite_database_is_served(cli, tmp_path, served):
    existing = tmp_path / "old.db"
    sqlite3.connect(existing).close()
    for db in (tmp_path / "new.db", existing):
        code, _, err = cli("serve", "--db", db, "--port", free_port())
        assert code == 0 and err == ""
    assert [args[2] for args in served] == [tmp_path / "new.db", existing]
