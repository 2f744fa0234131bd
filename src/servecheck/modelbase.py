"""The base of every saved model: unknown fields are refused, so a typo never passes silently."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class StrictModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
