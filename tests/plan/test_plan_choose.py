"""Path choice: criteria as data, open questions never assumed, diagnosis decides relevance."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

from servecheck.diagnose.models import Diagnosis
from servecheck.errors import InputError, UsageError
from servecheck.plan import answers as ans
from servecheck.plan.choose import criteria, make_plan, question_ids


def _diag(primary: dict | None = None, lines: int = 90, **extra: object) -> dict:
    """A diagnosis as diagnose saves it (stored runs are read back into this model)."""
    if primary is not None:
        primary = {"signature": "s", "severity": "fatal", "confidence": 0.9, "first_line": 4, **primary}
    # what diagnose (schema 2) saves: a failure, an empty input, or a start that completed
    status = "failure" if primary else ("empty" if lines == 0 else "no_failure")
    return Diagnosis.model_validate({"servecheck_version": "0.1", "input": "bundle b", "primary": primary,
                                     "status": status, "stats": {"source": "bundle b", "lines": lines},
                                     **extra}
                                    ).model_dump(mode="json", by_alias=True)


DRIVER = _diag({"class": "driver_too_old", "layer": "host_driver"})
OOM = _diag({"class": "oom_weights", "layer": "memory_capacity",
             "next_steps": ["lower --gpu-memory-utilization"]})


def all_yes() -> dict[str, bool | None]:
    return dict.fromkeys(question_ids(), True)


def test_every_path_question_is_declared() -> None:
    for path in criteria()["paths"]:
        assert set(path["requires"]) <= question_ids()
        assert path["title"]["en"] and path["title"]["de"]
    for q in criteria()["questions"].values():
        assert q["en"] and q["de"] and q["label"]["en"] and q["label"]["de"]


def test_a_wins_when_everything_is_met_and_others_are_explained() -> None:
    plan = make_plan(DRIVER, all_yes(), diagnosis_run=2)
    assert plan.recommended == "A" and plan.diagnosis.status == "applies"
    assert "Path A wins" in plan.reason
    assert all("path A is preferred" in p.verdict for p in plan.paths[1:])


def test_one_no_blocks_a_and_names_what_it_lacks() -> None:
    answers = all_yes() | {"driver_rollback_tested": False}
    plan = make_plan(DRIVER, answers)
    a = plan.paths[0]
    assert a.status == "blocked" and [q.id for q in a.lacks] == ["driver_rollback_tested"]
    assert "tested way back" in a.verdict
    assert plan.recommended == "B"


def test_unanswered_is_open_not_assumed() -> None:
    answers = all_yes()
    del answers["maintenance_window"]
    plan = make_plan(DRIVER, answers | {"reproducible_builds": False, "isolated_capacity": None})
    assert plan.paths[0].status == "open"
    assert plan.recommended is None
    assert {q.id for q in plan.open_questions} == {"maintenance_window", "isolated_capacity"}


def test_preferred_open_path_is_mentioned_when_a_lower_one_wins() -> None:
    answers = all_yes() | {"maintenance_window": None, "reproducible_builds": False}
    plan = make_plan(DRIVER, answers)
    assert plan.recommended == "C"
    assert "Path A is preferred over it and could still win" in plan.reason


def test_oom_is_not_fixed_by_a_driver_upgrade() -> None:
    plan = make_plan(OOM, all_yes(), diagnosis_run=5)
    assert plan.recommended is None and plan.diagnosis.status == "not_applicable"
    assert "oom_weights" in plan.reason and "not the fix" in plan.reason
    assert plan.diagnosis.next_steps == ["lower --gpu-memory-utilization"]


def test_compat_verdict_alone_makes_the_paths_apply() -> None:
    plan = make_plan(_diag(compat={"verdict": "incompatible"}), all_yes())
    assert plan.diagnosis.status == "applies" and plan.recommended == "A"
    healthy = make_plan(_diag(), all_yes())
    assert healthy.diagnosis.status == "no_failure" and healthy.recommended is None


def test_a_diagnosis_that_judged_nothing_is_not_a_no_failure() -> None:
    for diagnosis in (_diag(lines=0), {"primary": None}, _diag() | {"schema_version": 7}):
        plan = make_plan(diagnosis, all_yes(), diagnosis_run=5)
        assert plan.diagnosis.status == "not_judged", diagnosis
        assert "judged nothing" in plan.diagnosis.note and plan.recommended == "A"


def test_missing_diagnosis_is_said() -> None:
    plan = make_plan(None, all_yes())
    assert plan.diagnosis.status == "missing" and "No diagnosis" in plan.diagnosis.note


def test_german() -> None:
    plan = make_plan(DRIVER, all_yes() | {"maintenance_window": False}, lang="de")
    assert plan.paths[0].verdict.startswith("Es fehlt: ein Wartungsfenster")
    assert plan.paths[0].title.startswith("Host-Treiber")


def test_b_shows_exit_criteria_and_c_the_separation_duties() -> None:
    plan = make_plan(DRIVER, all_yes())
    b, c = plan.paths[1], plan.paths[2]
    assert any("second person" in e for e in b.exit_criteria)
    assert any("GDPR" in o for o in c.obligations) and any("endpoint" in o for o in c.obligations)


def test_answers_file_json_and_toml(tmp_path: Path) -> None:
    known = question_ids()
    j = tmp_path / "a.json"
    j.write_text(json.dumps({"answers": {"maintenance_window": "ja", "image_rollback": False}}))
    assert ans.from_file(j, known) == {"maintenance_window": True, "image_rollback": False}
    t = tmp_path / "a.toml"
    t.write_text('maintenance_window = "no"\nisolated_capacity = "unknown"\n')
    assert ans.from_file(t, known) == {"maintenance_window": False, "isolated_capacity": None}


@pytest.mark.parametrize("content", ['{"typo_question": "yes"}', '{"maintenance_window": "maybe"}', "{bad"])
def test_bad_answers_files(tmp_path: Path, content: str) -> None:
    f = tmp_path / "a.json"
    f.write_text(content)
    with pytest.raises(InputError):
        ans.from_file(f, question_ids())


def test_flags_win_over_file() -> None:
    merged, sources = ans.merge(("file", {"maintenance_window": True}),
                                ("flag", ans.from_flags(("maintenance_window=no",), question_ids())))
    assert merged == {"maintenance_window": False} and sources == {"maintenance_window": "flag"}
    with pytest.raises(UsageError):
        ans.from_flags(("nonsense",), question_ids())


def test_shipped_demo_answers_choose_a() -> None:
    path = resources.files("servecheck.plan").joinpath("data", "demo-answers.json")
    answers = ans.from_file(Path(str(path)), question_ids())
    plan = make_plan(DRIVER, answers)
    assert plan.recommended == "A"
    assert plan.paths[1].status == "blocked" and plan.paths[2].status == "open"


def test_plan_cli_attaches_to_case(tmp_path: Path, sc) -> None:
    case_id = sc("case", "new", "plan test").stdout.strip()
    d = tmp_path / "diag.json"
    d.write_text(json.dumps(DRIVER))
    assert sc("case", "attach", case_id, str(d)).returncode == 0
    answers = tmp_path / "answers.json"
    answers.write_text(json.dumps(dict.fromkeys(question_ids(), "yes")))
    res = sc("plan", "--case", case_id, "--answers", str(answers), "--json")
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)["recommended"] == "A"
    shown = json.loads(sc("case", "show", case_id, "--json").stdout)
    assert [r["kind"] for r in shown["runs"]] == ["diagnose", "plan"]
    assert shown["runs"][1]["payload"]["diagnosis"]["run_id"] == shown["runs"][0]["id"]
    none = sc("plan", "--case", case_id, "--no-input")  # nothing answered -> nothing chosen
    assert none.returncode == 1 and "Open questions" in none.stdout


def test_questions_on_the_terminal_skip_stays_open(tmp_path: Path) -> None:
    import subprocess
    import sys

    ids = sorted(question_ids())
    replies = {"maintenance_window": "no", "image_rollback": "ja"}
    stdin = "".join(replies.get(q, "skip") + "\n" for q in ids)
    res = subprocess.run([sys.executable, "-m", "servecheck", "plan", "--ask", "--json"], input=stdin,
                         capture_output=True, text=True, timeout=60,
                         env={"PATH": "/usr/bin:/bin", "SERVECHECK_STORE": str(tmp_path / "s.db")})
    plan = json.loads(res.stdout)
    assert plan["answers"]["maintenance_window"] is False and plan["answers"]["image_rollback"] is True
    assert plan["answer_sources"]["image_rollback"] == "terminal"
    assert len(plan["open_questions"]) == len(ids) - 2 and plan["recommended"] is None
