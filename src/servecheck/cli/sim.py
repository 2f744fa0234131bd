"""`servecheck sim`: run the built-in vLLM-like server in the foreground (Ctrl-C stops it)."""

from __future__ import annotations

import click


def _scenario_names() -> list[str]:
    from servecheck.sim.scenarios import SCENARIOS

    return list(SCENARIOS)


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="Port (0 = any free port).")
@click.option("--model", default="sim-model", show_default=True, help="Served model name.")
@click.option("--scenario", default="healthy", show_default=True,
              help="Behaviour to simulate (see --list-scenarios).")
@click.option("--api-key", envvar="VLLM_API_KEY", default=None,
              help="Require 'Authorization: Bearer KEY' on /v1 routes (env VLLM_API_KEY).")
@click.option("--set", "sets", multiple=True, metavar="NAME=VALUE",
              help="Override a scenario parameter, e.g. --set block_size=32 --set itl_ms=0.")
@click.option("--list-scenarios", is_flag=True, help="List the scenarios and exit.")
def sim(host: str, port: int, model: str, scenario: str, api_key: str | None,
        sets: tuple[str, ...], list_scenarios: bool) -> int:
    """Run a vLLM-like OpenAI-compatible server for rehearsal and tests (no GPU)."""
    from servecheck.sim.scenarios import SCENARIOS, resolve
    from servecheck.sim.server import serve_forever

    if list_scenarios:
        for name, entry in SCENARIOS.items():
            click.echo(f"{name:18} {entry.get('description', '')}")
        return 0
    config = resolve(scenario, **_parse_sets(sets))

    def ready(server) -> None:
        click.echo(f"servecheck sim ({config.scenario}) serving model {model!r} at {server.url}"
                   f"{' (API key required on /v1)' if api_key else ''}; Ctrl-C stops.", err=True)

    try:
        serve_forever(config, model, api_key, host, port, on_ready=ready)
    except KeyboardInterrupt:
        click.echo("sim stopped.", err=True)
    return 0


def _parse_sets(sets: tuple[str, ...]) -> dict[str, object]:
    import json
    from dataclasses import fields

    from servecheck.errors import UsageError
    from servecheck.sim.scenarios import SimConfig

    kinds = {f.name: f.type for f in fields(SimConfig)}
    out: dict[str, object] = {}
    for item in sets:
        name, sep, raw = item.partition("=")
        if not sep or name not in kinds:
            raise UsageError(f"--set expects NAME=VALUE with a known parameter, got {item!r}")
        try:
            value = json.loads(raw)
        except json.JSONDecodeError:
            value = None if raw in ("None", "null") else raw
        if not _fits(value, str(kinds[name])):
            raise UsageError(f"--set {name} expects {kinds[name]}, got {raw!r}")
        out[name] = value
    return out


def _fits(value: object, annotation: str) -> bool:
    """Whether a --set value fits the SimConfig field's annotation (e.g. "int", "float | None")."""
    allowed = {part.strip() for part in annotation.split("|")}
    if value is None:
        return "None" in allowed
    checks = {"int": lambda v: isinstance(v, int) and not isinstance(v, bool),
              "float": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
              "bool": lambda v: isinstance(v, bool), "str": lambda v: isinstance(v, str)}
    known = [checks[a] for a in allowed if a in checks]
    return not known or any(check(value) for check in known)
