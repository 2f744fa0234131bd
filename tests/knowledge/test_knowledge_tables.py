"""Conformance: every knowledge file loads, and every row names sources its file resolves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from servecheck.errors import KnowledgeError
from servecheck.knowledge import tables
from servecheck.knowledge.recipes import Recipe, list_recipes, load_recipe

DATA = tables.DATA_DIR


def _rows(raw: dict) -> list[tuple[str, dict]]:
    """Every row-like dict in a file: list items and single dict sections (not the sources map)."""
    found = []
    for key, value in raw.items():
        if key == "sources":
            continue
        if isinstance(value, list):
            found += [(f"{key}[{i}]", row) for i, row in enumerate(value) if isinstance(row, dict)]
        elif isinstance(value, dict) and "sources" in value:
            found.append((key, value))
    return found


ALL_FILES = sorted(DATA.glob("*.json")) + sorted((DATA / "recipes").glob("*.json"))


@pytest.mark.parametrize("path", ALL_FILES, ids=lambda p: p.name)
def test_every_row_has_resolvable_sources(path: Path) -> None:
    raw = json.loads(path.read_text())
    assert raw["schema_version"] == 1 and raw["version"]
    assert raw["sources"], "a file must cite at least one source"
    rows = _rows(raw)
    assert rows, f"{path.name} has no rows"
    for where, row in rows:
        tags = row.get("sources")
        assert tags, f"{path.name}: {where} has no sources"
        for tag in tags:
            assert tag in raw["sources"], f"{path.name}: {where}: unknown tag {tag}"
    unused = set(raw["sources"]) - {t for _, row in rows for t in row["sources"]}
    assert not unused, f"{path.name}: sources never cited: {unused}"


def test_every_table_file_is_registered_and_validates() -> None:
    stems = {p.stem for p in DATA.glob("*.json")}
    assert stems == set(tables.TABLES)
    for name in tables.TABLES:
        assert tables.load_table(name).schema_version == 1
    assert {"kimi-k3", "generic-vllm"} <= set(list_recipes())
    for name in list_recipes():
        assert isinstance(load_recipe(name), Recipe)


def test_malformed_row_names_file_and_row(tmp_path: Path) -> None:
    raw = json.loads((DATA / "driver_branches.json").read_text())
    raw["branches"][3]["branch"] = "575"  # not r###
    bad = tmp_path / "driver_branches.json"
    bad.write_text(json.dumps(raw))
    with pytest.raises(KnowledgeError, match=r"driver_branches\.json: branches\[3\]\.branch"):
        tables.validate_file(bad, tables.DriverBranches)


def test_unknown_source_tag_is_rejected(tmp_path: Path) -> None:
    raw = json.loads((DATA / "gpus.json").read_text())
    raw["products"][5]["sources"] = ["S999"]
    bad = tmp_path / "gpus.json"
    bad.write_text(json.dumps(raw))
    with pytest.raises(KnowledgeError, match=r"gpus\.json: products\[5\]: unknown source tag\(s\) S999"):
        tables.validate_file(bad, tables.Gpus)


def test_broken_json_is_a_knowledge_error(tmp_path: Path) -> None:
    bad = tmp_path / "rules.json"
    bad.write_text('{"schema_version": 1, "rules": [')
    with pytest.raises(KnowledgeError, match=r"rules\.json: not valid JSON"):
        tables.validate_file(bad, tables.Rules)


def test_unknown_recipe_lists_known_ones() -> None:
    with pytest.raises(KnowledgeError, match="kimi-k3"):
        load_recipe("no-such-recipe")


def test_table3_facts_the_gates_rely_on() -> None:
    rows = {r.version: r for r in tables.toolkits().toolkits}
    assert rows["13.0.0"].linux_driver == "580.65.06"
    assert rows["12.9.1"].linux_driver == "575.57.08"
    assert rows["12.8.0"].linux_driver == "570.26"
    floors = {m.major: m.mvc_floor for m in tables.toolkits().majors}
    assert floors == {13: "580.65.06", 12: "525.60.13", 11: "450.80.02", 10: None}
    branch = {b.branch: b for b in tables.branches().branches}
    assert branch["r575"].nvidia_smi_cuda == "12.9" and branch["r575"].type == "NFB"
    assert branch["r580"].nvidia_smi_cuda == "13.0" and branch["r580"].type == "LTSB"
    assert branch["r565"].nvidia_smi_cuda == "12.7"
