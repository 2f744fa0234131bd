"""Fleet test fixtures: the demo cluster, a Kubernetes API replay server on 127.0.0.1 (the real
lightkube client talks to it through its own REST layer), and a kubeconfig pointing at it."""

from __future__ import annotations

import json
import threading
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

DEMO = Path(__file__).parents[2] / "src/servecheck/fleet/data/demo-cluster.json"
DATA = Path(__file__).parent / "data"
AS_OF = datetime.fromtimestamp(1790000000, UTC)


@pytest.fixture
def demo_nodes() -> dict:
    return json.loads(DEMO.read_text())


class _Api(BaseHTTPRequestHandler):
    nodes: list = []
    status = 200
    requests: list = []

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        url = urlparse(self.path)
        self.requests.append(self.path)
        if url.path != "/api/v1/nodes":
            return self._send(404, {"kind": "Status", "apiVersion": "v1", "status": "Failure", "code": 404,
                                    "message": f"{url.path} not found", "reason": "NotFound", "metadata": {}})
        if self.status != 200:
            return self._send(self.status, {"kind": "Status", "apiVersion": "v1", "status": "Failure",
                                            "code": self.status, "reason": "Forbidden", "metadata": {},
                                            "message": 'nodes is forbidden: User "x" cannot list resource "nodes"'})
        query = parse_qs(url.query)
        limit = int(query.get("limit", ["0"])[0]) or len(self.nodes)
        start = int(query.get("continue", ["0"])[0])
        page = self.nodes[start:start + limit]
        more = start + limit < len(self.nodes)
        self._send(200, {"kind": "NodeList", "apiVersion": "v1",
                         "metadata": {"resourceVersion": "4711", **({"continue": str(start + limit)} if more else {})},
                         "items": page})

    def _send(self, code: int, body: dict) -> None:
        data = json.dumps(body).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def kube_api(tmp_path: Path):
    """Returns start(nodes, status=200) -> (kubeconfig path, handler class with .requests)."""
    servers = []

    def start(nodes: list, status: int = 200):
        handler = type("Api", (_Api,), {"nodes": nodes, "status": status, "requests": []})
        server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return write_kubeconfig(tmp_path, f"http://127.0.0.1:{server.server_address[1]}"), handler

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


def write_kubeconfig(folder: Path, server: str, name: str = "kubeconfig") -> Path:
    path = folder / name
    path.write_text(f"""apiVersion: v1
kind: Config
clusters:
- name: replay
  cluster: {{server: "{server}"}}
contexts:
- name: replay
  context: {{cluster: replay, user: reader}}
- name: other
  context: {{cluster: replay, user: reader}}
current-context: replay
users:
- name: reader
  user: {{token: not-a-secret-test-token}}
""")
    return path
