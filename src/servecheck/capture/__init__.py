"""Stage 1, capture: one small probe module per subsystem, the redaction stage and the bundle."""
