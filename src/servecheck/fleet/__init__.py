"""Stage: which nodes of a cluster can run an image or recipe, and a node-by-node driver rollout plan.

Facts come from the site's own engine (Kubernetes labels, capture bundles gathered by Slurm, a
DaemonSet or SSH); verdicts come from the compat engine (servecheck.knowledge.compat). Public API::

    scan = fleet.api.scan(kube_nodes="nodes.json")            # or kubernetes=True, bundles=[...], ssh=...
    matrix = build_matrix(scan, Target(cuda="13.0"))
    plan = plan_rollout(scan, "r580", max_unavailable=2)
"""
