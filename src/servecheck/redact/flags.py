"""Positions: the value after a secret flag, in a command string, an argv list, a JSON array
(docker inspect ``Args``) or a YAML list (a pod spec's ``args:``), where the value is the NEXT
element; and the short forms of the tools people paste (``mysql -pPW``, ``redis-cli -a PW``,
``curl -u user:PW``, ``docker login -p PW``, ``sshpass -p PW``).
"""

from __future__ import annotations

import os
import re

from servecheck.redact.values import Learn, Mark, Swaps, is_empty_value, value_span

# Long flags whose value is a secret (``--api-key V``, ``--api-key=V``).
SECRET_FLAGS = (
    "api-key", "api_key", "apikey", "hf-token", "hf_token", "token", "access-token", "auth-token",
    "password", "passwd", "pass", "secret", "client-secret", "private-key", "auth", "bearer",
    "hf-api-key", "openai-api-key", "aws-secret-access-key", "secret-key", "access-key",
    "ssl-keyfile-password", "http-password", "proxy-password", "ftp-password", "requirepass",
    "registry-password", "ngc-api-key", "nvapi-key", "identity-token", "oauth-token",
)
_FLAG_SET = frozenset(SECRET_FLAGS)

# Tools whose *short* flags carry a password. attached: -pPW; separate: -p PW; userpass: user:PW.
_SHORT: dict[str, dict[str, str]] = {
    "mysql": {"-p": "attached"}, "mysqldump": {"-p": "attached"}, "mysqladmin": {"-p": "attached"},
    "mariadb": {"-p": "attached"}, "mariadb-dump": {"-p": "attached"},
    "redis-cli": {"-a": "both"}, "sshpass": {"-p": "both"},
    "curl": {"-u": "userpass", "--user": "userpass", "-U": "userpass", "--proxy-user": "userpass"},
    "wget": {"--user": "none"},
    "login": {"-p": "both"},  # docker / podman / nerdctl / helm registry login
}
_FLAG_ALT = "|".join(re.escape(f) for f in sorted(SECRET_FLAGS, key=len, reverse=True))
# --flag then: "=", blanks, a JSON array's '", "' or a YAML list's newline and "- ".
_FLAG_RE = re.compile(
    r"(?i)(?<![\w-])--(?:" + _FLAG_ALT + r")(?![\w-])"
    r"(?P<sep>=|[\"'][ \t]*,\s*|[\"']?[ \t]*\r?\n[ \t]*-[ \t]+|[\"']?[ \t]+)")
_TOOLS = (r"(?<![\w-])(?:mysql|mysqldump|mysqladmin|mariadb(?:-dump)?|redis-cli|sshpass|curl|"
          r"(?:docker|podman|nerdctl|helm(?: registry)?|buildah|skopeo) login)(?![\w-])")
# A tool's arguments run to the end of its command: a shell separator, or the next tool's name on
# the same line (two pasted commands: "mysql -pX db redis-cli -a Y" - each is read by its own rules).
_TOOL_RE = re.compile(r"(?P<tool>" + _TOOLS + r")(?P<rest>(?:(?!" + _TOOLS + r")[^\n|;&])*)")
_SHORT_RE = re.compile(r"(?<=\s)(?P<flag>-p|-a|-u|-U|--user|--proxy-user)(?P<sep>[ \t=]*)(?=\S)")


def scrub_flags(s: str, mark: Mark, learn: Learn) -> str:
    if "--" in s:
        s = _replace_values(s, _FLAG_RE, mark, learn, "flag_value")
    if any(t in s for t in ("mysql", "mariadb", "redis-cli", "sshpass", "curl", " login")):
        s = _TOOL_RE.sub(lambda m: _tool_sub(m, mark, learn), s)
    return s


def _replace_values(s: str, pattern: re.Pattern[str], mark: Mark, learn: Learn, kind: str) -> str:
    swaps = Swaps(s, mark, learn)
    for m in pattern.finditer(s):
        if m.start() < swaps.last:
            continue
        pos = m.end()
        if pos < len(s) and s[pos] == "-" and s.startswith("--", pos):
            continue  # "--token --port 8000": the flag has no value here
        swaps.swap(*value_span(s, pos), kind)
    return swaps.text()


def _tool_sub(m: re.Match[str], mark: Mark, learn: Learn) -> str:
    tool = m.group("tool").split()[-1] if m.group("tool").endswith("login") else m.group("tool")
    rules = _SHORT.get(tool, {})
    rest = m.group("rest")
    swaps = Swaps(rest, mark, learn)
    for f in _SHORT_RE.finditer(rest):
        mode = rules.get(f.group("flag"))
        if mode is None or mode == "none" or f.start() < swaps.last:
            continue
        if mode == "attached" and f.group("sep"):
            continue  # mysql -p alone prompts; the next word is a database, not a password
        v_start, v_end = value_span(rest, f.end())
        if mode == "userpass":
            colon = rest.find(":", v_start, v_end)
            if colon == -1:
                continue
            v_start = colon + 1
        swaps.swap(v_start, v_end, "flag_value")
    return m.group("tool") + swaps.text()


def is_secret_flag(arg: str) -> bool:
    return arg.startswith("--") and arg[2:].split("=", 1)[0].lower() in _FLAG_SET


def scrub_argv(argv: list[str], mark: Mark, learn: Learn, text: Mark) -> list[str]:
    """An argv list (or any JSON/YAML array of strings): ``--flag VALUE`` takes the next element,
    ``--flag=VALUE`` the rest; a tool's short flags likewise; other elements are scanned as text."""
    out: list[str] = []
    rules: dict[str, str] = {}
    pending: str | None = None
    for arg in argv:
        if pending is not None:
            out.append(_pending_value(arg, pending, mark, learn))
            pending = None
            continue
        rules = _SHORT.get(os.path.basename(arg), rules)
        if arg in ("login",):
            rules = _SHORT["login"]
        name, eq, value = arg.partition("=")
        if is_secret_flag(arg):
            if eq and not is_empty_value(value):
                learn(value)
                out.append(f"{name}={mark('flag_value')}")
            else:
                out.append(arg)
                pending = "plain" if not eq else None
            continue
        short = _short_flag(arg, rules)
        if short is not None:
            flag, mode, attached = short
            if attached:
                out.append(flag + _pending_value(attached, mode, mark, learn))
            else:
                out.append(arg)
                pending = mode
            continue
        out.append(text(arg))
    return out


def _short_flag(arg: str, rules: dict[str, str]) -> tuple[str, str, str] | None:
    for flag, mode in rules.items():
        if mode == "none":
            continue
        if arg == flag and mode in ("both", "userpass"):
            return flag, mode, ""
        if flag.startswith("--"):
            if arg.startswith(flag + "="):
                return flag + "=", mode, arg[len(flag) + 1:]
        elif arg.startswith(flag) and len(arg) > len(flag):
            return flag, mode, arg[len(flag):]
    return None


def _pending_value(value: str, mode: str, mark: Mark, learn: Learn) -> str:
    if mode == "userpass":
        user, colon, pw = value.partition(":")
        if not colon or is_empty_value(pw):
            return value
        learn(pw)
        return f"{user}:{mark('flag_value')}"
    if value.startswith("--") or is_empty_value(value):
        return value
    learn(value)
    return mark("flag_value")
