"""Accuracy on real start-up logs from public issue threads (tests/diagnose/logs, sources in the
sidecars). Every log here has been tuned on after its first contact, so this is a regression
floor on known logs, not a figure about unseen ones (those are the first-contact records in
docs/diagnosis-accuracy.md). The floors sit just under the measured accuracy
(`python bench/diagnose_corpus_figures.py` after round 28's fixes: class only, as these tests compare,
1737/1874; known misses counted as misses), overall, per round and per class."""

from __future__ import annotations

import pytest

from servecheck.diagnose.api import diagnose

# The module's fixture diagnoses every labelled log under coverage, the Hyperscan databases compiled on a fresh
# clone's cold cache included: 74 s on two busy CI-sized cores, over the suite's 120 s per test with a third
# process beside them (2026-12-07). Its own bound, still one that stops a hang.
pytestmark = pytest.mark.timeout(360)

CLASSES = ["driver_too_old", "no_gpu_visible", "gpu_arch_unsupported", "oom_weights",
           "kv_cache_insufficient", "nccl_comm", "shm_too_small", "model_config", "model_access",
           "tool_parser", "port_in_use", "cuda_compat_shadowing"]
LAYER_CLASSES: list[str] = []
OVERALL_FLOOR = 0.904      # measured 5770/6381 = 0.9042 after round 149 (rounds 146-149: 159 fresh logs, 44 known
                           # misses, mostly programs known from their threads; no older log changed class)
                           # (3535/3902 = 0.9059 after rounds 84-87, their fixes and the program relabel)
                           # (3381/3752 = 0.9011 after rounds 79-83 and their fixes: harder fresh logs,
                           # a fifth of rounds 79-83 known misses: 3217/3554 = 0.9052 after round 77)
                           # (2993/3339 = 0.8964 after round 69, class only, as this test compares;
                           # 2822/3145 = 0.8973 after round 63: the six rounds since added harder logs, no loss)
HELD_OUT_FLOOR = 0.903     # measured 5688/6296 = 0.9034 after round 149 (as OVERALL_FLOOR)
                           # (3453/3817 = 0.9046 after rounds 84-87 and their fixes)
                           # (3300/3667 = 0.8999 after rounds 79-83 and their fixes)
                           # (3136/3469 = 0.9040 after round 77 and the client-relay relabelling)
                           # (2912/3254 = 0.8949 after round 69, class only, as this test compares;
                           # 2741/3060 = 0.8958 after round 63)
ROUND_FLOOR = 0.96         # the weakest earlier rounds: 8 at 122/126 = 0.968, 3 at 58/60 = 0.967
# Round 9 after its fixes (tuned on now): 59/63 = 0.937, its four misses marked known_miss.
# Round 10 after its fixes (tuned on now): 41/43 = 0.953, its two misses marked known_miss (one an
# input status: a bare web app's ready line is incomplete since fixdiag's rule).
# Round 11 after its fixes (tuned on now): 107/115 = 0.930, its eight misses marked known_miss.
# Round 12 after its fixes (tuned on now): 88/96 = 0.917, seven of its eight misses marked known_miss.
# Round 13 after its fixes (tuned on now): 75/83 = 0.904, its eight misses marked known_miss.
# Round 14 after its fixes (tuned on now): 60/71 = 0.845, its eleven misses marked known_miss.
# Round 15 after its fixes (tuned on now): 23/24, its miss marked known_miss.
# Round 16 after its fixes (tuned on now): 76/90 = 0.844 (class only), its fifteen misses marked known_miss.
# Round 17 after its fixes (tuned on now): 57/67 = 0.851, its ten misses marked known_miss.
# Round 18 after its fixes (tuned on now): 43/55 = 0.782 (class only), its thirteen misses marked
# known_miss (nine of them excerpts cut before the decisive line).
# Round 19 after its fixes (tuned on now): 19/22, its three misses marked known_miss.
# Round 20 after its fixes (tuned on now): 102/121 = 0.843 (class only), its twenty-two misses marked
# known_miss (bare driver errors whose cause is in the thread, cut excerpts, thread-only causes).
# Round 21 after its fixes (tuned on now): 42/52 = 0.808, its ten misses marked known_miss; 41/52 =
# 0.788 since round 34 (llama.cpp's chat-template fallback read as the later labels read it); 40/52 = 0.769
# since the program relabel after round 83 (a GPU Operator listing relabelled with the class it shows); 39/52 =
# 0.750 since round 216 (TurboMind's 'CUDA runtime error: invalid argument' is CUDA's, its model_config the thread's).
# Round 22 after its fixes (tuned on now): 15/16 after round 23's, its miss marked known_miss.
# Round 23 after its fixes (tuned on now): 75/79 = 0.949, its four misses marked known_miss.
# Round 24 after its fixes (tuned on now): 67/69 = 0.971 (class only), its three misses marked known_miss.
# Round 25 after its fixes (tuned on now): 34/37 = 0.919, its three misses marked known_miss.
# Round 26 after its fixes (tuned on now): 79/88 = 0.898, its nine misses marked known_miss.
# Round 27 after its fixes (tuned on now): 48/53 (class only 49/53 = 0.925), its five misses marked known_miss.
# Round 28 after its fixes (tuned on now): 13/15 = 0.867, its two misses marked known_miss.
# Round 29 after its fixes (tuned on now): 54/65 (class only 55/65 = 0.846), its eleven misses marked known_miss.
# Round 30 after its fixes (tuned on now): 42/52 (class only 44/52 = 0.846), its ten misses marked known_miss.
# Round 31 after its fixes (tuned on now): 48/58 (class only 49/58 = 0.845), its ten misses marked known_miss.
# Round 32 after its fixes (tuned on now): 5/6 = 0.833, its one miss marked known_miss.
# Round 33 after its fixes (tuned on now): 36/46 (class only 37/46 = 0.804), its ten misses marked known_miss.
# Round 34 after its fixes (tuned on now): 31/39 (class only 35/39 = 0.897), its eight misses marked known_miss.
# Round 35 after its fixes (tuned on now): 19/21 = 0.905, its two misses marked known_miss.
# Round 36 after its fixes (tuned on now): 9/10 (class only 10/10), its miss marked known_miss.
# Round 37 after its fixes (tuned on now): 25/34 = 0.735, its nine misses marked known_miss (six excerpts
# cut before the exception whose cause is in the title, three labels that read a wording otherwise).
# Round 38 after its fixes (tuned on now): 32/46 (class only 33/46 = 0.717), its fourteen misses marked
# known_miss (six cut excerpts, four thread-only causes, four labels that read a wording otherwise).
# Round 39 after its fixes (tuned on now): 37/46 (class only 40/46 = 0.870), its nine misses marked known_miss.
# Round 40 after its fixes (tuned on now): 26/30 = 0.867, its four misses marked known_miss.
# Round 41 after its fixes (tuned on now): 14/16 = 0.875, its two misses marked known_miss.
# Round 42 after its fixes (tuned on now): 18/30 (class only 20/30 = 0.667), its twelve misses marked
# known_miss (eight labels that read a convention otherwise than earlier rounds, four out of the log's reach).
# Round 43 after its fixes (tuned on now): 30/33 = 0.909, its three misses marked known_miss.
# Round 44 after its fixes (tuned on now): 24/29 (class only 25/29 = 0.862), its five misses marked known_miss.
# Round 45 after its fixes (tuned on now): 27/32 = 0.844, its five misses marked known_miss.
# Round 46 after its fixes (tuned on now): 24/29 (class only 25/29 = 0.862), its five misses marked known_miss.
# Round 47 after its fixes (tuned on now): 16/19 = 0.842, its three misses marked known_miss.
# Round 48 after its fixes (tuned on now): 40/47 (class only 42/47 = 0.894), its seven misses marked
# known_miss. Its fixes also reach rounds 40, 41 and 46's wrappers whose cause was cut (incomplete, as
# their labels say: round 46 is 26/29 now) and lose three early labels that call such a wrapper other.
# Round 49 after its fixes (tuned on now): 29/41 (class only 30/41 = 0.732), its twelve misses marked
# known_miss (eight label conventions: clients relaying Ollama's runner error, a CLI's and deviceQuery's
# output, a curl shell, an unfinished Ollama start with error 800, a wrapper with no cut traceback; a
# Java trace cut before its cause; three out of the log's reach).
# Round 50 after its fixes (tuned on now): 31/37 (class only 32/37 = 0.865), its six misses marked
# known_miss (five label conventions: client relays, failing nccl-tests, a wrapper; a thread-only regression).
# Round 51 after its fixes (tuned on now): 33/42 (class only 34/42 = 0.810), its nine misses marked
# known_miss (five label conventions, four out of the log's reach or read otherwise).
# Round 52 after its fixes (tuned on now): 30/36 (class only 31/36 = 0.861), its six misses marked
# known_miss (three status conventions, three out of the log's reach or read otherwise).
# Round 53 after its fixes (tuned on now): 19/23 (class only 21/23 = 0.913), its four misses marked known_miss.
# Round 54 after its fixes (tuned on now): 37/43 (class only 40/43 = 0.930), its six misses marked
# known_miss (four status conventions: Kubernetes events and listings, a wrapper, a rollout wait; an
# offline engine's init line; a bare error 35 out of the log's reach).
# Round 55 after its fixes (tuned on now): 39/43 (class only 40/43 = 0.930), its four misses marked
# known_miss (three status conventions: a request-time SystemExit, curl beside a launcher's wait, an
# environment report; Ollama's CPU-only start that the maintainer calls normal).
# Round 56 after its fixes (tuned on now): 26/36 (class only 28/36 = 0.778), its ten misses marked
# known_miss (eight status conventions: Triton's and a platform's wrappers whose cause was cut away
# above, a bare uvicorn app, a client relaying a named cause; a DLL exit code and a client's rich
# traceback read otherwise).
# Round 57 after its fixes (tuned on now): 33/39 (class only 34/39 = 0.872), its six misses marked
# known_miss (five label conventions: a named error 803 and a distributed init before cut tracebacks,
# a wrapper, a bare uvicorn app, a test script's crash; a package mix read as no usable GPU).
# Round 58 after its fixes (tuned on now): 22/28 (class only 23/28 = 0.821), its six misses marked
# known_miss (all label conventions: four GPU tools' and a library's own PTX-toolchain errors, CUDA
# libraries missing from an image, kubectl listings before a start printed anything).
# Round 59 after its fixes (tuned on now): 37/43 (class only 40/43 = 0.930), its six misses marked
# known_miss (five conventions, one thread-only cause); ten earlier labels of wrappers with no cause
# relabelled blind (docs/eval/round59-relabelling.md).
# Round 60 after its fixes (tuned on now): 33/37 (class only 34/37 = 0.919), its four misses marked
# known_miss (all label conventions: a Docker client's pull denied, TGI's download error with its
# traceback cut, a blueprint's script before any server line, an environment report's CUDA error).
# Round 61 after its fixes (tuned on now): 35/42 (class only 37/42 = 0.881), its seven misses marked
# known_miss (five conventions: three clients relaying a server's error, two desktop apps' messages
# with no server line; a projector file read as access; a discovery cut before its verdict).
# Round 62 after its fixes (tuned on now): 41/49 (class only 42/49 = 0.857), its eight misses marked
# known_miss (six conventions: clients and tools that are not servers, a CPU-only Ollama start, a
# wrong setting read as unclassified, NCCL's missing libcuda; a cut excerpt; a worker out of reach).
# Round 63 after its fixes (tuned on now): 30/44 (class only 32/44 = 0.727), its fourteen misses
# marked known_miss (eleven conventions: clients relaying an error, cut tracebacks and wrappers
# labelled incomplete, a unit test and a client web app; two thread-only; one tool error, PyTorch
# c10d's warning read as a bind failure; one gap, a C++ abort whose what() names the cause).
# Round 64 after its fixes (tuned on now): 24/28 = 0.857, its four misses marked known_miss (three
# thread-only causes: Ollama's bare cuBLAS failure on JetPack 5, DeepEP across NVL72 hosts, vLLM
# without NVML on Jetson; one convention, NIM's 'errors fetching files' with its list cut).
# Round 65 after its fixes (tuned on now): 29/30 = 0.967, its miss marked known_miss (a convention: a
# proxy's one 'connection refused' line, labelled incomplete, read as not a server's log).
# Round 66 after its fixes (tuned on now): 36/41 = 0.878, its five misses marked known_miss (four
# conventions: a missing libcudart, a cut NCCL traceback, a hook error with its cause cut, a web
# app's ready line with no engine line; one thread-only, podman's conmon error).
# Round 67 after its fixes (tuned on now): 19/26 = 0.731, its seven misses marked known_miss (four
# conventions: a worker's one JSON request error, a request's traceback cut after the start, a
# client relaying the server's error...; two thread-only; a segfault in ncclCommInitRank whose
# interleaved stack is not read; a garbled script message read as an error line).
# Round 68 after its fixes (tuned on now): 29/35 = 0.829, its six misses marked known_miss (three
# conventions: a full disk during a pull, two launchers' lines with no server line; one thread-only;
# two gaps: an exception's message logged above its cut traceback, journald lines of llama-server's
# router child not seen as a server's).
# Round 69 after its fixes (tuned on now): 27/34 = 0.794, its seven misses marked known_miss (five
# conventions: errno 99 on ::1, a CUDA warning before a cut traceback, a named error with its
# traceback cut, a client's JSON body, a library's example test; one thread-only; a first line that
# lost its process tag). Round 68's rule (a message whose own traceback is cut says the start failed,
# not why) turned one early label (b3 SGLang 11949) into a convention miss.
# Round 70 after its fixes (tuned on now): 22/29 = 0.759, its seven misses marked known_miss (three
# thread-only; four conventions or out of reach: errno 99 on ::1, a controller's ready line, a
# request's TypeError, an engine the markers do not know). Round 71 (tuned on now): 30/38 = 0.789,
# its eight misses marked known_miss (all conventions: Ollama's 'Listening on' before discovery,
# clients relaying errors, GPU daemons' logs, an in-process rollout with no ready line). Round 71's
# fix (an image that cannot be pulled is a failed start, as the written rule says) reached round
# 42's NIM pull and turned round 31's label of the same line into a convention miss.
# Rounds 72-75 after their fixes (tuned on now): 25/26, 28/33, 20/23, 23/26; twelve misses marked
# known_miss (nine conventions: CUDA's stub libcuda, a missing libcudart, ZMQ's bind in the frames
# above, a library's test script, the ollama CLI relaying, trtllm-build's settings, an abort with no
# message, pyxis starting a shell; a client's traceback cut; a paste that lost its line breaks; a
# poster's wrap). Round 76 after its fixes (tuned on now): 18/22 = 0.818, four known misses (three
# conventions: CMake naming an engine target, a fork's CLI, a chat template's fallback; one thread-only).
# Round 77 after its fixes: 18/18. Round 78 after its fixes (tuned on now): 10/13 = 0.769, three known
# misses (a thread-only class, a fork's kernel split, a client relay with no cause).
# Round 79 after its fixes (tuned on now): 23/27 = 0.852, four known misses (two thread-only classes,
# a panic on CUDA_ERROR_UNKNOWN labelled incomplete, a bare web app's ready line).
# Round 80 after its fixes (tuned on now): 23/31 = 0.742, eight known misses (four thread-only or
# labeller's readings, a cut MCP listener, a bare web app, a training job's NCCL error, a proxy's 404).
# Round 81 after its fixes (tuned on now): 34/44 = 0.773, ten known misses (four thread-only, four
# status conventions, a benchmark's and a CLI runner's output).
# Round 82 after its fixes (tuned on now): 30/40 = 0.750, ten known misses (three thread-only, four
# programs that are no server, a request rejected by a running server, a bare web app, a YAML status).
# Round 83 after its fixes (tuned on now): 31/43 = 0.721, twelve known misses (six programs that are
# no server, four labellers' or conventions' classes, a cut Go crash dump, a route table with no ready line).
# After the program relabel (docs/eval/round84-program-relabelling.md): rounds 26 at 78/88, 39 at 39/46 and 52
# at 30/36 (deploy and build tools' own messages relabelled with the class they show, known misses); round 26
# at 77/88 after round 85's nvidia-smi relabel (dmesg's Xid 79 beside nvidia-smi, labelled other).
# Round 84 after its fixes (tuned on now): 39/42 = 0.929, three known misses (programs that are no server
# with nothing in their lines that marks them: a training job's NVSHMEM errors, OME's model agent,
# checkpoint-engine's Mooncake lines).
# Round 85 after its fixes (tuned on now): 25/28 (class only 26/28 = 0.929), three known misses (Ollama's load
# wrapper with a poster's hard wrap, nccl-tests' bare CUDA error whose P2P cause is the maintainer's, a
# torchtune job known as one from its thread).
# Round 86 after its fixes (tuned on now): 38/41 = 0.927, three known misses (a newest-first cloud log copy, SGLang's
# ignored model import, Beam's deploy CLI).
# Round 87 after its fixes (tuned on now): 32/39 = 0.821, seven known misses (two programs with no mark the tool
# knows, a bare error 803 read as compat libraries, a pod's exit 137 read as a kill, a lookahead assertion, a
# registry 412 inside a command line, a client relaying no cause).
# Round 88 (tuned on now, no fix found general enough): 20/23 (class only 21/23 = 0.913), three known misses (two
# programs with no mark, a llama-cli class its labeller takes from the thread).
# Round 89 after its fixes (tuned on now): 39/51 = 0.765, twelve known misses (six programs known as such from
# their threads only, a cut C++ stack, teardown noise, a CPU-only start by design, an engine with no marker).
# Round 90 after its fixes (tuned on now): 31/36 = 0.861, five known misses (two causes that rest on the thread, a
# stale image read by its GPU line first, a platform's probe events, a training job's vLLM workers).
# Round 91 after its fixes (tuned on now): 26/40 = 0.650, fourteen known misses (programs and pods known as such
# from their threads only, CPU-only starts by design, condensed or reporter-wrapped excerpts, wrappers).
# Round 92 after its fixes (tuned on now): 13/15 = 0.867, two known misses (a first request's parse error, a
# repr'd exception before a cut traceback).
# Round 93 after its fixes (tuned on now): 22/24 = 0.917, two known misses (a rich-wrapped CUDA error, a test job's
# placement failure known as one from its thread).
# Round 94 after its fixes (tuned on now): 26/28 = 0.929, two known misses (Triton's 'Ready for RPC' and LMDeploy's
# HINT line without the listening line after them, which earlier labels call a start not shown complete).
# Round 95 after its fixes (tuned on now): 25/26 = 0.962, one known miss (an image's wrong ENTRYPOINT known from
# the maintainers' fix only).
# Round 96 after its fixes (tuned on now): 28/32 = 0.875, four known misses (two classes that rest on the thread
# or the labeller's reading, a dropped draft context's OOM, an installer CLI no mark names).
# Round 97 after its fixes (tuned on now): 13/17 = 0.765, four known misses (two programs known from their
# threads only, a traceback cut in torch.distributed read by the frame rule, an engine no marker knows).
# Round 98 after its fixes (tuned on now): 20/22 = 0.909, two known misses (a retry notice read as its cause, a
# pipeline's polling lines). Round 99 after its fixes (tuned on now): 27/30 = 0.900, three known misses (labels
# split on llama.cpp's chatml fallback, a cause from other threads, a server no marker knows).
# Round 100 after its fixes (tuned on now): 24/28 = 0.857, four known misses (a class from other threads, a
# rich-wrapped message, a client's line after a bare web server's ready line, a CLI no mark names).
# Round 101 after its fixes (tuned on now): 32/34 = 0.941, two known misses (an in-process engine's init line
# read as no ready marker, a benchmark known from its cut command line). Round 102 after its fixes: 20/26 =
# 0.769, six known misses (a bare loader line, a thread-only class, a request's cut traceback after the ready
# line, a launcher's banner, an evaluation script and a client from a checkout no mark names).
# Round 103 after its fixes (tuned on now): 31/33 = 0.939, two known misses (a compiler's empty architecture
# read as other, a missing libcudart read as the image's library).
# Round 104 after its fixes (tuned on now): 42/46 = 0.913, four known misses (a warning whose harm rests on
# other threads, a handled exception before a cut traceback, a python -c check the labels split on, a
# generation script known from its thread only).
# Round 105 after its fixes (tuned on now): 50/55 = 0.909, five known misses (a bind error the lexicon reads as
# access, two thread-only causes, a describe without its events, an optional preset's failed lookup).
# Round 106 (no fixes after it): 17/19 = 0.895, two known misses (Ollama's missing backends known from the
# thread, a Ray test script no mark names). Round 107 after its fix: 3/4, one known miss (vLLM's route list with no
# ready line after it, which the labels split on).
# Round 108 after its fixes (tuned on now): 51/61 = 0.836, ten known misses (two thread-only or split cut
# tracebacks, four label splits: a library missing from the image, Ray's worker-exit wrapper, torch's CUDA-init
# warning, DeepSpeed-MII's crash wrapper; a client's exception beside mpirun's abort, llama-cpp-python's timings
# alone, a training job and a launcher known from their threads).
# Round 109 after its fixes (tuned on now): 61/66 = 0.924, five known misses (a FasterTransformer abort without
# its message, two scripts and llama.cpp's old main known from their threads or a banner the labels split on,
# lsof's table).
# Round 110 after its fixes (tuned on now): 47/55 = 0.855, eight known misses (four label splits: weights not
# found, a permission error on a directory twice, a TensorRT plan's version; a kernel check and a connector's repr
# known from their threads, two training jobs known from their threads).
# Round 111 after its fixes (tuned on now): 44/60 = 0.733 (45/60 = 0.750 once an abort's own message
# leads its SIGABRT), sixteen known misses, now fifteen (five label splits: kernel logs
# twice, a pre-GGUF library, tokenizers' enum, a regression's projector; causes known from threads: a download's
# timeout, a cache flag, a KV share, an ECC abort; wrappers and bare asserts; programs no mark names).
# Round 112 (no fixes after it): 11/16 = 0.688, five known misses (four one-line programs known from their
# threads whose too-old driver the tool names as a server's, vLLM's benchmark client printing vLLM's lines).
# Round 55: 0.93 -> 0.90 after round 99 (its SDK relay of TGI's 'template not found' now read as model_config,
# a known miss by the relay rule: 39/43).
# Round 113 after its fixes (tuned on now): 37/49 = 0.755, twelve known misses (four programs or clients known
# from their threads or read beside a server's line, two label splits, a cut shard dump, a logging error's
# source line, a started-without-GPU run, a pod the thread calls a training job, a lone bootstrapping error,
# a model's reply read as a failure word).
# Round 114 after its fixes (tuned on now): 40/43 = 0.930, three known misses (an engine build's script and an
# example runner known as programs from their threads, a class the thread settles).
# Round 115 after its fixes (tuned on now): 37/50 = 0.740, thirteen known misses (three programs known from their
# threads, causes the threads settle: an SM number, a flag combination, a CPU request, a cache path; two label
# splits on a line two labels read apart; a wrapper with no cause; two cut tracebacks).
# Round 116 after its fixes (tuned on now): 38/44 = 0.864, six known misses (a warning printed on working hosts
# too, twice; a label split on a draft's tensor mismatch; causes the threads settle: a blob URL's HTML, a
# fine-tuning notebook; a notebook's cut traceback).
# Round 117 after its fixes (tuned on now): 49/52 = 0.942, three known misses (causes the threads settle: a
# CPU-only torch on a GTX 1080 Ti, a command-line runner that prints what its server prints; a start whose
# line binding the port was cut).
# Round 118 after its fixes (tuned on now): 38/48 = 0.792, ten known misses (programs known from their threads:
# a training job, a script, nccl-tests, a device plugin, Fabric Manager's exit; a client relay labels split on;
# a gRPC client's lines inside a connector; a preset's 404 before a download; native backtraces; an engine
# error line before a later abort).
# Round 119 after its fixes (tuned on now): 37/44 = 0.841 (38/44 since llama-cpp-python's assertion wrapper), six known misses (launchers and build steps known
# from their threads: torchrun's summary, a Slurm launcher, Cog's build, TRL's trainer through vLLM's modules;
# a bare assertion wrapper, an installer's own lines, a GPU warning before anything failed).
# Round 120 after its fixes (tuned on now): 20/31 = 0.645, eleven known misses (host commands and programs
# whose class the labels give: DKMS, modprobe, an Ansible run, a TensorFlow script, an OFI test, a container
# CLI; two ONNX Runtime 'driver insufficient' lines whose real cause is the thread's, so two false
# driver_too_old a bundle settles; Ollama's listening line by the written rule; two inputs with no line the
# tool knows as a server's).
# Round 121 after its fixes (tuned on now): 10/11, one known miss (MLC's chat CLI known as a program from its
# thread).
# Round 122 after its fixes (tuned on now): 38/49 = 0.776, eleven known misses (label conventions on a Windows
# DLL exit status, a TensorRT engine version and a native crash; thread-only causes; programs no line names).
# Round 123 after its fixes (tuned on now): 45/53 = 0.849, eight known misses (five programs no line names, a
# thread-only class, two label conventions).
# Round 124 after its fixes (tuned on now): 44/50 = 0.880, six known misses.
# Round 125 after its fixes (tuned on now): 38/46 = 0.826, eight known misses.
# Round 126 after its fixes (tuned on now): 18/24 = 0.750, six known misses.
# Round 127 after its fixes (tuned on now): 49/65 = 0.754, sixteen known misses (programs known from
# their threads, label conventions). Round 128 after its fixes: 24/32 = 0.750, eight known misses.
# Round 129 after its fixes (tuned on now): 36/43 = 0.837, seven known misses (label conventions, thread-only causes).
# Round 130 after its fixes (tuned on now): 42/47 = 0.894, five known misses.
# Round 131 after its fixes (tuned on now): 40/59 = 0.678, nineteen known misses (sixteen programs known from
# their threads, label splits). Round 132: 34/47 = 0.723, thirteen. Round 133: 42/58 = 0.724, sixteen.
# Rounds 134-137 after their fixes (tuned on now; class only, as these tests compare): 57/61 = 0.934,
# 53/64 = 0.828, 46/53 = 0.868, 31/32 = 0.969; sixty-two known misses, three reached since (thirty-four programs known as
# such from their threads only, label conventions, thread-only causes).
# Round 139 after its fixes (tuned on now; class only): 41/43 = 0.953; four known misses (label splits
# and conventions: a repository folder without config.pbtxt, a discovery crash, a GPU component's log).
# Round 140 after its fixes (tuned on now; class only): 50/54 = 0.926; eight known misses (four programs
# known from their threads, a label split, a wrapper inside pydantic's error, a bare cudart code 35).
# Round 141 after its fixes (tuned on now; class only): 40/46 = 0.870; seven known misses (four programs
# known from their threads, two one-line excerpts whose server is in the thread only, a label split).
# Round 142 after its fixes (tuned on now; class only): 25/29 = 0.862; nine known misses (four programs known
# from their threads, label splits and conventions, a thread-only cause, a build's status).
# Round 143 after its fixes (tuned on now; class only): 39/44 = 0.886; thirteen known misses (six programs
# known from their threads, label splits and conventions: a one-line FP8-Marlin tile error, two failures
# in one paste, a lone E line, an Ollama runner before its model loads).
# Round 144 after its fixes (tuned on now; class only): 46/47 = 0.979; five known misses (three programs
# known from their threads, a shell's segfault notice, a label split).
# Round 145 after its fixes (tuned on now; class only): 44/53 = 0.830; fifteen known misses (eight programs
# known from their threads, label conventions on wrappers and bare errors with no cause, a label split).
# Round 146 after its fixes (tuned on now; class only): 44/47 = 0.936; eight known misses (two programs known
# from their threads, label conventions and splits: a bare DownloadError, TGI's --env report, an offline
# engine's init line, llama.cpp's memory-fit tools).
# Round 147 after its fixes (tuned on now; class only): 33/39 = 0.846; thirteen known misses (ten programs
# known from their threads: training, export, benchmark and evaluation runs, CLIs; label splits).
# Round 148 after its fixes (tuned on now; class only): 26/30 = 0.867; eight known misses (five programs and
# clients known from their threads, a retyped line, label splits).
# Round 149 after its fixes (tuned on now; class only): 34/43 = 0.791; fifteen known misses (seven programs
# known from their threads, label splits and conventions, torch's capability range on lines of their own).
# Round 150 after its fixes (tuned on now; class only): 17/18 = 0.944; two known misses (label splits:
# TorchServe's per-API bind line, a collect_env failure's class).
# Round 151 after its fixes (tuned on now; class only): 25/31 = 0.806; six known misses (label splits: a
# Triton shared-memory limit, a rope_scaling assertion, a GGUF file given to the wrong backend; a thread-only
# TurboMind assertion, a notebook's JSON error, a cut pip build's class).
# Round 152 after its fixes (tuned on now; class only): 31/31 = 1.000; three known misses by status only
# (KTransformers' bare loading lines, a client's frames inside SGLang's package, an nvidia-smi container).
# Round 153 after its fixes (tuned on now; class only): 20/23 = 0.870; three known misses (Ray Serve LLM
# failures whose class rests on the thread: a YAML that fails to parse, an import path, a model id).
# Round 154 after its fixes (tuned on now; class only): 18/18 = 1.000; two known misses by status (Ollama's
# listening line then its GPU discovery cut, a label split; an NVRM-only kernel log, a label convention).
# Round 155 (no fix; tuned on now; class only): 22/24 = 0.917; two known misses (tracebacks cut below a
# notebook's ImportError header and ExLlamaV2's unknown-architecture warning, labelled from the threads).
# Round 156 after its fixes (tuned on now; class only): 19/23 = 0.826; ten known misses (four programs known
# from their threads, thread-only classes, label splits on Dynamo's frontend).
# Round 157 after its fixes (tuned on now; class only): 23/29 = 0.793; eight known misses (label splits
# and conventions, programs known from their threads, a non-fatal error line).
# Round 158 after its fixes (tuned on now; class only): 25/25; by class and status 22/25, three known
# misses by status (a label convention on `docker run IMAGE nvidia-smi`, two programs known from their threads).
# Round 159 after its fixes (tuned on now; class only): 15/16 = 0.9375; by class and status 14/16, two known
# misses (a thread-only class, a test program whose NVSHMEM paths name SGLang).
# Round 160 after its fixes (tuned on now; class only): 24/27 = 0.889, three known misses (a thread-only
# driver_too_old, a bare 803 its labeller reads as compat shadowing from the thread, a paste that lost a
# line's head).
# Round 161 after its fixes (tuned on now; class only): 16/17 = 0.941, its one known miss a label split
# (`ollama run` relaying "timed out waiting for llama runner to start").
# Round 162 after its fixes (tuned on now; class only): 25/27 = 0.926; by class and status 23/27, four
# known misses (two thread-only classes, two training jobs' NCCL failures known from their threads).
# Round 163 after its fixes (tuned on now; class only): 10/14 = 0.714; by class and status 9/14, five known
# misses (two label splits on Open WebUI and OpenLLM, a relay whose class is thread-only, a deploy CLI,
# kernel-driver lines labelled with a class).
# Round 20: 0.84 -> 0.83 after round 121 (101/121: its DeepSpeed-MII wrapper with no cause in the lines, labelled
# a failure from its thread, now incomplete by the written rule, as rounds 108 and 121 label the same wrapper).
ROUND_FLOORS = {9: 0.93, 10: 0.95, 11: 0.93, 12: 0.91, 13: 0.90, 14: 0.84, 15: 0.95, 16: 0.84, 17: 0.85,
                18: 0.78, 19: 0.86, 20: 0.82, 21: 0.75, 22: 0.93, 23: 0.94, 24: 0.96, 25: 0.91,
                26: 0.87, 27: 0.92, 28: 0.86, 29: 0.84, 30: 0.84, 31: 0.82, 32: 0.83, 33: 0.80, 34: 0.89, 35: 0.90,
                37: 0.73, 38: 0.71, 39: 0.84, 40: 0.86, 41: 0.87, 42: 0.66, 43: 0.90, 44: 0.86, 45: 0.84, 46: 0.86, 47: 0.84,
                48: 0.89, 49: 0.73, 50: 0.86, 51: 0.80, 52: 0.83, 53: 0.91, 54: 0.93, 55: 0.90, 56: 0.77, 57: 0.87, 58: 0.82,
                59: 0.93, 60: 0.91, 61: 0.88,
                62: 0.85, 63: 0.72, 64: 0.85, 65: 0.96, 66: 0.87, 67: 0.73, 68: 0.82, 69: 0.79, 70: 0.75, 71: 0.78,
                72: 0.96, 73: 0.84, 74: 0.86, 75: 0.84, 76: 0.81, 78: 0.76, 79: 0.85, 80: 0.74, 81: 0.77, 82: 0.75, 83: 0.72, 84: 0.92, 85: 0.92, 86: 0.92, 87: 0.82, 88: 0.91,
                89: 0.76, 90: 0.86, 91: 0.65, 92: 0.86, 93: 0.91, 94: 0.92, 95: 0.96, 96: 0.87, 97: 0.76, 98: 0.90, 99: 0.90, 100: 0.85,
                101: 0.94, 102: 0.76, 103: 0.93, 104: 0.91, 105: 0.90, 106: 0.89, 107: 0.75, 108: 0.83, 109: 0.92, 110: 0.85, 111: 0.75, 112: 0.68,
                113: 0.75, 114: 0.93, 115: 0.74, 116: 0.86, 117: 0.94, 118: 0.79, 119: 0.84, 120: 0.64, 121: 0.90,
                122: 0.77, 123: 0.84, 124: 0.88, 125: 0.82, 126: 0.75, 127: 0.75, 128: 0.75, 129: 0.83, 130: 0.89,
                131: 0.67, 132: 0.72, 133: 0.72, 134: 0.93, 135: 0.82, 136: 0.86, 137: 0.96,
                139: 0.95, 140: 0.92, 141: 0.86, 142: 0.82, 143: 0.88, 144: 0.95, 145: 0.83, 146: 0.93, 147: 0.84, 148: 0.86, 149: 0.79, 150: 0.94, 151: 0.80, 152: 0.97, 153: 0.86, 154: 0.97, 155: 0.91, 156: 0.82, 157: 0.79, 158: 0.99, 159: 0.93, 160: 0.88, 161: 0.94, 162: 0.92, 163: 0.71, 164: 0.95, 165: 0.99, 166: 0.80, 167: 0.81, 168: 0.73, 169: 0.99, 170: 0.73, 171: 0.99, 172: 0.80, 173: 0.63, 174: 0.99, 175: 0.91, 176: 0.94, 177: 0.83, 178: 0.83, 179: 0.88, 180: 0.96, 181: 0.99, 182: 0.90, 183: 0.89, 184: 0.96, 185: 0.80, 186: 0.93, 187: 0.87, 188: 0.99, 189: 0.95, 190: 0.95, 191: 0.84, 192: 0.95, 193: 0.95, 194: 0.86, 195: 0.95, 196: 0.84, 197: 0.86, 198: 0.85, 199: 0.75, 200: 0.87, 201: 0.84, 202: 0.85, 203: 0.78, 204: 0.88, 205: 0.99, 206: 0.85, 207: 0.99, 208: 0.92, 209: 0.81, 210: 0.90, 211: 0.99, 212: 0.86, 213: 0.77, 214: 0.83, 215: 0.94, 216: 0.82, 217: 0.89, 218: 0.83, 219: 0.88, 220: 0.93, 221: 0.85, 222: 0.85, 223: 0.92, 224: 0.94, 225: 0.85, 226: 0.83, 227: 0.84, 228: 0.91, 229: 0.82, 230: 0.76, 231: 0.78, 232: 0.66, 233: 0.86, 234: 0.80, 235: 0.91, 236: 0.86, 237: 0.99, 238: 0.88, 239: 0.99, 240: 0.79, 241: 0.92, 242: 0.57, 243: 0.99, 244: 0.88, 245: 0.84, 246: 0.85, 247: 0.88, 248: 0.79, 249: 0.99, 250: 0.93, 251: 0.99, 252: 0.99, 253: 0.99, 254: 0.94, 255: 0.91, 256: 0.88, 257: 0.50, 258: 0.85, 259: 0.99, 260: 0.99, 261: 0.83, 262: 0.95, 263: 0.95, 264: 0.99, 265: 0.92, 266: 0.92, 267: 0.99, 268: 0.82, 269: 0.70, 270: 0.99, 271: 0.86, 272: 0.91, 273: 0.99, 274: 0.86, 275: 0.94, 276: 0.86, 277: 0.89, 278: 0.72}
CLASS_FLOOR = 0.95
# Classes measured below the common floor (known misses included): kv_cache_insufficient 54/59,
# other 95/102, shm_too_small 34/37, tool_parser 34/36, driver_too_old 97/103 (five older labels read
# NVML's driver/library mismatch as a too-old driver; the tool says no_gpu_visible, as later labels
# do), cuda_compat_shadowing 3/6 (three known misses out of the log's reach: nothing in them names
# the compat libraries or a driver new enough).
# gpu_arch_unsupported 101/110, kv_cache_insufficient 58/67, other 114/126, shm_too_small 38/42,
# tool_parser 38/43, oom_weights 89/95, driver_too_old 107/115 and cuda_compat_shadowing 3/7 after
# rounds 16 to 18 (cut excerpts and thread-only causes among their misses).
# After round 20: other 133/151, model_config 146/157, cuda_compat_shadowing 4/11 (three bare 803/804
# lines whose shadowing is in the thread only). After round 21: gpu_arch_unsupported 108/120,
# kv_cache_insufficient 61/71, no_gpu_visible 190/201, model_config 152/165, other 146/165. After
# round 25: kv_cache_insufficient 62/73 (a thread-only cache preallocation read as out of memory). After
# round 26: model_config 169/186, cuda_compat_shadowing 4/13 (two more bare 803/804 lines). After
# round 27: oom_weights 119/128 (Xinference's "no available slot" labelled two ways). After round
# 28: cuda_compat_shadowing 4/14 (another bare 803). After round 29: cuda_compat_shadowing 4/15 (a bare 803
# relayed by Xinference), model_config 179/199 and tool_parser 42/48 (thread-only causes, a cut usage banner). After round
# 30: oom_weights 123/134, model_config 185/207, tool_parser 42/49 (labels that read a wording otherwise).
# After round 33: oom_weights 127/143 (four out-of-memory causes stated only in their threads). After
# round 34: model_config 195/219 (a chat-template fallback the later labels call the parser's). After
# round 37: model_config 198/224 (cut excerpts whose cause is in the issue title). After round 38:
# oom_weights 134/153, cuda_compat_shadowing 4/16 (another bare 803 whose cause is the maintainer's). After
# round 39: model_config 209/238, model_access 125/133 (thread-only causes and labels that read a wording otherwise).
# After round 41: no_gpu_visible 341/363 (cut excerpts and thread-only causes of rounds 38-41). After
# round 42: model_config 212/244, other 240/273 (package version mismatches labelled model_config there).
# After round 48: other 258/298 (three early labels call a wrapper whose traceback is cut a failure of
# class other; the written instructions and rounds 40-48 call it incomplete, as the tool does now).
# After round 49: cuda_compat_shadowing 4/17 (a bare "insufficient" on a Jetson whose label says the image).
# After round 52: other 269/313 (wrappers and signals labelled incomplete, client-caused request errors).
# After round 61: model_access 136/147 (a Docker client's pull denied and a projector file's missing
# tensor, both labelled access: label conventions).
# After round 65: no_gpu_visible 424/456 = 0.930 (round 64's vLLM without NVML on a Jetson, whose
# log shows only an UnboundLocalError: a thread-only cause).
# After round 69: model_access 146/159 = 0.918 (rounds 64-69's conventions and thread-only causes:
# a full disk during a pull labelled access, NIM's fetch list cut).
# Round 31 at 48/58 after round 71's image pull fix (its label of docker's 'pull access denied' says not
# a server's log). After round 71, errno 99 on a bind and Ollama's listening line were relabelled blind
# by the written instructions (docs/eval/round71-relabelling.md): a bind failure is port_in_use (seven
# early labels said other), a log that reaches Ollama's ready line with no error is no_failure (three
# labels said incomplete); port_in_use is 117/120 since.
# After round 75: cuda_compat_shadowing 4/18 = 0.222 (round 73's LocalAI loading CUDA's stub libcuda,
# labelled shadowing by its labeller's own mapping; the tool says no GPU reaches the process).
# After round 83's program relabel (docs/eval/round84-program-relabelling.md): no_gpu_visible 462/503 =
# 0.918 (two enroot hook errors relabelled from other, read by the tool as the hook's own error; a
# training job's and a RamaLama runner's NVIDIA errors the tool reads otherwise), cuda_compat_shadowing
# 4/19 = 0.211 (llama-bench's bare error 804 relabelled as compat libraries from its lines).
# After rounds 84-85: nccl_comm 203/214 = 0.949 (programs known as training jobs from their threads only,
# nccl-tests' bare CUDA error whose P2P cause is the maintainer's).
# After round 89: model_access 154/170 = 0.906 (a NIM image's pull refused: the image is the model).
# After round 118: nccl_comm 233/248 = 0.9395 (nccl-tests' one NVLS line known as that program from its
# thread only).
# After round 117: no_gpu_visible 523/575 = 0.9096 (a CPU-only torch on a GTX 1080 Ti known from its thread,
# whisper.cpp's command-line runner known from its thread).
# After round 116: model_access 203/226 = 0.898 (KoboldCpp's 'Unknown Model, cannot load.' for a file its
# labeller reads as an HTML page saved from a blob URL, the thread's reading).
# After round 142: cuda_compat_shadowing 4/20 = 0.200 (a Jetson's bare CUBLAS_STATUS_EXECUTION_FAILED whose
# label reads Ollama's bundled cuBLAS from sibling threads).
# After round 225: nccl_comm 305/328 = 0.9299 (round 8's SGLang 5594, whose NCCL line is only in its title: its
# excerpt is a traceback cut inside init_torch_distributed, which reads as holding no cause since round 225).
# After round 226: nccl_comm 305/329 = 0.9271 (torch's 'Detected mismatch between collectives on ranks' in SGLang's
# CUDA graph capture, labelled communication by its labeller; its author blames a scheduler bug).
CLASS_FLOORS = {"nccl_comm": 0.924, "kv_cache_insufficient": 0.84, "other": 0.85, "driver_too_old": 0.92,
                "shm_too_small": 0.90, "tool_parser": 0.85, "cuda_compat_shadowing": 0.16,
                "gpu_arch_unsupported": 0.875, "oom_weights": 0.87, "model_config": 0.835,
                "no_gpu_visible": 0.89, "model_access": 0.865,
                # round 278 at first contact: model_access 300/347 = 0.8646 (TGI's and diffusers' wordings met for
                # the first time, a relayed one); 302/347 = 0.870 after its fixes
                # after round 258: gpu_arch_unsupported 444/505 = 0.8792 (vLLM's attention selector error whose
                # reasons a write-up elided: the GPU is the authors' word)
                # after round 247: model_config 737/878 = 0.8394 (an Ollama GGML_ASSERT and TurboMind's bind.cpp
                # assertion of round 245, Triton's missing plan backend of round 247: classes from the threads)
                # after round 235: model_access 277/320 = 0.8656 (an evaluation script's 'No config file found' for
                # its checkpoint, a program known from its repository, read as other)
                # after round 229: nccl_comm 308/333 = 0.9249 (Mooncake's transfer engine failing on IPv6, labelled
                # nccl_comm from the notes), cuda_compat_shadowing 4/24 = 0.167 (a bare error 804 the notes call shadowing)
                # after round 223: model_access 269/310 = 0.8677 (a disk quota hit while downloading weights, labelled
                # model_access by its labeller, other as defensible)
                # after round 219: model_config 640/761 = 0.8410 (TGI's 'Each process is one gpu' labelled model_config)
                # after round 218: model_config 640/760 = 0.8421 (round 218's LMDeploy ArgumentError that failed
                # to build, a quantized MoE vLLM 0.4 did not take: classes from the pull request or thread)
                # after round 217: model_config 637/755 = 0.8437 (rounds 216-217's hard cases whose class rests on
                # the thread: a draft model's KV layout, an EAGLE3 head's config, a llama.cpp fork's cache type, a
                # Triton image's binary name, MiniCPM-o behind a missing-file relay, an engine Xinference could
                # not match; round 21's TurboMind 'invalid argument' now read as CUDA's)
                # after round 201: gpu_arch_unsupported 386/434 = 0.889 (round 200's command-line runner whose
                # missing sm_121 FP8 support is the issue's analysis, round 201's FlashInfer kernel failing on T4s at
                # the first request after a completed start: two hard cases)
                # after round 192: 4/23 = 0.174 (round 192's error 803 on a driver the lines do not name, read as
                # driver_too_old with the layers unsettled); # after round 183: cuda_compat_shadowing 4/22 = 0.182 (JAX's kernel 470 / DSO 520, labelled
                # shadowing by its labeller's own reading; read as a kernel driver too old, as round 131's is labelled)
                # after round 168: model_access 232/267 = 0.8689 (Qwen's tokenizer 'expected str, bytes or
                # os.PathLike object, not NoneType' for a tiktoken file never downloaded, a class from the thread)
                # after round 160: cuda_compat_shadowing 4/21 = 0.190 (InvokeAI's bare 803, labelled
                # from the thread's GPU; bare 803s with no layers read as an old driver, not settled)
                # after round 159: model_config 531/629 = 0.8442 (SGLang's LoRA with n-gram speculative
                # decoding, a class from the maintainer's fix, not from the lines)
                # after round 157: model_access 230/264 = 0.8712 (CosyVoice2's missing yaml, the labeller's
                # reading); model_config 529/626 = 0.8450 (a label split on Xinference's engine line)
                # after round 156: model_config 526/622 = 0.8457 and model_access 230/263 = 0.8745 (round
                # 155's ExLlamaV2 warning above a cut traceback, round 156's Dynamo frontend label split)
                # after round 153: model_config 523/618 = 0.8463 and model_access 230/262 = 0.8779 (round
                # 153's Ray Serve LLM failures whose class rests on the thread: a YAML that fails to parse, an
                # import path, a model id; no older log changed class)
                # after round 151: model_config 521/614 = 0.8485 (round 151's thread-only TurboMind assertion
                # and a GGUF file given to the wrong backend, read as model_access: a label split)
                # after round 149: model_config 515/606 = 0.8498 and model_access 227/258 = 0.8798 (round
                # 149's CosyVoice3 folder and a CI script's download, label splits and programs known from their
                # threads; no older log changed class)
                # after round 133: no_gpu_visible 585/651 = 0.899 and model_config 475/554 = 0.857 (rounds
                # 131-133's programs with these classes, counted by class and status, and their label splits:
                # a tokenizer or preprocessor file missing read as model_access, operator messages)
                # port_in_use 126/133 = 0.947 after round 105 (a proxy's bind to an unresolvable host, read as access)
                # model_access 217/244 = 0.889 after round 130 (its two: Triton's missing config.pbtxt read by the
                # repository-layout rule, an ImportError of the model's module known from the thread)
                "port_in_use": 0.94}


@pytest.fixture(scope="module")
def results(labelled):
    return [(log, meta, diagnose(str(log))) for log, meta in labelled]


def _cls(d):
    return d.primary.cls if d.primary else None


def test_corpus_is_broad_and_sourced(results):
    assert len(results) >= 40
    for log, meta, _ in results:
        assert meta["source"].startswith(("https://", "http://")), log.name  # a public thread or page
        assert meta["expected_class"] in [*CLASSES, *LAYER_CLASSES, "other", None], log.name


def test_overall_accuracy_stays_at_its_floor(results):
    right = [log.name for log, meta, d in results if _cls(d) == meta["expected_class"]]
    wrong = [(log.name, meta["expected_class"], _cls(d)) for log, meta, d in results
             if _cls(d) != meta["expected_class"]]
    accuracy = len(right) / len(results)
    print(f"corpus accuracy {len(right)}/{len(results)} = {accuracy:.3f}; misses: {wrong}")
    assert accuracy >= OVERALL_FLOOR, wrong


def test_held_out_logs_stay_at_their_floor(results):
    """The logs that were held out at their first contact (held_out: true); tuned on since."""
    held = [(log.name, meta["expected_class"], _cls(d)) for log, meta, d in results if meta.get("held_out")]
    assert len(held) >= 40
    wrong = [h for h in held if h[1] != h[2]]
    assert 1 - len(wrong) / len(held) >= HELD_OUT_FLOOR, wrong


def test_each_held_out_round_stays_at_its_floor(results):
    """Each evaluator's round on its own: a later round must not hide an earlier one's slide."""
    rounds: dict[int, list[bool]] = {}
    for _, meta, d in results:
        if meta.get("held_out"):
            rounds.setdefault(meta.get("round", 1), []).append(_cls(d) == meta["expected_class"])
    assert len(rounds) >= 3
    for number, marks in rounds.items():
        floor = ROUND_FLOORS.get(number, ROUND_FLOOR)
        assert sum(marks) / len(marks) >= floor, (number, marks.count(False), len(marks))


@pytest.mark.parametrize("cls", CLASSES)
def test_each_class_has_labelled_logs_and_is_recognised(results, cls):
    mine = [(log, d) for log, meta, d in results if meta["expected_class"] == cls]
    assert mine, f"no labelled log for {cls}"
    right = sum(_cls(d) == cls for _, d in mine)
    assert right / len(mine) >= CLASS_FLOORS.get(cls, CLASS_FLOOR), [(log.name, _cls(d)) for log, d in mine]


def test_layers_match_the_labels(results):
    right = sum((d.primary.layer if d.primary else None) == meta["expected_layer"]
                for _, meta, d in results)
    assert right / len(results) >= 0.830    # measured 4904/5904 = 0.8306 after round 137 (rounds 134-137's
    # sixty-two known misses, thirty-four of them programs, carry their labels' layers); 4740/5694 = 0.8325 after round 133 (rounds 131-133's
    # known misses, mostly programs and label splits, carry 48 more); measured 4536/5440 = 0.8338 after round 128 (its known misses carry
                                            # their labels' layers); 3276/3925 = 0.8346 after round 88


def test_never_blames_the_driver_when_it_is_not_the_cause(results):
    """Exceptions, counted as misses in every figure, each a known miss with its reason: an
    error 803 whose log names neither the compat libraries nor the host driver (round 11's
    llama.cpp 17542: only a bundle's layers tell compat libraries shadowing a good driver from a
    driver too old for them), and round 17's CUDA sample on a
    K80 (GPU Operator 389) whose one line is "CUDA driver version is insufficient": that the
    image's compat libraries are at fault on a driver 470 host is for a bundle's layers to tell.
    Round 20 brought five more of the kind, each a bare driver error whose cause is in its thread
    only: two 803 lines and an 804 whose labels say compat libraries (Dynamo 1101, enroot 96,
    TorchPod 43), and two "driver version is insufficient" lines from containers without the GPU
    runtime or with the GPU hidden (FasterTransformer backend 111, LocalAI 840). They are misses,
    and round 20's first contact counts six false driver_too_old. Round 21 added one: a bare 804
    from a build without Pascal kernels on a new driver (Docker Model Runner 929), round 24 one: the
    GPU Operator's cuda-validator saying only "insufficient" on a 580 driver whose kernel module
    sees no Blackwell GPU (GPU Operator 1947); round 25 one: Triton's pinned-memory warning
    "insufficient" in a run without --gpus that its label calls an unfinished CPU-only start
    (Triton 6325; the same line is labelled driver_too_old and no_gpu_visible in other rounds);
    round 26 three: a bare 804 and a bare 803 whose labels say compat libraries from the write-up
    and a PR title (a GeForce 2080 Ti on 450.102, LoRAX on 560), and a bare error 35 from a
    container started without GPUs (text-generation-webui-docker 16); round 28 one: a bare 803 on
    GKE whose label says the image dropped the host driver's library path (vLLM 21979); round 29
    one: a bare 803 relayed by Xinference's REST API whose label says the image's compat libraries
    (Xinference 891); round 31 two: a bare "CUDA driver version is insufficient" from faster-whisper
    beside a 550 and a 565 driver, whose threads say no GPU was given to the pod or container
    (faster-whisper 1259, 1229); round 32 one: Triton's pinned-memory warning in Riva built for
    JetPack 5 on a JetPack 6 Orin (jetson-containers 450), labelled other (an image for another L4T
    release: a build mismatch like the compat and architecture labels above); round 33 two: a bare
    error 35 from the GPU Operator's validator beside a 460 driver, whose reporter found RKE2's
    containerd left the runtime out (GPU Operator 176), and a bare error 35 from Tabby started
    without a GPU, labelled other (Tabby 711); round 37 one: a vision-encoder kernel's PTX refused as from
    an "unsupported toolchain" on a Jetson Thor, labelled an architecture the build lacked (vLLM 38411); round
    38 one: a bare 803 whose maintainer found the image's compat libcuda shadowing an R580+ driver (CrispASR 31);
    round 44 one: llama-bench's error 804 in a CUDA 12.9 image, labelled not a server's log (llama.cpp 13609);
    round 49 two: darknet's bare "insufficient" on a Jetson Nano, labelled the image's CUDA runtime (obico 552),
    and deviceQuery's FAIL with "insufficient", labelled not a server's log (loretoparisi/docker 11);
    round 54 one: a bare error 35 from Tabby's llama.cpp bindings under udocker, whose label reads the
    container lacking the host's driver libraries (Tabby 998); round 57 one: torch's warning naming
    error 803 before a traceback cut in argument parsing, labelled incomplete (vLLM 23661); round
    58 four: the "PTX was compiled with an unsupported toolchain" of cuda_memtest (its maintainer
    confirmed a driver older than the build), gpu-burn, PowerInfer's CLI and ctransformers, each
    labelled not a server's log; round 59 one: Ollama's error 804 alone, after a driver upgraded without a
    reboot by the reporter's account (Ollama 15918), labelled no usable GPU; round 63
    one: sgl-kernel's unit test failing to import on an old driver, labelled not a server's log
    (sglang 8131). The client-relay relabelling after round 76 turned two earlier ones into agreements:
    round 12's Ollama 6921 (a PTX-toolchain error on a Jetson, labelled the arm64 build's missing
    target) and round 61's Ollama CLI relaying the runner's PTX-toolchain error both came back
    driver_too_old (docs/eval/round76-relabelling.md): 33 left."""
    blamed = [log.name for log, meta, d in results
              if meta["expected_class"] != "driver_too_old" and _cls(d) == "driver_too_old"]
    out_of_reach = [log.name for log, meta, d in results if log.name in blamed and meta.get("known_miss")
                    and meta["expected_class"] in ("cuda_compat_shadowing", "gpu_arch_unsupported",
                                                   "no_gpu_visible", "other", None)]
    # 29 after the program relabel and rounds 84-87 (docs/eval/round84-program-relabelling.md): bare
    # "insufficient" lines of GPU Operator validators and vectorAdd relabelled from their lines as a
    # program's driver_too_old, two llama.cpp/RamaLama runs relabelled otherwise, round 87's bare 803
    # read as compat libraries by its labeller. 30 after round 90: RamaLama's "CUDA version (11, 4) is not
    # supported. Minimum required version is 12.4" on a Kepler K40c, which its labeller reads as the GPU's age.
    # 32 after round 120: two ONNX Runtime "CUDA failure 35: CUDA driver version is insufficient" lines
    # (Immich) whose threads found a new host driver (a CUDA 12.2 image on a Blackwell GPU; a container
    # variable with a stray space): the tool says the log alone cannot settle them, a bundle's layers do.
    # 33 after round 131: one line of CUDA_ERROR_INVALID_IMAGE from DeepGEMM's JIT on a GB10, which its
    # labeller reads from the thread as the GPU's architecture (the tool: a build newer than the driver,
    # unsettled for want of the versions). 34 after round 143: h2oGPT's torch "Error 804: forward
    # compatibility was attempted on non supported HW" on a GeForce, then "Fatal Python error: Illegal
    # instruction" in llama-cpp-python, which its labeller reads as the CPU's missing AVX2 (the tool: the
    # driver/image conflict first, its layers marked not settled). 35 after round 160: InvokeAI's bare
    # torch warning with error 803 in a venv on NixOS, which its labeller reads as compat shadowing from
    # the thread's GPU model (the tool: a too-old driver, not settled, as six labels read a bare 803).
    # 36 after round 167: ggml's "CUDA error: device kernel image is invalid" in Xinference's bundled
    # llama.cpp, which its labeller reads from the maintainer's answer as the wheel's own (other; six
    # labels of error 200 say driver_too_old; the lines carry no driver or build version).
    # (Round 175's vectorAdd sample with error 35, which its labeller read from the pull request as no GPU,
    # was relabelled blind as driver_too_old: docs/eval/round175-relabelling.md.) 37 after round 183:
    # JAX's "kernel version 470.182.3 does not match DSO version 520.61.5", which its labeller reads as the
    # image's compat libcuda shadowing the host driver (its own reading; the tool: the kernel driver too old
    # for the loaded libcuda, as round 131's AlphaFold log of the same wording is labelled from its maintainer).
    # 38 after round 187: nvidia-ctk's "undefined symbol: nvmlGpuInstanceGetComputeInstanceProfileInfoV",
    # which its labeller reads from the toolkit's thread as the toolkit's own build bug (the tool: a binary
    # calling an NVML entry point the host driver lacks, as the device plugin's #66 is read).
    # round 192: Ollama's error 803 with no driver version in the lines (shadowing by its labeller's reading of
    # an nvidia-smi table left out), read as driver_too_old with the layers unsettled: 39.
    # Round 229: a bare 'Error 804: forward compatibility was attempted on non supported HW' line whose notes fix
    # how the container asked for the GPU on a GeForce card (compat shadowing by its labeller's reading; the line
    # names no compat path): 40.
    # Round 245: a bare "CUDA driver version is insufficient for CUDA runtime version" from CTranslate2 in a
    # Wyoming faster-whisper container, which its labeller reads from the thread's 565 driver as the driver's
    # library not reaching the container (no_gpu_visible, its own reading; the tool: a too-old driver, the
    # layers unsettled, as the line says): 41.
    # Round 271: the CUDA vector-add sample's "CUDA driver version is insufficient" on a node of Run:ai's fake
    # GPU operator, which its labeller reads from the thread as no real GPU (the tool: the line's old driver,
    # the layers unsettled, as rounds 24 and 175 read the same line): 42.
    assert len(out_of_reach) <= 42
    assert [b for b in blamed if b not in out_of_reach] == []


def test_never_misses_a_driver_conflict(results):
    """Known misses are the older labels that call NVML's driver/library mismatch a too-old
    driver (those logs must then read as no_gpu_visible, never as something milder), and two
    excerpts that name no driver and no CUDA error at all: round 16's TensorRT Inference Server
    log ends at "failed to get device co", and round 18's TGI 1377 ends at "Could not import
    Flash"; the driver versions are only in the threads. Round 20's JAX 11967 shows only "no kernel
    image is available"; that ptxas 11.6 needed a newer driver than 470 is the thread's finding.
    Round 31's LMDeploy 1267 shows only TurboMind's "NCCL error ... unhandled cuda error"; the
    "driver version is insufficient" line came from a rerun in the thread. Round 38's jetson-containers
    149 shows only deviceQuery's "cudaGetDeviceCount returned 3 (initialization error)"; that the host's
    L4T driver was older than the container's is the maintainer's finding. Round 64's Ollama 2408
    shows only "CUDA error: CUBLAS_STATUS_EXECUTION_FAILED" from the runner on a Jetson; that CUDA 12
    libraries were installed on a JetPack 5 (CUDA 11.4) driver is the reporter's confirmation. Round
    67's vLLM 7201 shows pynccl's "NCCL error: invalid usage" (read as communication); that the
    bundled NCCL needed a newer driver is the maintainer's answer. Round 140's Ollama 8151 shows only
    GPU discovery's "cudart init failure: 35" at INFO: code 35 is also what a container without driver
    libraries gets, and round 104's label reads the same line under a completed start as no failure;
    the driver's version is in neither log (a bundle's layers would settle it). Round 160's speaches
    464 shows only dmesg's segfault in the image's libnvidia-ptxjitcompiler.so.575.51.03; that the
    host's driver was 560 is the reporter's account."""
    missed = [(log.name, _cls(d), bool(meta.get("known_miss"))) for log, meta, d in results
              if meta["expected_class"] == "driver_too_old" and _cls(d) != "driver_too_old"
              and not (meta.get("known_miss") and _cls(d) == "no_gpu_visible")]
    assert len(missed) <= 8 and all(known for _, _, known in missed), missed   # 6 after rounds 84-87, 7 after 140, 8 after 160


def test_nvml_mismatch_is_no_usable_gpu_never_an_old_driver(results):
    mismatch = [(log.name, _cls(d)) for log, meta, d in results
                if "library version mismatch" in log.read_text(errors="replace").lower()
                and meta["expected_class"] != "cuda_compat_shadowing"]
    assert len(mismatch) >= 8
    assert [m for m in mismatch if m[1] != "no_gpu_visible"] == []


def test_hard_cases_are_all_right(results):
    hard = [(log.name, meta["expected_class"], _cls(d)) for log, meta, d in results
            if meta.get("hard_case") and not meta.get("known_miss")]
    assert len(hard) >= 6
    assert [h for h in hard if h[1] != h[2]] == []


def test_known_misses_are_few_and_still_missed(results):
    """A label the tool cannot reach yet says why in "known_miss"; once it is reached, drop the flag."""
    known = [(log.name, (meta["expected_class"], meta.get("expected_status", d.status)), (_cls(d), d.status))
             for log, meta, d in results if meta.get("known_miss")]
    # 2 from round 3, 4 from round 8 (three labels out of the log's reach, one input status),
    # 5 older NVML-mismatch labels (driver_too_old where round 9 says no_gpu_visible), 4 from round 9,
    # 2 from round 10 (an 803 banner with nothing that names the compat path; a web app's bare ready line),
    # 8 from round 11 (four excerpts cut before the exception or with the cause only in the thread,
    # an 803 with nothing that names the compat path, a client's traceback, two thread-only causes),
    # 7 from round 12 (three cut excerpts, three thread-only causes, one rich-wrapped message),
    # 8 from round 13 (two cut excerpts, three request-time failures after a completed start, two
    # client outputs relaying the server's error, one thread-only cause),
    # 11 from round 14 (four cut or thread-only causes, three outputs that are no server's log,
    # two thread-only memory/arch causes, an NGC banner, a regression), 1 from round 15 (a
    # thread-only cause); round 4's TensorRT plan-version label is one now (three later labellers
    # call that mismatch other), and rounds 8 and 9's two are reached.
    # 15 from round 16 (cut excerpts, thread-only causes, two client outputs, two Triton starts
    # without a GPU whose labels take the model's own error as the cause).
    # 10 from round 17 (five cut excerpts, three thread-only causes, a compat case only the layers
    # can tell, a Triton message that reads as no usable GPU).
    # 13 from round 18 (nine cut excerpts, a thread-only GPU generation, two labels that read
    # llama.cpp's compute-buffer and vLLM's available-GPU messages otherwise, requests after a start).
    # 3 from round 19 (RamaLama's wrapper and client output, a CPU image built with CUDA).
    # 22 from round 20 (five bare driver errors whose cause is in the thread, four cut excerpts or
    # tracebacks, thread-only causes, a JAX session and shell outputs that read otherwise); one
    # of them (pyxis 166) reached by round 21's fixes.
    # 10 from round 21 (a bare 804, a cut traceback, thread-only causes, labels that read a
    # relayed or named cause otherwise); round 16's Triton 2562 reached by round 22's fixes.
    # 2 from round 22 (a placement group still waited for, a client relaying a named cause); the
    # placement group is reached by round 23's fixes.
    # 4 from round 23 (two pastes labelled not a server's log that read as the failure they show,
    # a lone what() line with no server around it, Triton's frames printed after the errno line).
    # 3 from round 24 (a bare floating point exception whose cause is the labeller's reading, an
    # excerpt that ends before Triton's listening lines, a bare 'insufficient' from a validator).
    # 3 from round 25 (Triton's 'insufficient' pinned-memory warning labelled three ways across
    # rounds, a thread-only cache preallocation, Triton's frames printed after the exception).
    # 9 from round 26 (a bare 803, a bare 804 and a bare error 35 whose causes are in the thread,
    # one-line excerpts whose cause is the thread's, docker's refusal labelled not a server's log,
    # a kubectl session with the pod's fatal line); round 12's NIM download error reached.
    # 5 from round 27 (a lone flash-attention line, a pyxis shell with no server, a client's 400,
    # Xinference's "no slot" and the toolkit's "file exists" each labelled otherwise before).
    # 2 from round 28 (a bare 803 on GKE, clap's "unexpected argument" alone).
    # 11 from round 29 (a bare 803, three cut excerpts, four thread-only causes, two labels that read
    # a wording otherwise than earlier rounds, a client's traceback through SGLang's frontend).
    # 10 from round 30 (thread-only causes, a bare web app's and a bare http.server's lines, four labels
    # that read a wording otherwise than earlier rounds).
    # 10 from round 31 (two bare error-35 lines, two excerpts without their cause, thread-only causes,
    # labels that read NCCL's shm segment and RamaLama's CDI line otherwise than earlier rounds).
    # 1 from round 32 (Triton's pinned-memory warning, labelled other this time).
    # 10, 8, 2 and 1 from rounds 33 to 36 (cut excerpts, thread-only causes, labels that disagree across rounds).
    # 9 from round 37 (six excerpts cut before the exception, three labels that read a wording otherwise).
    # 14 from round 38 (six cut excerpts, four thread-only causes, four labels that read a wording otherwise).
    # 9 from round 39 (thread-only causes, and status conventions the labels read otherwise).
    # 4 from round 40 (two wrappers whose cause was cut, labelled incomplete; a helm fragment; a vLLM KeyError),
    # and two older healthy labels whose excerpts end at vLLM's route list, before uvicorn is up.
    # 2 from round 41 (a wrapper whose cause was cut, labelled incomplete; a cut excerpt).
    # 12 from round 42 (eight labels that read a convention otherwise: package version mismatches,
    # a Ray placement, docker's pull refusal, wrappers and a cut list; four out of the log's reach).
    # 3 from round 43 (two wrappers whose cause was cut, labelled incomplete; MIG UUIDs vLLM cannot parse).
    # 5 from round 44 (three status conventions for a benchmark CLI, slurmd and a cut wrapper; GPU UUIDs
    # vLLM cannot parse; llama-server's --version output).
    # 5 from round 45 (two wrappers whose cause was cut, a benchmark tool's failure, two thread-only causes).
    # 5 from round 46 (two wrappers whose cause was cut, an unlevelled warning in an unfinished log, an
    # environment report that imports vLLM, a client's exception relaying a named cause).
    # 3 from round 47 (a bare SIGFPE and a pod's driver-not-detected labelled unfinished; a thread-only cause).
    # 7 from round 48 (four status conventions: a WARNING-named cause before a cut traceback, a notebook's
    # wrapper, a bare uvicorn app, a library test's transport failure; a wording read otherwise; two out of
    # reach), and three early labels that call a wrapper whose traceback is cut other; four wrappers whose
    # cause was cut (rounds 40, 41, 46), labelled incomplete, reached by round 48's fixes.
    # 12 from round 49 (eight label conventions, a Java trace cut before its cause, three out of reach).
    # 6 from round 50 (five label conventions: client relays, failing nccl-tests, a wrapper; one out of reach).
    # 9 from round 51 (five label conventions, four out of reach or read otherwise).
    # 6 from round 52 (three status conventions, three out of reach or read otherwise).
    # 4 from round 53 (a bare web app, a client relay, a lone probe event, a thread-only cause).
    # 6 from round 54 (four status conventions: kubelet events, a kubectl listing, a wrapper, a rollout
    # wait; an offline engine's init line; a bare error 35); round 13's LocalAI 1938 (an API's JSON
    # error body) reached by round 54's fixes.
    # 4 from round 55 (a request-time SystemExit, curl's probe beside a launcher's wait, sglang's
    # check_env report, Ollama's CPU-only start).
    # 10 from round 56 (five Triton wrappers whose cause was cut away above, SageMaker's health-check
    # wrapper, a bare uvicorn app, a client relaying a named cause, a Windows DLL exit code, a
    # client's rich traceback).
    # 6 from round 57 (an error 803 and a distributed init before cut tracebacks, a wrapper, a bare
    # uvicorn app, a test script's crash, a package mix read as no usable GPU).
    # 6 from round 58 (four tools' own PTX-toolchain errors labelled not a server's log, CUDA
    # libraries missing from an image labelled no usable GPU, kubectl listings before a start).
    # 6 from round 59 (five conventions: Ollama's listening line before its GPU discovery, xoscar's
    # error read as a wrapper, three tools or clients that are not servers; Ollama's bare 804 after
    # a driver upgrade without a reboot); round 38's gpustack 2790 relabelled blind (a wrapper with
    # no cause: incomplete) and reached; six wrappers with no cause labelled incomplete (rounds 42-57)
    # reached by round 59's change.
    # 4 from round 60 (a Docker client's pull denied, TGI's download error with its traceback cut, a
    # blueprint's script before any server line, an environment report's CUDA error); round 39's
    # lmdeploy check_env report reached.
    # 7 from round 61 (three clients relaying a server's error, two desktop apps' messages with no
    # server line, a projector file read as access, a discovery cut before its verdict); three
    # earlier reports reached (two llama.cpp --version outputs, sglang's check_env importing vLLM).
    # 8 from round 62 (six conventions, a cut excerpt, a Dynamo worker's start out of reach).
    # 14 from round 63 (eleven conventions, two thread-only causes, a c10d warning read as a bind
    # failure, a C++ abort's what() line not read).
    # After round 63: an uncaught C++ exception is read by its what() line, reaching round 63's
    # Tabby abort and round 21's TurboMind allocator abort (lexicon: 'invalid argument').
    # 4 from round 64, 1 from round 65, 5 from round 66, 7 from round 67, 6 from round 68, 7 from
    # round 69, one early label, 7 from round 70 and 8 from round 71; round 42's pull reached,
    # round 31's became one (above, with ROUND_FLOORS). After round 71's blind relabelling (errno 99
    # on a bind is port_in_use; Ollama's listening line is a completed start) and c10d's [W] head read
    # as a warning: 412. Rounds 72-75 added 12 (one early label, round 18's, stayed one), round 76 four,
    # and round 76's fixes settled two (round 59's Xinference wrapper, round 71's Ollama key lines): 426.
    # The client-relay relabelling after round 76 (docs/eval/round76-relabelling.md) settled 27: 399.
    # Round 78 added three (a thread-only class, a fork's kernel split, a client relay with no cause): 402.
    # Round 79 added four (two thread-only classes, a CUDA_ERROR_UNKNOWN panic, a bare web app's ready line): 406.
    # Round 80 added eight (see ROUND_FLOORS): 414.
    # Round 81 added ten (see ROUND_FLOORS): 424.
    # Round 82 added ten (see ROUND_FLOORS): 434.
    # Round 83 added twelve (see ROUND_FLOORS): 446. The program relabel after round 83 and round 84
    # (docs/eval/round84-program-relabelling.md): 453 (programs with no mark the tool knows, a deploy or
    # build tool's own message relabelled with a class, round 84's three; several reached and dropped).
    # Round 85 and the nvidia-smi relabel: 458 (round 85's three, three nvidia-smi outputs with lines
    # beside them, two round-84 reasons kept).
    # Round 86: 461. Round 87: 468. Round 88: 471. Before round 89: 449 (uvicorn's ready line alone 13,
    # wrappers that point elsewhere 9). Round 89: 462 (its twelve, two Cloud Run wrappers back). Round
    # 90: 467. Round 91: 481. Round 92: 484 (its two; round 69's NIXL NotImplementedError, now read).
    # Round 93: 486. Platform events that a start did not complete (probe failed, back-off, SageMaker's
    # ping health check) read as a wrapper: four reached, round 13's one label the other way added: 483.
    # Round 94: 485. Round 95: 486. Round 96: 490. Round 97: 494; round 12's curl relay (the thinking
    # refusal, read as tool_parser since the relay rule): 495; round 14's banner and round 68's llama-swap
    # wrapper reached: 493. Round 98: 495. Round 99: 498; rounds 11's and 55's relays of TGI's 'template not
    # found' (read as model_config since the relay rule): 500. Round 100: 504. Rounds 101 and 102: 512. Round 103: 514;
    # round 62's trtexec build and round 86's KeyError on a weight's scale reached: 512. Round 104: 516;
    # round 71's MPS daemon and round 89's docker run of nvidia-smi reached: 514. Round 105: 519. Round 106: 521. Round 107: 522. Round 108: 532. Round 109: 537;
    # round 39's Step3-VL processor reached: 536. Round 110: 544. Round 111: 560. Round 112: 565; round 111's
    # minicpmv abort reached: 564; round 111's Tabby panic (its message on the line below) reached: 563. Round 113: 575. Round 114: 578. Round 115: 591.
    # Round 116: 597; round 91's gunicorn heading above a cut traceback reached: 596. Round 117: 599; round 52's
    # client relay of vLLM's encoder-cache refusal, read as model_config by the relay rule: 600. Round 118: 610;
    # round 110's vLLM 'Cannot find any model weights' reached: 609. Round 119: 616. Round 120: 627. Round 121: 628;
    # rounds 108's and 115's reached (MII's wrapper, a flag as a container's command), round 20's MII wrapper
    # labelled a failure from its thread now a known miss by the written rule: 627. Round 119's llama-cpp-python
    # assertion wrapper reached: 626. Round 122: eleven, and round 39's TGI DownloadError log that only a bare
    # 'Error:' line had read (round 122's rule: an empty 'Error:' says nothing): 638. Round 123: eight (programs
    # known from their threads or pod names, label conventions), less round 119's one-click
    # installer log now reached: 645. Round 124: six (programs known from their threads, a thread-only
    # cause, a paste that shows a completed start, an operator's event at DEBUG, a launcher's own lines), less
    # round 55's SGLang check_env report now reached: 650. Round 125: eight (programs and CLIs known from their
    # threads, label conventions, an error line cut mid-line): 658. Round 126: six (programs known from their
    # threads, label conventions on errno 13, a missing libcudart and an unknown model name): 664; less round
    # 125's ChatGLM3 cli_demo.py, a program both log-only readers read from its frames: 663. Rounds
    # 127-128: twenty-four (programs known from their threads, label conventions, a paste artifact),
    # less three reached by their fixes (an NVML assert broken after 'at', the ollama CLI relaying a bare
    # exit status, an OpenAI SDK client's traceback): 684. Round 129: seven (label conventions, thread-only
    # causes): 691. Round 130: five (label conventions, programs and a server known from their threads): 696.
    # Rounds 131-133: forty-eight (programs known from their threads, label splits, thread-only causes) and
    # round 115's VLLM_PORT log, whose label splits from round 131's two; round 63's OpenHands LiteLLM line
    # reached: 744. Rounds 134-137: sixty-two (thirty-four programs known from their threads, label
    # conventions and splits, thread-only causes, ready lines no marker knows), less round 120's aws-ofi-nccl
    # test now reached: 805; less three medical-imaging command lines read as programs since: 802.
    # Line-start patterns holding after a line's prefixes (a compose column, a timestamp) as on the
    # bare line: two label splits met through a compose column (a container's build at its start,
    # a chat app's own error line): 804. Round 139: four label splits and conventions: 808. Round 140:
    # eight (four programs known from their threads, a label split, a wrapper inside pydantic's error,
    # a bare cudart code 35, a build's class): 816. Round 141: seven (four programs known from their
    # threads, two one-line excerpts whose server is in the thread only, a label split): 823. Round 142:
    # nine (four programs known from their threads, label splits and conventions, a thread-only cause,
    # a build's status): 832. Round 143: thirteen (six programs known from their threads, label splits
    # and conventions): 845. Round 144: five (three programs known from their threads, a shell's notice,
    # a label split): 850; less round 140's wrapper inside pydantic's error, reached: 849. Round 145:
    # fifteen (eight programs known from their threads, label conventions, a label split), less round
    # 128's llama-cpp-python __del__ AttributeError under "Exception ignored in:", now ignored: 863. Round 146:
    # eight (two programs known from their threads, label conventions and splits): 871. Round 147:
    # thirteen (ten programs known from their threads, label splits and conventions): 884. Round 148:
    # eight (five programs and clients known from their threads, a retyped line, label splits): 892. Round
    # 149: fifteen (seven programs known from their threads, label splits and conventions): 907. Round 150:
    # two label splits: 909; less round 149's torch capability range split over lines, now read
    # (diagnose.capability): 908. Round 151: six (label splits, a thread-only assertion, a notebook's
    # JSON error, a cut pip build's class): 914. Less TGI's and LoRAX's router 'transport error' read
    # as the wrapper three labellers call it (rounds 113, 132) and a permission error on a path that is
    # not the model's (round 72): 911. Round 152: three by status (label conventions, a client's frames
    # inside the engine's package): 914. Round 153: three Ray Serve LLM failures whose class rests on
    # the thread: 917. Less round 56's Triton stub wrapper, read as the wrapper two labellers call it:
    # 916. Round 154: two by status (a label split on Ollama's listening line, an NVRM-only log): 918.
    # Less round 68's NIXL backend error, read since: 917. Round 155: two cut tracebacks labelled from
    # their threads: 919. Round 156: eight (four programs known from their threads, thread-only
    # classes, label splits): 927. Round 157: nine (a log with two starts, label splits and conventions,
    # programs known from their threads): 936. Less its log with two starts, the last one read since: 935.
    # Round 158: three by status (a label convention, two programs known from their threads), less round
    # 140's `lmdeploy chat` runner, read as a program since: 937. Round 159: two (a thread-only class, a
    # test program whose paths name SGLang), less round 48's DeepEP test run from its tests folder, read
    # as a program since: 938. Round 160: three (a thread-only class, a bare 803 read from the thread, a
    # paste that lost a line's head), less round 61's client 'Connection error.' read as a client since: 940.
    # Round 161: one (a label split on `ollama run`'s relayed timeout), less round 149's vLLM registry
    # wrapper and round 86's SGLang import notice, read since: 939. Round 162: four (two thread-only
    # classes, two training jobs known from their threads): 943. Round 163: five (label splits and
    # conventions, a deploy CLI), less round 64's DeepEP buffer error and round 28's TGI refusing SageMaker's
    # 'serve', read since: 946. Round 164: one (a deploy script's bash error): 947. Round 165: one (a
    # program known from its thread): 948. Round 166: five (two label splits on a wrapper or a crash
    # whose cause names no class, a label convention, a predictor's own prints, a deploy CLI), less
    # round 82's scheduler warning of a prompt over the limit, read since: 952. Round 167: five (a label
    # split on CUDA error 200, a status convention, three programs known from their threads or split by
    # the written rule), and round 35's `sky exec ... nvidia-smi`, read as SkyPilot's output since: 958.
    # Round 168: eight (thread-only classes, class splits, wordings of one project's scripts, a help
    # text, trtllm-bench known from its thread), and four older ones read otherwise since its fixes (round
    # 12's request traceback after a completed start, now nothing to judge as rounds 67, 102 and 168 label
    # it; two C++ benchmarks and round 164's examples/run.py, now programs), less rounds 67 and 102's
    # cut request tracebacks, round 123's TorchScript archive and round 62's run.py, read since: 966.
    # Round 169: none. Round 170: five (a label split, a status convention on a SIGKILL, three programs
    # known from their threads or split by the written rule): 971. Round 171: none, less round 20's
    # Ollama runner 'signal: killed', read as the OOM killer since: 970. Round 172: three (a class from
    # the thread, a label split on a segfault, an import test), and round 17's healthy device plugin log,
    # no server's log since: 974. Round 173: four (a label split on a config attribute, a thread-only
    # program, a worker's death seen from its router, commands beside nvidia-smi): 978. Round 174: none.
    # Round 175: ten (five status splits on GPU components from the round's brief, two label splits,
    # two programs and an error 35 known from their threads), and round 26's healthy GPU Feature
    # Discovery log, no server's log since: 989. Round 176: three (a non-fatal kernel error known from
    # its write-up, a client block that names the engine, a test script known from its thread): 992.
    # Round 177: seven (a label split on a missing CUDA runtime, two non-fatal warmup errors known from
    # a pull request, three statuses from their threads, a program known from its thread): 999.
    # Round 178: six (three of one project's Windows runtime and installer, a flattened traceback, an
    # argparse usage cut before its error, a label split on a relayed SIGILL): 1005.
    # Round 179: five (a thread-only arch cause, a warning heading an assert, the SIGKILL split, two
    # programs known from their threads), less round 50's LocalAI rpc error with no description, read
    # as a wrapper since: 1009. Round 180: two (a class from the reporter's account, a status split on
    # the nbody sample's refused container), less round 144's TensorRT-LLM examples/run.py, a program's
    # since: 1010. Round 181: seven (five programs known from their threads, one of them a prompt
    # session split across rounds, a listening line before a load, a repeated request line): 1017.
    # Round 182: five (a heap-corruption abort above a cut traceback, a shell's error before a start,
    # a class from the title, docker inspect's JSON, a GUI known from its thread): 1022. Less round 175's
    # seven relabelled blind (docs/eval/round175-relabelling.md: five GPU components' failures and a
    # refused `docker run --gpus all` are failures of the start, the vectorAdd sample's error 35 is
    # driver_too_old, as the tool reads them): 1015. After the blind relabel of eleven Python prompt
    # sessions (docs/eval/prompt-session-relabelling.md: all a program's output) and the marker for
    # them: six reached (rounds 20, 134 twice, 167, 170, 181), one added (round 20's JAX session, whose
    # class the relabel reads as no GPU): 1010. After the relabel of missing CUDA libraries
    # (docs/eval/cuda-library-relabelling.md: a toolkit library missing from the image is other /
    # image_build by the clarified class text; a driver library is no GPU): ten reached, one added (a
    # bare coreutils loader line, no server's log by both blind labellers): 1001. Round 183: eighteen
    # (thirteen programs known as such from their threads: torch's, Numba's, CuPy's and JAX's own error lines
    # with no line that names a program; a label split on a libcuda newer than the kernel driver; a TF
    # warning its thread says became a failure; a survived error before a start goes on; a bare Gradio app's
    # ready line; a class from the title), less round 127's pynvml session, a program since the '<stdin>'
    # frame marks one: 1018. Round 184: eleven (nine programs known from their threads: a library's
    # import line, a kernel's Xid lines, host commands, refused containers of no inference server; a class
    # from a fix's PRs; Triton's ptxas alone): 1029. Round 185: thirteen (six programs known from their
    # threads, a TensorRT engine's lines labelled three ways, a relayed JSON error, a rich traceback panel,
    # jieba's lines alone, a bare Uvicorn line with an optional kernel's errors after it), less round 183's
    # Fooocus, a completed start since Gradio's URL needs no engine line: 1041. Round 186: five (two
    # programs or components known from their threads, a client's httpx traceback, a class among an app's
    # listed possible causes, llamafile's warnings with nothing after them): 1046. Round 187: two (a CLI's
    # usage text, a label split on nvidia-ctk's undefined NVML symbol): 1048. Round 188: six programs known
    # from their threads, each with its class reached: 1054. Round 189: one (a traceback cut inside vLLM's
    # KV-cache check, read from its frames): 1055. Round 190: one (Ollama's discovery with the CUDA devices
    # hidden on purpose, known from the thread's title): 1056.
    # After round 192 the written rule for a crash whose cause the lines do not show (docs/eval/crash-
    # relabelling.md) relabelled 32 logs by two blind pairs; 21 of them the tool reads by the rule, the
    # aborts with no message, a Ray worker's death and a SIGQUIT it still reads as crashes (known misses
    # with the rule named, which lowered rounds 20, 75, 142 and 144's floors); rounds 191-192 add 13
    # programs and thread-only labels, and the rule reaches five bare kills that were known misses: 1054.
    # Rounds 193-194 (committed log files): nine (a SIGTERM's KeyboardInterrupt, a request rejected after
    # the start, fallback warnings, 'command not found' in two readings, three hard cases): 1063; their
    # fixes reached two (the request's error read as the request's, vLLM's SIGTERM as a stop): 1061.
    # Rounds 195-196: six (a job script's 'command not found', srun waiting, a training run as vllm.out,
    # two hard cases of a CPU fallback or an NGC banner above a server that served, an app's dynamo.log): 1067.
    # An abort with no message read as nothing to judge (the crash rule) reached four: 1063; round 197 three
    # (a nohup launch line, a request's crash after the start, a validation script's output): 1066; SGLang's
    # memory read from torch when nvidia-smi gives none, a fallback, reached round 194's DGX Spark log: 1065.
    # Ray's list of possible causes names no signal, and a SIGQUIT is sent by another (the crash rule): 1063.
    # Round 198 (notebooks): two hard cases (a bare shape assertion, a launcher's own ready line): 1065.
    # Round 199 (notebooks): three (a tokenizer label split, a hard OOM case, vLLM's in-process init line): 1068.
    # Round 200 (new families): three (a page's lines run together, a command-line runner, a home-made client);
    # the in-process LLM class's "Supported tasks" line ends a start, round 199's init-line miss is read: 1070.
    # Round 201 (committed logs): four (three hard cases: a request's kernel failure, a TensorRT plan, a port held by
    # another Ollama writing to the same file; a Slurm job's own script): 1074.
    # Round 202 (PRs, committed logs): three hard cases (a one-line CUDA IPC error, ComfyUI's failed custom node
    # before a start and 500s, a custom build's MXFP4 backend): 1077.
    # Round 203 (committed logs, notebooks): five (two hard cases, three scripts' results in their own words or cut);
    # llama.cpp's timings after a generation read round 108's in-process pipeline: 1081.
    # Round 204 (committed logs, notebooks): three (a hard case of Ollama listening before its GPU discovery hung, a
    # GGUF model type, a notebook's results in the script's own words): 1084.
    # Round 205 (committed logs, the session's last): none after a shell's or nohup's report that a known server's
    # program is not found was read as that failure (other / image_build, as rounds 159, 194 and 205 label it), which
    # also reached round 194's: 1083.
    # Round 206 (repositories by name): one hard case (a custom runtime's own benchmark); trtllm-bench's executor
    # started is a completed start: 1084.
    # IPython's numbered source lines are code, not messages: round 199's tokenizer log read as model access: 1083.
    # Round 207 (committed logs, engine-starting projects' trackers): one hard case (a training job's NCCL
    # watchdog known from its thread); TabbyAPI's "Serving OAI API", a script's printed exception type and an
    # image pull failure the server's own lines follow read right: 1084.
    # Round 208 (issue trackers): five (two hard cases, two of the device-plugin label split, a hook's segfault);
    # DeepGEMM's Hopper-only GEMM, minijinja's template errors, a backend flag's refused value, FreeToken's cache
    # budget, `lmdeploy check_env`, `systemctl status` of a failed unit and an exported journal's unit column read
    # right, and round 60's failing `lmdeploy check_env` as the report's failure (not a server's log, as labelled): 1088.
    # Round 209 (issue trackers' newest, model repositories): nine (seven hard cases whose class is the thread's,
    # two label splits); Chinese 'not enough GPU memory', fastllm's unsupported model type, a divisibility
    # assertion, a worker's quoted cause holding quotes, a loader's skipped tensor, llama.cpp's fitting in common/
    # and a probe's PASS table read right, and round 179's fitting warning with them: 1096.
    # Round 210 (older issues of vLLM, Ollama, SGLang; local servers; Xinference and others): ten (eight hard
    # cases, two label splits); a command's 'Error: ...' right below the ready line ends the log at an error,
    # Ollama's render-group permission, an eval folder on Windows, ColossalAI's layers and a script's own
    # dist.all_reduce read right, and round 183's test script with them: 1105.
    # Three known misses of rounds 147, 202 and 204 read right by their words (an unsupported X_backend, an
    # unknown gguf model_type, HfArgumentParser's unused arguments): 1102.
    # Round 211 (committed logs of apps, HPC jobs, model and student work; lesser-used frameworks' trackers):
    # none; bash's 'Killed' job report, a kill after uvicorn's 'Shutting down', request errors between answered
    # requests, vLLM's caught safetensors probe and plugin loader, a backend a layer refuses and CTranslate2's
    # CUDA error read right; round 98's lone probe line now reads as no server's log (still a miss): 1102.
    # Round 212 (committed files by exact path): three (an offline engine run at log level error, a training
    # job on TensorFlow, an evaluation script under Slurm); vLLM's 'Executor failed.' after a worker died and
    # Slurm's cancel line read as wrappers: 1105.
    # Round 213 (model repositories, apps' local servers, RL frameworks, Ollama and llama.cpp 2025-2026): ten (five
    # hard cases whose class is the thread's, four label splits on cut starts and causeless relays, llama-cli
    # logging as a server); Ollama's quoted exit status, an abort with no message, llama-cpp-python's null model,
    # FastChat's CLI, NeMo-RL's GRPO script, mistral-inference, an older Ollama's model-not-found and vLLM's context
    # message read right, and round 91's exit status with them: 1114.
    # Round 214 (engines outside vLLM/SGLang): seven (three hard cases whose class is the thread's, TensorRT-LLM's
    # run.py label split, a build's linker errors, a cut client traceback, PowerInfer's main); Aphrodite's wrapped
    # KV message, an unknown GGUF architecture, a CUDA capability an engine requires, bitsandbytes' banner, a raise
    # statement whose message is not on its line, lmdeploy's check_env modules and swift infer read right, and
    # round 63's cut traceback with them: 1120.
    # Round 215 (forum pages, vLLM and SGLang less-taken topics, committed files): one (a custom service with no
    # ready line of its own); a worker thread that died loading the model before uvicorn's ready line read
    # right: 1121.
    # TensorRT-LLM's examples/run.py relabelled after round 214 by a blind pair (docs/eval/runpy-relabelling.md):
    # rounds 164 and 214's run.py logs read right as the engine's start: 1119.
    # Round 216 (2026 trackers, NVIDIA's serving stack, local servers, lesser engines, RL frameworks, clusters):
    # eighteen (eleven programs known as such from their thread or notes, six hard cases whose class is the
    # thread's, NCCL's bind failures labelled nccl_comm, a wrapper over a cut traceback); a CUDA call's 'invalid
    # argument', Triton's stub that cannot be executed, SGLang's --is-embedding answer and verl's trainer read
    # right, round 213's verl driver with them; round 21's TurboMind 'invalid argument' becomes thread-only: 1137.
    # Round 217 (web pages, apps bundling a server, speech and embedding servers, NVIDIA's edge stacks, kernel
    # libraries, cloud platforms): eleven (six programs known as such from their thread or page, three hard cases
    # whose class is the thread's, Triton's -lcuda labelled no_gpu_visible, a container banner); vLLM's kernel not
    # compiled for the arch, xFormers' GPU too old, a relayed bare model-not-found, DJL's ready line in log4j's
    # form, TensorRT's 'allowed only when' and Xinference's client relays read right, round 87's with them: 1147.
    # Round 218 (pull requests and nearby issues): six (four hard cases whose class is the pull request's or the
    # thread's, Dynamo 0.1's worker line, a router's 503s labelled no server's log); cuBLASLt's NOT_SUPPORTED text, the
    # body of PyTorch's OOM message without its header and the LLM API example's numbered print read right: 1153.
    # Round 219 (the session's last look-ups: uncommon NVIDIA settings, Chinese-language trackers): one (TGI's 'Each
    # process is one gpu', a label split); a model path named whole before 'not found', FastDeploy's loader lines
    # and a traceback cut in LangChain's model classes (the client's) read right: 1154.
    # The blind pair after round 219 (docs/eval/bind-lcuda-relabelling.md): NCCL's bind failures are port_in_use
    # (round 216's bootstrap bind reads right), Triton's '-lcuda' on a working GPU is other (round 217's reads
    # right), round 23's Megatron-LM TCPStore bind is a training job's (a known miss): 1153.
    # SGLang's launcher line lower-cased after a paste's backtick and LocalAI's loader losing its backend ('could not
    # load model: rpc error: ... error reading from server: EOF') read as wrappers, as the instructions say: rounds
    # 216 and 217's cut starts read right: 1151.
    # Round 91's TensorRT-LLM run under mpirun relabelled the engine's start under the run.py rule: 1150.
    # Jan's 'The model process encountered an unexpected error.' and SGLang's 'Capture cuda graph failed:' with nothing
    # after the colon read as wrappers, as the instructions say: rounds 45 and 46's cut starts read right: 1148.
    # Round 220 (less-taken topics of the big trackers, model repositories; most families mined out): four (a model
    # folder's own module that cannot be imported, a hard case; three programs known from their threads: Candle's
    # example, gemma_pytorch's run.py in docker, llama-cli's 'main: error: unable to load model', which round 68
    # labels a server's); round 113's bootstrapping RuntimeError, its message on the lines below, reads right: 1151.
    # Round 221 (by wording across projects): ten (six first-request failures as clients or apps relayed them,
    # a label split with rounds 73, 193 and 211; four hard cases or programs whose reading is the thread's); llama.cpp's
    # Jinja 'Unknown (built-in) filter' behind an OpenAI SDK 500 reads right: 1161.
    # Round 222 (committed logs and notebooks, distributed and disaggregated starts): nine (KV-transfer and
    # rendezvous failures whose class is the thread's, programs known from their threads, an in-process load
    # and an example's outputs labelled completed); vLLM's stop with uvicorn's CancelledError and Mooncake's
    # transfer_engine_bench read right: 1170.
    # A traceback flattened onto one line with typographic quotes around its paths (round 178's forum paste): its
    # exception at the line's end is read, with the illegal instruction its NTSTATUS code names: 1169.
    # Round 223 (committed notebooks and job files, hangs and kills, NIM, Kubernetes): eleven (five completed starts
    # read as cut short, the safe side; programs known from their files; thread-only classes); protobuf's GetPrototype
    # noise, vLLM's shared-memory wait line, Apptainer's warning before a GPU reached, vLLM's --numa-bind and the
    # engines' own benchmark clients read right, round 152's SGLang bench_serving with them: 1179.
    # Round 224 (fetched repositories' committed files): two (a GB10 kernel reason whose class is the labeller's
    # reading, Ray Serve's start with no ready line the tool knows); vLLM's KV cache error over its reasoning
    # parser's earlier warning and a CUDA driver call's 'file not found' read right: 1181.
    # The blind pair on a client's relay of one request's error (docs/eval/relay-relabelling.md): round 221's
    # context-length 400 and Triton INVALID_ARGUMENT relays and round 52's 400 naming its flag read right: 1178.
    # Round 225 (the big trackers' less-taken families, RL frameworks, apps, committed files): nine (programs and
    # clients known from their threads, a warning the start went past labelled unfinished, a retyped OOM, classes
    # that are the labeller's reading); the ollama CLI's relays of a runner killed by a signal or timed out read
    # right (rounds 91, 161, 210 and 213 with them), and a traceback cut inside the distributed init holds no
    # cause (rounds 57, 66 and 97 read right; round 8's, whose NCCL line is only in its title, a known miss): 1181.
    # Round 226 (committed files through launch scripts and notes, fetched histories, notebooks, lesser engines):
    # eleven (programs known from their threads, in-process starts with no end line the tool knows, wrapped pastes,
    # classes that are the labeller's reading); vLLM's attention backends refusing a setting, a quantized layer's
    # group size at this TP, trtllm-build's own lines, moshi-server's ready line, Unsloth's notes and the ollama
    # CLI's time-out with its progress read right, round 43's TensorRT-LLM build with them: 1191.
    # Round 227 (the fetched repositories' histories, notes, log files by name, notebooks): seven (in-process starts
    # with no end line the tool knows, scripts and runners known from their repositories, a job script's own error
    # naming the log with the cause, a GB10 kernel reason from the notes); llama-embedding's output (a wrong exit 0
    # at first contact), llama.cpp's per-target fit projection, trtllm-bench's 'Benchmark complete.' and llama-cli
    # printing the server's lines below its mark read right: 1198.
    # Session 14: frame lines a paste wrapped after 'line N,' keep their source lines code (round 226's
    # tabbyAPI 261 reads as the cut traceback it is): 1197.
    # Round 228 (vLLM's less-taken topics, other engines, local servers, Kubernetes, committed log files, notebooks,
    # in-process frameworks): five (three in-process starts with no end line the tool knows, a request's exception
    # stated above a cut traceback, llama.cpp's main built without offload); Slurm's time limit after the ready line,
    # vLLM's 'Exception in worker ... while processing method' over a cut traceback, LMDeploy's converter, a missing
    # service account, a health check after uvicorn's start-up complete and an image's unreadable CUDA version read
    # right: 1202.
    # Round 229 (committed logs and notes by other names, notebooks, model repositories, the fetched snapshots, new
    # hardware, driver-versus-CUDA, multi-node, Windows): eleven (a bare error 804 the notes call compat shadowing,
    # four classes from threads or notes, scripts and launchers known from their repositories, SGLang at warning level,
    # a banner cut short); collect_env's first line, SGLang's attention-backend gate, V1's CPU offload without UVA,
    # TensorRT-LLM's LLM API done and a qualified exception ending a traceback read right: 1213.
    # Round 230 (log files by further names, vendor notebooks and guides, small repositories, TGI/Triton/NIM): ten
    # (label splits and readings of a thread or repository, an in-process start with no end line the tool knows,
    # scripts and apps known from their repositories, Kubernetes and Ray events read otherwise); a child process that
    # died loading the model before another's ready line, NIM's LoRA profile, Triton's Python backend out of shared
    # memory and Unsloth's lines after the vLLM engine it built read right, and with them rounds 226 and 227's
    # Unsloth starts: 1221.
    # Round 231 (the fetched snapshots once more, Q&A threads, pull requests, HPC, Jetson): seven (two classes from
    # a thread's reading, scripts, launchers and container hooks known from their threads); Ollama's no-AVX note on
    # an ARM host whose CUDA backend then found the GPU, text-generation-webui's start line and its model-type
    # message read right: 1228.
    # Round 232 (committed files by new paths, the snapshots' other file types): four (two in-process starts, a job
    # script's shell error after the engine answered, scripts and wrappers known from their repositories); a job
    # summary's 'Errors: 0' is no failure word any more: 1232.
    # Session 15: vLLM 0.10+'s in-process start (front-end lines with no process tag, the engine core's tagged) ends
    # at 'init engine ... took': rounds 203's two and 230's one read right: 1229.
    # Round 233 (committed serving logs, in-process RL/eval frameworks, platform trackers, local servers, the code
    # corpus, the snapshots, other model servers): eight (classes from a thread or repository, an in-process rollout
    # and an evaluation script known from their repositories, vLLM's per-request errors after a completed start);
    # torch's C++ backtrace header alone names no failure, and with it round 89's TGI watchdog frames read right:
    # 1236.
    # Round 234 (SGLang's and vLLM's newest threads, committed log and notes files by path, the snapshots' failure
    # wordings): seven (classes from a pull request, a fork's or a patch's notes, a bare assertion, a benchmark
    # client and a test script known from their repositories); Mooncake's transfer failures, and with them round
    # 222's TCP transport, read right: 1242.
    # Round 235 (the snapshots by name, deployment and model-family repositories fetched for their runs): seven
    # (servers of one repository, runners, wrappers and scripts known from their repositories, a fork's wording);
    # the CuTe DSL's package-walk warning is import noise: 1249.
    # Session 15: vLLM's request errors after a completed start (a chat template refusing a request's messages in
    # chat_utils.py, an exception logged under 'Error in preprocessing prompt inputs', a request for a model name
    # it does not serve) are the requests', named rules included: round 233's client errors read right: 1248.
    # Round 236 (the newest snapshots, model vendors' trackers): three (a class from the author's notes, a notebook's
    # llama-cpp-python load, the ollama CLI's error); NVIDIA's device plugin out of inotify watches and the Hugging
    # Face Rust crates' lines of a TGI router's start read right: 1251.
    # Round 237 (authors' notes and notebooks in the snapshots, NVIDIA's repositories): one (a benchmark script cut
    # in its traceback, a program known from its repository): 1252.
    # Round 238 (scheduler outputs and results folders in the snapshots, log files by exact path): one (a Go server
    # of one repository under PowerShell's stderr wrapping): 1253.
    # Round 239 (notebooks' cell outputs in the snapshots): six (vLLM in-process starts before 0.10 whose cells end
    # at the engine's last start-up step: the cell's end is not in the text); early vLLM's MegaBlocks/STK notice
    # is no failure: 1259.
    # Round 240 (fine-tuning toolkits, speech projects, application layers, kernel libraries, reasoning-RL
    # repositories, other engines, evaluation harnesses, cloud recipes): thirteen (programs known from their
    # repositories, a cut Ray task traceback, a V0 in-process engine's tail, label splits); vLLM's 'Added request'
    # after its start-up lines, FlashInfer's dispatch errors, BentoML's runner heading and CMake's errors read
    # right, four earlier known misses among them: 1268.
    # Round 241 (vLLM's and SGLang's trackers on less-taken topics, TGI/TEI/LMDeploy, Ollama/llama.cpp/LocalAI):
    # three (classes from the threads: a misleading check, EFAULT on a /dev/shm mmap, an image's entrypoint); vLLM's
    # data-parallel example's outputs read right (round 222's among them): 1270.
    # Round 242 (repositories fetched for committed runs, NVIDIA's serving stacks' trackers): three (two label
    # splits on Triton's and TensorRT's wordings, mpirun's bare signal 9): 1273.
    # Round 244 (committed runs in the snapshots M-Z): one (a kernel's capability check with the kernel forced by the
    # launch, labelled the GPU's architecture); LightLLM's request log ends a start: 1274.
    # Session 17: vLLM's V0 engine built in a script's own process ends its start (its configuration line, no API
    # front end above it): seven notebook cells of rounds 204, 227, 228 and 239 read right: 1267.
    # Round 245 (other engines, Hugging Face discussions, the driver layer's newest threads, non-English posts,
    # self-hosted assistants, OCR tools, committed runs): ten (label splits on TGI's warm-up wording, classes
    # from the threads, two one-line OOMs of programs, a bare "insufficient" on a new driver): 1277.
    # Round 246 (data-generation pipelines, Ray Data LLM, NeMo-Skills/Curator): one (a client's 404 under nemo-run's
    # task prefix); vLLM V1's graph-capture bar at 100% after Ray Serve's ready line ends the start: 1278.
    # Round 247 (today's snapshots, Ray Serve LLM/RayLLM/KubeRay, Windows and WSL2, NVIDIA's forums and NIM/Triton/
    # Jetson trackers): six (two builds, a container that ran nvidia-smi, a load client's driver banner, two classes
    # from the threads); NGC's refused NIM download reads as model access: 1284.
    # Round 248 (serverless platforms, Grace Hopper/aarch64 and HPC-centre runs, vLLM's and SGLang's 2026 threads):
    # four (a fork's own wording, a flag pair from the thread, a hang cancelled by Slurm, a kernel test); vLLM's
    # worker wrapper quoting a quoted cause, srtctl's ready and teardown, MIG with no instances read right: 1288.
    # Round 249 (the snapshots fetched in the session's last hour): none after its fixes (huggingface_hub's
    # read-only .no_exist note is benign, vLLM's '[shutdown]' steps are a stop asked for): 1288.
    # Session 18: round 157's GPUStack 'Mirrored deployment enabled, but failed to get self Container ...,
    # skipping' (its runtime goes on) and round 213's tensor-split axis assertion read right: 1286.
    # Round 250 (application and gateway layers, model-family trackers, kernel libraries, vLLM's mid-2025 threads,
    # Ollama/llama.cpp 2026, LMDeploy/TRT-LLM/GPUStack/Xinference, web pages): nine (programs known from their
    # threads: a demo script, a CuPy script, a kernel test, a training script, a tuning script, trtllm-bench's
    # usage error, a CLI chat; a connector's KeyError and a kernel assertion whose classes are the threads'), and
    # round 179's tensor-split regression now a label split: 1296. Its tensor-split axis assertions, LMDeploy's
    # model check, GPUStack's missing self container, zh_CN signal lines, an engine build under the Triton image's
    # banner and a `python -c` import check read right.
    # Round 251 (today's snapshots, vLLM's 2024 threads, SGLang/TGI 2024-2025, KV-transfer layers): two (a P/D
    # proxy up while its engines still start, labelled from the thread's working run; a proxy's exception group over
    # a cut httpx traceback); TGI's 'Decode cuda graph warmup failed' over a cut traceback, Azure Storage's refused
    # identity, TGI's unquantized weights, vLLM's spec decode with Ray and its unknown model type, and Mooncake's
    # master run alone read right: 1298.
    # Round 252 (pull requests' test results, the last hour's snapshots): three (Dynamo's worker initialised, a label
    # split with round 139; an example's generated text with no separator; vLLM's benchmark_serving.py client, whose
    # vLLM import names the engine); SGLang's bare 'Cannot find any model weights', PyTorch's 'more than 1EB',
    # NIXL's perftests and vLLM's offline examples' outputs read right: 1301.
    # Round 253 (Hugging Face discussions of 2025-2026 models): none after its fix (vLLM's MoE class finding no expert
    # layer): 1301.
    # Session 18: a load client's report under the engine's import-time lines or a server's command line is the
    # client's output (program.load_client imports_engine): rounds 14, 112, 113, 145 and 252 read right: 1296.
    # Session 18: pytest's report and a native benchmark's backtrace through the engine's own modules are a test's
    # output (program.pytest_report, program.native_benchmark: paths_are_its_own): rounds 113, 240 and 250 read
    # right: 1293.
    # Session 18: trtllm-bench's usage error under its tensorrt_llm import lines is the program's (rounds 235, 250): 1291.
    # Round 254 (session 19: vLLM's threads 12000-20000, SGLang's 10000-14000, Ollama/llama.cpp 2024-25, the container
    # layer, Chinese threads, embedding servers, first-request failures, TensorRT-LLM/Triton 2024-25): five (an
    # environment report under a sentence quoting the launch's error; KServe's error body over a cut traceback;
    # MinerU's V1 engine after vLLM's V0 fallback, cut; Ollama's relayed 'failed to create context', a label split;
    # a Windows Error Reporting record); a Go panic after the ready line, CUTLASS's 'not implemented' MMA, llama.cpp's
    # RoPE on a quantized K cache, a segfault in NCCL's proxy, vLLM's 'MulitprocExecutor got fatal signal', Open
    # MPI's init banner and llama-cli.exe read right: 1296.
    # Round 255 (llama.cpp wrappers and Rust engines, NeMo and research pipelines, vLLM/SGLang satellites and their
    # diffusion serving, agentic coding tools): five (an allocator's OOM warning as the last line; torch.distributed
    # warnings alone; a Petals server; `ramalama info`'s CDI warning and its JSON); vllm-omni's pure-diffusion server
    # line, SGLang Diffusion's finished batch, a stage needing more GPUs than are visible and minja's 'Unknown method'
    # relayed by a client read right, and so does round 177's warmup error under the pure-diffusion server: 1300.
    # Round 256 (today's snapshots of research pipelines, recipes and tutorials; the big trackers' 2023 threads;
    # less-known servers' trackers): four (FlashInfer's routing-logits dtype, a configuration by the recipe; crun's
    # stale CDI library under a chat runner; Jittor's compile error in a CLI demo; a cloud SDK's 503 for a GPU
    # machine); llama.cpp's CLIP loader missing the projector's tensors, TGI's router parsing the Hub's error body as
    # model info and Megatron-Core's inference co-ordinator ready read right: 1304.
    # Round 257 (the last wave's snapshots: ColossalAI, FlagScale): three (Ray's working_dir refused, the model's code
    # at a wrong path by the labeller's reading; a test script's in-process engine; a benchmark building ColossalAI's
    # engine in-process); a V1 engine core built in-process before vLLM's process tags read right, with rounds 228 and
    # 239's known misses: 1305.
    # Round 258 (repositories linked by the snapshots' READMEs, fetched without look-ups): three (vLLM's attention
    # selector error with its reasons elided; a benchmark runner's Markdown report quoting a wrapper; `nvidia-smi -q`
    # alone, nothing to judge either way); SGLang's attention backend requiring a page size read right, and the -q
    # report's 'ECC Errors' heading is no longer a failure: 1308.
    # Round 259 (more linked repositories): two (DashInfer's in-process engine, which the tool does not know, and a
    # llama-cpp-python load with no generation in the lines: both read as starts with no end); DashInfer's
    # '[Warning]' level is quiet: 1310.
    # Round 260 (files deleted from the newest snapshots' history): one (llama-cpp-python's batching example read as a
    # load with no end, labelled a runner's output: both nothing to judge): 1311.
    # Round 261 (files deleted from the next snapshots' history): one (FlashInfer's C++ check as the last source line of
    # a cut traceback); vLLM-Omni's offline 'OmniDiffusion initialized: model=' read right: 1312.
    # Round 262 (session 20's search families): five (two thread-only classes, TensorRT-LLM's invalid device ordinal
    # and llama.cpp's split-axis assert; three read as starts with no end where the labeller read the thread or a
    # script's own word: Ollama's load, an orchestration script's 'SERVING', llama-cli's device list); llama.cpp's KV
    # cache full after the ready line, Python 3.9's socket.timeout fetching a model and pydantic's header over vLLM's
    # inspection wrapper under a process tag read right: 1317.
    # Rounds 263-264 (deleted files, linked repositories, committed runs): four (vLLM's tokenizer AttributeError the
    # labeller read by the repository's fix; vLLM 0.4's '# GPU blocks' as an in-process end; cortex's `ps` read as its
    # log; SGLang's check_env pasted below a scheduler's traceback); a benchmark client's PASS/FAIL report (round
    # 234's) read right: 1320.
    # Round 265 (linked repositories, Hugging Face discussions): two (TGI's Gemma 2 head size, a thread-only class;
    # a notebook's IPython traceback with no server, its class right); vLLM's 'DP adjusted local rank N is out of
    # bounds' read right: 1322.
    # Round 266 (files deleted from the older snapshots' history): four (a head_dim TypeError read by the write-up, a
    # notebook's shadowed vLLM import, a V0 in-process engine ending at its graph capture, a course script's argparse
    # error under torchrun); TVM FFI's optional DLPack extension warning is benign (round 232's sibling read right):
    # 1325.
    # Round 267 (deleted files of the older and today's snapshots, linked repositories): one (SGLang's offline engine in
    # a notebook cell, its generation in later cells); a bench report's 'Failed requests: 0', a client's 'URL returned
    # HTTP 500' and inference-perf's logger read right: 1326.
    # Round 268 (vLLM and SGLang threads of 2026, model projects' trackers, platforms' committed runs, committed
    # llama-server runs): seven (an nvcc error quoted in a PR, a bare shape mismatch whose class is the thread's, a
    # start script's 'waiting for ... or OOM', two Ray CPU processes' driver and platform lines beside GPU workers
    # that ran, llama-server's early listening line, pytest's short traceback); round 230's Ray Serve replica that
    # waited to be scheduled now ends at the application's ready line (its Triton ImportError read right): 1332.
    # Round 269 (other engines' trackers, committed runs of every engine, lab repositories): six (a fork's own error
    # whose class is the labeller's, vLLM's reasoning-token warning that the labels split on, FastDeploy's worker log
    # before its logger, an in-process engine's exit, TensorRT Edge-LLM's runner, trtllm-bench's first two lines);
    # FastDeploy's logger and llama.cpp's ubatch assertion read right: 1338.
    # Round 270 (NVIDIA's trackers, Ollama's and llama.cpp's, vLLM's 28000-44000, search tools only): none; Triton's
    # repository it cannot stat is model_access as the written rule and four rounds' labels read it (round 20's
    # known miss right, round 12's model_config label a split now): 1338.
    # A no-GPU line logged only at WARNING/INFO beside lines that prove the GPU worked is another process's
    # (round 268's Ray Serve CPU actor: right): 1337.
    # Round 271 (vLLM 44000+, Kubernetes platforms, desktop apps, web pages, committed runs, model projects,
    # clusters): seven (the CUDA images' no-driver banner twice and PhysX's cudart, label splits; a fake GPU
    # operator's vector-add, a training job and an MPI benchmark whose program no line marks, an evaluation
    # client's ERROR after a healthy start); DeepGEMM's 'Unknown SF transformation' read as the GPU's
    # (round 229's known miss right): 1343.
    # Round 272 (NVIDIA's serving trackers, committed server logs, projects that embed an engine, Hugging Face
    # pages; gathered beside round 271's fixes, measured after them): three (TensorRT-LLM's Python benchmark
    # building its session, Triton's Python backend's shared-memory 'File exists' read as /dev/shm too small, a
    # course script's argparse error, a label split): 1346.
    # Round 273 (committed notebooks): one (llama-cpp-python's in-process load with no generation, a start the
    # tool reads as not finished); xformers' Triton probe with its caught traceback read as the warning it is: 1347.
    # The CUDA images' no-driver banner relabelled blind (docs/eval/banner-relabelling.md: a pair agreed on all 16
    # logs that hold it; alone it is no failure) and read so by the tool: nine known misses right, one label split
    # left (Triton's 'Invalid model name': model_access by the pair, model_config by round 8's label): 1339.
    # Session 23: the in-process engine's end of initialisation settled by a written convention and relabelled
    # blind (docs/eval/offline-init-relabelling.md: a pair agreed on 107 of 108) and read so by the tool (a
    # notebook's own lines or a benchmark's results around the engine; engine lines alone not judged): eight
    # known misses right. Round 274 (ten labellers): eleven (five classes resting on the thread, four programs
    # no line names, TabbyAPI's and SGLang's servers with no ready line the tool reads): 1342.
    # Round 275 (committed runs and notebooks, documentation pages, rare wordings): two (a documentation page's
    # cause in its prose, a two-node launcher's own health line): 1344.
    # The program-lines relabelling (session 23, docs/eval/program-lines-relabelling.md: a written rule, the status is
    # what the lines show when no line names the program; pairs agreed on 414 of 424): 170 known misses right, five
    # new (lines a pair reads as the engine's own start where a program mark of the tool's reads no server): 1179.
    # Round 276 (eight labellers, g1188-g1195: 38 logs): seven (two thread-only classes, a bare NVML error whose
    # program is the thread's, Mooncake's transfer engine and store lines, SGLang's offline benchmark, dynamo-run's
    # missing-flag wording): 1186. The container-check relabelling (session 24, docs/eval/container-check-
    # relabelling.md: a blind pair agreed on all 52 logs: a container run of nvidia-smi is that check's output, the
    # kernel's NVRM lines alone the failure they show) and round 276's fixes (dynamo-run's missing-flag wording,
    # SGLang's offline benchmark, Mooncake's transfer engine): fourteen right, three new (a shell container and Ray's
    # launcher the pair reads as programs, a driver container's build output with the kernel's lines): 1175.
    # Round 277 (six labellers, g1196-g1201: classic model servers, desktop apps, speech servers, RL rollout
    # servers, vLLM's 2024 threads, web pages; 40 logs): thirteen (wordings and programs met for the first time, a
    # false driver_too_old: Triton's pinned-memory warning over its models' load failures): 1188.
    # Round 277's fixes (a library the build lacks after Triton's pool warning: no driver_too_old; a client relaying
    # a named cause; transformers' pipeline device, text-generation-webui's GPTQ loader, TorchServe's GPU probe, a
    # model's config.yaml, KoboldCpp's settings line, the ws client, AReaL's realhf workers): nine of its thirteen
    # right, and round 149's flash-attn undefined symbol (a C++ symbol a library lacks): 1178.
    # Round 278 (four labellers, g1202-g1205: cloud serving containers, Triton's other backends, image-generation
    # servers, edge and small-box serving; 29 logs): thirteen (wordings of TensorRT, TEI and TGI met for the first
    # time, label splits on TensorRT's plugin and version errors, programs no mark names): 1191.
    # Round 278's fixes (TGI's missing local weights, diffusers' configuration not fetched, relayed by a curl's
    # error body, TEI's unsupported model, TensorRT's allocation error 2, the Stable Diffusion web UI's model
    # loading, unittest's report, jetson-containers' build): five of its thirteen right: 1186.
    # The container-check relabelling's second part (shell containers, Slurm steps under pyxis, the driver container,
    # faster-whisper runs, TensorRT engines: four blind helpers in two pairs, 80 of 82 agreed; 16 labels changed) and
    # its marks (a pyxis step running a shell or a check, the driver container, TensorRT's plugin registry): six right,
    # three new (shell containers the pair reads as programs, no mark tells them from an app's shell by their lines): 1183.
    assert len(known) <= 1183, known
    assert [k for k in known if k[1] == k[2]] == []


def test_successful_starts_have_no_primary(results):
    healthy = [(log.name, _cls(d)) for log, meta, d in results
               if meta["expected_class"] is None and not meta.get("known_miss")]
    assert len(healthy) >= 5 and all(c is None for _, c in healthy), healthy


def test_healthy_logs_get_the_status_their_sidecar_names(results):
    """A start shown complete is no_failure (exit 0); an excerpt that stops before that is
    incomplete (exit 3, nothing to judge): the sidecar says which ("expected_status")."""
    got = [(log.name, meta.get("expected_status", "no_failure"), d.status)
           for log, meta, d in results if meta["expected_class"] is None and not meta.get("known_miss")]
    assert [g for g in got if g[1] != g[2]] == []
    assert sum(g[2] == "no_failure" for g in got) >= 8


def test_failure_logs_have_the_failure_status(results):
    """A class found where the label names one: the status is the label's, failure for a server's
    log, not_a_server_log for a program's output that shows that failure (nccl-tests, a training job)."""
    wrong = [(log.name, meta.get("expected_status", "failure"), d.status) for log, meta, d in results
             if meta["expected_class"] is not None and _cls(d) is not None and not meta.get("known_miss")
             and d.status != meta.get("expected_status", "failure")]
    assert wrong == []
    programs = [d.status for _, meta, d in results
                if meta.get("expected_status") == "not_a_server_log" and meta["expected_class"] is not None]
    # measured 75/101 after round 84, 91/130 = 0.700 after round 89 (five of its programs known as such
    # from their threads only), 93/136 = 0.684 after round 91, 93/137 = 0.679 after round 93 (a Nomad
    # test job's placement failure), 93/140 = 0.664 after round 97 (a JAX training job, a torchrun test and
    # an installer CLI, each known as a program from its thread only), 94/143 = 0.657 after round 102 (a
    # Mooncake benchmark known from its cut command line, an EAGLE evaluation script), 109/168 = 0.649
    # after round 112 (rounds 108-112 added 25 programs, eleven known as such from their threads only:
    # training jobs, kernel logs, one-line builds and scripts), 109/172 = 0.634 after round 113 (its four
    # programs with a class, none reached: two Windows scripts whose import torch failed, a pod its thread
    # calls a training job, a C++ benchmark beside TensorRT-LLM's own lines), 110/175 = 0.629 after round
    # 114 (its three: KTransformers' local_chat reached, an engine-export script and an example runner known
    # as programs from their threads), 110/178 = 0.618 after round 116 (a fine-tuning notebook's one OOM line,
    # known as a program from its thread), 112/185 = 0.605 after round 118 (its seven: Fabric Manager's journal
    # reached; a training job, a script, nccl-tests, a device plugin known from their threads), 112/187 = 0.599
    # after round 119 (Cog's image-build step and TRL's trainer, known from their threads): the rest are
    # programs with no mark the tool knows (known misses); 114/194 = 0.588 after round 120 (host commands
    # and a CLI: DKMS, modprobe, Ansible, a TensorFlow script, an OFI test, nvidia-container-cli); 115/203 =
    # 0.567 after round 123 (rounds 121-123's nine: trtexec reached; MLC's chat CLI, a KAI example pod, an import
    # in a Python prompt, two nvidia-smi test containers, a CUDA sample's pod, LMDeploy's two chat runners);
    # 117/210 = 0.557 after round 125 (rounds 124-125's seven: nccl-tests by its column header and an
    # accelerate training job reached; a kernel build's ptxas line, pip's install check, an image build, a
    # benchmark CLI and an NGC model-build container known from their threads); 123/227 = 0.542 after round
    # 128 (rounds 126-128's programs with a class: Meta's reference example reached; a test.py, MLPerf's
    # infer.py, a pynvml session, a pip install, a device plugin, a RAG app and a job worker known from their
    # threads); 125/251 = 0.498 after round 133 (rounds 129-133 added 24 programs with a class, mostly
    # one-line excerpts of batch science jobs, scripts, library tests and builds known as such from their
    # threads only); 129/286 = 0.451 after round 137 (rounds 134-137 added 35 programs with a class: FFmpeg
    # in media servers and two aws-ofi-nccl tests reached; RAPIDS and JAX scripts, pipeline
    # steps, WasmEdge runners, evaluation harnesses known from their threads); 132/286 = 0.462 once three
    # medical-imaging command lines (nnU-Net, TotalSegmentator) were read as programs; 138/311 = 0.444 after
    # round 144 (rounds 139-144 added programs with a class mostly known as such from their threads only:
    # nixlbench, a NIXL test script, MLC's convert_weight, a whisper CLI, TensorRT-LLM's run.py, sd-cli);
    # 139/317 = 0.438 after round 145 (training jobs of RL frameworks, DeepEP's test, a probe command);
    # 147/343 = 0.429 after round 156 (rounds 146-156 added programs with a class mostly known as such from
    # their threads only: training, export and evaluation runs, NIXL's examples and test scripts,
    # llama.cpp's llama-qwen2vl-cli; `vllm bench serve` and pip's failed builds reached); 204/486 = 0.420 after
    # round 219 (rounds 157-219 added programs with a class mostly known as such from their threads; round 23's
    # Megatron-LM pretraining relabelled a program by the blind pair, docs/eval/bind-lcuda-relabelling.md)
    assert len(programs) >= 40 and programs.count("not_a_server_log") >= 0.41 * len(programs)


def test_every_primary_carries_evidence_and_advice(results):
    for log, meta, d in results:
        if meta["expected_class"] is None or (meta.get("known_miss") and d.primary is None):
            continue
        assert d.primary is not None and d.primary.evidence, log.name
        assert d.primary.evidence[0].line >= 1, log.name
        assert d.advice, log.name
