"""`servecheck verify URL`: prove a running OpenAI-compatible server works (exit 0/1/2)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from servecheck.cli.case import attach_and_say, case_option

if TYPE_CHECKING:
    from servecheck.verify.options import RequestedKind

_KEY_ENVS = ("SERVECHECK_API_KEY", "VLLM_API_KEY", "OPENAI_API_KEY")


@click.command()
@click.argument("url")
@click.option("--model", default=None, help="Model to test (default: the first one /v1/models lists).")
@click.option("--api-key", default=None,
              help="Bearer key (default: env SERVECHECK_API_KEY, VLLM_API_KEY or OPENAI_API_KEY). Never printed.")
@click.option("--context", type=click.IntRange(min=1), default=None,
              help="Prompt tokens the context check must get accepted (default: max_model_len - 64).")
@click.option("--block-size", type=click.IntRange(min=1), default=None,
              help="KV block size when the server does not expose vllm:cache_config_info.")
@click.option("--prefix-tokens", type=click.IntRange(min=2), default=None,
              help="Length of the prefix-cache test prompt (default: sized from the block size).")
@click.option("--checks", default=None, metavar="a,b,...",
              help="Checks to run: api,prefix_cache,tool_calling,structured_output,context (default all).")
@click.option("--server-kind", type=click.Choice(["auto", "vllm", "llamacpp", "sglang", "openai"]),
              default="auto", show_default=True, help="Server type (auto: detected from its endpoints).")
@click.option("--timeout", "timeout_s", type=click.FloatRange(min=0.1), default=60.0, show_default=True,
              help="Time-out per check, in seconds.")
@click.option("--wait", "wait_s", type=click.FloatRange(min=0), default=60.0, show_default=True,
              help="How long to wait for the server to become ready, in seconds.")
@click.option("--no-answer-check", is_flag=True, help="Do not require the right answer to 17 + 25 (tiny test models).")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON instead of a table.")
@click.option("--junit", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Also write a JUnit XML file (one testcase per check).")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Also save the JSON result to this file.")
@case_option
def verify(url: str, model: str | None, api_key: str | None, context: int | None,
           block_size: int | None, prefix_tokens: int | None, checks: str | None, server_kind: RequestedKind,
           timeout_s: float, wait_s: float, no_answer_check: bool, as_json: bool,
           junit: Path | None, out: Path | None, case_id: str | None, store_path: Path | None) -> int:
    """Prove that the server at URL works: API, prefix caching, tools, structured output, context.

    Exit 0 when every check passed or was skipped, 1 when any failed or errored, 2 on usage errors.
    """
    from servecheck.fsutil import check_output_path
    from servecheck.verify.options import DEFAULT_CHECKS, VerifyOptions
    from servecheck.verify.render import footer, table
    from servecheck.verify.render import junit as to_junit
    from servecheck.verify.runner import run_verify

    key = api_key or next((os.environ[e] for e in _KEY_ENVS if os.environ.get(e)), None)
    names = tuple(c.strip() for c in checks.split(",") if c.strip()) if checks else DEFAULT_CHECKS
    opts = VerifyOptions(url=url, model=model, api_key=key, checks=names, context=context,
                         block_size=block_size, prefix_tokens=prefix_tokens, timeout_s=timeout_s,
                         wait_s=wait_s, server_kind=server_kind, check_answer=not no_answer_check)
    for target in (out, junit):  # refuse a FIFO or device before the checks take their time
        if target is not None:
            check_output_path(target)
    result = run_verify(opts)
    payload = result.model_dump_json(indent=2)
    unwritten = _write_outputs(result, payload, out, junit, to_junit)
    attach_and_say(case_id, store_path, "verify", result.model_dump(mode="json"),
                   out if out not in unwritten else None)
    if as_json:
        click.echo(payload)
    else:
        from rich.console import Console

        console = Console()
        console.print(table(result))
        console.print(footer(result))
    for path, why in unwritten.items():
        click.echo(f"servecheck: error: {path} was NOT written: {why}", err=True)
    return 2 if unwritten else result.exit_code()


def _write_outputs(result: Any, payload: str, out: Path | None, junit: Path | None,
                   to_junit: Any) -> dict[Path, str]:
    """Write --out and --junit; a file that cannot be written must not lose the result, which
    is still printed: return {path: why} for the files that were not written."""
    from servecheck.errors import OutputError
    from servecheck.fsutil import write_output

    unwritten: dict[Path, str] = {}
    for path, text in ((out, payload + "\n"), (junit, None)):
        if path is None:
            continue
        try:
            write_output(path, text if text is not None else to_junit(result))
        except OutputError as exc:
            unwritten[path] = str(exc)
    return unwritten
