"""One background thread per job of reading a log (the next block read ahead, a block scanned
while its lines are counted): made when first asked for, then shared by every scan."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from functools import cache


@cache
def worker(job: str) -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"servecheck-{job}")
