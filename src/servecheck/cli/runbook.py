"""`servecheck runbook`: the staged change night as a gated checklist, recorded in the case."""

from __future__ import annotations

import getpass
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import click

from servecheck.cli.case import case_option_for, lang_option

_STYLE = {"pass": "green", "fail": "red", "skip": "cyan", "pending": "dim", "open": "yellow",
          "rehearsed": "magenta"}


@click.group(invoke_without_command=True)
@case_option_for("The case whose runbook is read and recorded (see `servecheck case new`).")
@click.option("--json", "as_json", is_flag=True, help="Print the progress as JSON.")
@lang_option
@click.pass_context
def runbook(ctx: click.Context, case_id: str | None, store_path: Path | None, as_json: bool,
            lang: str | None) -> int:
    """The change night: 1 baseline ... 9 rollback decision. Without a subcommand: progress.

    \b
    servecheck runbook --case ID check 1 --result BUNDLE_DIR
    servecheck runbook --case ID mark 2 --status pass --by alice --note "node drained"
    servecheck runbook --case ID check 6 --url http://127.0.0.1:8000
    servecheck runbook --case ID rollback 3 --by alice --note "driver 575 reinstalled"
    """
    # The subcommands check --case themselves, so that `runbook check --help` shows help.
    ctx.obj = {"case_id": case_id, "store_path": store_path}
    if ctx.invoked_subcommand is None:
        from servecheck.report.lang import default_lang

        return _show(_need_case(ctx.obj), store_path, as_json, lang or default_lang())
    return 0


def _need_case(obj: dict[str, Any]) -> str:
    from servecheck.errors import UsageError

    if not obj.get("case_id"):
        raise UsageError("runbook needs --case ID before the subcommand "
                         "(`servecheck runbook --case ID check 1 ...`; see `servecheck case new`)")
    return str(obj["case_id"])


def _records(case_id: str, store_path: Path | None) -> list[dict[str, Any]]:
    from servecheck.store import open_store

    with open_store(store_path, write=False) as store:
        return [r.payload | {"run_id": r.id} for r in store.runs(case_id, "runbook")]


def _show(case_id: str, store_path: Path | None, as_json: bool, lang: str) -> int:
    from servecheck.plan.runbook import state
    from servecheck.report.lang import say

    states = state(_records(case_id, store_path), lang)
    if as_json:
        click.echo(json.dumps([{"step": s.n, "key": s.key, "title": s.title, "status": s.status,
                                "resolution": s.resolution,
                                "last": s.last.model_dump(mode="json") if s.last else None}
                               for s in states], indent=2))
        return 0
    from rich.console import Console
    from rich.table import Table

    table = Table(*(say(lang, "ui", k) for k in ("step", "step_title", "status", "by_when", "note")))
    for s in states:
        shown = say(lang, "ui", f"status_{s.status}")
        status = f"[{_STYLE.get(s.status, 'white')}]{shown}[/]" + (f" ({s.resolution})" if s.resolution else "")
        who = f"{(s.last.by if s.last else None) or '-'} {(s.last.at if s.last else None) or ''}".strip()
        table.add_row(str(s.n), s.title, status, who, s.reason)
    Console().print(table)
    return 0


def _gate(obj: dict[str, Any], n: int, override: str | None, by: str) -> None:
    """Refuse to start step n past an unresolved failure, unless overridden with a reason."""
    from servecheck.cli.case import attach_and_say
    from servecheck.errors import UsageError
    from servecheck.plan.runbook import blockers, gate_message, record, state

    blocking = blockers(n, state(_records(_need_case(obj), obj["store_path"])))
    if not blocking:
        return
    if not override or not override.strip():
        raise UsageError(gate_message(n, blocking))
    rec = record(n, "override", "overridden", by, override.strip(), waives=[s.n for s in blocking])
    attach_and_say(obj["case_id"], obj["store_path"], "runbook", rec)


def _by(by: str | None) -> str:
    try:
        return by or getpass.getuser()
    except (KeyError, OSError):
        return "unknown"


_BY = click.option("--by", default=None, help="Who does this (default: the login name).")
_OVERRIDE = click.option("--override", default=None, metavar="REASON",
                         help="Start despite unfinished or failed earlier steps; the reason is recorded.")


@runbook.command()
@click.argument("step", type=int)
@click.option("--result", type=click.Path(path_type=Path), default=None,
              help="Use an existing result (bundle dir, verify/diagnose JSON, load dir) instead of running the check.")
@click.option("--url", default=None, help="Server URL for the API test (6) and the load ramp (8).")
@click.option("--bundle", type=click.Path(path_type=Path), default=None,
              help="Step 4: diagnose this new bundle (default: capture one now).")
@click.option("--out", type=click.Path(path_type=Path), default=None, help="Where the check writes its files.")
@click.option("--timeout", type=float, default=900.0, show_default=True, help="Seconds the check may take.")
@_BY
@_OVERRIDE
@click.argument("extra", nargs=-1, type=click.UNPROCESSED)
@click.pass_obj
def check(obj: dict[str, Any], step: int, result: Path | None, url: str | None, bundle: Path | None,
          out: Path | None, timeout: float, by: str | None, override: str | None,
          extra: tuple[str, ...]) -> int:
    """Run (or take --result of) the check behind STEP and record pass, fail or open.

    Open (exit 3) means the result lacks a fact the step needs, or the server never answered
    (not proven): the step is not done and the reason names what is missing and the command
    that records it. A verify against the built-in simulator is recorded as rehearsed. verify
    and load get a --wait and --deadline that fit in --timeout. Extra args after `--` go
    to the underlying servecheck command."""
    from servecheck.cli.case import attach_and_say
    from servecheck.errors import InputError, UsageError
    from servecheck.plan.checks import judge
    from servecheck.plan.runbook import record, step_def
    from servecheck.store.files import load_result

    _need_case(obj)
    definition = step_def(step)
    kind = definition["check"]
    if kind is None:
        raise UsageError(f"step {step} is a manual step: use `runbook mark {step} --status ... --by ... --note ...`")
    if kind == "comm" and result is None:
        raise UsageError(f"step {step} needs --result FILE: the JSON of `servecheck comm ... --out FILE`")
    if kind in ("verify", "load") and result is None and not url:
        raise UsageError(f"step {step} ({kind}) needs --url URL of the running server, or --result PATH")
    given = load_result(result) if result is not None else None  # bad input: nothing recorded
    if given is not None and given.kind != kind:
        hint = " (to diagnose a new bundle, give --bundle DIR)" if kind == "diagnose" and given.kind == "capture" else ""
        raise UsageError(f"step {step} needs a {kind} result; {result} looks like {given.kind}{hint}")
    who = _by(by)
    _gate(obj, step, override, who)
    case_id, store_path = obj["case_id"], obj["store_path"]
    try:
        loaded = given or _run_check(kind, step, out, url, bundle, extra, timeout, case_id, store_path)
    except InputError as exc:
        # A server test that produced no result proved nothing about the server (it may just
        # not be up): open, not fail, so it does not count as a failure anywhere (decide).
        # A capture or diagnosis that could not run is a failed step.
        status = "open" if kind in ("verify", "load") else "fail"
        why = f"not proven: server unreachable or no answer in time ({exc})" if status == "open" else str(exc)
        rec = record(step, "check", status, who, None, summary=why, check=kind)
        attach_and_say(case_id, store_path, "runbook", rec)
        click.echo(f"step {step}: {status}: {why}")
        return 1 if status == "fail" else 3
    run_id = _existing(case_id, store_path, kind, loaded) or attach_and_say(
        case_id, store_path, kind, loaded.payload, loaded.path, loaded.hashes)
    status, summary = judge(kind, loaded.payload, definition.get("needs"))
    rec = record(step, "check", status, who, None, summary=summary, check=kind, result_run=run_id)
    attach_and_say(case_id, store_path, "runbook", rec)
    click.echo(f"step {step}: {status}: {summary}")
    return {"pass": 0, "fail": 1}.get(status, 3)


def _existing(case_id: str, store_path: Path | None, kind: str, loaded: Any) -> int | None:
    """The run that already holds this very result (same path and hashes): not attached twice."""
    from servecheck.store import open_store

    if not loaded.hashes:
        return None
    with open_store(store_path, create=False) as store:
        for run in store.runs(case_id, kind):
            if run.path == loaded.path and run.hashes == loaded.hashes:
                return run.id
    return None


def _run_check(kind: str, step: int, out: Path | None, url: str | None, bundle: Path | None,
               extra: tuple[str, ...], timeout: float, case_id: str, store_path: Path | None) -> Any:
    from servecheck.cli.case import attach_and_say
    from servecheck.plan import runstep

    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
    ci = runstep.CheckInput(out or Path("servecheck-runbook") / case_id / f"step{step}-{stamp}",
                            url, bundle, extra, timeout)
    if kind == "diagnose":
        diagnosis, capture = runstep.run_diagnose(ci)
        if capture is not None:
            attach_and_say(case_id, store_path, "capture", capture.payload, capture.path, capture.hashes)
        return diagnosis
    return {"capture": runstep.run_capture, "verify": runstep.run_verify,
            "load": runstep.run_load}[kind](ci)


@runbook.command()
@click.argument("step", type=int)
@click.option("--status", type=click.Choice(["pass", "fail", "skip"]), required=True,
              help="What the step came to (skip: not needed here; the note says why).")
@click.option("--note", required=True, help="What was done or seen (required: the record is the point).")
@_BY
@_OVERRIDE
@click.pass_obj
def mark(obj: dict[str, Any], step: int, status: str, note: str, by: str | None,
         override: str | None) -> int:
    """Record a manual step (or a manual judgement) with who, when and a note."""
    from servecheck.cli.case import attach_and_say
    from servecheck.plan.runbook import record, step_def

    _need_case(obj)
    step_def(step)
    who = _by(by)
    _gate(obj, step, override, who)
    attach_and_say(obj["case_id"], obj["store_path"], "runbook", record(step, "mark", status, who, note))
    click.echo(f"step {step}: {status} ({who})")
    return 0 if status != "fail" else 1


@runbook.command()
@click.argument("step", type=int)
@click.option("--note", required=True, help="What was rolled back, and how.")
@_BY
@click.pass_obj
def rollback(obj: dict[str, Any], step: int, note: str, by: str | None) -> int:
    """Record the rollback of a failed STEP; this unblocks the steps after it."""
    from servecheck.cli.case import attach_and_say
    from servecheck.errors import UsageError
    from servecheck.plan.runbook import record, state, step_def

    step_def(step)
    current = next(s for s in state(_records(_need_case(obj), obj["store_path"])) if s.n == step)
    if current.status != "fail":
        raise UsageError(f"step {step} has not failed (status {current.status}); nothing to roll back")
    attach_and_say(obj["case_id"], obj["store_path"], "runbook",
                   record(step, "rollback", "rolled_back", _by(by), note))
    click.echo(f"step {step}: rollback recorded")
    return 0
