"""`servecheck diagnose PATH`: layered verdict and failure chains for a bundle, a log or stdin."""

from __future__ import annotations

from pathlib import Path

import click

from servecheck.cli.case import attach_and_say, case_option


@click.command()
@click.argument("path")
@click.option("--json", "as_json", is_flag=True, help="Print the diagnosis as JSON.")
@click.option("--signatures", "signature_files", multiple=True,
              type=click.Path(path_type=Path, dir_okay=False),
              help="Extra signature file (JSON); may be given several times. Tried before the built-ins.")
@click.option("--out", type=click.Path(path_type=Path, dir_okay=False),
              help="Also save the JSON diagnosis to this file.")
@case_option
def diagnose(path: str, as_json: bool, signature_files: tuple[Path, ...], out: Path | None,
             case_id: str | None, store_path: Path | None) -> int:
    """Diagnose PATH: a capture bundle, a log file, or - for stdin.

    Exit codes: 0 a start that completed without a failure, 1 a failure diagnosed, 2 usage or
    input error, 3 nothing to judge (an empty input, a log cut off before start-up finished or
    inside the traceback that would say why, only a wrapper that says the start failed and not
    why, binary data or the server's crash after a ready line, a file not read to its end within 10 minutes with no failure in the part read, or
    something that is not a server's log: one line says what to capture instead; a program that is no
    server, such as nccl-tests or a training job, has the failure it shows named there and kept in the JSON).
    """
    import json

    from servecheck.diagnose.api import diagnose as run

    result = run(path, list(signature_files))
    data = result.model_dump(mode="json", by_alias=True)
    if out is not None:
        from servecheck.fsutil import write_output

        write_output(out, json.dumps(data, indent=2) + "\n")
    attach_and_say(case_id, store_path, "diagnose", data, out or (path if path != "-" else None))
    if as_json:
        click.echo(json.dumps(data, indent=2))
    else:
        from rich.console import Console

        from servecheck.diagnose.render import render

        render(result, Console())
    code = EXIT[result.status]
    if code == 3 and as_json:   # the one line, on stderr: stdout stays valid JSON
        click.echo(f"servecheck diagnose: {result.status}: {result.status_message}", err=True)
    return code


EXIT = {"failure": 1, "no_failure": 0, "incomplete": 3, "not_a_server_log": 3, "empty": 3}
