"""``capture --from``: files recognised by content, whatever their names, in a mixed folder."""

from __future__ import annotations

import shutil
from pathlib import Path

from servecheck.capture.fromdir import classify
from servecheck.capture.probe import CaptureOptions
from servecheck.capture.run import capture

FIX = Path(__file__).parent / "fixtures"
DEMO = Path(__file__).parents[2] / "src/servecheck/capture/data/demo-r575-cu130"


def test_mixed_folder_with_misleading_names(tmp_path):
    src = tmp_path / "gathered"
    (src / "sub").mkdir(parents=True)
    shutil.copy(FIX / "r580-h200" / "nvidia-smi.txt", src / "notes.log")
    shutil.copy(FIX / "r580-h200" / "nvidia-smi-q.xml", src / "sub" / "out1")
    shutil.copy(FIX / "r580-h200" / "topo.txt", src / "matrix")
    shutil.copy(DEMO / "inspect-container.json", src / "c.txt")
    shutil.copy(DEMO / "image.json", src / "i")
    shutil.copy(DEMO / "kimi-k3-container.log", src / "nvidia-smi.xml")  # a log named like XML
    (src / "tiny.log").write_text("just a note\n")
    (src / "broken.json").write_text('{"a": ')
    ev = capture(CaptureOptions(), tmp_path / "b", ["x"], from_dir=src).evidence
    kinds = {p.name: p.commands[0] for p in ev.probes}
    assert kinds["from:notes.log"] == "recognised as nvidia_smi_text"
    assert kinds["from:sub/out1"] == "recognised as nvidia_smi_xml"
    assert kinds["from:matrix"] == "recognised as topology"
    assert kinds["from:c.txt"] == "recognised as container_inspect"
    assert kinds["from:i"] == "recognised as image_inspect"
    assert kinds["from:nvidia-smi.xml"] == "recognised as log"
    assert next(p for p in ev.probes if p.name == "from:tiny.log").status == "skipped"
    assert ev.gpu.driver_version == "580.95.05" and len(ev.gpu.gpus) == 8
    assert ev.image.cuda_version == "13.0.1"
    assert ev.container.name == "kimi-k3"
    assert ev.log.total_lines == 48


def test_truncated_xml_in_folder_is_an_error_record(tmp_path):
    src = tmp_path / "g"
    src.mkdir()
    shutil.copy(FIX / "truncated.xml", src / "smi")
    ev = capture(CaptureOptions(), tmp_path / "b", ["x"], from_dir=src).evidence
    rec = next(p for p in ev.probes if p.name == "from:smi")
    assert rec.status == "error" and "salvaged" in rec.error


def test_classify_env_and_toolkit():
    assert classify("A=1\nB=2\nPATH=/bin\n") == "env"
    assert classify("[nvidia-container-cli]\nldconfig = \"@/sbin/ldconfig\"\n") == "toolkit_config"
    assert classify('{"runtimes": {}}') == "daemon_json"


def test_cmd_with_from_dir(tmp_path):
    src = tmp_path / "g"
    src.mkdir()
    shutil.copy(FIX / "r575-h100" / "nvidia-smi.txt", src / "a")
    ev = capture(CaptureOptions(cmd="vllm serve m --hf-token hf_abcdefghijklmnopqrstuvwx"), tmp_path / "b",
                 ["x"], from_dir=src).evidence
    assert ev.container.command_source == "--cmd"
    assert ev.container.command[:3] == ["vllm", "serve", "m"]
    assert "hf_abcdefghijklmnopqrstuvwx" not in str(ev.container.command)
