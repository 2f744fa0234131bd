"""`servecheck verify URL`: prove a running OpenAI-compatible server works (exit 0/1/2/130)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from servecheck.cli.case import attach_and_say, case_option

if TYPE_CHECKING:
    from servecheck.verify.options import RequestedKind

_CHECK_NAMES = "api,prefix_cache,tool_calling,structured_output,context,multimodal,agent,fallback"


@click.command()
@click.argument("url")
@click.option("--model", default=None, help="Model to test (default: the first one /v1/models lists).")
@click.option("--api-key", default=None,
              help="Bearer key (default: env SERVECHECK_API_KEY, VLLM_API_KEY or OPENAI_API_KEY); "
                   "wins over user:password in the URL. Never printed or saved.")
@click.option("--context", type=click.IntRange(min=1), default=None,
              help="Prompt tokens the context check must get accepted (default: max_model_len - 64).")
@click.option("--block-size", type=click.IntRange(min=1), default=None,
              help="KV block size when the server does not expose vllm:cache_config_info.")
@click.option("--prefix-tokens", type=click.IntRange(min=2), default=None,
              help="Length of the prefix-cache test prompt (default: sized from the block size).")
@click.option("--checks", default=None, metavar="a,b,...", help=f"Checks to run: {_CHECK_NAMES} (default all).")
@click.option("--server-kind", type=click.Choice(["auto", "vllm", "llamacpp", "sglang", "openai"]),
              default="auto", show_default=True, help="Server type (auto: detected from its endpoints).")
@click.option("--timeout", "timeout_s", type=click.FloatRange(min=0.1), default=60.0, show_default=True,
              help="Time-out per check (and per request), in seconds.")
@click.option("--first-byte", "first_byte_s", type=click.FloatRange(min=0.1), default=10.0, show_default=True,
              help="Longest wait for an answer's first byte (long prompts add a prefill allowance).")
@click.option("--idle", "idle_s", type=click.FloatRange(min=0.1), default=10.0, show_default=True,
              help="Longest gap between two reads of one answer.")
@click.option("--deadline", "deadline_s", type=click.FloatRange(min=1), default=600.0, show_default=True,
              help="Deadline of the whole run, in seconds.")
@click.option("--wait", "wait_s", type=click.FloatRange(min=0), default=60.0, show_default=True,
              help="How long to wait for the server to become ready (also while it answers 503 Loading model).")
@click.option("--fallback-url", default=None, help="The previous service: the fallback check runs the api check against it.")
@click.option("--no-answer-check", is_flag=True, help="Do not require right answers (tiny test models).")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON instead of a table.")
@click.option("--junit", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Also write a JUnit XML file (one testcase per check).")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Also save the JSON result to this file.")
@case_option
def verify(url: str, model: str | None, api_key: str | None, context: int | None,
           block_size: int | None, prefix_tokens: int | None, checks: str | None, server_kind: RequestedKind,
           timeout_s: float, first_byte_s: float, idle_s: float, deadline_s: float, wait_s: float,
           fallback_url: str | None, no_answer_check: bool, as_json: bool,
           junit: Path | None, out: Path | None, case_id: str | None, store_path: Path | None) -> int:
    """Prove that the server at URL works: API, prefix caching, tools, structured output, context,
    images, an agent round trip and (with --fallback-url) the previous service.

    Exit 0 when checks passed and the rest were skipped, 1 when any failed or errored, 2 on usage
    errors, 3 when none failed but nothing is proven (inconclusive, not run, server unreachable,
    nothing passed), 130 when interrupted (the checks done are printed and saved, the rest are
    not_run).
    """
    from servecheck.fsutil import check_output_path
    from servecheck.server.keys import resolve_key
    from servecheck.server.url import parse_url
    from servecheck.verify.options import DEFAULT_CHECKS, VerifyOptions
    from servecheck.verify.runner import run_verify

    key, source = resolve_key(api_key)
    names = tuple(c.strip() for c in checks.split(",") if c.strip()) if checks else DEFAULT_CHECKS
    if fallback_url and "fallback" not in names:
        names = (*names, "fallback")
    opts = VerifyOptions(url=url, model=model, api_key=key, key_source=source, checks=names, context=context,
                         block_size=block_size, prefix_tokens=prefix_tokens, timeout_s=timeout_s,
                         first_byte_s=first_byte_s, idle_s=idle_s, deadline_s=deadline_s, wait_s=wait_s,
                         server_kind=server_kind, check_answer=not no_answer_check, fallback_url=fallback_url)
    endpoint = parse_url(url, key)
    secrets = list(endpoint.secrets) + (list(parse_url(fallback_url, key).secrets) if fallback_url else [])
    from servecheck.redact.stream import process_redactor

    process_redactor().add_known(*secrets)  # the terminal too, whatever prints them
    for target in (out, junit):  # refuse a FIFO or device before the checks take their time
        if target is not None:
            check_output_path(target)
    with _progress(as_json, secrets) as progress:
        result = run_verify(opts, progress)
    unwritten = _write(result, secrets, out, junit, case_id, store_path, as_json)
    for path, why in unwritten.items():
        click.echo(f"servecheck: error: {path} was NOT written: {why}", err=True)
    return 2 if unwritten else result.exit_code()


def scrub_all(text: str, secrets: list[str]) -> str:
    import json

    from servecheck.server.url import MASK

    for secret in secrets:
        for form in {secret, json.dumps(secret)[1:-1]}:
            text = text.replace(form, MASK)
    return text


def _write(result: Any, secrets: list[str], out: Path | None, junit: Path | None, case_id: str | None,
           store_path: Path | None, as_json: bool) -> dict[Path, str]:
    """Write --out and --junit, attach, print; a file that cannot be written must not lose the
    result, which is still printed: returns {path: why} for the files that were not written."""
    import json

    from servecheck.errors import OutputError
    from servecheck.fsutil import write_output
    from servecheck.verify.render import footer, table, unreachable
    from servecheck.verify.render import junit as to_junit

    payload = scrub_all(result.model_dump_json(indent=2), secrets)
    unwritten: dict[Path, str] = {}
    for path, text in ((out, payload + "\n"), (junit, None)):
        if path is None:
            continue
        try:
            write_output(path, text if text is not None else scrub_all(to_junit(result), secrets))
        except OutputError as exc:
            unwritten[path] = str(exc)
    attach_and_say(case_id, store_path, "verify", json.loads(payload), out if out not in unwritten else None)
    if as_json:
        click.echo(payload)
        return unwritten
    from rich.console import Console

    from servecheck.verify.models import VerifyResult

    clean = VerifyResult.model_validate_json(payload)
    console = Console()
    if clean.server.unreachable:
        click.echo(unreachable(clean))
        return unwritten
    console.print(table(clean))
    console.print(footer(clean))
    return unwritten


class _progress:
    """Progress on stderr: a rich status line on a terminal, one plain line per check when piped."""

    def __init__(self, quiet: bool, secrets: list[str]) -> None:
        self.tty = sys.stderr.isatty() and not quiet
        self.secrets = secrets
        self.status: Any = None

    def __enter__(self) -> Any:
        if self.tty:
            from rich.console import Console

            self.status = Console(stderr=True).status("verify: starting")
            self.status.__enter__()
        return self.report

    def __exit__(self, *exc: object) -> None:
        if self.status is not None:
            self.status.__exit__(None, None, None)

    def report(self, name: str, res: Any) -> None:
        from servecheck.server.escape import plain

        if self.status is not None:
            self.status.update(f"verify: {name} ..." if res is None else f"verify: {name}: {res.status}")
        elif res is not None:
            summary = plain(scrub_all(res.summary, self.secrets))[:120]
            click.echo(f"verify: {name}: {res.status} ({res.duration_s:.1f}s) {summary}", err=True)
