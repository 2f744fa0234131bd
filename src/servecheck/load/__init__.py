"""Stage 4b, load: the staged load ramp with per-stage records."""
