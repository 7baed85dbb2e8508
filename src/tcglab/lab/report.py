"""The report of one or more run folders of a game: `report.html` (self-contained:
inline SVG plots whose text the browser sets in its own fonts, so Japanese card names
show; a sortable card table; nothing fetched from a network) and the CSV tables
beside it: `cards.csv`, `matchups.csv`, `first_seat.csv`, `lengths.csv`,
`reasons.csv`.
"""

from __future__ import annotations

import csv
import html
import io
import re
import warnings
from collections import Counter
from pathlib import Path

import tcglab
from tcglab.engine import Game
from tcglab.engine.errors import first_line
from tcglab.lab import metrics
from tcglab.lab.extras import need
from tcglab.lab.metrics import MIN_GAMES, Rate
from tcglab.lab.records import TABLES, RunError, connect, read_facts, schemas
from tcglab.lab.staging import StagedFolder

MISSING_GLYPH = r"Glyph \d+ .*missing from font"  # matplotlib's words, at drawing
METADATA = re.compile(r"\s*<metadata>.*?</metadata>", re.DOTALL)
FONTS = ["IPAGothic", "IPAPGothic", "Noto Sans CJK JP", "Hiragino Sans", "DejaVu Sans"]
RATES = (("gih", "GIH WR"), ("oh", "OH WR"), ("gd", "GD WR"), ("gns", "GNS WR"))


def check_runs(game: Game, folders: list[Path]) -> list[dict]:
    """Each folder's run.json, once it is known to be a run of this game, this tcglab
    version and card set, with at least one game; else a one-line RunError."""
    out = []
    for folder in folders:
        facts = read_facts(folder)
        if facts["game"] != game.id:
            raise RunError(f"{folder} is a run of {facts['game']}, not {game.id}")
        if (
            facts.get("tcglab") != tcglab.__version__
            or facts.get("card_digest") != game.card_digest()
        ):
            raise RunError(
                f"{folder} was recorded by tcglab {facts.get('tcglab')} with another "
                f"{game.id} card set or version than this tcglab {tcglab.__version__}; "
                "record it again"
            )
        out.append(facts)
    return out


def check_tables(folders: list[Path]) -> None:
    """Refuse, naming it, a run's Parquet file that cannot be read as one (cut short,
    overwritten) or lacks the columns a run's table has."""
    pq = need("pyarrow.parquet")
    wanted = schemas()
    for folder in folders:
        for table in TABLES:
            path = Path(folder) / f"{table}.parquet"
            try:
                columns = set(pq.read_schema(path).names)
            except Exception as exc:  # pyarrow's errors have no common base but Exception
                raise RunError(
                    f"{path} is not a readable Parquet table ({first_line(exc)[:120]}); "
                    "record the run again"
                ) from None
            missing = [name for name in wanted[table].names if name not in columns]
            if missing:
                raise RunError(
                    f"{path} is not a run's {table} table (no column {', '.join(missing)}); "
                    "record the run again"
                )


def build(game: Game, folders: list[Path], out: Path) -> dict:
    """Write the report of `folders` into `out`; returns the headline figures."""
    runs = check_runs(game, folders)
    check_tables(folders)
    duckdb = need("duckdb")
    try:
        return _build(game, runs, folders, out)
    except duckdb.Error as exc:  # damage past a table's header, met while reading it
        raise RunError(
            f"cannot read the runs {', '.join(map(str, folders))} ({first_line(exc)[:160]}); "
            "record them again"
        ) from None


def _build(game: Game, runs: list[dict], folders: list[Path], out: Path) -> dict:
    con = connect(folders)
    for folder, number in zip(folders, range(len(folders)), strict=True):
        count = con.execute("SELECT count(*) FROM games WHERE run = ?", [number]).fetchone()[0]
        if not count:
            raise RunError(f"{folder} holds no games")
    if out.exists() and not out.is_dir():
        raise RunError(f"cannot write the report to {out}: it is a file, not a folder")
    try:  # written beside `out` and put in place whole: a failure leaves `out` as it was
        staged = StagedFolder(out)
    except OSError as exc:
        raise RunError(f"cannot write the report to {out}: {exc.strerror}") from None
    try:
        faces = game.card_faces()
        cards = metrics.card_metrics(con)
        table = metrics.matchups(con)
        seat = metrics.first_seat(con)
        length = metrics.lengths(con)
        write_csvs(staged.path, faces, cards, table, seat, length)
        page = Page(game, runs, faces).html(cards, table, seat, length)
        (staged.path / "report.html").write_text(page, encoding="utf-8")
        headline = metrics.headline(con)
        staged.finish(last=("report.html",))
    except OSError as exc:
        staged.discard()
        raise RunError(f"cannot write the report to {out}: {exc.strerror or exc}") from None
    except BaseException:
        staged.discard()
        raise
    return {"game": game.id, "runs": [str(f) for f in folders], **headline}


# -- CSV ----------------------------------------------------------------------------


def rate_cells(rate: Rate) -> list:
    """n, rate, low, high; the rate and interval blank where n is too small."""
    shown = rate.json()
    return [rate.n, *(_num(shown[key]) for key in ("rate", "low", "high"))]


def _num(value) -> str:
    return "" if value is None else f"{value:.4f}"


def write_csvs(out: Path, faces, cards, table, seat, length) -> None:
    rates = [f"{key}_{part}" for key, _ in RATES for part in ("n", "wr", "low", "high")]
    rows = []
    for c in cards:
        face = faces.get(c["card"], {})
        iwd = c["iwd"]
        rows.append(
            [c["card"], face.get("name", ""), face.get("name_ja", ""), c["in_deck"],
             *(cell for key, _ in RATES for cell in rate_cells(c[key])),
             _num(iwd["value"]), _num(iwd["low"]), _num(iwd["high"]),
             *rate_cells(c["play_rate"]), _num(c["mean_turn_played"]),
             c["taken"], _num(c["ata"]), c["seen"], _num(c["alsa"]), *rate_cells(c["picked"])]
        )  # fmt: skip
    _csv(
        out / "cards.csv",
        ["card", "name_en", "name_ja", "in_deck", *rates, "iwd", "iwd_low", "iwd_high",
         "gih_n_for_play", "play_rate", "play_low", "play_high", "mean_turn_played",
         "taken_n", "ata", "seen_n", "alsa", "picked_n", "picked_wr", "picked_low",
         "picked_high"],
        rows,
    )  # fmt: skip
    cells = sorted(table["cells"].items())
    _csv(
        out / "matchups.csv",
        ["deck", "against", "n", "win_rate", "low", "high"],
        [[a, b, *rate_cells(rate)] for (a, b), rate in cells],
    )
    first = [["all", "", *rate_cells(seat["first"]), "", "", "", "", "", "", ""]]
    for d in seat["decks"]:
        gain = d["gain"]
        first.append(
            ["deck", d["deck"], *rate_cells(d["first"]), *rate_cells(d["second"]),
             _num(gain["value"]), _num(gain["low"]), _num(gain["high"])]
        )  # fmt: skip
    _csv(
        out / "first_seat.csv",
        ["scope", "deck", "first_n", "first_wr", "first_low", "first_high", "second_n",
         "second_wr", "second_low", "second_high", "gain", "gain_low", "gain_high"],
        first,
    )  # fmt: skip
    _csv(out / "lengths.csv", ["turns", "games"], length["turns"])
    total = max(length["games"], 1)
    _csv(
        out / "reasons.csv",
        ["reason", "games", "share"],
        [[reason, n, f"{n / total:.4f}"] for reason, n in length["reasons"]],
    )


def _csv(path: Path, header: list[str], rows: list) -> None:
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows(rows)


# -- the page -----------------------------------------------------------------------


class Page:
    """report.html, section by section."""

    def __init__(self, game: Game, runs: list[dict], faces: dict) -> None:
        self.game, self.runs, self.faces = game, runs, faces
        self.plt = need("matplotlib")
        self.plt.use("svg")
        self.pyplot = need("matplotlib.pyplot")
        self.pyplot.rcParams.update(
            {"svg.fonttype": "none", "font.family": "sans-serif", "font.sans-serif": FONTS}
        )

    def name(self, card: str) -> str:
        face = self.faces.get(card, {})
        en, ja = face.get("name", card), face.get("name_ja", "")
        return f"{ja} / {en}" if ja and ja != en else en

    def html(self, cards, table, seat, length) -> str:
        games = length["games"]
        described = Counter(
            f"{r.get('kind', 'run')} of {r.get('games')} games (seed {r.get('seed')}, agents "
            f"{','.join(r.get('agents') or [])})"
            for r in self.runs
        )
        runs = ", ".join(f"{n} x {text}" if n > 1 else text for text, n in described.items())
        parts = [
            f"<h1>{_e(self.game.name)}: {games:,} games</h1>",
            f"<p>{_e(runs)}. tcglab {_e(tcglab.__version__)}. A figure from fewer than "
            f"{MIN_GAMES} games is shown as <em>n too small</em>; intervals are 95% "
            "(Wilson for rates).</p>",
            self.first_section(seat),
            self.matchup_section(table),
            self.length_section(length),
            self.card_section(cards),
        ]
        if any(c["taken"] for c in cards):
            parts.append(self.draft_section(cards))
        return PAGE.format(title=_e(f"tcglab report: {self.game.id}"), body="\n".join(parts))

    # each section is a heading, an SVG plot where there is one, and a table

    def first_section(self, seat) -> str:
        first = seat["first"]
        fair = seat["fair"]
        lines = [
            "<h2>Going first</h2>",
            f"<p>The seat that went first won {_e(first.text())}"
            + (f"; an even share would be {fair:.1%}." if fair else ".")
            + "</p>",
        ]
        if seat["decks"]:
            rows = [
                [d["deck"], d["first"].text(), d["second"].text(), _points(d["gain"])]
                for d in seat["decks"]
            ]
            lines.append(_table(["deck", "win rate going first", "going second", "gain"], rows))
            shown = [d for d in seat["decks"] if d["first"].enough]
            if shown:
                lines.append(self.rate_bars([d["deck"] for d in shown], [d["first"] for d in shown],
                                            "win rate going first", fair))  # fmt: skip
        return "\n".join(lines)

    def matchup_section(self, table) -> str:
        decks = table["decks"]
        if not decks:
            return "<h2>Matchups</h2><p>These games were not played with named decks.</p>"
        rows = [[a, *(_matchup(table["cells"].get((a, b))) for b in decks)] for a in decks]
        return "\n".join(
            ["<h2>Matchups</h2>", "<p>Win rate of the row deck against the column deck.</p>",
             self.heatmap(decks, table["cells"]), _table(["deck", *decks], rows)]
        )  # fmt: skip

    def length_section(self, length) -> str:
        total = max(length["games"], 1)
        reasons = [[r, f"{n:,}", f"{n / total:.1%}"] for r, n in length["reasons"]]
        return "\n".join(
            [
                "<h2>Game length and how games end</h2>",
                f"<p>Mean {length['mean_turns']:.1f} turns (median {length['median_turns']:g}), "
                f"{length['mean_actions']:.1f} actions (median {length['median_actions']:g}) "
                f"over {length['games']:,} games.</p>",
                self.histogram(length["turns"]),
                _table(["end reason", "games", "share"], reasons),
            ]
        )

    def card_section(self, cards) -> str:
        ranked = [c for c in cards if c["iwd"]["value"] is not None]
        ranked.sort(key=lambda c: -c["iwd"]["value"])
        plot = self.iwd_bars(ranked[:10] + ranked[-5:] if len(ranked) > 15 else ranked)
        head = ["card", "name", "in deck", *(label for _, label in RATES), "IWD", "play rate",
                "mean turn played"]  # fmt: skip
        rows = []
        for c in cards:
            rows.append(
                [c["card"], self.name(c["card"]), c["in_deck"],
                 *(_rate_cell(c[key]) for key, _ in RATES), _points_cell(c["iwd"]),
                 _rate_cell(c["play_rate"]),
                 _cell(f"{c['mean_turn_played']:.1f}", c["mean_turn_played"])
                 if c["mean_turn_played"] is not None else _cell("-", -1)]
            )  # fmt: skip
        return "\n".join(
            [
                "<h2>Cards</h2>",
                "<p>GIH: in the opening hand or drawn; OH: in the opening hand; GD: drawn "
                "later; GNS: in the deck, never seen; IWD: GIH WR minus GNS WR, the "
                "improvement when drawn. Play rate: of the games in hand. Click a heading "
                "to sort.</p>",
                plot,
                _table(head, rows, sortable=True),
            ]
        )

    def draft_section(self, cards) -> str:
        picked = [c for c in cards if c["taken"]]
        rows = [
            [c["card"], self.name(c["card"]), _cell(f"{c['ata']:.2f} (n={c['taken']})", c["ata"]),
             _cell("-" if c["alsa"] is None else f"{c['alsa']:.2f} (n={c['seen']})",
                   c["alsa"] or 0),
             _rate_cell(c["picked"])]
            for c in picked
        ]  # fmt: skip
        return "\n".join(
            [
                "<h2>Draft</h2>",
                "<p>ATA: the mean pick number a card was taken at; ALSA: the mean pick "
                "number it was last seen at; win rate of the decks that took it.</p>",
                _table(["card", "name", "ATA", "ALSA", "win rate of decks taking it"], rows,
                       sortable=True),
            ]
        )  # fmt: skip

    # plots

    def svg(self, figure) -> str:
        buffer = io.StringIO()
        with warnings.catch_warnings():
            # The SVG keeps its text as text, set by the browser in its own fonts: a
            # glyph missing from this machine's fonts is missing from nothing shown.
            warnings.filterwarnings("ignore", MISSING_GLYPH, UserWarning)
            figure.savefig(buffer, format="svg", bbox_inches="tight")
        self.pyplot.close(figure)
        text = buffer.getvalue()
        text = METADATA.sub("", text[text.index("<svg") :])  # a date and licence links
        return '<div class="plot">' + text + "</div>"

    def heatmap(self, decks: list[str], cells: dict) -> str:
        plt = self.pyplot
        size = len(decks)
        grid = [[float("nan")] * size for _ in range(size)]
        figure, axes = plt.subplots(figsize=(1.2 * size + 2, 1.0 * size + 1.5))
        for i, a in enumerate(decks):
            for j, b in enumerate(decks):
                rate = cells.get((a, b))
                if rate is not None and rate.enough:
                    grid[i][j] = rate.rate
                label = "" if rate is None else (f"{rate.rate:.0%}\nn={rate.n}" if rate.enough
                                                 else f"n={rate.n}\ntoo small")  # fmt: skip
                axes.text(j, i, label, ha="center", va="center", fontsize=8)
        image = axes.imshow(grid, cmap="RdBu", vmin=0.2, vmax=0.8)
        axes.set_xticks(range(size), decks, rotation=30, ha="right")
        axes.set_yticks(range(size), decks)
        axes.set_xlabel("against")
        figure.colorbar(image, ax=axes, label="win rate of the row deck")
        return self.svg(figure)

    def histogram(self, turns: list) -> str:
        figure, axes = self.pyplot.subplots(figsize=(7, 2.6))
        axes.bar([t for t, _ in turns], [n for _, n in turns], width=1.0, color="#4a78a8")
        axes.set_xlabel("turns")
        axes.set_ylabel("games")
        return self.svg(figure)

    def rate_bars(self, labels: list[str], rates: list[Rate], title: str, fair) -> str:
        figure, axes = self.pyplot.subplots(figsize=(7, 0.4 * len(labels) + 1.2))
        values = [r.rate for r in rates]
        errors = [[r.rate - r.interval[0] for r in rates], [r.interval[1] - r.rate for r in rates]]
        axes.barh(labels, values, xerr=errors, color="#4a78a8", capsize=3)
        if fair:
            axes.axvline(fair, color="#888", linestyle="--")
        axes.set_xlim(0, 1)
        axes.set_xlabel(title)
        return self.svg(figure)

    def iwd_bars(self, ranked: list[dict]) -> str:
        if not ranked:
            return f"<p>IWD: n too small for every card (each needs {MIN_GAMES} games).</p>"
        figure, axes = self.pyplot.subplots(figsize=(8, 0.32 * len(ranked) + 1.2))
        labels = [self.name(c["card"]) for c in ranked][::-1]
        values = [c["iwd"]["value"] for c in ranked][::-1]
        low = [c["iwd"]["value"] - c["iwd"]["low"] for c in ranked][::-1]
        colours = ["#3a8f5c" if v >= 0 else "#b5533c" for v in values]
        axes.barh(labels, values, xerr=low, color=colours, capsize=2)
        axes.axvline(0, color="#888")
        axes.set_xlabel("IWD: win rate when in hand minus when not seen")
        return self.svg(figure)


def _matchup(rate: Rate | None) -> str:
    return "-" if rate is None else rate.text()


def _e(text) -> str:
    return html.escape(str(text))


def _cell(text: str, value) -> tuple[str, float]:
    return (text, value)


def _rate_cell(rate: Rate):
    return _cell(rate.text(), rate.rate if rate.enough else -1)


def _points(diff: dict) -> str:
    if diff["value"] is None:
        return f"n too small (n={diff['n'][0]}, {diff['n'][1]})"
    return (
        f"{diff['value'] * 100:+.1f} points ({diff['low'] * 100:+.1f} to {diff['high'] * 100:+.1f})"
    )


def _points_cell(diff: dict):
    return _cell(_points(diff), diff["value"] if diff["value"] is not None else -9)


def _table(head: list[str], rows: list[list], sortable: bool = False) -> str:
    """An HTML table; a cell given as (text, value) sorts by its value."""
    kind = ' class="sortable"' if sortable else ""
    out = [
        f"<table{kind}><thead><tr>"
        + "".join(f"<th>{_e(h)}</th>" for h in head)
        + "</tr></thead><tbody>"
    ]
    for row in rows:
        cells = []
        for cell in row:
            if isinstance(cell, tuple):
                text, value = cell
                cells.append(f'<td data-v="{value}">{_e(text)}</td>')
            else:
                cells.append(f"<td>{_e(cell)}</td>")
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</tbody></table>")
    return "\n".join(out)


PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ font-family: system-ui, "Hiragino Sans", "Noto Sans CJK JP", "IPAGothic", sans-serif;
       margin: 2em auto; max-width: 72em; padding: 0 1em; color: #222; }}
table {{ border-collapse: collapse; margin: 1em 0; font-size: 0.9em; }}
th, td {{ border: 1px solid #ccc; padding: 0.25em 0.5em; text-align: left; }}
th {{ background: #f2f2f2; }}
table.sortable th {{ cursor: pointer; }}
.plot svg {{ max-width: 100%; height: auto; }}
</style></head><body>
{body}
<script>
for (const table of document.querySelectorAll("table.sortable")) {{
  table.querySelectorAll("th").forEach((th, column) => th.addEventListener("click", () => {{
    const body = table.tBodies[0], rows = [...body.rows];
    const key = (row) => {{ const cell = row.cells[column];
      return cell.dataset.v !== undefined ? parseFloat(cell.dataset.v) : cell.textContent; }};
    const down = th.dataset.down !== "1"; th.dataset.down = down ? "1" : "0";
    rows.sort((a, b) => {{ const x = key(a), y = key(b);
      const order = typeof x === "number" ? x - y : String(x).localeCompare(String(y));
      return down ? -order : order; }});
    rows.forEach((row) => body.appendChild(row));
  }}));
}}
</script>
</body></html>
"""
