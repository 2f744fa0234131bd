"""Stage 5, report: acceptance, decision and the case report."""
