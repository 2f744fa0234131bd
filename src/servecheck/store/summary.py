"""One line per attached run, read defensively: a missing field reads "unknown", never a crash."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from importlib import resources
from typing import Any

from servecheck.store.models import Run


def dig(data: Any, *keys: str | int, default: Any = None) -> Any:
    """``data[k1][k2]...`` or ``default`` when any step is missing or of the wrong type."""
    for key in keys:
        if isinstance(key, int) and isinstance(data, list) and -len(data) <= key < len(data):
            data = data[key]
        elif isinstance(key, str) and isinstance(data, dict) and key in data:
            data = data[key]
        else:
            return default
    return data if data is not None else default


def dig_list(data: Any, *keys: str | int) -> list[Any]:
    """Like dig, but always a list: anything that is not a list reads as empty."""
    found = dig(data, *keys)
    return found if isinstance(found, list) else []


def dig_dict(data: Any, *keys: str | int) -> dict[str, Any]:
    found = dig(data, *keys)
    return found if isinstance(found, dict) else {}


Line = tuple[str, dict[str, Any]]  # (template key, values)


def _capture(p: dict[str, Any]) -> Line:
    image = dig(p, "image", "ref") or dig(p, "image", "tag") or "?"
    return "capture", {"image": image, "driver": dig(p, "gpu", "driver_version", default="?"),
                       "exit": dig(p, "container", "state", "exit_code", default="?")}


def _diagnose(p: dict[str, Any]) -> Line:
    primary = dig(p, "primary")
    if not isinstance(primary, dict):
        return "diagnose_none", {}
    n = len(dig_list(primary, "consequences"))
    return ("diagnose_more" if n else "diagnose"), {
        "cls": dig(primary, "class", default="?"), "layer": dig(primary, "layer", default="?"), "n": n}


def _verify(p: dict[str, Any]) -> Line:
    checks = [c for c in dig_list(p, "checks") if isinstance(c, dict)]
    pairs = [(c.get("name", "?"), c.get("status", "?")) for c in checks]
    return ("verify", {"checks": pairs}) if pairs else ("verify_none", {})


def _load(p: dict[str, Any]) -> Line:
    stop = dig(p, "stop", "rule") or dig(p, "stop_reason") or "-"
    return "load", {"n": len(dig_list(p, "stages")), "status": dig(p, "status", default="?"), "stop": stop}


def _plan(p: dict[str, Any]) -> Line:
    return "plan", {"path": dig(p, "recommended") or "-"}


def _runbook(p: dict[str, Any]) -> Line:
    return "runbook", {"step": dig(p, "step", default="?"), "action": dig(p, "action", default=""),
                       "status": dig(p, "status", default="?"), "who": dig(p, "by") or "servecheck"}


def _accept(p: dict[str, Any]) -> Line:
    if p.get("action") == "sign":
        return "accept_sign", {"item": dig(p, "signoff", "item", default="?"), "who": dig(p, "signoff", "by", default="?")}
    items = [i for i in dig_list(p, "items") if isinstance(i, dict)]
    done = sum(1 for i in items if i.get("status") in ("met", "signed_off"))
    return "accept", {"done": done, "n": len(items)}


def _decide(p: dict[str, Any]) -> Line:
    return "decide", {"decision": dig(p, "decision", default="?"), "owner": dig(p, "owner", default="?")}


SUMMARIZERS: dict[str, Callable[[dict[str, Any]], Line]] = {
    "capture": _capture, "diagnose": _diagnose, "verify": _verify, "load": _load,
    "plan": _plan, "runbook": _runbook, "accept": _accept, "decide": _decide,
}


@cache
def _templates(lang: str) -> dict[str, str]:
    table = json.loads(resources.files("servecheck.store").joinpath("data", "summary.json").read_text("utf-8"))
    return table["en"] | table.get(lang, {})


# Values that are recorded status words: shown through the caller's translation (the report
# passes the message catalogue's; the store does not import the report).
WORD_KEYS = ("status", "action")


def summarize(run: Run, lang: str = "en", word: Callable[[Any], str] = str) -> str:
    """One line for a run, in ``lang`` (en or de); ``word`` translates recorded status words."""
    fn = SUMMARIZERS.get(run.kind)
    key, values = ("other", {"n": len(run.payload)}) if fn is None else ("unreadable", {})
    if fn is not None:
        try:
            key, values = fn(run.payload)
        except (TypeError, ValueError, AttributeError):  # defensive: odd payload shape
            pass
    shown: dict[str, Any] = {k: word(v) if k in WORD_KEYS else v for k, v in values.items()}
    if isinstance(shown.get("checks"), list):
        shown["checks"] = ", ".join(f"{name}={word(status)}" for name, status in shown["checks"])
    return _templates(lang)[key].format(**shown)
