"""`servecheck bundle verify PATH`: re-hash a bundle and report tampering."""

from __future__ import annotations

import json
from pathlib import Path

import click


@click.group()
def bundle() -> None:
    """Work with capture bundles."""


@bundle.command()
@click.argument("path", type=click.Path(exists=True, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Machine-readable result.")
def verify(path: Path, as_json: bool) -> int:
    """Re-hash every file against manifest.json; exit 1 on any changed, missing, added or
    type-changed entry (a file replaced by a symlink, FIFO or directory; an added empty
    directory) or a damaged manifest.json. Exit 2 when the bundle was written by a newer
    servecheck or PATH is neither a bundle folder nor its `capture --tar` archive (an archive is
    read in place: nothing is extracted, no link followed)."""
    from servecheck.capture.bundle import verify_bundle

    if path.is_dir():
        report = verify_bundle(path)
    else:
        from servecheck.capture.verify_tar import verify_archive

        report = verify_archive(path)
    if as_json:
        click.echo(json.dumps({"bundle": str(path), "ok": report.ok, "checked": report.checked,
                               "changed": report.changed, "missing": report.missing,
                               "added": report.added, "type_changed": report.type_changed,
                               "damaged": report.damaged}))
    elif report.damaged:
        click.echo(report.damaged)
    else:
        for label, items in (("changed", report.changed), ("missing", report.missing),
                             ("added", report.added), ("type", report.type_changed)):
            for item in items:
                click.echo(f"{label:8} {item}")
        click.echo(f"{path}: {'intact' if report.ok else 'TAMPERED'} ({report.checked} files checked)")
    return 0 if report.ok else 1
