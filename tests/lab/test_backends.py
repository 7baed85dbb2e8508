"""The same run on every backend: the `sim --json` summary (its clock readings aside)
and every record row are the same in this process, in worker processes and on a
local Ray instance, whatever the number of workers."""

import json

import pytest

from tcglab.lab.backends import backend, ranges
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
