"""First-contact evaluation of `diagnose` on a labelled held-out round.

Runs the tool over tests/diagnose/logs/*.log whose sidecar says ``"round": N`` and prints (or
writes as Markdown) accuracy overall, per engine and per class, with every miss listed. A log is
right when the status matches (where the sidecar gives one) and the primary class matches. Run it
once, before anyone tunes on the round; the output is the record of first contact.

    python bench/diagnose_eval.py --round 8 --out docs/eval/round8-first-contact.md
"""

from __future__ import annotations

import argparse
import json
import subprocess
from collections import defaultdict
from pathlib import Path

from servecheck.diagnose.api import diagnose

LOGS = Path(__file__).resolve().parent.parent / "tests" / "diagnose" / "logs"


def _status(d) -> str:
    status = getattr(d, "status", None)
    if status:
        return str(status)
    return "failure" if d.primary else "no_failure"


def _expected_status(meta: dict) -> str:
    if meta.get("expected_status"):
        return meta["expected_status"]
    return "failure" if meta.get("expected_class") else "no_failure"


def evaluate(round_no: int) -> list[dict]:
    rows = []
    for log in sorted(LOGS.glob("*.log")):
        meta = json.loads(log.with_suffix(".json").read_text())
        if meta.get("round") != round_no:
            continue
        try:
            d = diagnose(str(log))
            got_cls, got_status = (d.primary.cls if d.primary else None), _status(d)
            conf = d.primary.confidence if d.primary else None
        except Exception as exc:  # noqa: BLE001 - a crash is a miss, recorded as such
            got_cls, got_status, conf = None, f"crash: {type(exc).__name__}", None
        want_cls, want_status = meta.get("expected_class"), _expected_status(meta)
        rows.append({"log": log.name, "engine": meta.get("engine", "?"), "want_cls": want_cls,
                     "got_cls": got_cls, "want_status": want_status, "got_status": got_status,
                     "conf": conf, "right": got_cls == want_cls and got_status == want_status})
    return rows


def table(title: str, key: str, rows: list[dict], digits: int = 0) -> list[str]:
    """A Markdown table of right/total per value of ``key`` (shared with diagnose_corpus_figures)."""
    groups: dict[str, list[bool]] = defaultdict(list)
    for r in rows:
        groups[str(r[key])].append(r["right"])
    out = [f"### {title}", "", f"| {key} | right | total | accuracy |", "| --- | ---: | ---: | ---: |"]
    for name, marks in sorted(groups.items()):
        out.append(f"| {name} | {sum(marks)} | {len(marks)} | {sum(marks) / len(marks):.{digits}%} |")
    return [*out, ""]


def report(round_no: int, rows: list[dict]) -> str:
    right = sum(r["right"] for r in rows)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                            check=False).stdout.strip()
    not_vllm = [r for r in rows if r["engine"] not in ("vllm", "sglang")]
    lines = [f"# Round {round_no}: diagnose against the labels", "",
             f"Tool at commit `{commit}`; {len(rows)} labelled logs; command: "
             f"`python bench/diagnose_eval.py --round {round_no}`.", "",
             f"- overall: {right}/{len(rows)} = {right / max(len(rows), 1):.1%}",
             f"- outside vLLM/SGLang: {sum(r['right'] for r in not_vllm)}/{len(not_vllm)}",
             f"- driver_too_old missed: {sum(1 for r in rows if r['want_cls'] == 'driver_too_old' and r['got_cls'] != 'driver_too_old')}",
             f"- driver_too_old false: {sum(1 for r in rows if r['got_cls'] == 'driver_too_old' and r['want_cls'] != 'driver_too_old')}",
             "", *table("Per engine", "engine", rows), *table("Per expected class", "want_cls", rows),
             "### Misses", "", "| log | engine | expected | got |", "| --- | --- | --- | --- |"]
    for r in rows:
        if not r["right"]:
            lines.append(f"| {r['log']} | {r['engine']} | {r['want_cls']} / {r['want_status']} | "
                         f"{r['got_cls']} / {r['got_status']} |")
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--round", type=int, required=True)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    text = report(args.round, evaluate(args.round))
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text)
    print(text)


if __name__ == "__main__":
    main()
