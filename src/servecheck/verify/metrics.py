"""Read a /metrics scrape the way the reference says: names by era, sums over engines, no label order.

Garbage or a missing endpoint gives an empty Scrape with a note, never an exception.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from prometheus_client.parser import text_string_to_metric_families

# concept -> exposed names, newest first (V1 >= 0.9, V1 0.8.x, llama.cpp)
PREFIX_QUERIES = ("vllm:prefix_cache_queries", "vllm:gpu_prefix_cache_queries")
PREFIX_HITS = ("vllm:prefix_cache_hits", "vllm:gpu_prefix_cache_hits")
LLAMACPP_CACHED = ("llamacpp:prompt_tokens_cached",)


@dataclass
class Scrape:
    ok: bool = False
    samples: dict[str, float] = field(default_factory=dict)  # sample name -> sum over label sets
    families: set[str] = field(default_factory=set)
    info: dict[str, dict[str, str]] = field(default_factory=dict)  # *_info family -> labels
    note: str = ""

    def total(self, names: tuple[str, ...]) -> float | None:
        """Sum of the first counter in NAMES that is present (`_total` exposed or bare name)."""
        for name in names:
            for sample in (f"{name}_total", name):
                if sample in self.samples:
                    return self.samples[sample]
        return None

    @property
    def has_vllm(self) -> bool:
        return any(n.startswith("vllm:") for n in self.families)

    def era(self) -> str | None:
        if not self.has_vllm:
            return "llamacpp" if any(n.startswith("llamacpp:") for n in self.families) else None
        if "vllm:prefix_cache_queries" in self.families or "vllm:kv_cache_usage_perc" in self.families:
            return "v1" if "vllm:gpu_prefix_cache_hit_rate" not in self.families else "v0"
        if "vllm:gpu_prefix_cache_hit_rate" in self.families or "vllm:num_requests_swapped" in self.families:
            return "v0"
        return "v1-early"


def parse(text: str) -> Scrape:
    out = Scrape()
    try:
        for fam in text_string_to_metric_families(text):
            out.families.add(fam.name)
            for s in fam.samples:
                if s.name.endswith("_created"):
                    continue
                if s.name.endswith("_info") and s.name.startswith("vllm:"):
                    out.info[s.name] = {k: v for k, v in s.labels.items()}
                out.samples[s.name] = out.samples.get(s.name, 0.0) + float(s.value)
    except Exception as exc:  # noqa: BLE001 - any parser failure is a note, not a crash
        out.note = f"metrics not parseable: {type(exc).__name__}: {str(exc)[:120]}"
        return out
    out.ok = True
    return out


def cache_config(scrape: Scrape) -> dict[str, str]:
    return dict(scrape.info.get("vllm:cache_config_info", {}))
