#!/bin/bash
# Record what a GPU host prints when its driver cannot be reached: the device node hidden (what a
# container started without the NVIDIA runtime sees), and the toolkit's stub libcuda / libnvidia-ml
# loaded instead of the driver's (an image whose library path puts the stubs first). Run as root
# on a GPU machine from the repository root, after record_gpu_host.sh's wheels are in .whl/.
# Writes $OUT/faults.tgz. Every step has its own timeout; none changes the host outside its own
# mount namespace.
set -u
OUT=${OUT:-/tmp/out}; R=/tmp/faults; mkdir -p "$R" "$OUT"; cd "$(dirname "$0")/../.." || exit 2
PATH=$(python3 -c "import os,sys; print(os.path.dirname(sys.executable))"):$PATH
REPO=$PWD; STEPS=$R/steps.tsv; : > "$STEPS"
step() {
  local name=$1 t=$2; shift 2; local t0; t0=$(date +%s%N)
  timeout -k 5 "$t" "$@" > "$R/$name.txt" 2>&1; local rc=$?
  printf '%s\t%s\t%s ms\n' "$name" "$rc" "$(( ($(date +%s%N) - t0) / 1000000 ))" >> "$STEPS"
}
finish() { tar czf "$OUT/faults.tgz" -C /tmp faults; cat "$STEPS"; }
trap finish EXIT

python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site $(ls .whl/*.whl) > "$R/install.txt" 2>&1
F="$REPO/scripts/device/failures.py"
SC="env PYTHONPATH=/tmp/site:$REPO/src python3 -m servecheck"

# 1. the device nodes hidden: each /dev/nvidia* node covered by an empty file, in a private mount namespace
cat > /tmp/hide.sh <<'HIDE'
: > /tmp/empty
for d in /dev/nvidia*; do [ -c "$d" ] && mount --bind /tmp/empty "$d"; done
exec "$@"
HIDE
H="unshare -m sh /tmp/hide.sh"
step nodev-smi 30 $H nvidia-smi
step nodev-smi-qx 30 $H nvidia-smi -q -x
step nodev-torch 90 $H python3 "$F" touch
step nodev-nvml 60 $H python3 -c 'import pynvml; pynvml.nvmlInit()'
step nodev-capture 120 $H $SC capture --out "$R/nodev-bundle" --log "$R/nodev-torch.txt" --json
step nodev-diagnose-bundle 60 $SC diagnose "$R/nodev-bundle" --json
step nodev-diagnose-log 60 $SC diagnose "$R/nodev-torch.txt" --json

# 2. the toolkit's stub libraries first on the library path
STUBS=$(ls -d /usr/local/cuda/targets/x86_64-linux/lib/stubs /usr/local/cuda/lib64/stubs 2>/dev/null | head -1)
mkdir -p /tmp/stubs && ln -sf "$STUBS/libcuda.so" /tmp/stubs/libcuda.so.1 && ln -sf "$STUBS/libnvidia-ml.so" /tmp/stubs/libnvidia-ml.so.1
ls -l "$STUBS" > "$R/stubs-ls.txt" 2>&1
step stub-torch 90 env LD_LIBRARY_PATH=/tmp/stubs python3 "$F" touch
step stub-kernel 30 env LD_LIBRARY_PATH=/tmp/stubs sh -c 'nvcc -o /tmp/k90 -gencode arch=compute_90,code=sm_90 scripts/device/kernel.cu 2>/dev/null; /tmp/k90'
step stub-smi 30 env LD_LIBRARY_PATH=/tmp/stubs nvidia-smi
step stub-diagnose-torch 60 $SC diagnose "$R/stub-torch.txt" --json
step stub-diagnose-kernel 60 $SC diagnose "$R/stub-kernel.txt" --json
