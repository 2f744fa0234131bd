"""How far to trust a verdict at first contact: accuracy by the tool's own confidence.

Each held-out round's first-contact record (``docs/eval/roundN-first-contact.md``) names the commit
the tool was at when it first met the round. This checks that commit out in a temporary worktree,
runs its ``diagnose`` on the round's logs (today's copies of the logs and labels), and pools the
rounds: accuracy per confidence band, per status of a verdict that judged nothing, and how many
logs a threshold keeps. Each round's total is checked against its record, so the figures are the
first-contact ones and not a tuned tool's.

    python bench/diagnose_calibration.py --rounds 16-25
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
EVAL = ROOT / "docs" / "eval"
BANDS = ((0.9, 1.01), (0.8, 0.9), (0.6, 0.8), (0.4, 0.6), (0.0, 0.4))
THRESHOLDS = (0.9, 0.8, 0.6, 0.4)

# Run with the old commit's code and data (PYTHONPATH) and this tree's diagnose_eval, which reads
# today's logs and labels beside it.
RUNNER = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import diagnose_eval
for row in diagnose_eval.evaluate(int(sys.argv[2])):
    print(json.dumps(row))
"""


def _record(round_no: int) -> tuple[str, int, int]:
    text = (EVAL / f"round{round_no}-first-contact.md").read_text(encoding="utf-8")
    commit = re.search(r"commit `([0-9a-f]{7,40})`", text)
    overall = re.search(r"overall: (\d+)/(\d+)", text)
    if commit is None or overall is None:
        sys.exit(f"round {round_no}: its first-contact record names no commit or no overall figure")
    return commit.group(1), int(overall.group(1)), int(overall.group(2))


def _run(commit: str, round_no: int, scratch: Path) -> list[dict]:
    tree = scratch / commit
    if not tree.exists():
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(tree), commit], check=True)
    out = subprocess.run([sys.executable, "-c", RUNNER, str(BENCH), str(round_no)], capture_output=True, text=True,
                         check=True, env={"PYTHONPATH": str(tree / "src"), "PYTHONDONTWRITEBYTECODE": "1",
                                          "PATH": "/usr/bin:/bin"})
    return [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]


def _pct(rows: list[dict]) -> str:
    right = sum(r["right"] for r in rows)
    return f"{right}/{len(rows)} = {right / len(rows):.1%}" if rows else "0/0"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", default="16-25", help="first-last (inclusive)")
    args = ap.parse_args()
    first, last = (int(x) for x in args.rounds.split("-"))
    rows: list[dict] = []
    with tempfile.TemporaryDirectory() as scratch:
        try:
            for round_no in range(first, last + 1):
                commit, right, total = _record(round_no)
                got = _run(commit, round_no, Path(scratch))
                mark = "as recorded" if (sum(r["right"] for r in got), len(got)) == (right, total) else \
                    f"RECORD SAYS {right}/{total}"
                print(f"round {round_no} at {commit}: {_pct(got)} ({mark})")
                rows += got
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "prune"], check=False)
            for tree in Path(scratch).iterdir():
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False)
    print(f"\npooled first contact: {_pct(rows)}")
    print("\n| the tool's confidence | right at first contact |\n| --- | --- |")
    for lo, hi in BANDS:
        band = [r for r in rows if r["conf"] is not None and lo <= r["conf"] < hi]
        print(f"| {lo:.1f}-{min(hi, 1.0):.1f} | {_pct(band)} |")
    print("\n| a verdict that judged nothing | right at first contact |\n| --- | --- |")
    for status in ("no_failure", "incomplete", "not_a_server_log", "empty"):
        print(f"| {status} | {_pct([r for r in rows if r['got_status'] == status])} |")
    print("\n| failure verdicts with confidence at least | right | share of all logs |\n| --- | --- | --- |")
    for t in THRESHOLDS:
        kept = [r for r in rows if r["conf"] is not None and r["conf"] >= t]
        print(f"| {t:.1f} | {_pct(kept)} | {len(kept)}/{len(rows)} |")


if __name__ == "__main__":
    main()
