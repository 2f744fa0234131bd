"""Ansible-style inventories (INI and YAML), the printed runners, and the HTML page."""

from __future__ import annotations

from pathlib import Path

import pytest

from servecheck.errors import InputError
from servecheck.fleet.sources.inventory import expand, load_inventory


def test_ini_groups_vars_ranges_and_comments(tmp_path: Path):
    path = tmp_path / "hosts"
    path.write_text("""# site inventory
[h100]
gpu-[01:03] ansible_user=ops   # three hosts
special ansible_host=10.0.0.9 ansible_port=2222 ansible_ssh_private_key_file=/keys/id

[h100:vars]
ansible_port=2200

[all:vars]
ansible_user=admin

[gpus:children]
h100
""")
    hosts = {h.name: h for h in load_inventory(path)}
    assert set(hosts) == {"gpu-01", "gpu-02", "gpu-03", "special"}
    assert (hosts["gpu-02"].group, hosts["gpu-02"].user, hosts["gpu-02"].port) == ("h100", "ops", 2200)
    assert (hosts["special"].address, hosts["special"].port, hosts["special"].user) == ("10.0.0.9", 2222, "admin")
    assert hosts["special"].key_file == "/keys/id"


def test_yaml_children_and_inherited_vars(tmp_path: Path):
    path = tmp_path / "hosts.yml"
    path.write_text("""all:
  vars: {ansible_user: root}
  children:
    h200:
      vars: {ansible_port: 2022}
      hosts:
        h200-[1:2]:
        h200-x: {ansible_host: 127.0.0.1}
""")
    hosts = {h.name: h for h in load_inventory(path)}
    assert set(hosts) == {"h200-1", "h200-2", "h200-x"}
    assert hosts["h200-1"].user == "root" and hosts["h200-1"].port == 2022 and hosts["h200-x"].address == "127.0.0.1"


@pytest.mark.parametrize(("name", "text", "message"), [
    ("empty", "", "empty inventory"),
    ("bad.yml", "all: [", "not YAML"),
    ("port", "[g]\nh ansible_port=ssh\n", "not a number"),
    ("header", "[g\nh\n", "section header"),
    ("nohosts.yml", "all:\n  vars: {a: 1}\n", "no hosts"),
])
def test_bad_inventories(tmp_path: Path, name, text, message):
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(InputError, match=message):
        load_inventory(path)


def test_range_expansion_keeps_zero_padding_and_refuses_huge_ranges():
    assert expand("n[08:10]") == ["n08", "n09", "n10"]
    with pytest.raises(InputError):
        expand("n[0:999999999]")


def test_daemonset_is_valid_yaml_with_narrow_privileges():
    import yaml

    from servecheck.fleet.manifests import kubernetes_daemonset

    doc = yaml.safe_load(kubernetes_daemonset("registry.example/servecheck:1"))
    pod = doc["spec"]["template"]["spec"]
    container = pod["containers"][0]
    assert doc["kind"] == "DaemonSet" and pod["automountServiceAccountToken"] is False
    assert container["securityContext"]["capabilities"] == {"drop": ["ALL"]}
    assert container["securityContext"]["readOnlyRootFilesystem"] is True
    assert "nvidia.com/gpu" not in container["resources"].get("limits", {})
    assert pod["nodeSelector"] == {"nvidia.com/gpu.present": "true"}


def test_html_escapes_node_names(demo_nodes):
    from servecheck.fleet.matrix import build_matrix
    from servecheck.fleet.models import Target
    from servecheck.fleet.render import html_page
    from servecheck.fleet.rollout import plan_rollout
    from servecheck.fleet.sources.kubefile import scan_payload

    demo_nodes["items"][0]["metadata"]["name"] = "<script>alert(1)</script>"
    scan = scan_payload(demo_nodes, "demo", "kube-nodes")
    plan = plan_rollout(scan, "r580", 2)
    page = html_page(build_matrix(scan, Target(cuda="13.0")), plan)
    assert plan.batches[0].steps[0].commands[0] == "kubectl label node '<script>alert(1)</script>' driver.config=r580 --overwrite"
    assert "<script>" not in page and "&lt;script&gt;" in page and 'id="rollout"' in page
