"""Failure-signature data files for `servecheck diagnose` (one JSON file per family)."""
