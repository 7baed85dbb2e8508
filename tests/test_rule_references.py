"""Every rule ID that the code, the tests or the docs cite is defined in the rules
reference (docs/rules/<game>.md), so a reader can look each citation up."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
FILES = {"PGT": "pgt.md", "PM": "pm.md", "PS": "ps.md", "G4": "higurashi.md"}
RULE_ID = r"(?:PGT|PM|PS|G4)-(?:WE-\d+|GAP-\d+|\d+(?:\.\d+)*)"
CITED = re.compile(r"\b" + RULE_ID)
# A rule is defined where its ID opens a bold run or a heading: `- **PGT-14.2** ...`.
DEFINED = re.compile(r"\*\*(" + RULE_ID + r")(?![\d.]*\d)|^#+ (" + RULE_ID + r")\b", re.M)
SOURCES = ("src", "tests", "docs", "bench", "README.md")
SUFFIXES = {".py", ".toml", ".js", ".md", ".txt", ".html"}


def defined_ids() -> dict[str, set[str]]:
    found = {}
    for prefix, name in FILES.items():
        text = (RULES / name).read_text(encoding="utf-8")
        found[prefix] = {a or b for a, b in DEFINED.findall(text)}
    return found


def citing_files():
    for source in SOURCES:
        path = ROOT / source
        files = [path] if path.is_file() else sorted(path.rglob("*"))
        for file in files:
            if file.is_file() and file.suffix in SUFFIXES and RULES not in file.parents:
                yield file


def test_each_game_has_its_rules_reference():
    for prefix, ids in defined_ids().items():
        assert len(ids) > 50, f"docs/rules/{FILES[prefix]} defines only {len(ids)} rule IDs"
        assert any(i.startswith(f"{prefix}-WE-") for i in ids), f"{prefix}: no worked examples"
        assert any(i.startswith(f"{prefix}-GAP-") for i in ids), f"{prefix}: no interpretations"


def test_every_cited_rule_id_is_defined():
    defined = defined_ids()
    unknown: dict[str, list[str]] = {}
    for file in citing_files():
        for rule in set(CITED.findall(file.read_text(encoding="utf-8", errors="replace"))):
            if rule not in defined[rule.split("-")[0]]:
                unknown.setdefault(rule, []).append(str(file.relative_to(ROOT)))
    assert not unknown, "cited but not in docs/rules: " + "; ".join(
        f"{rule} ({', '.join(files[:3])})" for rule, files in sorted(unknown.items())
    )
