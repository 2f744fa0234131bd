"""Stage 4, verify: prove a running OpenAI-compatible server works."""
