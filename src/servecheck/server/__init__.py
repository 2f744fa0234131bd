"""Ground floor: the one client layer for an OpenAI-compatible server, shared by verify and load.

url (parsing, normalisation, the credentials rule), keys (the API-key variables), http (the one
aiohttp stack: bounded requests, refused cross-host redirects, named connection errors), client
(a synchronous client on it with a per-check deadline and an exchange log), metrics (one /metrics
reader and metric-name table), discovery (readiness, kind, models, context length, block size),
tokenize (/tokenize sizing), prompts (filler text and request builders), images (a PNG made at run
time) and escape (server text made safe for terminals and XML). Imports no stage package.
"""
