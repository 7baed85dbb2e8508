"""The server benches against a real server of their own, with more tables than one
address may keep by default (every scripted client is on 127.0.0.1):
bench/server_load.py plays them to the end or the clock, bench/soak.py keeps them
playing and samples the server."""

import json

import scripts
from tcglab.server.tables import MAX_TABLES_PER_CREATOR

from .helpers import apart

TABLES = MAX_TABLES_PER_CREATOR + 5


def test_a_short_load_run_plays_more_tables_than_one_address_may_keep(capsys):
    bench = scripts.load("bench/server_load.py")
    # server_load runs an event loop of its own
    apart(bench.main, ["--game", "ps", "--tables", str(TABLES), "--seconds", "4", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert report["tables"] == TABLES
    assert report["actions"] > TABLES  # every table's players got to act
    assert 0 < report["p50_ms"] <= report["p99_ms"]


def test_a_short_soak_keeps_its_tables_playing_and_samples_the_server(capsys):
    bench = scripts.load("bench/soak.py")
    bench.main(
        ["--game", "ps", "--tables", str(TABLES), "--minutes", "0.1", "--every", "2", "--json"]
    )
    report = json.loads(capsys.readouterr().out)
    assert report["tables"] == TABLES
    samples = report["samples"]
    assert len(samples) >= 2
    assert samples[-1]["actions"] > samples[0]["actions"] > 0  # the tables play on
    assert all(sample["rss_mb"] > 0 for sample in samples)
