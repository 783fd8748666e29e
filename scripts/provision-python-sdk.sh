#!/usr/bin/env bash
# Debian's python3-docker (the Python `docker` SDK) for Debian's /usr/bin/python3: the third real
# client the suites drive, beside the docker CLI and dockerode. Idempotent, root.
set -euo pipefail
if dpkg-query -W -f='${Status}' python3-docker 2>/dev/null | grep -q 'install ok installed'; then exit 0; fi
if [ "$(id -u)" != 0 ]; then echo "provision-python-sdk: must run as root to install python3-docker" >&2; exit 1; fi
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends python3-docker >/dev/null
echo "provision-python-sdk: $(dpkg-query -W -f='${Version}' python3-docker)"
