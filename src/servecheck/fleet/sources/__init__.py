"""Where node facts come from: the Kubernetes API, a saved node list, capture bundles (gathered by
the site's own engine, or over SSH by servecheck), and Slurm's node records."""
