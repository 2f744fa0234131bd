"""Prefix cache with vLLM V1 semantics: chained block hashes, whole-block hits, LRU eviction.

A hit can cover at most floor((n-1)/B)*B tokens of an n-token prompt (the last token is always
recomputed for its logits). Only full blocks are stored. Capacity is counted in blocks.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence


def block_hashes(tokens: Sequence[int], block_size: int, chained: bool = True) -> list[int]:
    """Chained hashes of the full blocks of TOKENS (a block's hash covers all before it);
    unchained: each block's own content only (the broken cache of the `prefix-cache-unchained`
    scenario, which matches blocks anywhere, not by prefix)."""
    out: list[int] = []
    parent = 0
    for start in range(0, len(tokens) - block_size + 1, block_size):
        parent = hash((parent if chained else 0, tuple(tokens[start:start + block_size])))
        out.append(parent)
    return out


def max_hit_tokens(prompt_tokens: int, block_size: int) -> int:
    """The largest possible hit for a prompt of PROMPT_TOKENS: floor((n-1)/B)*B."""
    return max(prompt_tokens - 1, 0) // block_size * block_size


class PrefixCache:
    def __init__(self, block_size: int, capacity_blocks: int, enabled: bool = True,
                 chained: bool = True) -> None:
        self.block_size = block_size
        self.chained = chained
        self.capacity = max(capacity_blocks, 0)
        self.enabled = enabled
        self._blocks: OrderedDict[int, None] = OrderedDict()
        self.queries = 0
        self.hits = 0
        self.evictions = 0

    def __len__(self) -> int:
        return len(self._blocks)

    def lookup(self, tokens: Sequence[int]) -> tuple[int, list[int]]:
        """(cached tokens, block hashes) for a prompt; counts queries and hits like vLLM."""
        if not self.enabled:
            return 0, []
        hashes = block_hashes(tokens, self.block_size, self.chained)
        eligible = max(len(tokens) - 1, 0) // self.block_size
        hit_blocks = 0
        for h in hashes[:eligible]:
            if h not in self._blocks:
                if self.chained:
                    break
                continue
            self._blocks.move_to_end(h)
            hit_blocks += 1
        cached = hit_blocks * self.block_size
        self.queries += len(tokens)
        self.hits += cached
        return cached, hashes

    def store(self, hashes: list[int]) -> None:
        """Insert the prompt's full blocks (most recent last) and evict LRU blocks over capacity."""
        if not self.enabled or self.capacity == 0:
            return
        for h in hashes:
            self._blocks[h] = None
            self._blocks.move_to_end(h)
        while len(self._blocks) > self.capacity:
            self._blocks.popitem(last=False)
            self.evictions += 1

    def usage(self) -> float:
        return len(self._blocks) / self.capacity if self.capacity else 0.0
