#!/bin/sh
# System packages the fleet tests start for real on 127.0.0.1: OpenSSH server (fleet scan --ssh),
# Slurm controller + node daemon + munge (srun on loopback). Installed only when running as root
# with apt-get and something is missing; otherwise those tests skip and print why.
missing=""
for exe in sshd:openssh-server ssh-keygen:openssh-client slurmctld:slurmctld slurmd:slurmd srun:slurm-client munged:munge; do
  command -v "${exe%%:*}" >/dev/null 2>&1 || [ -x "/usr/sbin/${exe%%:*}" ] || missing="$missing ${exe#*:}"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "note: fleet tests for real SSH/Slurm will be skipped (missing:$missing; install as root with apt-get)"
  exit 0
fi
echo "installing for the fleet tests:$missing"
apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing >/dev/null \
  || echo "note: could not install$missing; those fleet tests will be skipped"
