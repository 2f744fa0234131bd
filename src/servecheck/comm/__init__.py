"""Stage comm: prove cross-node communication (nccl-tests all_reduce / alltoall) on its own.

Reads nccl-tests output as people have it (plain, Open MPI ``--tag-output``, ``srun -l``,
``kubectl logs``) with the NCCL INFO lines beside it, judges each test against what the
topology should give (expectations are data with sources), and runs the tests through a
site's launcher. The runbook's step 7 and checklist item 10 read its result.
"""
