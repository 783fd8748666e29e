#!/usr/bin/env bash
# Debian's busybox-static: the one static binary the suites wrap into a tiny image for real
# daemons (POST /images/create?fromSrc=-). Nothing is pulled from a registry. Idempotent, root.
set -euo pipefail
. "$(dirname "$0")/debian-package.sh"
install_package_once provision-busybox busybox-static
