"""The API key: one list of environment variables, read in this order, for verify and load."""

from __future__ import annotations

import os
from collections.abc import Mapping

KEY_ENVS = ("SERVECHECK_API_KEY", "VLLM_API_KEY", "OPENAI_API_KEY")


def key_from_env(env: Mapping[str, str] | None = None) -> tuple[str | None, str | None]:
    """(key, the variable it came from) from the first non-empty variable of KEY_ENVS."""
    env = os.environ if env is None else env
    for name in KEY_ENVS:
        if env.get(name):
            return env[name], name
    return None, None


def resolve_key(flag: str | None, env: Mapping[str, str] | None = None) -> tuple[str | None, str | None]:
    """--api-key wins over the environment; the second item names the source (never the value)."""
    if flag:
        return flag, "--api-key"
    return key_from_env(env)
