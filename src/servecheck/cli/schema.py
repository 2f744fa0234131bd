"""`servecheck schema NAME`: print the JSON Schema of a saved model."""

from __future__ import annotations

import importlib
import json

import click

# name -> "module:Class". One line per saved model; each stage adds its own.
SCHEMAS: dict[str, str] = {
    "evidence": "servecheck.capture.models:Evidence",
    "load": "servecheck.load.models:LoadResult",
    "load-request": "servecheck.load.models:RequestRecord",
    "manifest": "servecheck.capture.models:Manifest",
    "compat": "servecheck.knowledge.models:CompatResult",
    "diagnosis": "servecheck.diagnose.models:Diagnosis",
    "recipe-check": "servecheck.knowledge.models:RecipeCheck",
    "case": "servecheck.store.models:Case",
    "run": "servecheck.store.models:Run",
    "plan": "servecheck.plan.models:Plan",
    "checklist": "servecheck.report.models:Checklist",
    "decision": "servecheck.report.models:DecisionRecord",
    "report": "servecheck.report.build:Report",
    "verify": "servecheck.verify.models:VerifyResult",
    "comm": "servecheck.comm.models:CommResult",
}


@click.command(help="Print the JSON Schema of the saved model NAME, one of: " + ", ".join(sorted(SCHEMAS)) + ".")
@click.argument("name", metavar="NAME", type=click.Choice(sorted(SCHEMAS)))
def schema(name: str) -> None:
    module_name, attr = SCHEMAS[name].split(":")
    model = getattr(importlib.import_module(module_name), attr)
    click.echo(json.dumps(model.model_json_schema(), indent=2))
