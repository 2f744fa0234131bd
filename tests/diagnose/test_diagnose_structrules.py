"""Structural rules (knowledge/structure/rules.json) as data: what a rule may carry."""

import pytest
from pydantic import ValidationError

from servecheck.diagnose import structrules


def test_a_rules_wrapper_words_may_name_only_the_line_and_its_text():
    """A structural rule that reads a wrapper (a kill) carries its words; a field they cannot fill in is
    refused when the rules load, not on the first log that meets it."""
    rule = {"id": "x.kill", "when": {"signal": ["SIGKILL"]}, "class": "other", "layer": "other",
            "confidence": 0.5, "explanation": "e", "references": ["r"]}
    assert structrules.Rule.model_validate({**rule, "wrapper_says": "was killed (line {line}: {text})"})
    with pytest.raises(ValidationError, match="may name only"):
        structrules.Rule.model_validate({**rule, "wrapper_says": "was killed by {sender}"})
    assert all(r.wrapper_says == "" or "{line}" in r.wrapper_says for r in structrules.rules())
