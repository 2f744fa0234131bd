"""Evidence rules for the acceptance checklist: one small pure function per item.

A rule reads the case view and returns (status, message key, message values, refs). "open"
means the evidence cannot show it: a named person signs it off. Reading is defensive: another
stage's JSON may lack a field, which makes the item open, never met.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from servecheck.report.models import ItemStatus, Ref
from servecheck.report.view import CaseView, say
from servecheck.store.summary import dig, dig_list

Outcome = tuple[ItemStatus, str, dict[str, Any], list[Ref]]
CONFLICT_CLASSES = {"driver_too_old"}
LATER_CLASSES = {"oom_weights", "kv_cache_insufficient", "nccl_comm"}
ENABLED_VERDICTS = {"working", "below_block_granularity", "not_retained"}


def _fact_ref(view: CaseView, *names: str) -> list[Ref]:
    """One reference per run that the facts come from (the newest run that knows each)."""
    refs: dict[int, Ref] = {}
    for name in names:
        fact = view.facts.get(name)
        if fact.ref is not None:
            ref = refs.setdefault(fact.ref.run_id, Ref(run_id=fact.ref.run_id, kind=fact.ref.kind,
                                                       file=fact.ref.file, text=""))
            ref.text = f"{ref.text}; {fact.label} {fact.value}".lstrip("; ")
    return list(refs.values())


def image_archived(view: CaseView) -> Outcome:
    """Needs image.ref, image.digest, vllm.version (checklist.json): checked before this runs."""
    f = view.facts
    vllm = f.get("vllm.version")
    return "met", "image_archived", {"ref": f"{f.get('image.ref').value} @ {f.get('image.digest').value}",
                                     "vllm": vllm.value,
                                     "source": _run_phrase(vllm.ref.run_id) if vllm.ref else "-"}, \
        _fact_ref(view, "image.ref", "image.digest", "vllm.version")


def driver_cuda_documented(view: CaseView) -> Outcome:
    """Needs driver.version and image.cuda (checklist.json): checked before this runs."""
    f = view.facts
    return "met", "driver_cuda", {"driver": f.get("driver.version").value,
                                  "branch": f.get("driver.branch").value or "?",
                                  "cuda": f.get("image.cuda").value}, \
        _fact_ref(view, "driver.version", "driver.branch", "image.cuda")


def _primary_class(run: Any) -> str | None:
    return dig(run.payload, "primary", "class")


def _key(f: Any) -> Any:
    """A finding's identity: its signature and first line (a finding without one is unique)."""
    signature = dig(f, "signature")
    return (signature, dig(f, "first_line")) if signature is not None else id(f)


def separate_chains(payload: dict[str, Any]) -> tuple[list[Any], list[Any]]:
    """(consequences of the primary, other cause chains) of one diagnosis, each a finding dict."""
    primary = dig(payload, "primary")
    linked = [c for c in dig_list(primary, "consequences") if isinstance(c, dict)]
    skip = {_key(primary)} | {_key(c) for c in linked}
    others = [f for f in dig_list(payload, "findings") if isinstance(f, dict)
              and dig(f, "role", default="cause") == "cause" and _key(f) not in skip]
    return linked, others


def _run_phrase(run_id: Any) -> Callable[[str], str]:
    """"run 1" in the reader's language (filled in when the text is said)."""
    return lambda lang: f"{say(lang, 'ui', 'run')} {run_id}"


def _where(findings: list[Any], run_id: int) -> list[tuple[Any, Any, Any]]:
    return [(dig(f, "class", default="?"), run_id, dig(f, "first_line", default="?"))
            for f in findings if dig(f, "class") in LATER_CLASSES]


def _chains(places: list[tuple[Any, Any, Any]]) -> Callable[[str], str]:
    """'oom_weights (run 2, line 41), ...' in the reader's language; '-' when there are none."""
    def phrase(lang: str) -> str:
        return ", ".join(say(lang, "ui", "chain_at", cls=c, run=r, line=n) if n is not None
                         else say(lang, "ui", "chain_in", cls=c, run=r) for c, r, n in places) or "-"
    return phrase


def conflict_separated(view: CaseView) -> Outcome:
    diagnoses = view.all("diagnose")
    if not diagnoses:
        return "open", "no_diagnosis", {}, []
    conflict = [r for r in diagnoses if _primary_class(r) in CONFLICT_CLASSES]
    if not conflict:
        return "open", "no_conflict", {"n": len(diagnoses)}, []
    first = conflict[0]
    line = dig(first.payload, "primary", "evidence", 0, default={})
    refs = [Ref(run_id=first.id, kind="diagnose", file=first.path, line=dig(line, "line"), text=dig(line, "text"))]
    linked, others = separate_chains(first.payload)
    later = [(_primary_class(r), r.id, None) for r in diagnoses if _primary_class(r) in LATER_CLASSES]
    return "met", "conflict_separated", {"run": first.id, "linked": _chains(_where(linked, first.id)),
                                         "others": _chains(_where(others, first.id) + later)}, refs


def _step(view: CaseView, n: int) -> Any:
    return view.runbook()[n - 1]


def _step_ref(s: Any) -> list[Ref]:
    last = s.last or {}
    return [Ref(run_id=last.get("run_id"), kind="runbook", text=f"step {s.n}: {last.get('by')} {last.get('at')}: "
                f"{last.get('note') or last.get('summary') or ''}")] if last else []


def _steps_outcome(view: CaseView, steps: tuple[int, ...], met_key: str) -> Outcome:
    """Met only when every step passed for real: a failed step fails the item, an open one names
    its missing facts, a rehearsed one (the demo) is shown as rehearsed, never met."""
    states = [_step(view, n) for n in steps]
    refs = [ref for s in states for ref in _step_ref(s)]
    failed = [s for s in states if s.status == "fail"]
    if failed:
        return "failed", "step_failed", {"step": failed[0].n}, refs
    opened = [s for s in states if s.status == "open"]
    if opened:
        reason = (opened[0].last or {}).get("summary") or ""
        return "open", "step_open", {"step": opened[0].n, "reason": reason}, refs
    not_passed = [str(s.n) for s in states if s.status not in ("pass", "rehearsed")]
    if not_passed:
        return "open", "steps_not_done", {"steps": ", ".join(not_passed)}, refs
    rehearsed = [str(s.n) for s in states if s.status == "rehearsed"]
    if rehearsed:
        return "rehearsed", "steps_rehearsed", {"steps": ", ".join(rehearsed)}, refs
    return "met", met_key, {"step": steps[-1]}, refs


def isolated_node_tested(view: CaseView) -> Outcome:
    return _steps_outcome(view, (2, 4), "isolated_node")


def _check_outcome(view: CaseView, name: str) -> Outcome:
    found = view.verify_check(name)
    if found is None:
        return "open", "no_check", {"check": name}, []
    run, check = found
    ref = [Ref(run_id=run.id, kind="verify", file=run.path, text=f"{name}: {check.get('summary', '')}")]
    status = check.get("status")
    if status == "pass":
        return "met", "check_passed", {"check": name, "run": run.id}, ref
    if status in ("fail", "error"):
        return "failed", "check_failed", {"check": name, "status": status, "run": run.id}, ref
    return "open", "check_skipped", {"check": name, "status": status}, ref


def minimal_api(view: CaseView) -> Outcome:
    return _check_outcome(view, "api")


def target_context(view: CaseView) -> Outcome:
    return _check_outcome(view, "context")


def _prefix(view: CaseView) -> tuple[str | None, list[Ref]]:
    found = view.verify_check("prefix_cache")
    if found is None:
        return None, []
    run, check = found
    verdict = check.get("verdict") or dig(check, "evidence", "verdict")
    return verdict, [Ref(run_id=run.id, kind="verify", file=run.path, text=f"prefix_cache: {verdict}: {check.get('summary', '')}")]


def prefix_caching_enabled(view: CaseView) -> Outcome:
    verdict, refs = _prefix(view)
    if verdict in ENABLED_VERDICTS:
        return "met", "prefix_enabled", {"verdict": verdict}, refs
    if verdict == "not_enabled":
        return "failed", "prefix_not_enabled", {}, refs
    return "open", "prefix_unknown", {"verdict": verdict or "-"}, refs


def prefixes_compared(view: CaseView) -> Outcome:
    verdict, refs = _prefix(view)
    if verdict == "working":
        return "met", "prefix_compared", {}, refs
    if verdict in ("not_enabled", "not_retained"):
        return "failed", "prefix_not_compared", {"verdict": verdict}, refs
    return "open", "prefix_unknown", {"verdict": verdict or "-"}, refs


def tools_structured(view: CaseView) -> Outcome:
    outcomes = [_check_outcome(view, "tool_calling"), _check_outcome(view, "structured_output")]
    refs = [ref for o in outcomes for ref in o[3]]
    statuses = {o[0] for o in outcomes}
    if "failed" in statuses:
        return "failed", "tools_failed", {}, refs
    if statuses == {"met"}:
        return "met", "tools_passed", {}, refs
    return "open", "tools_open", {}, refs


def _manual_step(view: CaseView, n: int) -> Outcome:
    return _steps_outcome(view, (n,), "manual_step")


def cross_node(view: CaseView) -> Outcome:
    return _manual_step(view, 7)


def fallback_documented(view: CaseView) -> Outcome:
    return _manual_step(view, 9)


def decision_recorded(view: CaseView) -> Outcome:
    for run in reversed(view.all("decide")):
        p = run.payload
        if p.get("decision") and p.get("owner") and p.get("date") and p.get("log_refs"):
            return "met", "decision", {"decision": p["decision"], "owner": p["owner"], "date": p["date"]}, [
                Ref(run_id=run.id, kind="decide", text="; ".join(map(str, p["log_refs"][:5])))]
    return "open", "no_decision", {}, []


RULES: dict[str, Callable[[CaseView], Outcome]] = {
    fn.__name__: fn for fn in (
        image_archived, driver_cuda_documented, conflict_separated, isolated_node_tested, minimal_api,
        target_context, prefix_caching_enabled, prefixes_compared, tools_structured, cross_node,
        fallback_documented, decision_recorded,
    )
}
