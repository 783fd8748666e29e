#!/usr/bin/env bash
# Debian's busybox-static: the one static binary the suites wrap into a tiny image for real
# daemons (POST /images/create?fromSrc=-). Nothing is pulled from a registry. Idempotent, root.
set -euo pipefail
if dpkg-query -W -f='${Status}' busybox-static 2>/dev/null | grep -q 'install ok installed'; then exit 0; fi
if [ "$(id -u)" != 0 ]; then echo "provision-busybox: must run as root to install busybox-static" >&2; exit 1; fi
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends busybox-static >/dev/null
echo "provision-busybox: $(dpkg-query -W -f='${Version}' busybox-static)"
