"""Fleet errors: library code raises these; cli/fleet.py turns them into messages and exit codes."""

from servecheck.errors import InputError, ServecheckError


class NothingToJudge(ServecheckError):
    """No node facts could be read at all (unreachable cluster, empty input): exit 3, never 'runs'."""

    exit_code = 3


class MissingExtra(ServecheckError):
    """An optional dependency of one source is not installed: say how to install it."""

    def __init__(self, module: str, what: str) -> None:
        super().__init__(f"{what} needs the Python package {module!r}, which is not installed; install the "
                         "fleet extra: pip install 'servecheck[fleet]'")


__all__ = ["InputError", "MissingExtra", "NothingToJudge"]
