#!/usr/bin/env bash
# Provision Podman, a second real implementation of the Engine API (Debian, as root, idempotent).
#   4.3 : bookworm podman, installed system-wide from the archive apt already names (brings conmon,
#         containernetworking-plugins, containers-common; runc comes with docker.io). Recommends
#         (netavark, slirp4netns, fuse-overlayfs, uidmap, buildah) are left out: the podman target
#         runs rootful with vfs storage and no network beyond loopback.
# No service is started: policy-rc.d forbids it during the install (the package ships
# podman.socket / podman-restart.service units). The install writes /etc/containers/ (defaults
# only); the target never reads it, it points CONTAINERS_CONF / CONTAINERS_STORAGE_CONF at private
# files. Output: $CTR_DAEMON_CACHE/podman.tsv with "<release>\t<path to podman>" lines.
set -euo pipefail

cache="${CTR_DAEMON_CACHE:-/var/cache/ctr-conformance/daemons}"
mkdir -p "$cache"

installed() { dpkg-query -W -f='${Status}' podman 2>/dev/null | grep -q 'install ok installed'; }

if ! installed; then
  if [ "$(id -u)" != 0 ]; then
    echo "provision-podman: must run as root to install podman" >&2
    exit 1
  fi
  echo "provision-podman: installing bookworm podman"
  # shellcheck source=install-no-services.sh
  . "$(dirname "$0")/install-no-services.sh"
  install_no_services podman
fi

version="$(/usr/bin/podman --version | awk '{print $3}')"
printf '%s\t%s\n' "${version%.*}" /usr/bin/podman > "$cache/podman.tsv"
echo "provision-podman: ${version%.*} /usr/bin/podman (podman $version)"
