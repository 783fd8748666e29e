#!/usr/bin/env bash
# Provision Podman, a second real implementation of the Engine API (Debian, as root, idempotent).
#   4.3 : bookworm podman, installed system-wide from the archive apt already names (brings conmon,
#         containernetworking-plugins, containers-common; runc comes with docker.io). Recommends
#         (netavark, slirp4netns, fuse-overlayfs, uidmap, buildah) are left out: the podman target
#         runs rootful with vfs storage and no network beyond loopback.
#   5.x : trixie podman, in a minimal trixie root of its own (scripts/provision-podman5.sh, which
#         keeps it in /var/cache/ctr-conformance/podman5).
# No service is started: policy-rc.d forbids it during the install (the package ships
# podman.socket / podman-restart.service units). The install writes /etc/containers/ (defaults
# only); the target never reads it, it points CONTAINERS_CONF / CONTAINERS_STORAGE_CONF at private
# files. Output: $CTR_DAEMON_CACHE/podman.tsv with "<release>\t<path to podman>[\t<root>]" lines: the
# root, where there is one, is the directory the target runs that podman in with chroot (its path
# is the host's, under the root); the first line is the release `podman` alone names.
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
echo "provision-podman: ${version%.*} /usr/bin/podman (podman $version)"

export CTR_PODMAN5_CACHE="${CTR_PODMAN5_CACHE:-/var/cache/ctr-conformance/podman5}"
"$(dirname "$0")/provision-podman5.sh"
manifest5="$CTR_PODMAN5_CACHE/podman5.tsv"
root5="$(awk -F'\t' '$1 == "root" {print $2}' "$manifest5")"
path5="$(awk -F'\t' '$1 == "podman" {print $2}' "$manifest5")"
release5="$(awk -F'\t' '$1 == "release" {print $2}' "$manifest5")"
{
  printf '%s\t%s\n' "${version%.*}" /usr/bin/podman
  printf '%s\t%s\t%s\n' "$release5" "$root5$path5" "$root5"
} > "$cache/podman.tsv.new"
mv "$cache/podman.tsv.new" "$cache/podman.tsv"
echo "provision-podman: $release5 $root5$path5 (in the root $root5)"
