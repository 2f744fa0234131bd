"""Write a tiny, hand-wired llama GGUF whose answers are deterministic.

The model is a lookup machine, not a language model. Its residual stream holds:
a constant dimension, a one-hot "identity" for the few tokens whose successor matters,
and two flags set by layer-0 attention ("<tools>" seen, "<tool_call>" seen). The output
matrix turns that into logits:

- a fixed preference order for every token (end-of-turn first, JSON punctuation next, so a
  grammar-constrained answer is the shortest valid one: empty strings, 0, false, first enum);
- a bigram chain "\\n" -> "Hello" -> " world" -> "!" (then end-of-turn wins again);
- "<tool_call>" wins after the generation prompt when tools are offered and no call was made
  yet, so agent loops end after one call;
- "<tool_call>" -> "\\n", the start of the Hermes call body.

Logit gaps are hundreds of units, so temperature and seed do not change any answer.
Only `gguf` and `numpy` are needed; generation takes well under a second.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

N_EMBD = 64
N_HEAD = 4
HEAD_DIM = N_EMBD // N_HEAD
N_FF = 128
N_LAYER = 2
N_CTX_TRAIN = 32768
ROPE_BASE = 1_000_000.0
ALIAS = "tiny-hello"

# Residual dimensions.
D_CONST, D_OTHER, D_NL, D_HELLO, D_WORLD, D_CALL, D_TOOLS = range(7)
D_FLAG_TOOLS, D_FLAG_CALL = 10, 11

CONTROL = ["<unk>", "<s>", "</s>", "<|im_start|>", "<|im_end|>"]
USER_DEFINED = ["<tool_call>", "</tool_call>", "<tools>", "</tools>"]
WORDS = ["Hello", "\u2581world"]  # output-only: no SPM merge path reaches them

RANK_STEP = 5.0  # logit units between neighbours in the preference order
BIGRAM = 2000.0  # lifts a successor above everything in the preference order
TOOL_LIFT = 2500.0  # lifts <tool_call> above the bigram's "Hello"
ATTN_SCORE = 40.0  # pre-softmax score of the marker token: weight ~1 even at 32k tokens


def vocabulary() -> tuple[list[str], list[int]]:
    """Tokens and their GGUF token types, in id order."""
    tokens = list(CONTROL) + list(USER_DEFINED)
    types = [2, 3, 3, 3, 3] + [4] * len(USER_DEFINED)
    tokens += [f"<0x{b:02X}>" for b in range(256)]
    types += [6] * 256
    tokens += ["\u2581"] + [chr(c) for c in range(0x21, 0x7F)]
    types += [1] * 95
    tokens += WORDS
    types += [1] * len(WORDS)
    return tokens, types


def preference(tokens: list[str]) -> list[str]:
    """Tokens from most to least preferred when nothing else decides."""
    head = ["<|im_end|>", '"', "}", "]", "</tool_call>", "<tool_call>", ":", ",", "{", "["]
    head += [str(d) for d in range(10)]
    head += [chr(c) for c in range(ord("a"), ord("z") + 1)]
    head += [chr(c) for c in range(ord("A"), ord("Z") + 1)]
    rest_printable = [chr(c) for c in range(0x21, 0x7F) if chr(c) not in head]
    tail = ["\u2581", "<0x0A>", "<0x20>", "<0x09>"]
    ordered = head + rest_printable
    seen = set(ordered) | set(tail) | set(WORDS)
    middle = [t for t in tokens if t not in seen]
    return ordered + middle + tail + WORDS


def identity_dim(token: str) -> int:
    return {
        "<0x0A>": D_NL,
        "Hello": D_HELLO,
        "\u2581world": D_WORLD,
        "<tool_call>": D_CALL,
        "<tools>": D_TOOLS,
    }.get(token, D_OTHER)


def embeddings(tokens: list[str]) -> np.ndarray:
    # Every row has the same norm, so RMSNorm scales all tokens alike.
    emb = np.zeros((len(tokens), N_EMBD), dtype=np.float32)
    for i, tok in enumerate(tokens):
        emb[i, D_CONST] = 1.0
        emb[i, identity_dim(tok)] = 1.0
    return emb


def output_matrix(tokens: list[str]) -> np.ndarray:
    index = {t: i for i, t in enumerate(tokens)}
    out = np.zeros((len(tokens), N_EMBD), dtype=np.float32)
    for rank, tok in enumerate(preference(tokens)):
        out[index[tok], D_CONST] = -RANK_STEP * rank
    for prev_dim, nxt in [(D_NL, "Hello"), (D_HELLO, "\u2581world"), (D_WORLD, "!"), (D_CALL, "<0x0A>")]:
        out[index[nxt], prev_dim] = BIGRAM
    out[index["<tool_call>"], D_FLAG_TOOLS] = TOOL_LIFT
    out[index["<tool_call>"], D_FLAG_CALL] = -TOOL_LIFT
    return out


def marker_attention() -> dict[str, np.ndarray]:
    """Layer 0: head 0 finds <tools>, head 1 finds <tool_call>, anywhere before the position.

    Query and key use the last RoPE pair of the head (slowest rotation: < 0.2 rad over 32k
    positions), so the score barely depends on distance.
    """
    normed = np.sqrt(N_EMBD / 2.0)  # value of a 1.0 entry after RMSNorm of an embedding row
    qk = np.sqrt(ATTN_SCORE * np.sqrt(HEAD_DIM)) / normed
    wq = np.zeros((N_EMBD, N_EMBD), dtype=np.float32)
    wk = np.zeros_like(wq)
    wv = np.zeros_like(wq)
    wo = np.zeros_like(wq)
    for head, marker, flag in [(0, D_TOOLS, D_FLAG_TOOLS), (1, D_CALL, D_FLAG_CALL)]:
        lane = head * HEAD_DIM + HEAD_DIM - 2
        wq[lane, D_CONST] = qk
        wk[lane, marker] = qk
        wv[head * HEAD_DIM, marker] = 1.0 / normed
        wo[flag, head * HEAD_DIM] = 1.0
    return {"attn_q": wq, "attn_k": wk, "attn_v": wv, "attn_output": wo}


CHAT_TEMPLATE = (
    "{%- set ns = namespace(sys='') -%}"
    "{%- if messages and messages[0].role == 'system' -%}{%- set ns.sys = messages[0].content -%}{%- endif -%}"
    "{%- if tools -%}"
    "{{- '<|im_start|>system\\n' + ns.sys + '\\nFunctions you may call:\\n<tools>' -}}"
    "{%- for tool in tools -%}{{- '\\n' + (tool | tojson) -}}{%- endfor -%}"
    "{{- '\\n</tools>\\nTo call one, answer with a JSON object holding name and arguments.<|im_end|>\\n' -}}"
    "{%- elif ns.sys -%}"
    "{{- '<|im_start|>system\\n' + ns.sys + '<|im_end|>\\n' -}}"
    "{%- endif -%}"
    "{%- for m in messages -%}"
    "{%- if m.role == 'system' -%}"
    "{%- elif m.role == 'assistant' and m.tool_calls -%}"
    "{{- '<|im_start|>assistant' -}}"
    "{%- if m.content -%}{{- '\\n' + m.content -}}{%- endif -%}"
    "{%- for tc in m.tool_calls -%}"
    "{%- set f = tc.function if tc.function is defined else tc -%}"
    "{{- '\\n<tool_call>\\n{\"name\": \"' + f.name + '\", \"arguments\": ' -}}"
    "{%- if f.arguments is string -%}{{- f.arguments -}}{%- else -%}{{- f.arguments | tojson -}}{%- endif -%}"
    "{{- '}\\n</tool_call>' -}}"
    "{%- endfor -%}"
    "{{- '<|im_end|>\\n' -}}"
    "{%- elif m.role == 'tool' -%}"
    "{{- '<|im_start|>user\\n<tool_response>\\n' + m.content + '\\n</tool_response><|im_end|>\\n' -}}"
    "{%- else -%}"
    "{{- '<|im_start|>' + m.role + '\\n' + (m.content or '') + '<|im_end|>\\n' -}}"
    "{%- endif -%}"
    "{%- endfor -%}"
    "{%- if add_generation_prompt -%}{{- '<|im_start|>assistant\\n' -}}{%- endif -%}"
)


def _metadata(writer, tokens: list[str], types: list[int]) -> None:
    writer.add_name(ALIAS)
    writer.add_context_length(N_CTX_TRAIN)
    writer.add_embedding_length(N_EMBD)
    writer.add_block_count(N_LAYER)
    writer.add_feed_forward_length(N_FF)
    writer.add_head_count(N_HEAD)
    writer.add_head_count_kv(N_HEAD)
    writer.add_layer_norm_rms_eps(1e-5)
    writer.add_rope_freq_base(ROPE_BASE)
    writer.add_rope_dimension_count(HEAD_DIM)
    writer.add_file_type(0)  # all F32
    writer.add_tokenizer_model("llama")
    writer.add_token_list(tokens)
    writer.add_token_scores([0.0] * len(tokens))
    writer.add_token_types(types)
    writer.add_unk_token_id(0)
    writer.add_bos_token_id(1)
    writer.add_eos_token_id(tokens.index("<|im_end|>"))
    writer.add_pad_token_id(2)
    writer.add_add_bos_token(False)
    writer.add_add_eos_token(False)
    writer.add_add_space_prefix(False)
    writer.add_chat_template(CHAT_TEMPLATE)


def _tensors(tokens: list[str]) -> dict[str, np.ndarray]:
    ones = np.ones(N_EMBD, dtype=np.float32)
    tensors = {"token_embd.weight": embeddings(tokens), "output_norm.weight": ones}
    tensors["output.weight"] = output_matrix(tokens)
    zero_attn = {k: np.zeros((N_EMBD, N_EMBD), dtype=np.float32) for k in marker_attention()}
    for layer in range(N_LAYER):
        attn = marker_attention() if layer == 0 else zero_attn
        for name, weight in attn.items():
            tensors[f"blk.{layer}.{name}.weight"] = weight
        tensors[f"blk.{layer}.attn_norm.weight"] = ones
        tensors[f"blk.{layer}.ffn_norm.weight"] = ones
        tensors[f"blk.{layer}.ffn_gate.weight"] = np.zeros((N_FF, N_EMBD), dtype=np.float32)
        tensors[f"blk.{layer}.ffn_up.weight"] = np.zeros((N_FF, N_EMBD), dtype=np.float32)
        tensors[f"blk.{layer}.ffn_down.weight"] = np.zeros((N_EMBD, N_FF), dtype=np.float32)
    return tensors


def write_model(path: Path) -> Path:
    """Write the GGUF to `path` and return it."""
    import gguf

    tokens, types = vocabulary()
    writer = gguf.GGUFWriter(str(path), "llama")
    _metadata(writer, tokens, types)
    for name, array in _tensors(tokens).items():
        writer.add_tensor(name, array)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path
