"""Accuracy of `diagnose` on the whole labelled corpus (tests/diagnose/logs): overall, per class,
per engine family, per round, with every miss listed. Every log here has been tuned on after its
first contact, so these are figures on *known* logs (a regression floor), not on unseen ones;
first-contact figures are the records in docs/diagnosis-accuracy.md and docs/eval/.

    python bench/diagnose_corpus_figures.py                # Markdown to stdout
    python bench/diagnose_corpus_figures.py --out FILE

A log is right when its primary class equals ``expected_class`` (``null`` = a healthy start) and,
where the sidecar gives ``expected_status`` and the tool reports a status, the status too.
"""

from __future__ import annotations

import argparse
import json
import subprocess
from pathlib import Path

from diagnose_eval import table  # bench/ is on sys.path when this script runs

from servecheck.diagnose.api import diagnose

LOGS = Path(__file__).resolve().parent.parent / "tests" / "diagnose" / "logs"

# Engine family from the sidecar's "engine" (round 8 names it) or else from the thread's
# repository, in the same names (a proxy: a GPUStack thread that runs vLLM counts as "other").
FAMILIES = (
    ("sglang", "sglang"), ("text-generation-inference", "tgi"), ("/tgi", "tgi"), ("ollama", "ollama"),
    ("llama.cpp", "llamacpp"), ("llama-cpp", "llamacpp"), ("ik_llama", "llamacpp"), ("lmdeploy", "lmdeploy"),
    ("tensorrt", "trtllm"), ("triton", "triton"), ("nvidia-docker", "container-toolkit"),
    ("nvidia-container", "container-toolkit"), ("libnvidia-container", "container-toolkit"),
    ("k8s-device-plugin", "k8s"), ("gpu-operator", "k8s"), ("kserve", "k8s"), ("kuberay", "ray"),
    ("ray-project", "ray"), ("vllm", "vllm"),
)


def family(meta: dict) -> str:
    if meta.get("engine"):
        return str(meta["engine"])
    source = meta.get("source", "").lower()
    repo = "/".join(source.split("/")[3:5]) if "github.com" in source else source
    return next((name for key, name in FAMILIES if key in repo), "other")


def round_of(meta: dict) -> str:
    if meta.get("round"):
        return f"round {meta['round']}"
    return "round 1" if meta.get("held_out") else "tuning set"


def evaluate() -> list[dict]:
    rows = []
    for log in sorted(LOGS.glob("*.log")):
        meta = json.loads(log.with_suffix(".json").read_text())
        d = diagnose(str(log))
        got = d.primary.cls if d.primary else None
        status, want_status = getattr(d, "status", None), meta.get("expected_status")
        right = got == meta["expected_class"] and (want_status is None or status is None or status == want_status)
        rows.append({"log": log.name, "family": family(meta), "round": round_of(meta),
                     "want": meta["expected_class"], "got": got, "right": right})
    return rows


def report(rows: list[dict]) -> str:
    right = sum(r["right"] for r in rows)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                            check=False).stdout.strip() or "?"
    false_driver = sum(r["got"] == "driver_too_old" != r["want"] for r in rows)
    missed_driver = sum(r["want"] == "driver_too_old" != r["got"] for r in rows)
    lines = [f"Whole corpus at commit `{commit}` (`python bench/diagnose_corpus_figures.py`): "
             f"{right}/{len(rows)} = {right / max(len(rows), 1):.1%}; driver_too_old false {false_driver}, "
             f"missed {missed_driver}.", "",
             *table("Per expected class", "want", rows, 1), *table("Per engine family", "family", rows, 1),
             *table("Per round", "round", rows, 1), "### Misses", ""]
    misses = [r for r in rows if not r["right"]]
    lines += [f"- `{r['log']}`: expected {r['want']}, got {r['got']}" for r in misses] or ["none"]
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    text = report(evaluate())
    if args.out:
        args.out.write_text(text)
    else:
        print(text, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
