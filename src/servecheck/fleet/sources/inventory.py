"""Ansible-style inventories (INI or YAML): hosts with their group, address, port, user and key.

Only what an SSH scan needs: `ansible_host`, `ansible_port`, `ansible_user`,
`ansible_ssh_private_key_file`, group `vars` and `children`. The first group a host appears in is
its pool. Host patterns such as `node[01:20]` are expanded (numeric ranges only).
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from servecheck.errors import InputError
from servecheck.fleet.sources.readin import read_input

_RANGE = re.compile(r"\[(\d+):(\d+)\]")
MAX_HOSTS = 100_000


@dataclass(frozen=True)
class Host:
    name: str
    group: str | None
    address: str
    port: int = 22
    user: str | None = None
    key_file: str | None = None


def load_inventory(path: Path) -> list[Host]:
    text = read_input(str(path), max_bytes=64 << 20).decode("utf-8", "replace")
    if not text.strip():
        raise InputError(f"{path}: empty inventory: no hosts to scan")
    is_yaml = path.suffix in (".yml", ".yaml") or text.lstrip().startswith(("all:", "---"))
    raw = _yaml(text, path) if is_yaml else _ini(text, path)
    hosts = [_host(name, group, vars_) for name, group, vars_ in raw]
    if not hosts:
        raise InputError(f"{path}: no hosts in the inventory")
    return list({h.name: h for h in hosts}.values())


def expand(pattern: str) -> list[str]:
    match = _RANGE.search(pattern)
    if not match:
        return [pattern]
    lo, hi = match.group(1), match.group(2)
    if int(hi) - int(lo) > MAX_HOSTS:
        raise InputError(f"host range {pattern} is larger than {MAX_HOSTS} hosts")
    width = len(lo) if lo.startswith("0") else 0
    out = []
    for i in range(int(lo), int(hi) + 1):
        out += expand(pattern[:match.start()] + str(i).zfill(width) + pattern[match.end():])
    return out


def _host(name: str, group: str | None, vars_: dict[str, Any]) -> Host:
    try:
        port = int(vars_.get("ansible_port", vars_.get("ansible_ssh_port", 22)))
    except (TypeError, ValueError) as exc:
        raise InputError(f"host {name}: ansible_port {vars_.get('ansible_port')!r} is not a number") from exc
    return Host(name=name, group=group, address=str(vars_.get("ansible_host", name)), port=port,
                user=vars_.get("ansible_user"), key_file=vars_.get("ansible_ssh_private_key_file"))


def _ini(text: str, path: Path) -> list[tuple[str, str | None, dict[str, Any]]]:
    hosts: list[tuple[str, str | None, dict[str, Any]]] = []
    group_vars: dict[str, dict[str, str]] = {}
    section, kind = None, "hosts"
    for number, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].split(";", 1)[0].strip() if not line.lstrip().startswith("[") else line.strip()
        if not line:
            continue
        if line.startswith("["):
            if not line.endswith("]"):
                raise InputError(f"{path}:{number}: unreadable section header {line!r}")
            section, _, kind = line[1:-1].partition(":")
            kind = kind or "hosts"
            continue
        try:
            tokens = shlex.split(line)
        except ValueError as exc:
            raise InputError(f"{path}:{number}: {exc}") from exc
        if kind == "vars":
            key, _, value = line.partition("=")
            group_vars.setdefault(section or "all", {})[key.strip()] = value.strip()
        elif kind == "hosts":
            vars_ = dict(t.split("=", 1) for t in tokens[1:] if "=" in t)
            hosts += [(name, section, vars_) for name in expand(tokens[0])]
    return [(n, g, {**group_vars.get("all", {}), **group_vars.get(g or "", {}), **v}) for n, g, v in hosts]


def _yaml(text: str, path: Path) -> list[tuple[str, str | None, dict[str, Any]]]:
    try:
        import yaml
    except ImportError as exc:
        from servecheck.fleet.errors import MissingExtra

        raise MissingExtra("pyyaml", "a YAML inventory") from exc
    try:
        doc = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise InputError(f"{path}: not YAML: {exc}") from exc
    if not isinstance(doc, dict):
        raise InputError(f"{path}: a YAML inventory is a mapping of groups (all: hosts/children)")
    out: list[tuple[str, str | None, dict[str, Any]]] = []
    for name, group in doc.items():
        _walk(str(name), group, {}, out, depth=0)
    return out


def _walk(name: str, group: Any, inherited: dict[str, Any], out: list, depth: int) -> None:
    if depth > 20 or not isinstance(group, dict):
        return
    vars_ = {**inherited, **(group.get("vars") or {})}
    pool = None if name == "all" else name
    for host, host_vars in (group.get("hosts") or {}).items():
        for expanded in expand(str(host)):
            out.append((expanded, pool, {**vars_, **(host_vars or {})}))
    for child, body in (group.get("children") or {}).items():
        _walk(str(child), body, vars_, out, depth + 1)
