"""Demo step: open a case for the failed start, attach capture and diagnosis, plan the recovery
from the shipped answers file (a platform team with a maintenance window, no CUDA build experts)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

DEMO_ANSWERS = "data/demo-answers.json"


def attach_state(ctx: Any, store: Any, case_id: str, key: str, kind: str) -> int | None:
    """Attach ctx.state[key] (a result path) to the case, or say why not and go on."""
    from servecheck.errors import ServecheckError
    from servecheck.store.files import load_result

    path = ctx.state.get(key)
    if path is None:
        ctx.console.print(f"[yellow]no {kind} result from an earlier step: not attached[/yellow]")
        return None
    try:
        loaded = load_result(Path(path), kind)
    except ServecheckError as exc:
        ctx.console.print(f"[yellow]{kind} result {path} unreadable, not attached: {exc}[/yellow]")
        return None
    run_id = store.attach(case_id, loaded.kind, loaded.payload, loaded.path, loaded.hashes)
    ctx.console.print(f"attached {kind} {path} as run {run_id}")
    ctx.state.setdefault("runs", {})[kind] = run_id
    return run_id


def step(ctx: Any) -> None:
    from servecheck.plan.answers import from_file
    from servecheck.plan.choose import make_plan, question_ids
    from servecheck.plan.render import print_plan
    from servecheck.store import open_store

    store_path = ctx.out / "cases.sqlite"
    ctx.state["store"] = store_path
    with open_store(store_path) as store:
        case_id = store.new_case("Kimi K3 on gpu-a (demo)", owner="demo-operator")
        ctx.state["case_id"] = case_id
        ctx.console.print(f"case [bold]{case_id}[/bold] in {store_path}")
        attach_state(ctx, store, case_id, "bundle", "capture")
        diag_run = attach_state(ctx, store, case_id, "diagnosis", "diagnose")
        diagnosis = store.run(diag_run).payload if diag_run else None
        answers_file = Path(str(resources.files("servecheck.plan").joinpath(DEMO_ANSWERS)))
        answers = from_file(answers_file, question_ids())
        ctx.console.print(f"[dim]$ servecheck plan --case {case_id} --answers {answers_file}[/dim]")
        plan = make_plan(diagnosis, answers, diagnosis_run=diag_run, case_id=case_id,
                         sources=dict.fromkeys(answers, "file"))
        store.attach(case_id, "plan", plan.model_dump(mode="json"), str(answers_file))
    print_plan(plan, ctx.console)
