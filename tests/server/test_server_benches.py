"""The server benches against a real server of their own, with more tables than one
address may keep by default (every scripted client is on 127.0.0.1):
bench/server_load.py plays them to the end or the clock, bench/soak.py keeps them
playing and samples the server."""

import json
from concurrent.futures import ThreadPoolExecutor

import scripts
from tcglab.server.tables import MAX_TABLES_PER_CREATOR

TABLES = MAX_TABLES_PER_CREATOR + 5


def run_apart(main, argv: list[str]) -> None:
    """A bench's `main(argv)` on a thread of its own: the browser tests keep an event loop
    running on this one for the whole session, and server_load runs one of its own."""
    with ThreadPoolExecutor(max_workers=1) as thread:
        thread.submit(main, argv).result()


def test_a_short_load_run_plays_more_tables_than_one_address_may_keep(capsys):
    bench = scripts.load("bench/server_load.py")
    run_apart(bench.main, ["--game", "ps", "--tables", str(TABLES), "--seconds", "4", "--json"])
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
