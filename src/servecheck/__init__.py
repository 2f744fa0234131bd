"""servecheck: secure the evidence, find the layer, prove the server works.

Kept import-free so that `servecheck --help` starts fast; every stage package is imported lazily.
"""

__version__ = "0.1.0"
