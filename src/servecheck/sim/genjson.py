"""Generate a small, deterministic JSON value that satisfies a JSON Schema.

Covers what tool parameters and response formats use in practice: object (required and optional
properties), array (minItems), string (enum, const, minLength, format date), integer / number
(minimum, maximum, exclusive bounds, multipleOf), boolean, null, anyOf / oneOf / allOf (first
branch), local $ref to #/$defs or #/definitions. Anything else gets a string.
"""

from __future__ import annotations

from typing import Any

_MAX_DEPTH = 8


def generate(schema: Any, root: Any = None, depth: int = 0) -> Any:
    root = schema if root is None else root
    if not isinstance(schema, dict) or depth > _MAX_DEPTH:
        return "sim"
    if "$ref" in schema:
        return generate(_resolve(schema["$ref"], root), root, depth + 1)
    if "const" in schema:
        return schema["const"]
    if schema.get("enum"):
        return schema["enum"][0]
    for key in ("anyOf", "oneOf", "allOf"):
        if schema.get(key):
            return generate(schema[key][0], root, depth + 1)
    kind = schema.get("type", "object" if "properties" in schema else "string")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    return _BY_TYPE.get(kind, _string)(schema, root, depth)


def _resolve(ref: str, root: Any) -> Any:
    node = root
    for part in ref.lstrip("#/").split("/"):
        node = node.get(part, {}) if isinstance(node, dict) else {}
    return node


def _object(schema: dict, root: Any, depth: int) -> dict:
    props = schema.get("properties", {})
    return {name: generate(sub, root, depth + 1) for name, sub in props.items()}


def _array(schema: dict, root: Any, depth: int) -> list:
    count = max(int(schema.get("minItems", 1)), 1)
    if "maxItems" in schema:
        count = min(count, int(schema["maxItems"]))
    item = schema.get("items", {"type": "string"})
    if schema.get("uniqueItems") and count > 1:
        return [f"sim-{i}" for i in range(count)]
    return [generate(item, root, depth + 1) for _ in range(count)]


def _string(schema: dict, root: Any, depth: int) -> str:
    if schema.get("format") == "date":
        return "2026-01-01"
    if schema.get("format") == "date-time":
        return "2026-01-01T00:00:00Z"
    text = "sim"
    low = int(schema.get("minLength", 0))
    text = text + "x" * max(low - len(text), 0)
    if "maxLength" in schema:
        text = text[: int(schema["maxLength"])]
    return text


def _number(schema: dict, root: Any, depth: int) -> float | int:
    value: float = 0
    if "minimum" in schema:
        value = schema["minimum"]
    if "exclusiveMinimum" in schema:
        value = schema["exclusiveMinimum"] + 1
    if "maximum" in schema and value > schema["maximum"]:
        value = schema["maximum"]
    if schema.get("multipleOf"):
        step = schema["multipleOf"]
        value = -(-value // step) * step
    return int(value) if schema.get("type") == "integer" else value


_BY_TYPE = {
    "object": _object, "array": _array, "string": _string, "integer": _number,
    "number": _number, "boolean": lambda s, r, d: True, "null": lambda s, r, d: None,
}
