"""Run the servecheck check behind a runbook step, as a subprocess with a timeout.

Each check is the stage's own command (`servecheck capture|diagnose|verify|load`), so the
runbook sees exactly what an operator would see, and a hung check costs at most its timeout.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

from servecheck.errors import InputError
from servecheck.proc import run
from servecheck.store.files import LoadedResult, load_result


@dataclass
class CheckInput:
    out: Path
    url: str | None = None
    bundle: Path | None = None
    extra: tuple[str, ...] = ()
    timeout: float = 900.0


def _sc(*args: str) -> list[str]:
    return [sys.executable, "-m", "servecheck", *args]


# Exit codes after which the command's JSON is still its result: 1 a finding, 3 nothing to judge
# (the judge then leaves the step open), 4 incomplete evidence.
RESULT_CODES = (0, 1, 3, 4)


def _run_json(argv: list[str], timeout: float, out_file: Path | None, kind: str) -> LoadedResult:
    res = run(argv, timeout=timeout)
    if res.status in ("missing", "timeout") or (res.status == "error" and res.returncode not in RESULT_CODES):
        raise InputError(f"{kind} check did not finish: {res.describe()}")
    if out_file is not None and out_file.exists():
        return load_result(out_file, kind)
    try:
        payload = json.loads(res.stdout)
    except ValueError as exc:
        raise InputError(f"{kind} check printed no JSON: {res.describe()}") from exc
    if not isinstance(payload, dict):
        raise InputError(f"{kind} check printed {type(payload).__name__}, not a JSON object")
    return LoadedResult(kind, payload, str(out_file) if out_file else "", {})


def run_capture(ci: CheckInput, name: str = "bundle") -> LoadedResult:
    bundle = ci.out / name
    res = run(_sc("capture", "--out", str(bundle), *ci.extra), timeout=ci.timeout)
    if not (bundle / "evidence.json").exists():
        raise InputError(f"capture wrote no bundle: {res.describe()}")
    return load_result(bundle, "capture")


def run_diagnose(ci: CheckInput) -> tuple[LoadedResult, LoadedResult | None]:
    """Diagnose ``ci.bundle``, or a new capture made now (returned too, to be attached)."""
    capture = None
    bundle = ci.bundle
    if bundle is None:
        capture = run_capture(ci, "new-bundle")
        bundle = Path(capture.path)
    result = _run_json(_sc("diagnose", str(bundle), "--json"), ci.timeout, None, "diagnose")
    result.path = str(bundle)
    return result, capture


def budget(timeout: float, extra: tuple[str, ...], deadline: float) -> list[str]:
    """--wait and --deadline that fit in the step's --timeout (unless given after `--`): the
    command then ends by itself and says why (server unreachable, waited N s) instead of being
    killed with nothing recorded, and the wait it reports is the one applied. ``deadline`` is
    the command's own default, never raised."""
    given = {a.split("=", 1)[0] for a in extra}
    flags = [] if "--wait" in given else ["--wait", f"{min(60.0, timeout / 3):g}"]
    return flags + ([] if "--deadline" in given else ["--deadline", f"{max(1.0, min(deadline, timeout - 5)):g}"])


def run_verify(ci: CheckInput) -> LoadedResult:
    out_file = ci.out / "verify.json"
    argv = _sc("verify", str(ci.url), "--json", "--out", str(out_file), *budget(ci.timeout, ci.extra, 600.0),
               *ci.extra)
    return _run_json(argv, ci.timeout, out_file, "verify")


def run_load(ci: CheckInput) -> LoadedResult:
    out_dir = ci.out / "load"
    argv = _sc("load", str(ci.url), "--json", "--out", str(out_dir), *budget(ci.timeout, ci.extra, 3600.0),
               *ci.extra)
    _run_json(argv, ci.timeout, None, "load")
    return load_result(out_dir, "load")
