"""Ground floor: redaction. Every writer (bundle files, results, JUnit, the store, the terminal)
passes its text through here; it imports no stage package."""

from servecheck.redact.core import (
    PLACEHOLDER,
    SECRET_FLAGS,
    Redactor,
    is_secret_name,
    safe_cut,
    safe_cut_bytes,
)

__all__ = ["PLACEHOLDER", "SECRET_FLAGS", "Redactor", "is_secret_name", "safe_cut", "safe_cut_bytes"]
