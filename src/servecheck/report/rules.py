"""Evidence rules for the acceptance checklist: one small pure function per item.

A rule reads the case view and returns (status, message key, message values, refs). "open"
means the evidence cannot show it: a named person signs it off. Reading is defensive: another
stage's JSON may lack a field, which makes the item open, never met.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from servecheck.diagnose.models import Finding
from servecheck.plan.checks import JUDGED, diagnosis_status, is_rehearsal, never_ran
from servecheck.plan.runbook import StepState
from servecheck.report.lang import word
from servecheck.report.models import SCHEMA_VERSION as DECISION_VERSION
from servecheck.report.models import DecisionRecord, ItemStatus, Ref
from servecheck.report.sections import other_chains
from servecheck.report.view import CaseView, say
from servecheck.store.models import Run
from servecheck.store.typed import read_model
from servecheck.verify.models import CheckResult, VerifyResult

Outcome = tuple[ItemStatus, str, dict[str, Any], list[Ref]]
CONFLICT_CLASSES = {"driver_too_old"}
LATER_CLASSES = {"oom_weights", "kv_cache_insufficient", "nccl_comm"}
ENABLED_VERDICTS = {"working", "below_block_granularity", "not_retained"}


def _fact_ref(view: CaseView, lang: str, *names: str) -> list[Ref]:
    """One reference per run that the facts come from (the newest run that knows each)."""
    refs: dict[int, Ref] = {}
    for name in names:
        fact = view.facts.get(name)
        if fact.ref is not None:
            ref = refs.setdefault(fact.ref.run_id, Ref(run_id=fact.ref.run_id, kind=fact.ref.kind,
                                                       file=fact.ref.file, text=""))
            ref.text = f"{ref.text}; {say(lang, 'facts', fact.name)} {fact.value}".lstrip("; ")
    return list(refs.values())


def image_archived(view: CaseView, lang: str = "en") -> Outcome:
    """Needs image.ref, image.digest, vllm.version (checklist.json): checked before this runs."""
    f = view.facts
    vllm = f.get("vllm.version")
    return "met", "image_archived", {"ref": f"{f.get('image.ref').value} @ {f.get('image.digest').value}",
                                     "vllm": vllm.value,
                                     "source": _run_phrase(vllm.ref.run_id) if vllm.ref else "-"}, \
        _fact_ref(view, lang, "image.ref", "image.digest", "vllm.version")


def driver_cuda_documented(view: CaseView, lang: str = "en") -> Outcome:
    """Needs driver.version and image.cuda (checklist.json): checked before this runs."""
    f = view.facts
    return "met", "driver_cuda", {"driver": f.get("driver.version").value,
                                  "branch": f.get("driver.branch").value or "?",
                                  "cuda": f.get("image.cuda").value}, \
        _fact_ref(view, lang, "driver.version", "driver.branch", "image.cuda")


def _run_phrase(run_id: Any) -> Callable[[str], str]:
    """"run 1" in the reader's language (filled in when the text is said)."""
    return lambda lang: f"{say(lang, 'ui', 'run')} {run_id}"


def _where(findings: list[Finding], run_id: int) -> list[tuple[Any, Any, Any]]:
    return [(f.cls, run_id, f.first_line) for f in findings if f.cls in LATER_CLASSES]


def _chains(places: list[tuple[Any, Any, Any]]) -> Callable[[str], str]:
    """'oom_weights (run 2, line 41), ...' in the reader's language; '-' when there are none."""
    def phrase(lang: str) -> str:
        return ", ".join(say(lang, "ui", "chain_at", cls=c, run=r, line=n) if n is not None
                         else say(lang, "ui", "chain_in", cls=c, run=r) for c, r, n in places) or "-"
    return phrase


def _statuses(pairs: list[tuple[Any, str]]) -> Callable[[str], str]:
    """'run 2: no_log_lines, ...' in the reader's language."""
    return lambda lang: ", ".join(f"{say(lang, 'ui', 'run')} {r}: {word(lang, s)}" for r, s in pairs)


def conflict_separated(view: CaseView, lang: str = "en") -> Outcome:
    if not view.diagnoses and view.all("diagnose"):
        return "open", "unreadable", {"why": "; ".join(view.facts.unreadable)}, []
    if not view.diagnoses:
        return "open", "no_diagnosis", {}, []
    # Only a diagnosis that judged a start log can show (or rule out) the conflict.
    diagnoses = [(r, d) for r, d in view.diagnoses if diagnosis_status(r.payload, d) in JUDGED]
    if not diagnoses:
        runs = _statuses([(r.id, diagnosis_status(r.payload, d)) for r, d in view.diagnoses])
        return "open", "not_judged", {"runs": runs}, []
    conflict = [(r, d) for r, d in diagnoses if d.primary and d.primary.cls in CONFLICT_CLASSES]
    if not conflict:
        return "open", "no_conflict", {"n": len(diagnoses)}, []
    first, d = conflict[0]
    assert d.primary is not None  # chosen for its primary above
    line = d.primary.evidence[0] if d.primary.evidence else None
    refs = [Ref(run_id=first.id, kind="diagnose", file=first.path, line=line.line if line else None,
                text=line.text if line else None)]
    later = [(x.primary.cls, r.id, None) for r, x in diagnoses if x.primary and x.primary.cls in LATER_CLASSES]
    return "met", "conflict_separated", {"run": first.id, "linked": _chains(_where(d.primary.consequences, first.id)),
                                         "others": _chains(_where(other_chains(d), first.id) + later)}, refs


def _step(view: CaseView, n: int) -> StepState:
    return view.runbook()[n - 1]


def _step_ref(s: StepState, lang: str) -> list[Ref]:
    last = s.last
    return [Ref(run_id=last.run_id, kind="runbook", text=f"{say(lang, 'ui', 'step')} {s.n}: {last.by} {last.at}: "
                f"{s.reason}")] if last else []


def _steps_outcome(view: CaseView, steps: tuple[int, ...], met_key: str, lang: str) -> Outcome:
    """Met only when every step passed for real: a failed step fails the item, an open one names
    its missing facts, a rehearsed one (the demo) is shown as rehearsed, never met."""
    states = [_step(view, n) for n in steps]
    refs = [ref for s in states for ref in _step_ref(s, lang)]
    failed = [s for s in states if s.status == "fail"]
    if failed:
        return "failed", "step_failed", {"step": failed[0].n}, refs
    opened = [s for s in states if s.status == "open"]
    if opened:
        reason = opened[0].reason
        return "open", "step_open", {"step": opened[0].n, "reason": reason}, refs
    not_passed = [str(s.n) for s in states if s.status not in ("pass", "rehearsed")]
    if not_passed:
        return "open", "steps_not_done", {"steps": ", ".join(not_passed)}, refs
    rehearsed = [str(s.n) for s in states if s.status == "rehearsed"]
    if rehearsed:
        return "rehearsed", "steps_rehearsed", {"steps": ", ".join(rehearsed)}, refs
    return "met", met_key, {"step": steps[-1]}, refs


def isolated_node_tested(view: CaseView, lang: str = "en") -> Outcome:
    return _steps_outcome(view, (2, 4), "isolated_node", lang)


def _check_outcome(view: CaseView, name: str) -> Outcome:
    found = verify_with(view, name)
    if found is None:
        return "open", "no_check", {"check": name}, []
    run, result, check = found
    ref = [Ref(run_id=run.id, kind="verify", file=run.path, text=f"{name}: {check.summary}")]
    status = check.status
    if never_ran(result, check):
        return "open", "check_not_run", {"check": name, "run": run.id, "why": check.summary}, ref
    if is_rehearsal(result) and status in ("pass", "fail", "error"):
        return "rehearsed", "check_rehearsed", {"check": name, "run": run.id}, ref
    if status == "pass":
        return "met", "check_passed", {"check": name, "run": run.id}, ref
    if status in ("fail", "error"):
        return "failed", "check_failed", {"check": name, "status": status, "run": run.id}, ref
    return "open", "check_skipped", {"check": name, "status": status}, ref


def minimal_api(view: CaseView, lang: str = "en") -> Outcome:
    return _check_outcome(view, "api")


def target_context(view: CaseView, lang: str = "en") -> Outcome:
    return _check_outcome(view, "context")


def verify_with(view: CaseView, name: str) -> tuple[Run, VerifyResult, CheckResult] | None:
    """The newest verify run that has check ``name``, its result and that check."""
    for run, result in reversed(view.verifies):
        for check in result.checks:
            if check.name == name:
                return run, result, check
    return None


def _prefix(view: CaseView) -> tuple[str | None, list[Ref]]:
    found = verify_with(view, "prefix_cache")
    if found is None:
        return None, []
    run, result, check = found
    if never_ran(result, check):
        return "not_run", [Ref(run_id=run.id, kind="verify", file=run.path,
                               text=f"prefix_cache: {check.summary}")]
    verdict = check.verdict or evidence_verdict(check)
    if is_rehearsal(result) and verdict is not None:
        verdict = "rehearsed"
    return verdict, [Ref(run_id=run.id, kind="verify", file=run.path, text=f"prefix_cache: {verdict}: {check.summary}")]


def evidence_verdict(check: CheckResult) -> str | None:
    """Older verify results kept the prefix-cache verdict inside the check's evidence."""
    value = check.evidence.get("verdict")
    return value if isinstance(value, str) else None


def _prefix_unproven(verdict: str, refs: list[Ref]) -> Outcome:
    """A prefix-cache check run against the simulator (rehearsed) or never run (open)."""
    values = {"check": "prefix_cache", "run": refs[0].run_id, "why": refs[0].text}
    if verdict == "rehearsed":
        return "rehearsed", "check_rehearsed", values, refs
    return "open", "check_not_run", values, refs


def prefix_caching_enabled(view: CaseView, lang: str = "en") -> Outcome:
    verdict, refs = _prefix(view)
    if verdict in ("rehearsed", "not_run"):
        return _prefix_unproven(verdict, refs)
    if verdict in ENABLED_VERDICTS:
        return "met", "prefix_enabled", {"verdict": verdict}, refs
    if verdict == "not_enabled":
        return "failed", "prefix_not_enabled", {}, refs
    return "open", "prefix_unknown", {"verdict": verdict or "-"}, refs


def prefixes_compared(view: CaseView, lang: str = "en") -> Outcome:
    verdict, refs = _prefix(view)
    if verdict in ("rehearsed", "not_run"):
        return _prefix_unproven(verdict, refs)
    if verdict == "working":
        return "met", "prefix_compared", {}, refs
    if verdict in ("not_enabled", "not_retained"):
        return "failed", "prefix_not_compared", {"verdict": verdict}, refs
    return "open", "prefix_unknown", {"verdict": verdict or "-"}, refs


def tools_structured(view: CaseView, lang: str = "en") -> Outcome:
    outcomes = [_check_outcome(view, "tool_calling"), _check_outcome(view, "structured_output")]
    refs = [ref for o in outcomes for ref in o[3]]
    statuses = {o[0] for o in outcomes}
    if "failed" in statuses:
        return "failed", "tools_failed", {}, refs
    if statuses == {"rehearsed"} or statuses == {"met", "rehearsed"}:
        return "rehearsed", "tools_rehearsed", {}, refs
    if statuses == {"met"}:
        return "met", "tools_passed", {}, refs
    return "open", "tools_open", {}, refs


def _manual_step(view: CaseView, n: int, lang: str) -> Outcome:
    return _steps_outcome(view, (n,), "manual_step", lang)


def cross_node(view: CaseView, lang: str = "en") -> Outcome:
    """From the latest `servecheck comm` result; without one, a manual sign-off of step 7 counts."""
    from servecheck.comm.judge import outcome

    run = view.latest("comm")
    if run is None:
        return _manual_step(view, 7, lang)
    status, line = outcome(run.payload)
    refs = [Ref(run_id=run.id, kind="comm", text=line)]
    if status == "fail":
        return "failed", "comm_failed", {"run": run.id, "summary": line}, refs
    manual = _manual_step(view, 7, lang)
    if manual[0] == "rehearsed":  # the demo's sample log: a rehearsal, never met
        return manual[0], manual[1], manual[2], manual[3] + refs
    if status == "pass":
        return "met", "comm_passed", {"run": run.id, "summary": line}, refs
    return manual if manual[0] == "met" else ("open", "comm_open", {"run": run.id, "summary": line}, refs)


def fallback_documented(view: CaseView, lang: str = "en") -> Outcome:
    """verify --fallback-url proves the previous service answers; without it, runbook step 9."""
    found = view.verify_check("fallback")
    if found is not None and found[1].status in ("pass", "fail", "error"):
        return _check_outcome(view, "fallback")
    return _manual_step(view, 9, lang)


def decision_recorded(view: CaseView, lang: str = "en") -> Outcome:
    for run in reversed(view.all("decide")):
        rec = read_model(run.payload, DecisionRecord, DECISION_VERSION, f"decide run {run.id}").model
        if rec and rec.decision and rec.owner and rec.date and rec.log_refs:
            return "met", "decision", {"decision": rec.decision, "owner": rec.owner, "date": rec.date}, [
                Ref(run_id=run.id, kind="decide", text="; ".join(rec.log_refs[:5]))]
    return "open", "no_decision", {}, []


# Every rule takes the view and the reader's language (for the wording of its references).
RULES: dict[str, Callable[[CaseView, str], Outcome]] = {
    fn.__name__: fn for fn in (
        image_archived, driver_cuda_documented, conflict_separated, isolated_node_tested, minimal_api,
        target_context, prefix_caching_enabled, prefixes_compared, tools_structured, cross_node,
        fallback_documented, decision_recorded,
    )
}
