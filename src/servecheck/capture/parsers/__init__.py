"""Parsers: recorded text in, facts out. Shared by the live probes and `capture --from`."""
