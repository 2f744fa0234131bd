"""`fleet scan --ssh INVENTORY`: run `servecheck capture` on every host over SSH (asyncssh), bring
each bundle back as a tar stream, and read its facts. Bounded concurrency, a per-host timeout,
and every host recorded: a host that cannot be reached is `unreachable`, one whose capture failed
is `error`, never dropped.

Host keys are checked against known_hosts (the user's, or --known-hosts FILE): a fleet scan must
not teach anyone to switch host-key checking off.
"""

from __future__ import annotations

import asyncio
import io
import shlex
import tarfile
from datetime import UTC, datetime
from pathlib import Path

from servecheck.fleet.errors import MissingExtra
from servecheck.fleet.models import FleetScan, NodeFacts
from servecheck.fleet.sources.bundles import facts_from_bundle
from servecheck.fleet.sources.inventory import Host

MAX_BUNDLE_BYTES = 64 << 20
CONCURRENCY = 16
HOST_TIMEOUT_S = 120.0
CAPTURE_TIMEOUT_S = 20


def remote_command(servecheck: str = "servecheck") -> str:
    """Capture into a private temp folder, stream it back as tar.gz on stdout, clean up."""
    exe = shlex.quote(servecheck)
    return (f'd=$(mktemp -d) || exit 97; trap \'rm -rf "$d"\' EXIT; '
            f'{exe} capture --timeout {CAPTURE_TIMEOUT_S} --out "$d/bundle" >"$d/log" 2>&1 '
            '|| { tail -n 5 "$d/log" >&2; exit 98; }; tar -C "$d" -czf - bundle')


def scan_ssh(hosts: list[Host], out_dir: Path, known_hosts: Path | None = None, client_key: Path | None = None,
             servecheck: str = "servecheck", concurrency: int = CONCURRENCY,
             timeout_s: float = HOST_TIMEOUT_S) -> FleetScan:
    try:
        import asyncssh  # noqa: F401
    except ImportError as exc:
        raise MissingExtra("asyncssh", "`fleet scan --ssh`") from exc
    out_dir.mkdir(parents=True, exist_ok=True)
    nodes = asyncio.run(_scan_all(hosts, out_dir, known_hosts, client_key, servecheck, concurrency, timeout_s))
    return FleetScan(source="ssh", origin=f"{len(hosts)} inventory hosts", created_at=datetime.now(UTC), nodes=nodes)


async def _scan_all(hosts, out_dir, known_hosts, client_key, servecheck, concurrency, timeout_s) -> list[NodeFacts]:
    gate = asyncio.Semaphore(max(1, concurrency))

    async def one(host: Host) -> NodeFacts:
        async with gate:
            phase = {"connected": False}
            try:
                return await asyncio.wait_for(
                    _capture(host, out_dir, known_hosts, client_key, servecheck, phase), timeout_s)
            except TimeoutError:
                if phase["connected"]:
                    return _failed(host, "error", f"connected, but the capture did not finish within {timeout_s:.0f}s")
                return _failed(host, "unreachable", f"no SSH session within {timeout_s:.0f}s")

    return list(await asyncio.gather(*(one(h) for h in hosts)))


async def _capture(host: Host, out_dir: Path, known_hosts, client_key, servecheck, phase: dict) -> NodeFacts:
    import asyncssh

    keys = [str(client_key)] if client_key else ([host.key_file] if host.key_file else ())
    options = {"port": host.port, "known_hosts": str(known_hosts) if known_hosts else (),
               "client_keys": keys or None, "username": host.user}
    if not known_hosts:
        options.pop("known_hosts")
    try:
        conn = await asyncssh.connect(host.address, **{k: v for k, v in options.items() if v is not None})
    except (OSError, asyncssh.Error) as exc:
        return _failed(host, "unreachable", f"{type(exc).__name__}: {exc}")
    phase["connected"] = True
    try:
        process = await conn.create_process(remote_command(servecheck), encoding=None)
        stdout, err = await asyncio.gather(_bounded(process.stdout, MAX_BUNDLE_BYTES + 1),
                                           _bounded(process.stderr, 64 << 10))
        if len(stdout) > MAX_BUNDLE_BYTES:
            return _failed(host, "error", f"bundle stream over {MAX_BUNDLE_BYTES} bytes: not kept")
        status = (await process.wait(check=False)).exit_status
    except (OSError, asyncssh.Error) as exc:
        return _failed(host, "error", f"SSH session failed: {type(exc).__name__}: {exc}")
    finally:
        # abort, not close: a timeout or an oversized stream must not wait on a remote that never ends
        conn.abort()
    if status != 0:
        text = err.decode("utf-8", "replace").strip()[-500:]
        return _failed(host, "error", f"remote capture exit {status}: {text or 'no error text'}")
    return _unpack(host, stdout, out_dir)


async def _bounded(stream, limit: int) -> bytes:
    """Read until EOF or LIMIT bytes: a remote host cannot make us hold more than that."""
    chunks: list[bytes] = []
    size = 0
    while size < limit:
        block = await stream.read(min(1 << 20, limit - size))
        if not block:
            break
        chunks.append(block)
        size += len(block)
    return b"".join(chunks)


def _unpack(host: Host, data: bytes, out_dir: Path) -> NodeFacts:
    target = out_dir / host.name
    try:
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
            tar.extractall(target, filter="data")
    except (tarfile.TarError, OSError, EOFError) as exc:
        return _failed(host, "error", f"bundle stream unreadable: {exc}")
    facts = facts_from_bundle(target / "bundle", source="ssh")
    return facts.model_copy(update={"name": host.name, "pool": host.group})


def _failed(host: Host, status, reason: str) -> NodeFacts:
    return NodeFacts(name=host.name, source="ssh", status=status, status_reason=reason, pool=host.group)
