"""`tcglab report`: the files, the figures in them, and one-line errors for runs it
cannot read."""

import csv
import json
import shutil

import pytest

from tcglab.engine import get_game

pytest.importorskip("matplotlib")


@pytest.fixture(scope="module")
def report(ps_run, tmp_path_factory):
    from tcglab.lab.report import build

    folder, _ = ps_run
    out = tmp_path_factory.mktemp("report")
    headline = build(get_game("ps"), [folder], out)
    return out, headline


def test_the_report_files_are_written(report):
    out, _ = report
    for name in ("report.html", "cards.csv", "matchups.csv", "first_seat.csv", "lengths.csv",
                 "reasons.csv"):  # fmt: skip
        assert (out / name).stat().st_size > 0


def test_the_page_holds_its_figures_and_needs_no_network(report):
    out, headline = report
    page = (out / "report.html").read_text(encoding="utf-8")
    assert "http://" not in page.replace("http://www.w3.org", "")  # SVG namespaces only
    assert "https://" not in page and "<script src" not in page
    first = headline["first_seat"]
    assert first["n"] == 24
    assert f"n={first['n']})" in page  # the first-seat rate with its n
    assert "Matchups" in page and "Game length" in page and "GIH WR" in page
    assert page.count("<svg") >= 2  # the matchup heatmap and the game lengths
    assert "n too small (n=" in page  # 24 games are too few for most card rates
    assert 'class="sortable"' in page


def test_card_names_are_text_in_english_and_japanese(report):
    out, _ = report
    page = (out / "report.html").read_text(encoding="utf-8")
    face = get_game("ps").card_faces()["SH01"]
    assert f"{face['name_ja']} / {face['name']}" in page


def test_cards_csv_gives_every_rate_with_its_n(report, ps_run):
    out, _ = report
    with (out / "cards.csv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert {row["card"] for row in rows} >= {"SH01", "SK01"}
    for row in rows:
        for key in ("gih", "oh", "gd", "gns"):
            n, rate = int(row[f"{key}_n"]), row[f"{key}_wr"]
            assert (rate != "") == (n >= 20), (row["card"], key)  # never a rate without n
    matchups = list(csv.DictReader((out / "matchups.csv").open(encoding="utf-8")))
    assert {(m["deck"], m["against"], m["n"]) for m in matchups} == {
        ("starlight", "skyport", "24"), ("skyport", "starlight", "24")
    }  # fmt: skip


def test_report_json_prints_the_headline(tcglab, ps_run, tmp_path):
    folder, _ = ps_run
    status, out, err = tcglab("report", "ps", folder, "--out", tmp_path / "r", "--json")
    assert status == 0 and err == ""
    headline = json.loads(out)
    assert headline["games"] == 24 and headline["game"] == "ps"
    assert {"first_seat", "top_iwd", "matchups"} <= set(headline)


def one_line_error(tcglab, *args) -> str:
    status, out, err = tcglab("report", *map(str, args))
    assert status == 2 and out == ""
    assert err.startswith("tcglab: error: ") and err.count("\n") == 1
    return err


def test_a_run_of_another_game_is_refused(tcglab, ps_run, tmp_path):
    folder, _ = ps_run
    err = one_line_error(tcglab, "pm", folder, "--out", tmp_path)
    assert "is a run of ps, not pm" in err


def test_a_run_of_another_version_is_refused(tcglab, ps_run, tmp_path):
    folder, _ = ps_run
    old = tmp_path / "old"
    shutil.copytree(folder, old)
    facts = json.loads((old / "run.json").read_text())
    (old / "run.json").write_text(json.dumps({**facts, "tcglab": "0.0.1"}))
    err = one_line_error(tcglab, "ps", old, "--out", tmp_path / "r")
    assert "recorded by tcglab 0.0.1" in err


def test_an_empty_run_and_a_folder_that_is_no_run_are_refused(tcglab, tmp_path):
    from tcglab.lab.records import RecordWriter, run_facts

    empty = tmp_path / "empty"
    RecordWriter(empty, run_facts(get_game("ps"), "sim", {}, None)).close({})
    assert "holds no games" in one_line_error(tcglab, "ps", empty, "--out", tmp_path / "r")
    err = one_line_error(tcglab, "ps", tmp_path / "nothing", "--out", tmp_path / "r")
    assert "is not a run folder" in err


def test_a_damaged_parquet_table_is_refused_naming_it(tcglab, ps_run, tmp_path):
    folder, _ = ps_run
    damaged = tmp_path / "damaged"
    shutil.copytree(folder, damaged)
    cards = damaged / "cards.parquet"
    cards.write_bytes(cards.read_bytes()[:200])  # cut short, as by a full disk
    err = one_line_error(tcglab, "ps", damaged, "--out", tmp_path / "r")
    assert err.startswith(f"tcglab: error: {cards} is not a readable Parquet table (")
    assert err.endswith("); record the run again\n")
    assert not (tmp_path / "r").exists()


def test_a_run_folder_given_twice_is_refused(tcglab, ps_run, tmp_path):
    folder, _ = ps_run
    again = folder.parent / ".." / folder.parent.name / folder.name
    err = one_line_error(tcglab, "ps", folder, again, "--out", tmp_path / "r")
    assert err == (
        f"tcglab: error: the run folder {folder} is given twice (as {folder} and as {again}); "
        "give each run folder once\n"
    )
    err = one_line_error(tcglab, "ps", folder, folder, "--out", tmp_path / "r")
    assert err == (
        f"tcglab: error: the run folder {folder} is given twice; give each run folder once\n"
    )
    assert not (tmp_path / "r").exists()


def test_a_report_that_fails_midway_leaves_nothing_behind(tcglab, ps_run, tmp_path, monkeypatch):
    """The report is written beside --out and put in place whole: a chart that fails
    leaves no new folder, a full disk leaves an earlier report as it was."""
    import errno

    from tcglab.lab import report

    folder, _ = ps_run

    def broken_chart(*args):
        raise RuntimeError("the chart failed")

    monkeypatch.setattr(report.Page, "html", broken_chart)
    status, out, err = tcglab("report", "ps", folder, "--out", tmp_path / "new" / "r")
    assert status == 1 and out == "" and "RuntimeError: the chart failed" in err
    assert list(tmp_path.iterdir()) == []
    monkeypatch.undo()

    earlier = tmp_path / "earlier"
    earlier.mkdir()
    (earlier / "report.html").write_text("the earlier report")
    (earlier / "cards.csv").write_text("the earlier cards")
    real = report._csv

    def full_disk(path, header, rows):
        if path.name == "first_seat.csv":  # after cards.csv and matchups.csv
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path, header, rows)

    monkeypatch.setattr(report, "_csv", full_disk)
    err = one_line_error(tcglab, "ps", folder, "--out", earlier)
    assert err == f"tcglab: error: cannot write the report to {earlier}: No space left on device\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["earlier"]
    assert sorted(p.name for p in earlier.iterdir()) == ["cards.csv", "report.html"]
    assert (earlier / "report.html").read_text() == "the earlier report"
    assert (earlier / "cards.csv").read_text() == "the earlier cards"


def test_a_new_report_folder_gets_the_usual_permissions(tmp_path):
    """A staged folder is made as any new folder is, not for its owner alone."""
    import os

    from tcglab.lab.staging import StagedFolder

    staged = StagedFolder(tmp_path / "r")
    staged.finish()
    mask = os.umask(0)
    os.umask(mask)
    assert (tmp_path / "r").stat().st_mode & 0o777 == 0o777 & ~mask


def test_an_out_that_is_a_file_is_refused_untouched(tcglab, ps_run, tmp_path):
    folder, _ = ps_run
    taken = tmp_path / "taken.html"
    taken.write_text("mine")
    err = one_line_error(tcglab, "ps", folder, "--out", taken)
    assert err == f"tcglab: error: cannot write the report to {taken}: it is a file, not a folder\n"
    assert [p.name for p in tmp_path.iterdir()] == ["taken.html"] and taken.read_text() == "mine"


def test_glyphs_missing_from_the_fonts_here_do_not_warn(recwarn):
    from tcglab.lab.report import Page

    page = Page(get_game("ps"), [], {})
    with page.pyplot.rc_context({"font.sans-serif": ["DejaVu Sans"]}):  # no CJK font
        figure, axes = page.pyplot.subplots()
        axes.set_title("ひぐらしのなく頃に")
        svg = page.svg(figure)
    assert "ひぐらしのなく頃に" in svg  # kept as text for the browser's fonts
    assert not [w for w in recwarn if "missing from font" in str(w.message)]
