"""Stage 3, plan: recovery path choice and the change-night runbook."""
