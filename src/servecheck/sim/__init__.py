"""The built-in vLLM-like server used by the demo and the tests."""
