"""The checks of `servecheck verify`, in run order: name -> "module:function".

A check is one module with ``run(ctx: CheckContext) -> CheckResult``; adding one is adding a
module and a line here.
"""

CHECKS: dict[str, str] = {
    "api": "servecheck.verify.checks.api:run",
    "prefix_cache": "servecheck.verify.checks.prefix_cache:run",
    "tool_calling": "servecheck.verify.checks.tool_calling:run",
    "structured_output": "servecheck.verify.checks.structured_output:run",
    "context": "servecheck.verify.checks.context:run",
    "multimodal": "servecheck.verify.checks.multimodal:run",
    "agent": "servecheck.verify.checks.agent:run",
    "fallback": "servecheck.verify.checks.fallback:run",
}
