"""Real CUDA / NCCL / shared-memory failures, one per process, left to print what they print.

Run by record_gpu_host.sh on a GPU machine: ``python3 failures.py MODE``. Nothing is caught except
in ``unsupported_ptx``, which calls the driver directly and prints its answer and JIT log.
"""

import ctypes
import sys

GIB = 1 << 30


def oom():
    import torch
    torch.empty(200 * GIB, dtype=torch.uint8, device="cuda")


def oom_after_alloc():
    import torch
    held = torch.empty(120 * GIB, dtype=torch.uint8, device="cuda")
    more = torch.empty(30 * GIB, dtype=torch.uint8, device="cuda")
    print(held.numel() + more.numel())


def device_assert():
    import torch
    table = torch.arange(3, device="cuda")
    index = torch.tensor([5], device="cuda")
    print(table[index])
    torch.cuda.synchronize()


def illegal_address():
    import cupy
    import torch
    x = torch.zeros(1, device="cuda")
    kernel = cupy.RawKernel(r'extern "C" __global__ void poke(int *p) { p[1ll << 40] = 1; }', "poke")
    kernel((1,), (1,), (cupy.zeros(1, dtype=cupy.int32),))
    print((x + 1).cpu())


def bad_ordinal():
    import torch
    torch.zeros(1, device="cuda:3")


def touch():
    import torch
    print(torch.zeros(1, device="cuda"))


def _child():
    import torch
    torch.zeros(1, device="cuda")


def fork_reinit():
    import multiprocessing as mp

    import torch
    torch.zeros(1, device="cuda")
    p = mp.get_context("fork").Process(target=_child)
    p.start()
    p.join()
    sys.exit(p.exitcode)


def shm():
    import torch
    t = torch.zeros(16 << 20)
    t.share_memory_()
    print(t.is_shared())


def nccl_same_gpu():
    import datetime

    import torch
    import torch.distributed as dist
    torch.cuda.set_device(0)
    dist.init_process_group("nccl", timeout=datetime.timedelta(seconds=60))
    x = torch.ones(1, device="cuda")
    dist.all_reduce(x)
    torch.cuda.synchronize()
    print(dist.get_rank(), x.item())
    dist.destroy_process_group()


PTX = """.version {version}
.target sm_90
.address_size 64

.visible .entry noop()
{{
    ret;
}}
"""


def unsupported_ptx():
    cuda = ctypes.CDLL("libcuda.so.1")
    def call(name, *args):
        rc = getattr(cuda, name)(*args)
        if rc:
            text, label = ctypes.c_char_p(), ctypes.c_char_p()
            cuda.cuGetErrorName(rc, ctypes.byref(label))
            cuda.cuGetErrorString(rc, ctypes.byref(text))
            return rc, f"{label.value.decode()} ({rc}): {text.value.decode()}"
        return 0, "CUDA_SUCCESS"
    dev, ctx = ctypes.c_int(), ctypes.c_void_p()
    for step in (("cuInit", 0), ("cuDeviceGet", ctypes.byref(dev), 0),
                 ("cuDevicePrimaryCtxRetain", ctypes.byref(ctx), dev), ("cuCtxSetCurrent", ctx)):
        rc, text = call(*step)
        if rc:
            print(f"{step[0]}: {text}")
            sys.exit(1)
    version = ctypes.c_int()
    cuda.cuDriverGetVersion(ctypes.byref(version))
    print(f"driver API version {version.value}")
    failed = 0
    for ptx_version in ("9.0", "9.1", "9.2"):
        log = ctypes.create_string_buffer(8192)
        opts = (ctypes.c_int * 2)(5, 6)  # CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES
        vals = (ctypes.c_void_p * 2)(ctypes.cast(log, ctypes.c_void_p), ctypes.c_void_p(8192))
        module = ctypes.c_void_p()
        source = PTX.format(version=ptx_version).encode() + b"\0"
        rc, text = call("cuModuleLoadDataEx", ctypes.byref(module), source, 2, opts, vals)
        print(f"cuModuleLoadDataEx(PTX .version {ptx_version}): {text}")
        if log.value:
            print(f"JIT error log: {log.value.decode(errors='replace').strip()}")
        failed |= bool(rc)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    globals()[sys.argv[1]]()
