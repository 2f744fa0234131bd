"""Lines a paste hard-wrapped at a fixed width: a wording cut in two is found once joined."""

from __future__ import annotations

from tests.diagnose.logfile import write_lines

from servecheck.diagnose import signatures, wrapped
from servecheck.diagnose.api import diagnose
from servecheck.diagnose.scan import Scanner

WIDTH = 72


def _wrap(text: str, width: int = WIDTH) -> list[str]:
    return [text[i:i + width] for i in range(0, len(text), width)]


HEAD = ("docker: Error response from daemon: OCI runtime create failed: container_linux.go:349: starting "
        "container process caused: process_linux.go:449: container init caused: Running hook #0:: error "
        "running hook: exit status 1, stdout: , stderr: ")
TAIL = "nvidia-container-cli: requirement error: unsatisfied condition: cuda>=12.4: unknown."


def _cut_message(width: int) -> str:
    """HEAD, filler, TAIL: the wrap at ``width`` falls inside "condition"."""
    cut_at = len(HEAD) + TAIL.index("condition") + 5
    return HEAD + "." * (-cut_at % width) + TAIL


def _runs(lines: list[str]) -> list[tuple[int, list[str]]]:
    """The runs among ``lines`` (numbered from 1, every line flagged)."""
    return wrapped.flagged_runs(list(enumerate(lines, 1)), set(range(1, len(lines) + 1)))


def test_runs_are_equal_width_lines_and_a_shorter_last_piece():
    lines = ["short", *_wrap("x" * 200), "next"]
    assert _runs(lines) == [(2, lines[1:4])]
    assert _runs(["y" * 80, "y" * 80]) == []                         # no shorter last piece
    assert _runs(["z" * 40, "z" * 40, "z"]) == []                    # narrower than MIN_WIDTH


def test_a_wording_cut_by_the_wrap_is_found_at_the_runs_first_line(tmp_path):
    pieces = _wrap(_cut_message(WIDTH))
    assert any(p.endswith("condi") for p in pieces)
    lines = ["$ docker run --gpus all --rm nvidia/cuda:12.4.0-base-ubuntu22.04 nvidia-smi", *pieces]
    d = diagnose(write_lines(tmp_path, "wrapped.log", lines))
    assert (d.primary.cls, d.primary.first_line) == ("driver_too_old", 2)


def test_a_bundle_joins_the_same_lines_and_apart_they_name_no_driver():
    """Every line of a small log is in its bundle, so scan_lines joins the same run; the same
    pieces with a line missing between them are not a run, and say nothing of the driver."""
    pieces = _wrap(_cut_message(61), 61)
    head = "$ docker run --gpus all --rm nvidia/cuda:12.4.0 nvidia-smi"
    joined = Scanner(signatures.load()).scan_lines(list(enumerate([head, *pieces], 1)))
    assert any(h.signature.cls == "driver_too_old" and h.first[0].line == 2 for h in joined.hits.values())
    apart = Scanner(signatures.load()).scan_lines([(1, head)] + [(2 * i + 2, p) for i, p in enumerate(pieces)])
    assert not any(h.signature.cls == "driver_too_old" for h in apart.hits.values())


def test_a_run_in_the_middle_of_a_big_log_is_joined_at_its_line(tmp_path):
    noise = "gpu-node-01:3001:4001 [1] NCCL INFO Channel 01/0 : 1[1] -> 2[2] via P2P/IPC/read\n" * 40000
    lines = ["$ docker run --gpus all --rm nvidia/cuda:12.4.0-base-ubuntu22.04 nvidia-smi",
             *_wrap(_cut_message(WIDTH))]
    path = tmp_path / "big.log"
    path.write_text(noise + "\n".join(lines) + "\n" + noise)
    d = diagnose(str(path))
    assert (d.primary.cls, d.primary.first_line) == ("driver_too_old", 40002)


def test_run_around_finds_the_run_from_any_of_its_lines_and_its_tail():
    pieces = [b"a" * 70, b"b" * 70, b"c" * 70, b"tail"]
    buf = b"short line\n" + b"\n".join(pieces) + b"\nafter\n"
    begin = len(b"short line\n")
    end = begin + len(b"\n".join(pieces))
    for i in range(4):
        start = begin + sum(len(p) + 1 for p in pieces[:i])
        assert wrapped.run_around(buf, start, start + len(pieces[i]))[0] == (begin, end)
    assert wrapped.run_around(buf, 0, 10)[0] is None                   # "short line" is in no run
    assert wrapped.run_around(b"x" * 70 + b"\n" + b"y" * 70 + b"\n", 0, 70)[0] is None   # no last piece


def test_a_templated_log_of_one_width_is_no_run_and_is_looked_at_once():
    line = b"INFO Avg prompt throughput: 123.4 tokens/s, Running: 12 reqs, Pending: 0 reqs\n"
    buf = line * 500 + b"short\n"
    at = len(line) * 250
    run, looked = wrapped.run_around(buf, at, at + len(line) - 1)
    assert run is None and looked > at + len(line)       # the group's lines below were looked at


def test_only_a_run_that_holds_a_flagged_line_is_joined():
    run = [(1, "q" * 70), (2, "r" * 70), (3, "end")]
    assert wrapped.flagged_runs(run, {2}) == [(1, ["q" * 70, "r" * 70, "end"])]
    assert wrapped.flagged_runs(run, set()) == []
    assert wrapped.flagged_runs([(1, "q" * 70), (3, "r" * 70), (4, "end")], {3}) == []   # not consecutive


def test_a_log_and_its_bundle_agree_on_a_group_longer_than_a_paste(tmp_path):
    """70 lines of one width and a shorter piece: a templated log, not a paste, read alone and
    from a bundle alike (the bundle's reading once took the last lines of the group as a run)."""
    pieces = _wrap(_cut_message(WIDTH))
    lines = ["x" * WIDTH] * (70 - len(pieces) + 1) + pieces
    path = write_lines(tmp_path, "long.log", lines)
    alone = diagnose(path)
    bundle = Scanner(signatures.load()).scan_lines(list(enumerate(lines, 1)))
    assert alone.primary is None or alone.primary.cls != "driver_too_old"
    assert not any(h.signature.cls == "driver_too_old" for h in bundle.hits.values())
