"""One module per subsystem; the list lives in capture/probe.py PROBES."""
