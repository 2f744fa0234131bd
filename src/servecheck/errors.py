"""servecheck's own exception tree.

Library code raises these (chained to their cause with ``raise ... from exc``); only ``cli/``
catches them, prints a clear message and chooses the exit code (see README, "Exit codes").
"""


class ServecheckError(Exception):
    """Base of every error servecheck raises on purpose."""

    exit_code = 2


class UsageError(ServecheckError):
    """The user asked for something impossible (bad flag combination, missing file)."""


class InputError(ServecheckError):
    """An input file or stream could not be read or parsed."""


class BundleError(ServecheckError):
    """A bundle cannot be written, read or verified."""


class SchemaTooNew(BundleError):
    """A saved result was written by a newer servecheck (higher schema_version): refused, not
    guessed at."""


class StoreError(ServecheckError):
    """The case store cannot be opened, migrated or written."""


class ServerError(ServecheckError):
    """A server under test could not be reached or answered garbage."""


class KnowledgeError(ServecheckError):
    """A knowledge file (compatibility table, signatures, recipe) is malformed."""


class OutputError(ServecheckError):
    """An output path (--out, --junit, --report) is not a regular file that may be replaced."""
