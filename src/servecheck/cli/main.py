"""The `servecheck` entry point: a lazy command group, so `--help` imports almost nothing.

Each command lives in its own module and is registered here by name, with the one-line help
shown in `servecheck --help` (kept here so that listing commands imports none of them).
"""

from __future__ import annotations

import importlib
import os
import sys

import click

from servecheck import __version__

# name -> (module:attribute, one-line help). Order is the order of the method.
COMMANDS: dict[str, tuple[str, str]] = {
    "capture": ("servecheck.cli.capture:capture", "Secure the evidence: a redacted, hashed bundle."),
    "bundle": ("servecheck.cli.bundle:bundle", "Check a bundle's integrity (bundle verify)."),
    "diagnose": ("servecheck.cli.diagnose:diagnose", "Layered verdict and failure chains for a bundle or log."),
    "compat": ("servecheck.cli.compat:compat", "Can this image / CUDA build run on this driver and GPU?"),
    "plan": ("servecheck.cli.plan:plan", "Choose a recovery path (A driver, B rebuild, C isolate)."),
    "runbook": ("servecheck.cli.runbook:runbook", "The staged change night as a gated checklist."),
    "sim": ("servecheck.cli.sim:sim", "Run the built-in vLLM-like server (for rehearsal and tests)."),
    "comm": ("servecheck.cli.comm:comm", "Prove cross-node communication (nccl-tests all_reduce / alltoall)."),
    "verify": ("servecheck.cli.verify:verify", "Prove a running server works: API, caching, tools, JSON, context."),
    "load": ("servecheck.cli.load:load", "Staged load ramp with per-stage records."),
    "case": ("servecheck.cli.case:case", "Create, list and show cases; attach results."),
    "accept": ("servecheck.cli.accept:accept", "Fill the acceptance checklist from recorded evidence."),
    "decide": ("servecheck.cli.decide:decide", "Record the keep / isolate / roll-back decision."),
    "report": ("servecheck.cli.report:report", "Write the case report (HTML, Markdown, JSON)."),
    "fleet": ("servecheck.cli.fleet:fleet", "Which cluster nodes can run an image; a node-by-node driver rollout plan."),
    "schema": ("servecheck.cli.schema:schema", "Print the JSON Schema of a saved model."),
    "demo": ("servecheck.cli.demo:demo", "Run the whole method on built-in data (no GPU, no network)."),
}


class LazyGroup(click.Group):
    """A group whose subcommands are imported only when invoked."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [name for name, (target, _) in COMMANDS.items() if _module_exists(target)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        entry = COMMANDS.get(cmd_name)
        if entry is None:
            return None
        module_name, attr = entry[0].split(":")
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name == module_name:
                return None
            raise
        return getattr(module, attr)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][1]) for name in self.list_commands(ctx)]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


def _module_exists(target: str) -> bool:
    from importlib.util import find_spec

    return find_spec(target.split(":")[0]) is not None


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="servecheck")
def cli() -> None:
    """servecheck: evidence, diagnosis and verification for vLLM servers on NVIDIA GPUs.

    The method: capture -> diagnose -> plan -> runbook -> verify -> load -> accept -> decide -> report.
    """


def main() -> None:
    """Console-script entry: translate servecheck errors into messages and exit codes."""
    from servecheck.errors import ServecheckError
    from servecheck.redact.stream import install

    install()  # every line printed, errors included, passes the redactor
    try:
        rv = cli.main(standalone_mode=False, prog_name="servecheck")
    except (click.exceptions.Abort, KeyboardInterrupt):
        # click turns Ctrl-C into Abort. Leave at once: a probe thread blocked in a read must
        # not hold the exit (Python joins worker threads at shutdown), and bundles are written
        # atomically, so nothing half-written is left under its final name.
        _interrupted()
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except ServecheckError as exc:
        click.echo(f"servecheck: error: {exc}", err=True)
        sys.exit(exc.exit_code)
    except OSError as exc:
        # A file or directory the user named cannot be read or written: say which, no traceback.
        click.echo(f"servecheck: error: {exc}", err=True)
        sys.exit(2)
    except Exception as exc:  # noqa: BLE001 - the 3 a.m. rule: a clear line, never a traceback
        if os.environ.get("SERVECHECK_DEBUG"):
            raise
        click.echo(f"servecheck: internal error: {type(exc).__name__}: {exc}\n"
                   "  Nothing already written was removed. Set SERVECHECK_DEBUG=1 for the "
                   "traceback and please report it.", err=True)
        sys.exit(70)
    sys.exit(rv if isinstance(rv, int) else 0)


def _interrupted() -> None:
    from servecheck import proc

    proc.kill_running()
    click.echo("\nservecheck: interrupted (Ctrl-C); nothing half-written was kept. Exit 130.",
               err=True)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(130)
