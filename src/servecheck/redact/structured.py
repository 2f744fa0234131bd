"""Structured data (parsed JSON / YAML / evidence models): keys always stay; a value goes when
its key is secret-looking, when it is the ``value`` of a ``{"name": SECRET_NAME}`` pair, or when
it follows a secret flag in an array (docker inspect ``Args``, a pod spec's ``args``); every
other string is scanned as text."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from servecheck.redact.flags import SECRET_FLAGS, is_secret_flag
from servecheck.redact.names import holds_secret, is_secret_name
from servecheck.redact.values import Learn, Mark, is_empty_value, value_span

_ENV_KEYS = {"env", "environment", "envs"}
_PAIR_NAME = ("name", "Name", "key", "Key")
_PAIR_VALUE = ("value", "Value")


class Walker:
    def __init__(self, mark: Mark, learn: Learn, text: Callable[[str], str],
                 argv: Callable[[list[str]], list[str]]) -> None:
        self.mark, self.learn, self.text, self.argv = mark, learn, text, argv

    def obj(self, value: Any, key: str | None = None) -> Any:
        if isinstance(value, dict):
            return self._dict(value)
        if isinstance(value, list):
            if key is not None and key.lower() in _ENV_KEYS:
                return [self.env_item(v) if isinstance(v, str) else self.obj(v) for v in value]
            if value and all(isinstance(v, str) for v in value):
                return self.argv(value)
            return [self.obj(v) for v in value]
        if isinstance(value, str):
            if key is not None and holds_secret(key, value):
                self.learn(value)
                return self.mark("named_value")
            return self.text(value)
        return value

    def _dict(self, value: dict[Any, Any]) -> dict[Any, Any]:
        name_key = next((k for k in _PAIR_NAME if isinstance(value.get(k), str)), None)
        value_key = next((k for k in _PAIR_VALUE if k in value), None)
        out = {k: self.obj(v, key=str(k)) for k, v in value.items() if k != value_key}
        if value_key is not None:
            pair_value = value[value_key]
            if (name_key and isinstance(pair_value, str) and is_secret_name(value[name_key])
                    and not is_empty_value(pair_value)):
                self.learn(pair_value)
                out[value_key] = self.mark("env_value")
            else:
                out[value_key] = self.obj(pair_value, key=value_key)
        return {k: out[k] for k in value}

    def env_item(self, item: str) -> str:
        name, sep, value = item.partition("=")
        if sep and is_secret_name(name) and not is_empty_value(value):
            self.learn(value)
            return f"{name}={self.mark('env_value')}"
        return self.text(item)

    def learn_from(self, value: Any, key: str | None = None) -> None:
        """Learn secret values without writing, so that a token seen once as ``HF_TOKEN=…`` is
        also scrubbed where it reappears bare in a log or a config file."""
        if isinstance(value, dict):
            name = _pair_name(value)
            pair = bool(name) and is_secret_name(name)
            for k, v in value.items():
                if pair and k in _PAIR_VALUE and isinstance(v, str):
                    self.learn(v)
                if isinstance(v, (dict, list, str)):   # a number, a bool or None holds nothing to learn
                    self.learn_from(v, key=str(k))
        elif isinstance(value, list):
            strings = [v for v in value if isinstance(v, str)]
            for flag, nxt in zip(strings, strings[1:], strict=False):
                if is_secret_flag(flag) and "=" not in flag:
                    self.learn(nxt)
            for v in value:
                self.learn_from(v, key=key)
        elif isinstance(value, str):
            if key is not None and holds_secret(key, value):
                self.learn(value)
            name, sep, val = value.partition("=")
            if sep and val and " " not in name and (
                    is_secret_name(name.lstrip("-")) or name.lstrip("-").lower() in SECRET_FLAGS):
                # an environment list's item is NAME=value whole; any other string (a log line
                # kept as evidence) has its value end where a bare value ends
                if key is None or key.lower() not in _ENV_KEYS:
                    val = val[slice(*value_span(val, 0))]
                self.learn(val)


def _pair_name(value: dict[Any, Any]) -> str | None:
    """The name of a ``{"name": NAME, "value": ...}`` pair (or its Name, key, Key); None if none is a string."""
    for k in _PAIR_NAME:
        name = value.get(k)
        if isinstance(name, str):
            return name
    return None
