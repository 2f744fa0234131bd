"""`servecheck plan`: recommend a recovery path from the case's diagnosis and the constraints."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from servecheck.cli.case import case_option_for, lang_option


@click.command()
@case_option_for("Read the diagnosis from this case and attach the plan to it.")
@click.option("--diagnosis", "diagnosis_file", type=click.Path(path_type=Path), default=None,
              help="A diagnose JSON (default: the case's latest diagnose run).")
@click.option("--answers", "answers_file", type=click.Path(path_type=Path), default=None,
              help="Answers file (JSON or TOML): question id -> yes/no.")
@click.option("--answer", "answer_pairs", multiple=True, metavar="KEY=yes|no",
              help="One answer; repeatable; wins over the answers file.")
@click.option("--no-input", is_flag=True, help="Never ask on the terminal; unanswered stays open.")
@click.option("--ask", is_flag=True, help="Ask the unanswered questions even when stdin is not a terminal.")
@lang_option
@click.option("--json", "as_json", is_flag=True, help="Print the plan as JSON.")
@click.option("--out", type=click.Path(path_type=Path), default=None, help="Also write the plan JSON here.")
def plan(case_id: str | None, store_path: Path | None, diagnosis_file: Path | None,
         answers_file: Path | None, answer_pairs: tuple[str, ...], no_input: bool, ask: bool,
         lang: str | None, as_json: bool, out: Path | None) -> int:
    """Recommend path A (driver r580+), B (cu129 rebuild) or C (isolated environment).

    Exit 0 when a path is recommended, 1 when none is (open questions, or the diagnosis is not
    a driver/CUDA conflict).
    """
    from servecheck.plan import answers as ans
    from servecheck.plan.choose import make_plan, question_ids
    from servecheck.report.lang import default_lang
    from servecheck.store.files import load_result

    lang = lang or default_lang()
    known = question_ids()
    diagnosis, diag_run = None, None
    if diagnosis_file is not None:
        diagnosis = load_result(diagnosis_file, "diagnose").payload
    elif case_id:
        from servecheck.store import open_store

        with open_store(store_path, write=False) as store:
            latest = store.latest(case_id, "diagnose")
        if latest is not None:
            diagnosis, diag_run = latest.payload, latest.id
    layers = [("file", ans.from_file(answers_file, known) if answers_file else {}),
              ("flag", ans.from_flags(answer_pairs, known))]
    answers, sources = ans.merge(*layers)
    if ask or (not no_input and not as_json and sys.stdin.isatty()):
        layers.append(("terminal", _ask([q for q in sorted(known) if answers.get(q) is None], lang)))
        answers, sources = ans.merge(*layers)
    result = make_plan(diagnosis, answers, diagnosis_run=diag_run, case_id=case_id,
                       sources=sources, lang=lang)
    payload = result.model_dump(mode="json")
    if out is not None:
        from servecheck.fsutil import write_output

        write_output(out, json.dumps(payload, indent=2, ensure_ascii=False) + "\n")
    if as_json:
        click.echo(json.dumps(payload, indent=2, ensure_ascii=False))
    else:
        from rich.console import Console

        from servecheck.plan.render import print_plan

        print_plan(result, Console())
    if case_id:
        from servecheck.cli.case import attach_and_say

        attach_and_say(case_id, store_path, "plan", payload, out)
    return 0 if result.recommended else 1


def _ask(question_ids: list[str], lang: str) -> dict[str, bool | None]:
    from servecheck.plan.answers import parse_value
    from servecheck.plan.choose import criteria

    questions = criteria()["questions"]
    got: dict[str, bool | None] = {}
    for qid in question_ids:
        text = questions[qid].get(lang) or questions[qid]["en"]
        raw = click.prompt(f"{text} [yes/no/skip]", default="skip", show_default=False, err=True,
                           type=click.Choice(["yes", "no", "skip", "y", "n", "ja", "nein"],
                                             case_sensitive=False), show_choices=False)
        got[qid] = parse_value(raw if raw != "skip" else None, qid)
    return got
