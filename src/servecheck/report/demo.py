"""Demo step: the rest of the case: runbook (with the verify and load results), checklist,
decision and the report. A rehearsal on recorded evidence and the built-in server: every step
is recorded as `rehearsed` with its reason (or as what its check found, when that is fail or
open), never as passed: the checklist and the report show it as rehearsed, never as met."""

from __future__ import annotations

from typing import Any

BY = "demo-operator"


def _runbook(ctx: Any, store: Any, case_id: str) -> None:
    from servecheck.plan.runbook import blockers, record, state

    runs = ctx.state.get("runs", {})
    sim = ctx.state.get("sim_url")
    manual = {
        2: "rehearsal: the built-in server stands in for node gpu-a07; no node was drained",
        3: "rehearsal: no driver is changed in the demo; on a real node install r580+ here",
        4: "rehearsal: no capture from a changed node; run `servecheck runbook check 4` there",
        5: f"rehearsal: the built-in sim at {sim} stands in for the minimal service" if sim
           else "rehearsal: no sim running",
        7: "single-node rehearsal: cross-node tests not performed",
        9: "rehearsal: fallback written down, not exercised: previous image on the r575 pool; "
           "rollback = reinstall 575, restore image",
    }
    checked = {1: ("capture", runs.get("capture"), "recorded evidence"),
               6: ("verify", runs.get("verify"), "the built-in sim"),
               7: ("comm", runs.get("comm"), "the built-in sample nccl-tests log"),
               8: ("load", runs.get("load"), "the built-in sim")}
    for n in range(1, 10):
        done = state([r.payload for r in store.runs(case_id, "runbook")])
        if blockers(n, done):
            ctx.console.print(f"[red]step {n} blocked by an earlier step; stopping the runbook here[/red]")
            return
        rec = _checked(n, checked[n], store) if n in checked else record(n, "mark", "rehearsed", BY, manual[n])
        store.attach(case_id, "runbook", rec)
        ctx.console.print(f"runbook step {n}: {rec['status']}: {rec.get('summary') or rec.get('note')}")


def _checked(n: int, check: tuple[str, int | None, str], store: Any) -> dict[str, Any]:
    """A check's verdict on the demo's result; a pass becomes `rehearsed`, since it was earned
    on recorded evidence or the built-in sim, not on the node that is being changed."""
    from servecheck.plan.checks import judge
    from servecheck.plan.runbook import record, step_def

    kind, run_id, where = check
    if run_id is None:
        return record(n, "mark", "rehearsed", BY, f"rehearsal: no {kind} result from an earlier demo step")
    status, summary = judge(kind, store.run(run_id).payload, step_def(n).get("needs"))
    if status == "pass":
        status, summary = "rehearsed", f"rehearsal on {where}: {summary}"
    return record(n, "check", status, BY, None, summary=summary, check=kind, result_run=run_id)


def step(ctx: Any) -> None:
    from servecheck.plan.demo import attach_state
    from servecheck.report.accept import evaluate
    from servecheck.report.build import build_report
    from servecheck.report.decide import build as build_decision
    from servecheck.report.decide import default_log_refs
    from servecheck.report.render import write
    from servecheck.report.view import load_view
    from servecheck.store import open_store

    case_id, store_path = ctx.state.get("case_id"), ctx.state.get("store")
    if not case_id or not store_path:
        raise RuntimeError("no case from the plan step; nothing to report")
    with open_store(store_path) as store:
        attach_state(ctx, store, case_id, "verify", "verify")
        attach_state(ctx, store, case_id, "load", "load")
        attach_state(ctx, store, case_id, "comm", "comm")
        _runbook(ctx, store, case_id)
        checklist = evaluate(load_view(store, case_id))
        store.attach(case_id, "accept", checklist.model_dump(mode="json") | {"action": "evaluate"})
        done = sum(1 for i in checklist.items if i.status in ("met", "signed_off"))
        ctx.console.print(f"checklist: {done} of {len(checklist.items)} met; not met: "
                          + ", ".join(f"{i.id} ({i.status})" for i in checklist.items
                                      if i.status not in ("met", "signed_off")))
        preview = build_decision(load_view(store, case_id))
        decision = preview.suggested or "roll-back"
        note = ("demo rehearsal: " + preview.suggestion_reason
                + ("" if preview.suggested else " Without evidence from a changed node, the safe record is a roll-back."))
        view = load_view(store, case_id)
        logs = tuple(default_log_refs(view)) or (f"{store_path} (case {case_id})",)
        record = build_decision(view, decision=decision, owner=BY, note=note, logs=logs)
        store.attach(case_id, "decide", record.model_dump(mode="json"))
        ctx.console.print(f"decision: {decision} ({note})")
        # The checklist's last item is the decision itself: re-evaluate now that it is recorded.
        checklist = evaluate(load_view(store, case_id))
        store.attach(case_id, "accept", checklist.model_dump(mode="json") | {"action": "evaluate"})
        done = sum(1 for i in checklist.items if i.status in ("met", "signed_off"))
        ctx.console.print(f"checklist after the decision: {done} of {len(checklist.items)} met")
        view = load_view(store, case_id)
        for lang in ("en", "de"):
            written = write(build_report(view, lang), ctx.out / f"report-{lang}")
            ctx.state.setdefault("reports", {})[lang] = written["html"]
    ctx.console.print(f"report (HTML): {ctx.state['reports']['en']}  (German: {ctx.state['reports']['de']})")
