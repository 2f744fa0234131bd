"""Stage 2, diagnose: the layered verdict and the separate failure chains."""
