"""Ground floor: the one client layer for an OpenAI-compatible server, shared by verify and load.

url (parsing, normalisation, credentials), keys (the API-key variables), http (the one aiohttp
stack: bounded requests, refused cross-host redirects, named connection errors), metrics (one
/metrics reader and metric-name table), discovery (kind, models, context length), tokenize
(/tokenize sizing) and prompts (filler text and request builders). Imports no stage package.
"""
