"""The method's re-checks: multimodal, agent round trip and fallback, against the sim and a
second sim on another port; the fallback result reaches checklist item 11 of the case."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

from click.testing import CliRunner

from servecheck.cli.main import cli
from servecheck.server.images import COLOURS, colour_name, first_pixel, solid_png
from servecheck.sim.server import running_sim
from servecheck.verify.options import VerifyOptions
from servecheck.verify.runner import run_verify

RECHECKS = ("multimodal", "agent", "fallback")


def _verify(url: str, **opts):
    return {c.name: c for c in run_verify(VerifyOptions(url=url, timeout_s=20, wait_s=3, checks=RECHECKS, **opts)).checks}


def test_png_round_trip():
    for name, rgb in COLOURS.items():
        assert colour_name(first_pixel(solid_png(rgb, 8)) or (1, 2, 3)) == name
    assert first_pixel(b"not a png") is None and first_pixel(solid_png((1, 2, 3))[:30]) is None


def test_all_three_work_against_the_sim_with_a_fallback_on_another_port():
    with running_sim("healthy") as new, running_sim("healthy") as old:
        checks = _verify(new.url, fallback_url=old.url)
        served_by_old = old.state.snapshot()["requests_total"]
    assert {n: c.verdict for n, c in checks.items()} == {"multimodal": "working", "agent": "working",
                                                        "fallback": "rollback_ready"}
    mm = checks["multimodal"].evidence
    assert mm["image"]["colour"] in mm["answer"].lower()
    rounds = checks["agent"].evidence["rounds"]
    assert set(rounds) == {"plain", "streamed"} and all(r["tracking_code"] in r["answer"] for r in rounds.values())
    assert served_by_old == 2 and checks["fallback"].evidence["fallback_url"] == old.url


def test_scenarios_that_break_each():
    with running_sim("no-vision") as sim:
        assert _verify(sim.url)["multimodal"].status == "skip"  # a text-only model: not supported
    with running_sim("vision-ignored") as sim:
        mm = _verify(sim.url)["multimodal"]
    assert mm.status == "fail" and mm.verdict == "image_ignored"
    with running_sim("agent-broken") as sim:
        agent = _verify(sim.url)["agent"]
    assert agent.status == "fail" and "--tool-call-parser" in agent.summary and "called a tool again" in agent.summary
    with running_sim("healthy") as sim:
        fallback = _verify(sim.url, fallback_url="http://127.0.0.1:9")["fallback"]  # nothing listens there
    assert fallback.status == "fail" and fallback.verdict == "unreachable" and "refused" in fallback.summary


def test_no_answer_check_accepts_any_answer():
    with running_sim("vision-ignored") as sim:
        assert _verify(sim.url, check_answer=False)["multimodal"].status == "pass"


def test_fallback_attached_to_the_case_rehearses_checklist_item_11(tmp_path: Path):
    from servecheck.report.accept import evaluate
    from servecheck.report.view import load_view
    from servecheck.store import open_store

    db = tmp_path / "s.db"
    with open_store(db) as store:
        case_id = store.new_case("rollback")
    junit = tmp_path / "v.xml"
    with running_sim("healthy") as new, running_sim("healthy") as old:
        res = CliRunner().invoke(cli, ["verify", new.url, "--checks", "api,multimodal,agent,fallback",
                                       "--fallback-url", old.url, "--json", "--junit", str(junit),
                                       "--case", case_id, "--store", str(db)], standalone_mode=False)
    assert res.exception is None, res.output
    assert [c["status"] for c in json.loads(res.stdout)["checks"]] == ["pass"] * 4
    assert {tc.get("name") for tc in ET.fromstring(junit.read_text()).iter("testcase")} >= set(RECHECKS)
    with open_store(db) as store:
        items = {i.id: i for i in evaluate(load_view(store, case_id), "en").items}
    # both servers are the built-in simulator: a rehearsal of item 11, never met (issue #12)
    assert items["fallback_documented"].status == "rehearsed"
    assert items["fallback_documented"].evidence_status == "rehearsed"
    out = tmp_path / "report"
    rep = CliRunner().invoke(cli, ["report", "--case", case_id, "--store", str(db), "--out", str(out),
                                   "--format", "md", "--lang", "en"], standalone_mode=False)
    assert rep.exception is None, rep.output
    text = "\n".join(p.read_text() for p in out.glob("*.md"))
    assert all(name in text for name in RECHECKS) and "rollback_ready" in text
