#!/bin/sh
# Programs outside Python that some tests drive for real. Each test that needs one skips, saying
# why, when it is missing; run as root (CI, containers) this installs what is missing.
#   mpirun (Debian openmpi-bin): `servecheck comm run --launcher mpirun` on loopback (tests/comm).
# Never fails `make test`: a missing program means skipped tests, not a broken suite.
set -u

install_debian() {  # $1 = package, $2 = what it is for
    if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
        echo "test-deps: $1 missing and not root (or no apt-get): its tests will be skipped ($2)"
        return 0
    fi
    echo "test-deps: installing $1 ($2)"
    if [ -z "${TEST_DEPS_APT_UPDATED:-}" ]; then
        apt-get update -qq >/dev/null 2>&1
        TEST_DEPS_APT_UPDATED=1
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$1" >/dev/null 2>&1 \
        || echo "test-deps: $1 could not be installed: its tests will be skipped"
}

command -v mpirun >/dev/null 2>&1 || install_debian openmpi-bin "mpirun for the comm launcher tests"
exit 0
