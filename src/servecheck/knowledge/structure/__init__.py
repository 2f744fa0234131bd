"""Structural knowledge: ready markers, inputs that are not a log, structural rules (data)."""
