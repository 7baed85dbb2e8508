"""The designers' lab: game records of simulated runs (Parquet, queried with DuckDB),
the metrics a designer reads (17lands' per-card win rates, matchups, first-seat
advantage, game length), the HTML report with its plots, and the backends a run is
spread over (this process, local worker processes, a Ray cluster).

The facts of one game (`tcglab.lab.facts`) and the backends need nothing beyond the
core install; records, metrics and the report need the `lab` extra, Ray the `scale`
extra (`tcglab.lab.extras.need` names the extra when a package is missing).
"""
