"""multimodal: an image made at run time (a plain PNG colour block) sent as an OpenAI `image_url`
data URI; pass when the request is accepted and the answer names the colour.

The answer is checked loosely (the colour's name anywhere in the reply, any case); with
--no-answer-check only acceptance and a non-empty answer count (tiny test models cannot see).
A refusal that says images are not supported is a `skip` with the server's reason (a text-only
model's 400; llama.cpp without --mmproj answers 500 "image input is not supported - hint: ...
provide the mmproj", recorded from a real llama-server): the server does not support the check.
"""

from __future__ import annotations

import random
import re
from typing import Any

from servecheck.server.images import COLOURS, data_uri, solid_png
from servecheck.verify.checks.common import CheckContext, error_message, excerpt, message_of, result
from servecheck.verify.models import CheckResult

NAME = "multimodal"
ASK = "What colour is this image? Answer with one word: " + ", ".join(COLOURS) + "."
_UNSUPPORTED = re.compile(r"not a multimodal|not support|mmproj|image input|multimodal|vision|"
                          r"image_url|At most 0 image", re.I)


def run(ctx: CheckContext) -> CheckResult:
    colour = random.SystemRandom().choice([c for c in COLOURS if c not in ("black", "white")])
    png = solid_png(COLOURS[colour])
    content = [{"type": "text", "text": ASK}, {"type": "image_url", "image_url": {"url": data_uri(png)}}]
    body = ctx.chat_body([{"role": "user", "content": content}], 16)
    # llama.cpp without --mmproj refuses images with a 500 whose text says so: read it
    reply = ctx.client.post("/v1/chat/completions", body, note=f"chat with a {len(png)}-byte {colour} PNG (data URI)",
                            judge_5xx=True)
    ev: dict[str, Any] = {"signal": "the answer to a question about an image made at run time",
                          "image": {"format": "png", "bytes": len(png), "colour": colour, "side": 64},
                          "http_status": reply.status}
    if reply.status != 200:
        message = error_message(reply.body)
        ev["error"] = excerpt(message, 300)
        if reply.status >= 400 and _UNSUPPORTED.search(message):
            return result(NAME, "skip", f"the server does not accept images: {excerpt(message, 140)}",
                          "not_supported", **ev)
        return result(NAME, "fail" if reply.status < 500 else "error",
                      f"image request answered HTTP {reply.status}: {excerpt(message, 140)}", "refused", **ev)
    answer = str(message_of(reply.body).get("content") or "")
    ev["answer"] = excerpt(answer, 200)
    if not answer.strip():
        return result(NAME, "fail", "the image request was accepted but the answer is empty", "empty_answer", **ev)
    if ctx.options.check_answer and colour not in answer.lower():
        return result(NAME, "fail", f"the answer does not reflect the image: asked for the colour of a {colour} "
                      f"block, got {excerpt(answer, 60)!r} (images dropped by a proxy or the chat template?)",
                      "image_ignored", **ev)
    checked = f"answer names {colour}" if ctx.options.check_answer else "answer not checked (--no-answer-check)"
    return result(NAME, "pass", f"a PNG image was accepted; {checked}", "working", **ev)
