"""How far can a log alone take anyone? Human labellers vs the corpus's labels, beside the tool.

The corpus's labels were made from each log's whole thread (the cause the reporter or maintainers
reached). An expert labeller who sees only the log (``docs/eval/agreement/``: the logs were given
as ``a01.log`` ... with nothing else; ``map.json`` names the corpus log behind each) shows what the
text itself settles. Printed, on the same logs:

- each labeller against the corpus's labels (all, and where the labeller said it was sure);
- the labellers against each other;
- the tool at first contact (from each round's record, ``docs/eval/roundN-first-contact.md``:
  a log is wrong there when its Misses table lists it) and the tool now (tuned on these logs:
  not a first-contact figure).

    python bench/diagnose_agreement.py                                    # rounds 16-25, 90 logs
    python bench/diagnose_agreement.py --study docs/eval/agreement/round26  # round 26, all 88
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from pathlib import Path

from diagnose_eval import _expected_status  # bench/ is on sys.path when this script runs

from servecheck.diagnose.api import diagnose

ROOT = Path(__file__).resolve().parent.parent
STUDY = ROOT / "docs" / "eval" / "agreement"
LOGS = ROOT / "tests" / "diagnose" / "logs"
EVAL = ROOT / "docs" / "eval"


def _first_contact_misses(round_no: int) -> dict[str, tuple[str | None, str]]:
    """The round's misses as its record gives them: log -> (class, status) the tool said."""
    text = (EVAL / f"round{round_no}-first-contact.md").read_text(encoding="utf-8")
    misses = text.split("### Misses", 1)[1] if "### Misses" in text else ""
    out = {}
    for m in re.finditer(r"^\| (\S+\.log) \| [^|]* \| [^|]* \| (\S+) / (\S+) \|", misses, re.M):
        out[m.group(1)] = (None if m.group(2) == "None" else m.group(2), m.group(3))
    return out


def _want(meta: dict) -> tuple[str | None, str]:
    return meta.get("expected_class"), _expected_status(meta)


def _pct(n: int, d: int) -> str:
    return f"{n}/{d} = {n / d:.1%}" if d else "0/0"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--study", type=Path, default=STUDY, help="a folder with map.json and labels-*.jsonl")
    study = ap.parse_args().study
    mapping: dict[str, str] = json.loads((study / "map.json").read_text(encoding="utf-8"))
    labellers = sorted(study.glob("labels-*.jsonl"))
    truth = {k: _want(json.loads((LOGS / f"{v}.json").read_text(encoding="utf-8"))) for k, v in mapping.items()}
    rounds = {k: json.loads((LOGS / f"{v}.json").read_text(encoding="utf-8"))["round"] for k, v in mapping.items()}
    by: dict[str, dict[str, dict]] = {}
    for path in labellers:
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        by[path.stem.removeprefix("labels-")] = {r["file"]: r for r in rows}
    print(f"{len(mapping)} held-out corpus logs (rounds {min(rounds.values())}-{max(rounds.values())}), "
          f"labelled from the text alone by {len(by)} labeller(s)\n")
    for name, rows in by.items():
        right = [k for k in mapping if (rows[k]["class"], rows[k]["status"]) == truth[k]]
        sure = [k for k in mapping if rows[k].get("sure")]
        sure_right = [k for k in sure if k in right]
        print(f"labeller {name} vs the labels: {_pct(len(right), len(mapping))}; where sure: "
              f"{_pct(len(sure_right), len(sure))}; where unsure: "
              f"{_pct(len(right) - len(sure_right), len(mapping) - len(sure))}")
        confusion = Counter((truth[k][0] or truth[k][1], rows[k]["class"] or rows[k]["status"])
                            for k in mapping if k not in right)
        for (want, got), n in confusion.most_common():
            print(f"    {n:3d}  label {want:24s} labeller {got}")
    names = list(by)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            same = sum((by[a][k]["class"], by[a][k]["status"]) == (by[b][k]["class"], by[b][k]["status"])
                       for k in mapping)
            both = sum((by[a][k]["class"], by[a][k]["status"]) == truth[k] == (by[b][k]["class"], by[b][k]["status"])
                       for k in mapping)
            print(f"labeller {a} vs labeller {b}: {_pct(same, len(mapping))}; both match the label: "
                  f"{_pct(both, len(mapping))}")
    misses = {r: _first_contact_misses(r) for r in set(rounds.values())}
    said = {k: misses[rounds[k]].get(f"{v}.log", truth[k]) for k, v in mapping.items()}
    first = sum(said[k] == truth[k] for k in mapping)
    print(f"\ntool at first contact (each log's round record) vs the labels: {_pct(first, len(mapping))}")
    for name, rows in by.items():
        same = sum(said[k] == (rows[k]["class"], rows[k]["status"]) for k in mapping)
        print(f"tool at first contact vs labeller {name}: {_pct(same, len(mapping))}")
    now = 0
    for k, stem in mapping.items():
        d = diagnose(str(LOGS / f"{stem}.log"))
        now += ((d.primary.cls if d.primary else None), d.status) == truth[k]
    print(f"tool now (tuned on these logs, not a first-contact figure) vs the labels: {_pct(now, len(mapping))}")


if __name__ == "__main__":
    main()
