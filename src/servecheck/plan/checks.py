"""Judge a stage's result for a runbook step: pass, fail or open, with a one-line reason.

Fail closed: each step declares in runbook.json the facts its check needs ("needs"). A result
that cannot be read, a fact that is missing or unknown, a capture marked incomplete or a
diagnosis that had nothing to judge makes the step ``open`` (not done, nothing to roll back),
naming what is missing and the command that records it. Only evidence makes a step pass.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from servecheck.capture.models import SCHEMA_VERSION as EVIDENCE_VERSION
from servecheck.capture.models import Evidence
from servecheck.diagnose.models import Diagnosis
from servecheck.load.models import SCHEMA_VERSION as LOAD_VERSION
from servecheck.load.models import LoadResult
from servecheck.plan.facts import FACTS, from_evidence, read_diagnosis
from servecheck.store.typed import read_model
from servecheck.verify.models import SCHEMA_VERSION as VERIFY_VERSION
from servecheck.verify.models import CheckResult, VerifyResult

Verdict = tuple[str, str]  # (pass|fail|open, reason)
# A diagnosis that judged a real start log says one of these; anything else had nothing to judge.
JUDGED = ("no_failure", "failure")
NEW_CAPTURE = "servecheck capture --container NAME --out DIR on the changed node, then " \
              "`runbook check 4 --bundle DIR`"


def _missing(names: list[str], values: dict[str, str | None]) -> list[str]:
    return [f"{FACTS[n][0]} (record with: {FACTS[n][1]})" for n in names if values.get(n) is None]


def _capture(p: dict[str, Any], needs: list[str]) -> Verdict:
    typed = read_model(p, Evidence, EVIDENCE_VERSION, "capture result")
    if typed.model is None:
        return "open", f"{typed.error}; record the evidence with: {FACTS['log'][1]}"
    ev = typed.model
    values = from_evidence(ev)
    missing = _missing(needs, values)
    unread = getattr(ev, "missing", None) or []
    if unread:
        missing.insert(0, "the capture could not read " + ", ".join(map(str, unread)))
    if missing:
        return "open", "evidence incomplete, missing: " + "; ".join(missing)
    bad = [x.name for x in ev.probes if x.status in ("timeout", "error")]
    note = f"; probes with problems (recorded): {', '.join(bad)}" if bad else ""
    return "pass", (f"evidence secured: image {values['image.ref']}, driver {values['driver.version']}, "
                    f"log {values['log']}{note}")


def diagnosis_status(p: dict[str, Any], d: Diagnosis) -> str:
    """The diagnosis's status (a schema-1 diagnosis gets one from the model: failure or
    incomplete); a read that stopped early proves no completed start."""
    if d.stats.read_error and d.status == "no_failure":
        return "incomplete"
    return d.status


def _diagnose(p: dict[str, Any], needs: list[str]) -> Verdict:
    typed = read_diagnosis(p, "diagnosis result")
    if typed.model is None:
        return "open", f"{typed.error}; diagnose a new capture: {NEW_CAPTURE}"
    d = typed.model
    status = diagnosis_status(p, d)
    if status == "failure" and d.primary is not None:
        return "fail", f"container still fails: {d.primary.cls} ({d.primary.layer})"
    if status not in JUDGED or status == "failure":
        said = d.status_message or "nothing to judge"
        return "open", (f"diagnosis status {status} ({d.stats.lines} log lines read from "
                        f"{d.stats.source}): {said}; record with: {NEW_CAPTURE}")
    return "pass", f"no failure found in {d.stats.lines} log lines of {d.stats.source}"


def is_rehearsal(result: VerifyResult) -> bool:
    """A verify against servecheck's own simulator: server kind "sim" (verify schema 3), or an
    older result whose server version carries the sim's "+sim" local part."""
    return result.server.kind == "sim" or (result.server.version or "").endswith("+sim")


def never_ran(result: VerifyResult, check: CheckResult) -> bool:
    """The check never reached a ready server (not_run, or an older "error: not run: ..."):
    nothing was proven either way, so it is neither passed nor failed."""
    return (check.status == "not_run" or result.server.unreachable is not None
            or (check.status == "error" and check.summary.startswith("not run")))


def _verify(p: dict[str, Any], needs: list[str]) -> Verdict:
    typed = read_model(p, VerifyResult, VERIFY_VERSION, "verify result")
    if typed.model is None:
        return "open", f"{typed.error}; run: servecheck verify URL --case ID"
    result = typed.model
    if is_rehearsal(result):
        return "rehearsed", ("verify ran against the built-in simulator: a rehearsal, not evidence "
                             "about the real server; run: servecheck verify URL --case ID")
    unrun = [c for c in result.checks if never_ran(result, c)]
    if unrun:
        why = result.server.unreachable or unrun[0].summary
        return "open", (f"not proven: server unreachable ({why}); {len(unrun)} check(s) not run; "
                        "start the server, then run: servecheck verify URL --case ID")
    checks = {c.name: c for c in result.checks}
    bad = [f"{c.name}={c.status}" for c in checks.values() if c.status in ("fail", "error")]
    if bad:
        return "fail", "checks not passing: " + ", ".join(bad)
    not_passed = [f"{n} ({checks[n].status if n in checks else 'not run'})" for n in needs
                  if n not in checks or checks[n].status != "pass"]
    if not_passed:
        return "open", ("required check(s) not passed: " + ", ".join(not_passed)
                        + "; run: servecheck verify URL --case ID")
    skipped = [c.name for c in checks.values() if c.status == "skip"]
    note = f"; skipped (not judged): {', '.join(skipped)}" if skipped else ""
    return "pass", f"{len(checks) - len(skipped)} check(s) passed{note}"


def _load(p: dict[str, Any], needs: list[str]) -> Verdict:
    typed = read_model(p, LoadResult, LOAD_VERSION, "load result")
    if typed.model is None:
        return "open", f"{typed.error}; run: servecheck load URL --case ID"
    res = typed.model
    if res.target.simulated:
        return "rehearsed", ("load ran against the built-in simulator: a rehearsal, not evidence "
                             "about the real server; run: servecheck load URL --case ID")
    if res.stop is not None and res.stop.rule in ("unreachable", "not_ready"):
        # the ramp never reached a ready server: nothing measured, nothing proven either way
        return "open", (f"not proven: server unreachable ({res.stop.reason}); start the server, "
                        "then run: servecheck load URL --case ID")
    if res.stop is not None:
        return "fail", f"ramp stopped at stage {res.stop.stage}: {res.stop.rule} ({res.stop.reason})"
    sent = sum(s.counts.sent for s in res.stages)
    if res.status != "completed" or not res.stages or sent == 0:
        return "open", (f"load status {res.status}, {len(res.stages)} stage(s), {sent} request(s) "
                        "sent: nothing to judge; run: servecheck load URL --case ID")
    failed = sum(s.counts.failed for s in res.stages)
    return "pass", f"{len(res.stages)} stage(s) completed, {failed} of {sent} request(s) failed"


def _comm(p: dict[str, Any], needs: list[str]) -> Verdict:
    from servecheck.comm.judge import outcome

    return outcome(p)


JUDGES: dict[str, Callable[[dict[str, Any], list[str]], Verdict]] = {
    "capture": _capture, "diagnose": _diagnose, "verify": _verify, "load": _load, "comm": _comm,
}


def judge(kind: str, payload: dict[str, Any], needs: list[str] | None = None) -> Verdict:
    """Judge ``payload`` for a step whose check is ``kind`` and which needs ``needs``."""
    fn = JUDGES.get(kind)
    if fn is None:
        return "open", f"no check for results of kind {kind}"
    try:
        return fn(payload, list(needs or []))
    except (TypeError, ValueError, AttributeError) as exc:
        return "open", f"unreadable {kind} result: {exc}"
