"""A fake `nvidia-smi` on PATH that replays the recorded outputs of one GPU fixture folder
(tests/capture/fixtures/<gpu>), shared by the Slurm and SSH tests that run a real capture."""

from __future__ import annotations

from pathlib import Path

FIXTURES = Path(__file__).parents[1] / "capture/fixtures"


def write_fake_smi(bin_dir: Path, gpu: str) -> Path:
    bin_dir.mkdir(exist_ok=True)
    smi = bin_dir / "nvidia-smi"
    smi.write_text(f"""#!/bin/sh
d={FIXTURES / gpu}
case "$*" in
  "-q -x") cat "$d/nvidia-smi-q.xml" ;;
  "topo -m") cat "$d/topo.txt" ;;
  --query-gpu*) cat "$d/query-gpu.csv" ;;
  --query-compute-apps*) cat "$d/compute-apps.csv" ;;
  "") cat "$d/nvidia-smi.txt" ;;
  *) exit 2 ;;
esac
""")
    smi.chmod(0o755)
    return smi
