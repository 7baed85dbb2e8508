"""bench/server_load.py against a real server: more tables than one address may keep
by default (every scripted player is on 127.0.0.1), played to the end or the clock."""

import json

import scripts
from tcglab.server.tables import MAX_TABLES_PER_CREATOR


def test_a_short_load_run_plays_more_tables_than_one_address_may_keep(capsys):
    bench = scripts.load("bench/server_load.py")
    tables = MAX_TABLES_PER_CREATOR + 5
    bench.main(["--game", "ps", "--tables", str(tables), "--seconds", "4", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert report["tables"] == tables
    assert report["actions"] > tables  # every table's players got to act
    assert 0 < report["p50_ms"] <= report["p99_ms"]
