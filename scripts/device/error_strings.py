"""Every error code's name and text from this host's CUDA driver, CUDA runtime, NCCL and NVML.

Run by record_gpu_host.sh: ``python3 error_strings.py OUT.json``. The libraries are loaded with
ctypes from where the driver and the installed wheels put them; a library that is not found is
recorded as such.
"""

import ctypes
import glob
import json
import site
import sys


def find(pattern):
    for base in site.getsitepackages():
        hits = sorted(glob.glob(f"{base}/{pattern}"))
        if hits:
            return hits[0]
    return None


def driver():
    cuda = ctypes.CDLL("libcuda.so.1")
    version = ctypes.c_int()
    cuda.cuDriverGetVersion(ctypes.byref(version))
    codes = {}
    for code in range(0, 1000):
        name, text = ctypes.c_char_p(), ctypes.c_char_p()
        if cuda.cuGetErrorName(code, ctypes.byref(name)) == 0:
            cuda.cuGetErrorString(code, ctypes.byref(text))
            codes[code] = [name.value.decode(), text.value.decode()]
    return {"library": "libcuda.so.1", "version": version.value, "codes": codes}


def _load(patterns, what):
    """The first wheel library matching one of the patterns, with its version call's answer."""
    path = next((hit for hit in map(find, patterns) if hit), None)
    if path is None:
        raise FileNotFoundError(f"{what} not found in site-packages")
    lib = ctypes.CDLL(path)
    version = ctypes.c_int()
    getattr(lib, {"libcudart": "cudaRuntimeGetVersion", "libnccl": "ncclGetVersion"}[what])(ctypes.byref(version))
    return path, lib, version.value


def runtime():
    path, cudart, version = _load(["nvidia/cu13/lib/libcudart.so.13", "nvidia/cuda_runtime/lib/libcudart.so.*"],
                                  "libcudart")
    cudart.cudaGetErrorName.restype = cudart.cudaGetErrorString.restype = ctypes.c_char_p
    codes = {}
    for code in range(0, 1000):
        name = cudart.cudaGetErrorName(code).decode()
        if (name != "cudaErrorUnknown" or code == 999) and "unrecognized" not in name:
            codes[code] = [name, cudart.cudaGetErrorString(code).decode()]
    return {"library": path, "version": version, "codes": codes}


def nccl():
    path, lib, version = _load(["nvidia/nccl/lib/libnccl.so.2", "nvidia/cu13/lib/libnccl.so.2"], "libnccl")
    lib.ncclGetErrorString.restype = ctypes.c_char_p
    return {"library": path, "version": version,
            "codes": {code: lib.ncclGetErrorString(code).decode() for code in range(0, 9)}}


def nvml():
    import pynvml
    pynvml.nvmlInit()  # nvmlErrorString answers "Uninitialized" for every code before it
    codes = {}
    for code in list(range(0, 30)) + [999]:
        try:
            codes[code] = pynvml.nvmlErrorString(code)
        except Exception as exc:  # noqa: BLE001 - record whatever the binding says
            codes[code] = f"<{type(exc).__name__}: {exc}>"
    return {"codes": codes}


out = {}
for name, fn in (("driver", driver), ("runtime", runtime), ("nccl", nccl), ("nvml", nvml)):
    try:
        out[name] = fn()
    except Exception as exc:  # noqa: BLE001
        out[name] = {"error": f"{type(exc).__name__}: {exc}"}
json.dump(out, open(sys.argv[1], "w"), indent=1, sort_keys=True)
print({k: len(v.get("codes", {})) for k, v in out.items()})
