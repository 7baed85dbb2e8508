"""The same run on every backend: the `sim --json` summary (its clock readings aside)
and every record row are the same in this process, in worker processes and on a
local Ray instance, whatever the number of workers."""

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tcglab.engine import BadOption
from tcglab.lab.backends import backend, probe, ranges
from tcglab.lab.records import connect

pytest.importorskip("duckdb")

CLOCK = ("games_per_s", "actions_per_s", "seconds")
RUN = ("sim", "ps", "--games", "30", "--seed", "11", "--agents", "heuristic,random")


def played(tcglab, folder, *where) -> tuple[dict, list, list]:
    status, out, err = tcglab(*RUN, "--records", folder, "--json", *where)
    assert status == 0, err
    summary = {k: v for k, v in json.loads(out).items() if k not in CLOCK}
    con = connect([folder])
    games = con.execute("SELECT * FROM games ORDER BY game").fetchall()
    cards = con.execute("SELECT * FROM cards").fetchall()  # in the order written
    return summary, games, cards


def test_ranges_cover_every_game_once():
    for total, workers in ((1, 4), (30, 2), (1001, 3), (20_000, 2)):
        covered = [i for start, stop in ranges(total, workers) for i in range(start, stop)]
        assert covered == list(range(total))


def test_local_and_processes_give_the_same_rows(tcglab, tmp_path):
    local = played(tcglab, tmp_path / "local", "--backend", "local")
    two = played(tcglab, tmp_path / "two", "--backend", "processes", "--jobs", "2")
    one = played(tcglab, tmp_path / "one", "--backend", "processes", "--jobs", "1")
    assert local == two == one
    assert len(local[1]) == 30 and local[0]["games"] == 30


def test_a_local_ray_instance_gives_the_same_rows(tcglab, tmp_path):
    pytest.importorskip("ray")
    local = played(tcglab, tmp_path / "local", "--backend", "local")
    ray = played(tcglab, tmp_path / "ray", "--backend", "ray", "--jobs", "2")
    assert ray == local


def test_an_address_without_ray_is_refused(tcglab):
    status, _, err = tcglab(*RUN, "--backend", "processes", "--address", "10.0.0.1:6379")
    assert status == 2
    assert err == (
        "tcglab: error: --address is the address of a Ray cluster; it needs --backend ray\n"
    )
    with pytest.raises(Exception, match="--backend takes local, processes, ray"):
        backend("threads")


def test_arena_records_are_the_same_on_one_or_two_processes(tcglab, tmp_path):
    rows = []
    for jobs in ("1", "2"):
        folder = tmp_path / f"arena{jobs}"
        status, _, err = tcglab("arena", "ps", "--agents", "heuristic,random", "--games", "8",
                                "--db", tmp_path / f"{jobs}.db", "--records", folder,
                                "--jobs", jobs)  # fmt: skip
        assert status == 0, err
        con = connect([folder])
        rows.append(con.execute("SELECT game, seed, agents, decks, winners FROM games").fetchall())
    assert rows[0] == rows[1] and len(rows[0]) == 8
    assert {tuple(r[2]) for r in rows[0]} == {("heuristic", "random"), ("random", "heuristic")}


# -- a Ray cluster's address ------------------------------------------------------------------


def closed_port() -> int:
    """A port on this machine that nothing listens on."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("address", ["10.0.0.5", "10.0.0.5:", ":6379", "10.0.0.5:99999", "a b:1"])
def test_an_address_not_host_and_port_is_refused_before_ray(tcglab, tmp_path, address):
    status, out, err = tcglab(
        "sim", "higurashi", "--games", "1", "--backend", "ray", "--address", address,
        "--records", tmp_path / "run",
    )  # fmt: skip
    assert status == 2 and out == ""
    assert err == (
        "tcglab: error: --address takes the HOST:PORT of a running Ray cluster, the port 1 "
        f"to 65535 (e.g. 10.0.0.5:6379, as `ray start --head` prints it), not {address!r}\n"
    )
    assert list(tmp_path.iterdir()) == []


def test_an_address_nothing_listens_at_is_refused_at_once():
    port = closed_port()
    started = time.monotonic()
    with pytest.raises(BadOption) as refused:
        probe(f"127.0.0.1:{port}")
    assert time.monotonic() - started < 5
    assert str(refused.value) == (
        f"cannot reach a Ray cluster at 127.0.0.1:{port}: Connection refused; give --address "
        "the HOST:PORT of a running cluster (ray start --head prints it)"
    )
    with pytest.raises(BadOption, match=r"no host nosuch\.invalid is known"):
        probe("nosuch.invalid:6379")


def test_an_address_that_never_answers_is_refused_within_the_probe_time(monkeypatch):
    def hang(address, timeout):
        assert timeout == 0.2
        raise TimeoutError

    monkeypatch.setattr(socket, "create_connection", hang)
    with pytest.raises(BadOption, match=r"nothing answered within 0\.2 seconds"):
        probe("10.0.0.5:6379", seconds=0.2)


def test_a_failed_connection_is_one_line(tcglab, tmp_path, monkeypatch):
    class NoCluster:
        exceptions = None

        @staticmethod
        def is_initialized():
            return False

        @staticmethod
        def init(**settings):
            raise ConnectionError(f"Failed to connect to Ray cluster at {settings['address']}")

    monkeypatch.setattr("tcglab.lab.backends.need", lambda name: NoCluster)
    monkeypatch.setattr("tcglab.lab.backends.probe", lambda address: None)
    for command in (
        ("sim", "higurashi", "--games", "1", "--records", tmp_path / "run"),
        ("arena", "pm", "--agents", "random,heuristic", "--games", "2", "--db", tmp_path / "a.db"),
    ):
        status, out, err = tcglab(*command, "--backend", "ray", "--address", "10.0.0.5:6379")
        assert status == 2 and out == ""
        assert err == (
            "tcglab: error: cannot reach a Ray cluster at 10.0.0.5:6379: no Ray cluster "
            "answered there; give --address the HOST:PORT of a running cluster (ray start "
            "--head prints it)\n"
        )
    assert list(tmp_path.iterdir()) == []


def test_a_port_that_is_no_ray_cluster_is_refused_in_bounded_time(tmp_path):
    pytest.importorskip("ray")
    src = Path(__file__).resolve().parents[2] / "src"
    env = {**os.environ, "PYTHONPATH": str(src), "RAY_gcs_server_port_wait_time_s": "1"}
    with socket.socket() as listening:  # accepts connections, answers nothing
        listening.bind(("127.0.0.1", 0))
        listening.listen()
        address = f"127.0.0.1:{listening.getsockname()[1]}"
        started = time.monotonic()
        done = subprocess.run(
            [sys.executable, "-m", "tcglab", "sim", "higurashi", "--games", "1",
             "--backend", "ray", "--address", address, "--records", tmp_path / "run"],
            capture_output=True, text=True, env=env, timeout=120,
        )  # fmt: skip
    assert time.monotonic() - started < 60
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        f"tcglab: error: cannot reach a Ray cluster at {address}: no Ray cluster answered "
        "there; give --address the HOST:PORT of a running cluster (ray start --head prints it)\n"
    )
    assert list(tmp_path.iterdir()) == []
