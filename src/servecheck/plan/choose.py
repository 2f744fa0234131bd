"""Choose a recovery path: a pure function of the diagnosis, the answers and the criteria data."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from servecheck.errors import KnowledgeError
from servecheck.plan.checks import diagnosis_status
from servecheck.plan.facts import read_diagnosis
from servecheck.plan.models import DiagnosisFit, PathAssessment, PathStatus, Plan, Question


@cache
def _data(name: str) -> dict[str, Any]:
    try:
        text = resources.files("servecheck.plan").joinpath("data", name).read_text("utf-8")
        return json.loads(text)
    except (OSError, ValueError) as exc:
        raise KnowledgeError(f"plan data file {name} is unreadable: {exc}") from exc


def criteria() -> dict[str, Any]:
    return _data("criteria.json")


def question_ids() -> set[str]:
    return set(criteria()["questions"])


def _t(entry: Any, lang: str) -> str:
    """A data entry in the wanted language (English when missing)."""
    if isinstance(entry, dict):
        return str(entry.get(lang) or entry.get("en") or "")
    return str(entry or "")


def phrase(lang: str, key: str, **values: Any) -> str:
    table = _data("phrases.json")
    return (table.get(lang) or table["en"])[key].format(**values)


def diagnosis_fit(diagnosis: dict[str, Any] | None, run_id: int | None, lang: str = "en") -> DiagnosisFit:
    """Is the case's failure one that a driver/CUDA recovery path can fix? A diagnosis that
    cannot be read or judged nothing is not a "no failure": the plan says so (fail closed)."""
    if diagnosis is None:
        return DiagnosisFit(status="missing", note=phrase(lang, "diag_missing"))
    run = run_id if run_id is not None else "?"
    typed = read_diagnosis(diagnosis, f"diagnosis run {run}")
    if typed.model is None:
        return DiagnosisFit(status="not_judged", run_id=run_id,
                            note=phrase(lang, "diag_not_judged", run=run, status=typed.error))
    d = typed.model
    applies = criteria()["applies_to"]
    cls = d.primary.cls if d.primary else None
    layer = d.primary.layer if d.primary else None
    verdict = d.compat.get("verdict") if isinstance(d.compat.get("verdict"), str) else None
    base: dict[str, Any] = {"run_id": run_id, "primary_class": cls, "layer": layer, "compat_verdict": verdict}
    if cls in applies["classes"]:
        return DiagnosisFit(status="applies", note=phrase(lang, "diag_applies", run=run, cls=cls, layer=layer), **base)
    if d.primary is not None:
        note = phrase(lang, "diag_not_applicable", run=run, cls=cls, layer=layer)
        return DiagnosisFit(status="not_applicable", note=note, next_steps=d.primary.next_steps, **base)
    if verdict in applies["compat_verdicts"]:
        return DiagnosisFit(status="applies", note=phrase(lang, "diag_compat", run=run, verdict=verdict), **base)
    status = diagnosis_status(diagnosis, d)
    if status != "no_failure":
        return DiagnosisFit(status="not_judged", note=phrase(lang, "diag_not_judged", run=run, status=status), **base)
    return DiagnosisFit(status="no_failure", note=phrase(lang, "diag_no_failure", run=run), **base)


def _assess(path: dict[str, Any], answers: dict[str, bool | None], lang: str) -> PathAssessment:
    questions = criteria()["questions"]

    def q(qid: str) -> Question:
        return Question(id=qid, text=_t(questions[qid], lang),
                        label=_t(questions[qid].get("label"), lang))

    met = [q(x) for x in path["requires"] if answers.get(x) is True]
    lacks = [q(x) for x in path["requires"] if answers.get(x) is False]
    open_ = [q(x) for x in path["requires"] if answers.get(x) is None]
    status: PathStatus = "blocked" if lacks else "open" if open_ else "ready"
    return PathAssessment(
        id=path["id"], title=_t(path["title"], lang), status=status, met=met, lacks=lacks,
        open=open_, strength=_t(path["strength"], lang), not_suitable=_t(path["not_suitable"], lang),
        obligations=[_t(o, lang) for o in path["obligations"]],
        exit_criteria=[_t(e, lang) for e in path["exit_criteria"]],
    )


def make_plan(
    diagnosis: dict[str, Any] | None,
    answers: dict[str, bool | None],
    *,
    diagnosis_run: int | None = None,
    case_id: str | None = None,
    sources: dict[str, str] | None = None,
    lang: str = "en",
) -> Plan:
    fit = diagnosis_fit(diagnosis, diagnosis_run, lang)
    ordered = sorted(criteria()["paths"], key=lambda p: p["preference"])
    paths = [_assess(p, answers, lang) for p in ordered]
    ready = [p for p in paths if p.status == "ready"]
    winner = ready[0] if ready and fit.status in ("applies", "missing", "not_judged") else None
    for p in paths:
        p.verdict = _verdict(p, winner, lang)
    open_ids = {q.id for p in paths for q in p.open}
    open_questions = [q for i in criteria()["questions"] for q in _first_open(paths, i)
                      if i in open_ids]
    return Plan(
        case_id=case_id, lang=lang, diagnosis=fit, answers=answers, answer_sources=sources or {},
        paths=paths, recommended=winner.id if winner else None,
        reason=_reason(fit, paths, winner, open_questions, lang), open_questions=open_questions,
    )


def _first_open(paths: list[PathAssessment], qid: str) -> list[Question]:
    return next(([q] for p in paths for q in p.open if q.id == qid), [])


def _verdict(p: PathAssessment, winner: PathAssessment | None, lang: str) -> str:
    if winner is not None and p.id == winner.id:
        return phrase(lang, "chosen", id=p.id, n=len(p.met), strength=p.strength)
    if p.status == "ready" and winner is not None:
        return phrase(lang, "also_ready", winner=winner.id, id=p.id, strength=p.strength)
    if p.status == "blocked":
        return phrase(lang, "blocked", items=", ".join(q.label for q in p.lacks))
    if p.status == "open":
        return phrase(lang, "open", items=", ".join(q.label for q in p.open))
    return phrase(lang, "ready_not_fix")


def _reason(fit: DiagnosisFit, paths: list[PathAssessment], winner: PathAssessment | None,
            open_questions: list[Question], lang: str) -> str:
    if fit.status in ("not_applicable", "no_failure"):
        return phrase(lang, "no_path_diag", note=fit.note)
    if winner is not None:
        better = [p for p in paths if p.status == "open" and paths.index(p) < paths.index(winner)]
        return winner.verdict + "".join(
            phrase(lang, "could_win", id=p.id, items=", ".join(q.label for q in p.open)) for p in better)
    if open_questions:
        return phrase(lang, "no_path_open", n=len(open_questions))
    return phrase(lang, "no_path_blocked")
