#!/bin/bash
# Record real outputs of an NVIDIA GPU host (nvidia-smi, NVML, CUDA/NCCL error strings, real CUDA
# failures, servecheck capture/diagnose/comm end to end) as test fixtures.  Run as root on a GPU
# machine from the repository root, with the runtime's wheels in .whl/ where they are not
# installed (pydantic, hyperscan, ...).  Writes $OUT/rec.tgz (default OUT=/tmp/out).
# Every step has its own timeout and its exit status is recorded; a failing step never stops the
# others.  Nothing here needs a network.
set -u
OUT=${OUT:-/tmp/out}; R=/tmp/rec; mkdir -p "$R" "$OUT"; cd "$(dirname "$0")/../.." || exit 2
PATH=$(python3 -c "import os,sys; print(os.path.dirname(sys.executable))"):$PATH
REPO=$PWD; STEPS=$R/steps.tsv; : > "$STEPS"
step() {  # step NAME SECONDS CMD... : output (stdout+stderr) to $R/NAME.txt, status to steps.tsv
  local name=$1 t=$2; shift 2; local t0; t0=$(date +%s%N)
  timeout -k 5 "$t" "$@" > "$R/$name.txt" 2>&1; local rc=$?
  printf '%s\t%s\t%s ms\n' "$name" "$rc" "$(( ($(date +%s%N) - t0) / 1000000 ))" >> "$STEPS"
}
finish() { tar czf "$OUT/rec.tgz" -C /tmp rec; cat "$STEPS"; }
trap finish EXIT

# -- the host ---------------------------------------------------------------------------------
step host 20 sh -c 'uname -a; cat /etc/os-release; nproc; python3 -V; which python3 torchrun nvcc;
  cat /proc/driver/nvidia/version; ls -l /dev/nvidia*; ldconfig -p | grep -E "libcuda|libnvidia-ml|libnccl";
  nvcc --version; python3 -m pip show torch nvidia-nccl-cu13 nvidia-ml-py cuda-bindings 2>/dev/null | grep -E "^(Name|Version)"'
step dmesg 10 sh -c 'dmesg | grep -iE "nvrm|xid|nvidia" | tail -50'

# -- nvidia-smi, as capture's probes call it and as people paste it ----------------------------
step smi 20 nvidia-smi
step smi-q 30 nvidia-smi -q
step smi-qx 30 nvidia-smi -q -x
step smi-query-gpu 20 nvidia-smi --query-gpu=index,name,uuid,compute_cap,pci.bus_id --format=csv,noheader
step smi-query-full 20 nvidia-smi --query-gpu=index,name,driver_version,memory.total,memory.used,compute_cap,mig.mode.current,persistence_mode,ecc.mode.current --format=csv
step smi-apps-idle 20 nvidia-smi --query-compute-apps=pid,process_name,used_memory,gpu_uuid --format=csv,noheader,nounits
step smi-topo 20 nvidia-smi topo -m
step smi-nvlink 20 nvidia-smi nvlink -s
step smi-L 20 nvidia-smi -L
step smi-version 20 nvidia-smi --version
step smi-dmon 20 nvidia-smi dmon -c 1
step smi-bad-arg 20 nvidia-smi --query-gpu=no_such_field --format=csv
step smi-bad-index 20 nvidia-smi -i 7

# A process holding GPU memory while nvidia-smi lists compute apps.
python3 -c 'import torch,time; x=torch.empty(2<<30,dtype=torch.uint8,device="cuda"); open("/tmp/held","w").write("1"); time.sleep(25)' > "$R/holder.txt" 2>&1 &
for i in $(seq 1 40); do [ -f /tmp/held ] && break; sleep 0.5; done
step smi-apps-busy 20 nvidia-smi --query-compute-apps=pid,process_name,used_memory,gpu_uuid --format=csv,noheader,nounits
step smi-busy 20 nvidia-smi
kill %1 2>/dev/null; wait 2>/dev/null

# -- error strings of this CUDA runtime, driver and NCCL (all codes) --------------------------
step errstrings 60 python3 "$REPO/scripts/device/error_strings.py" "$R/error-strings.json"
step nvml 60 python3 "$REPO/scripts/device/nvml_dump.py" "$R/nvml.json"

# -- real failures (each its own process; logs kept verbatim) ---------------------------------
F="$REPO/scripts/device/failures.py"
for k in oom oom_after_alloc device_assert illegal_address bad_ordinal fork_reinit unsupported_ptx; do
  step "fail-$k" 90 python3 "$F" "$k"
done
step fail-no_gpus 90 env CUDA_VISIBLE_DEVICES= python3 "$F" touch
step fail-cvd_bogus 90 env CUDA_VISIBLE_DEVICES=GPU-00000000-0000-0000-0000-000000000000 python3 "$F" touch
step fail-shm 90 unshare -m sh -c "mount -t tmpfs -o size=1m tmpfs /dev/shm && python3 $F shm"
step build-sm80 60 nvcc -gencode arch=compute_80,code=sm_80 -o /tmp/k80 "$REPO/scripts/device/kernel.cu"
step fail-no_kernel_image 30 /tmp/k80
step build-sm100 60 nvcc -gencode arch=compute_100,code=sm_100 -o /tmp/k100 "$REPO/scripts/device/kernel.cu"
step fail-no_kernel_image_sm100 30 /tmp/k100
step build-sm90 60 nvcc -gencode arch=compute_90,code=sm_90 -o /tmp/k90 "$REPO/scripts/device/kernel.cu"
step ok-sm90 30 /tmp/k90
step fail-nccl_duplicate_gpu 120 env NCCL_DEBUG=INFO torchrun --standalone --nproc-per-node=2 "$F" nccl_same_gpu
step torch-collect-env 120 python3 -m torch.utils.collect_env

# -- servecheck itself on this host ------------------------------------------------------------
step sc-install 120 python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site $(ls .whl/*.whl)
export PYTHONPATH=/tmp/site:$REPO/src
SC="python3 -m servecheck"
step sc-capture 120 $SC capture --out "$R/bundle" --log "$R/fail-oom.txt" --json
step sc-diagnose-bundle 60 $SC diagnose "$R/bundle" --json
for k in oom oom_after_alloc device_assert illegal_address bad_ordinal fork_reinit no_gpus cvd_bogus shm no_kernel_image no_kernel_image_sm100 nccl_duplicate_gpu unsupported_ptx; do
  step "sc-diagnose-$k" 60 $SC diagnose "$R/fail-$k.txt" --json
done
step sc-comm 240 $SC comm run --launcher torchrun --nodes 1 --gpus-per-node 1 --max-bytes 1G --out-dir "$R/comm" --json --deadline 200
