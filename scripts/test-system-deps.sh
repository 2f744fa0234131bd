#!/bin/sh
# System packages the tests use for real on 127.0.0.1 (Chromium renders the HTML report headless): OpenSSH server (fleet scan
# --ssh), Slurm controller + node daemon + munge (srun on loopback), Open MPI's mpirun (comm run
# --launcher mpirun with a fake all_reduce_perf on 2 ranks). Installed only when running as root
# with apt-get and something is missing; otherwise those tests skip and print why.
missing=""
for exe in sshd:openssh-server ssh-keygen:openssh-client slurmctld:slurmctld slurmd:slurmd srun:slurm-client munged:munge mpirun:openmpi-bin chromium:chromium; do
  command -v "${exe%%:*}" >/dev/null 2>&1 || [ -x "/usr/sbin/${exe%%:*}" ] || missing="$missing ${exe#*:}"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "note: tests for real SSH/Slurm/mpirun/Chromium will be skipped (missing:$missing; install as root with apt-get)"
  exit 0
fi
echo "installing for the tests:$missing"
apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing >/dev/null \
  || echo "note: could not install$missing; those tests will be skipped"
