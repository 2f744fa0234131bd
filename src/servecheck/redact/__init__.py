"""Ground floor: redaction. Every writer (bundle files, diagnose output, verify and load
results, JUnit, the store, the terminal) passes its text through here; it imports no stage.

The rules, one module each:
  values.py      token shapes anywhere (hf_, sk-, sk_live_, ghp_, glpat-, nvapi-, AIza, AKIA, JWT,
                 PEM, xox, base64 lines) and where a value really ends (quotes, brackets, blanks)
  names.py       NAME=v, NAME: v, "name": "v", 'name': ['v'], Namespace(name='v'), split-line
                 name/value pairs; high-entropy values after names that only hint at a secret
  flags.py       --api-key V / --api-key=V in strings, argv lists, JSON and YAML arrays; the short
                 password flags of mysql, redis-cli, curl -u, docker login, sshpass
  urls.py        URL userinfo passwords and secret query parameters
  headers.py     Authorization / Proxy-Authorization (any scheme), cookies, API-key headers
  credfiles.py   .netrc password lines (docker config.json auths are caught by name)
  known.py       known secrets by value
  structured.py  parsed JSON / YAML walk

Known secrets: a stage that is handed a secret (verify / load get an API key and maybe a URL
with a password) passes it on so that it is removed wherever it shows up, e.g.::

    redactor = Redactor(known_secrets=[api_key, url_password])
    redactor.add_known(another_value)          # later, any number of values
    safe = redactor.text(server_error_body)     # every occurrence -> [REDACTED:known_value]

Values the Redactor removes by position or name are learnt the same way. ``redactor.counts``
holds counts per kind (for manifests), never values.
"""

from servecheck.redact.core import Redactor, safe_cut, safe_cut_bytes
from servecheck.redact.flags import SECRET_FLAGS
from servecheck.redact.names import is_secret_name
from servecheck.redact.values import PLACEHOLDER

__all__ = ["PLACEHOLDER", "SECRET_FLAGS", "Redactor", "is_secret_name", "safe_cut", "safe_cut_bytes"]
