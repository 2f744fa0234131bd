"""Conformance: every signature file and entry, built-in or a user's, follows the same rules."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from servecheck.diagnose import signatures as sigmod
from servecheck.diagnose.api import diagnose
from servecheck.diagnose.models import Finding
from servecheck.errors import KnowledgeError

BUILTIN = sigmod.builtin()
COMPILED = sigmod.load()


@pytest.mark.parametrize("sig", BUILTIN, ids=lambda s: s.id)
def test_examples_match_their_own_signature_first(sig):
    assert sig.examples, "every signature documents at least one real line"
    for example in sig.examples:
        assert any(k in example for k in sig.keywords), "keywords must appear in matching lines"
        assert COMPILED.match(example).id == sig.id, "an earlier signature shadows this one"


@pytest.mark.parametrize("sig", BUILTIN, ids=lambda s: s.id)
def test_patterns_stay_within_what_grep_E_understands(sig):
    for pattern in sig.patterns:
        for construct in ("(?", "\\d", "\\w+?", "*?", "+?", "\\A", "\\Z"):
            assert construct not in pattern, (pattern, construct)
        assert not pattern.startswith("^"), "unanchored: prefixes are not stripped before grep"


def test_grep_accepts_every_pattern(tmp_path):
    grep = shutil.which("grep")
    if grep is None:
        pytest.skip("grep not installed")
    pats = tmp_path / "p.txt"
    pats.write_text("\n".join(COMPILED.grep_patterns()) + "\n")
    sample = tmp_path / "s.log"
    sample.write_text("\n".join(e for s in BUILTIN for e in s.examples) + "\n")
    out = subprocess.run([grep, "-E", "-c", "-f", str(pats), str(sample)], capture_output=True,
                         text=True, timeout=120)
    assert out.stderr == "" and int(out.stdout) == sum(len(s.examples) for s in BUILTIN)


def test_every_class_and_the_data_fields_are_covered():
    classes = {s.cls for s in BUILTIN if s.role == "cause"}
    assert classes == set(Finding.model_fields["cls"].annotation.__args__)
    assert len({s.id for s in BUILTIN}) == len(BUILTIN)
    for s in BUILTIN:
        if s.role == "cause" and s.severity in ("fatal", "error") and s.cls != "other":
            assert s.explanation and s.next_steps and s.references, s.id


def test_a_line_explains_only_errors_that_exist_and_is_no_error_itself():
    ids = {s.id for s in BUILTIN}
    explaining = [s for s in BUILTIN if s.explains_below]
    assert explaining, "the NGC minor-version-compatibility banner explains its quoted 804"
    for s in explaining:
        # a banner is no error itself; a wrapper (a consequence) whose own check raised the bare
        # exception below it is one, the wrapper that says the start failed and not why; a failure
        # restated below it explains a line of another class (Slurm's memory refusal, then its
        # "Requested node configuration is not available")
        restates = s.severity in ("fatal", "error") and all(
            next(x for x in BUILTIN if x.id == i).cls != s.cls for i in s.explains_below)
        assert (s.severity == "info" or s.role == "consequence" or restates) and set(s.explains_below) <= ids, s.id
        assert all(next(x for x in BUILTIN if x.id == i).severity in ("fatal", "error") for i in s.explains_below)


def test_user_file_is_tried_first_and_can_add_a_class(tmp_path):
    path = tmp_path / "mine.json"
    path.write_text(json.dumps({"schema_version": 1, "signatures": [{
        "id": "site.quota", "class": "model_access", "layer": "access", "severity": "fatal",
        "patterns": ["QuotaExceeded for bucket"], "keywords": ["QuotaExceeded"],
        "examples": ["S3 QuotaExceeded for bucket models"]}]}))
    compiled = sigmod.load([path])
    assert compiled.signatures[0].id == "site.quota"
    assert compiled.match("S3 QuotaExceeded for bucket models").id == "site.quota"


@pytest.mark.parametrize("content, needle", [
    ("{not json", "not valid JSON"),
    (json.dumps({"signatures": [{"id": "x.y", "class": "nope", "layer": "access", "severity": "fatal",
                                 "patterns": ["a"], "keywords": ["a"]}]}), "class"),
    (json.dumps({"signatures": [{"id": "x.y", "class": "other", "layer": "other", "severity": "fatal",
                                 "patterns": ["(unclosed"], "keywords": ["a"]}]}), "does not compile"),
    (json.dumps({"signatures": [{"id": "x.y", "class": "other", "layer": "other", "severity": "fatal",
                                 "patterns": ["a"], "keywords": ["a"], "quotes_cause": ["a '(?P<cause>"]}]}),
     "does not compile"),
    (json.dumps({"schema_version": 99, "signatures": []}), "newer"),
    # a wrapper's words may name only {line} and {text}: another field would fail on the first log
    (json.dumps({"signatures": [{"id": "x.y", "class": "other", "layer": "other", "severity": "error",
                                 "role": "consequence", "patterns": ["a"], "keywords": ["a"],
                                 "wrapper_says": "stopped at {lin} {"}]}), "may name only"),
])
def test_malformed_user_files_raise_a_clear_error(tmp_path, content, needle):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(KnowledgeError, match=needle):
        sigmod.load([path])


def test_missing_user_file_and_duplicate_ids(tmp_path):
    with pytest.raises(KnowledgeError, match="cannot read"):
        sigmod.load([tmp_path / "absent.json"])
    dup = {"id": "d.d", "class": "other", "layer": "other", "severity": "fatal", "patterns": ["a"], "keywords": ["a"]}
    path = tmp_path / "dup.json"
    path.write_text(json.dumps({"signatures": [dup, dup]}))
    with pytest.raises(KnowledgeError, match="defined twice"):
        sigmod.load([path])


@pytest.mark.parametrize("sig", BUILTIN, ids=lambda s: s.id)
def test_every_shipped_pattern_compiles(sig):
    # built-in files skip the compile at load time (start-up cost); this is where they are checked
    for pattern in sig.patterns:
        re.compile(pattern)


@pytest.mark.parametrize(("reason", "cls"), [
    ("['head_size not supported']", "model_config"),
    ("['attention sinks not supported']", "model_config"),
    ("['compute capability not supported']", "gpu_arch_unsupported"),
])
def test_a_forced_attention_backend_is_read_by_its_reason(tmp_path, reason, cls):
    """vLLM names why a backend chosen by hand does not fit: the model's shape is configuration,
    the GPU's compute capability is the architecture."""
    log = tmp_path / "start.log"
    log.write_text("ValueError: Selected backend AttentionBackendEnum.FLASHINFER is not valid for this "
                   f"configuration. Reason: {reason}\n")
    assert diagnose(str(log)).primary.cls == cls


@pytest.mark.parametrize("symbol, cls", [
    ("cuMemGetInfo_v2", "other"),          # every driver since CUDA 3.2 has it: a library not linked to libcuda
    ("cuInit", "other"),
    ("cuTensorMapEncodeTiled", "driver_too_old"),   # CUDA 12.0's: a driver older than the build
    ("cuGetProcAddress_v2", "driver_too_old"),
])
def test_an_undefined_driver_symbol_blames_the_driver_only_when_it_is_a_newer_one(symbol, cls):
    line = f"OSError: cannot load library '/opt/lib/libx.so': /opt/lib/libx.so: undefined symbol: {symbol}"
    assert COMPILED.match(line).cls == cls


@pytest.mark.parametrize("line, cls", [
    # a scheduler event pasted with its resource name broken after "nvidia"
    ("1.PodUnschedulable Cannot schedule pods: Insufficient nvidia ", "no_gpu_visible"),
    ("0/3 nodes are available: 3 Insufficient nvidia.com/gpu.", "no_gpu_visible"),
    # a CDI device name that reached the engine as a plain device path
    ("Error response from daemon: container create: stat nvidia.com/gpu=all: no such file or directory",
     "no_gpu_visible"),
    # Triton's model configuration checked against the model file
    ("E0827 01:50:19.658470 459 backend_model.cc:635] ERROR: Failed to create instance: model 'densenet_onnx', "
     "tensor 'fc6_1': the model expects 4 dimensions (shape [1,1000,1,1]) but the model configuration specifies "
     "1 dimensions (shape [1001])", "model_config"),
    # NVSHMEM's bring-up (DeepEP, disaggregated serving) over IB/EFA
    ("wide-ep-llm-d-prefill-0 vllm /tmp/nvshmem_src/src/host/init/init.cu:1034: non-zero status: 28 nvshmem detect "
     "topo failed ", "nccl_comm"),
    ("/sgl-workspace/nvshmem/src/host/transport/transport.cpp:400: non-zero status: 7 connect EPS failed", "nccl_comm"),
    # a ggml build without the GPU's architecture (Ollama's own words too)
    ("ggml-cuda/common.cuh:106: ggml was not compiled with any CUDA arch <= 610", "gpu_arch_unsupported"),
    # vLLM's start-up memory check, wherever a paste wrapped it
    ("ValueError: Free memory on device cuda:0 (109.53/121.69 GiB) on startup is", "oom_weights"),
    ("ValueError: Free memory on device cuda:0 (30.12/31.84 GiB) on startup", "oom_weights"),
    # Triton's kernel too big for this GPU's on-chip shared memory: never /dev/shm
    ("future: <Task finished name='Task-5' coro=<RouterManager.loop_for_fwd() done> exception=OutOfResources('out "
     "of resource: shared memory, Required: 100352, Hardware limit: 98304.')>", "gpu_arch_unsupported"),
    # a Jetson process denied the nvmap device
    ("Nov 27 16:54:54 jetson ollama[7008]: NvRmMemInitNvmap failed with Permission denied", "no_gpu_visible"),
    # round 52: host RAM exhausted loading weights; vLLM's Transformers fallback refusing a model; the
    # KV-cache transfer of disaggregated serving failing to come up
    ("DefaultCPUAllocator: not enough memory: you tried to allocate 1069285376 bytes.", "oom_weights"),
    ("ERROR 02-23 13:07:13 engine.py:400] The Transformers implementation of XLMRobertaModel is not compatible "
     "with vLLM.", "model_config"),
    ("RuntimeError: Mooncake memory registration failed.", "nccl_comm"),
    ("ERROR decode._update_handshake_waiters: Decode handshake failed ... with exception NIXL KVReceiver Exception",
     "nccl_comm"),
    # round 53: Ollama 0.1's probe of the GPU failing; docker-compose refusing the file before any start
    ("2023/10/27 09:16:05 routes.go:682: Warning: GPU support may not enabled, check you have installed install "
     "GPU drivers: failed to parse available VRAM", "no_gpu_visible"),
    ("The Compose file './docker-compose.yaml' is invalid because:", "other"),
])
def test_wordings_met_in_rounds_49_to_53_name_their_class(line, cls):
    assert COMPILED.match(line).cls == cls
