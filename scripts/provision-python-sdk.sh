#!/usr/bin/env bash
# Debian's python3-docker (the Python `docker` SDK) for Debian's /usr/bin/python3: the third real
# client the suites drive, beside the docker CLI and dockerode. Idempotent, root.
set -euo pipefail
. "$(dirname "$0")/debian-package.sh"
install_package_once provision-python-sdk python3-docker
