"""Turn record_gpu_host.sh's rec.tgz into test fixtures, the GPU's serial number and UUID replaced.

    python scripts/device/import_recording.py REC.tgz NAME      (record_gpu_host.sh's rec.tgz)
    python scripts/device/import_recording.py FAULTS.tgz NAME   (record_gpu_faults.sh's faults.tgz)

writes tests/capture/fixtures/recorded-NAME/, tests/diagnose/recorded/NAME/, tests/comm/recorded/
NAME-*.txt and tests/diagnose/recorded/error-strings-NAME.json. Every other byte is as recorded.
The board serial and the GPU UUID identify one machine of the lender's and say nothing the tests
need; they become zeros of the same shape.
"""

from __future__ import annotations

import json
import re
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_UUID = re.compile(r"GPU-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
_SERIAL = re.compile(r"(<serial>|Serial Number\s+:\s+|\"serial\": \")(\d{6,})")
_COMM_ID = re.compile(r"commId 0x[0-9a-f]+")


def scrub(text: str) -> str:
    text = _UUID.sub("GPU-00000000-0000-0000-0000-000000000000", text)
    text = _SERIAL.sub(lambda m: m.group(1) + "0" * len(m.group(2)), text)
    return _COMM_ID.sub("commId 0x0", text)


def faults(files: dict[str, str], name: str) -> None:
    """record_gpu_faults.sh's archive: the driver out of reach (nodes hidden, stub libraries)."""
    cap = ROOT / "tests/capture/fixtures" / f"recorded-{name}"
    for src in ("nodev-smi.txt", "stub-smi.txt"):
        (cap / f"nvidia-smi-{src.removesuffix('-smi.txt')}.txt").write_text(scrub(files[src]))
    diag = ROOT / "tests/diagnose/recorded" / name
    for src in ("nodev-torch.txt", "nodev-nvml.txt", "stub-torch.txt", "stub-kernel.txt"):
        (diag / src).write_text(scrub(files[src]))
    print(f"{len(files)} recorded files -> {cap}, {diag}")


def main(tgz: str, name: str) -> None:
    with tarfile.open(tgz) as tar:
        files = {m.name: tar.extractfile(m).read().decode()  # type: ignore[union-attr]
                 for m in tar.getmembers() if m.isfile()}
    if all(f.startswith("faults/") for f in files):
        faults({f.removeprefix("faults/"): text for f, text in files.items()}, name)
        return
    files = {f.removeprefix("rec/"): text for f, text in files.items()}
    cap = ROOT / "tests/capture/fixtures" / f"recorded-{name}"
    cap.mkdir(parents=True, exist_ok=True)
    for src, dst in (("smi.txt", "nvidia-smi.txt"), ("smi-qx.txt", "nvidia-smi-q.xml"),
                     ("smi-q.txt", "nvidia-smi-q.txt"), ("smi-topo.txt", "topo.txt"),
                     ("smi-query-gpu.txt", "query-gpu.csv"), ("smi-apps-busy.txt", "compute-apps.csv"),
                     ("smi-busy.txt", "nvidia-smi-busy.txt"), ("smi-bad-index.txt", "nvidia-smi-bad-index.txt"),
                     ("smi-version.txt", "nvidia-smi-version.txt"), ("nvml.json", "nvml.json")):
        (cap / dst).write_text(scrub(files[src]))
    diag = ROOT / "tests/diagnose/recorded" / name
    diag.mkdir(parents=True, exist_ok=True)
    for src, text in files.items():
        if src.startswith("fail-") and src.endswith(".txt") and "/" not in src:
            (diag / src.removeprefix("fail-")).write_text(scrub(text))
    comm = ROOT / "tests/comm/recorded"
    comm.mkdir(parents=True, exist_ok=True)
    (comm / f"{name}-torchrun-all_reduce.txt").write_text(scrub(files["comm/all_reduce.log"]))
    (comm / f"{name}-nccl-duplicate-gpu.txt").write_text(scrub(files["fail-nccl_duplicate_gpu.txt"]))
    strings = json.loads(files["error-strings.json"])
    strings.pop("nvml", None)  # read before nvmlInit: every code answered "Uninitialized"
    for part in strings.values():
        part.pop("library", None)  # install paths of the recording machine
    (diag.parent / f"error-strings-{name}.json").write_text(json.dumps(strings, indent=1, sort_keys=True) + "\n")
    print(f"{len(files)} recorded files -> {cap}, {diag}, {comm}")


if __name__ == "__main__":
    main(*sys.argv[1:3])
