"""The case record in SQLite."""
