#!/usr/bin/env bash
# Provision Podman, a second real implementation of the Engine API (Debian, as root, idempotent).
#   4.3 : bookworm podman, installed system-wide from the archive apt already names (brings conmon,
#         containernetworking-plugins, containers-common; runc comes with docker.io). Recommends
#         (netavark, slirp4netns, fuse-overlayfs, uidmap, buildah) are left out: the podman target
#         runs rootful with vfs storage and no network beyond loopback.
#   the releases of the table below: each in a minimal Debian root of its own, of the suite the
#         table names, with the packages it names taken from experimental
#         (scripts/provision-podman-root.sh, which keeps each in
#         /var/cache/ctr-conformance/podman-<release>).
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

# The releases kept in a root: release, Debian suite, packages pinned to Debian experimental.
roots=(
  "5.4 trixie"
  "5.8 sid"
  "6.1 sid podman"
)
export CTR_PODMAN_ROOTS="${CTR_PODMAN_ROOTS:-/var/cache/ctr-conformance}"
lines=("$(printf '%s\t%s' "${version%.*}" /usr/bin/podman)")
# The roots are made side by side (each has its own dpkg database; debootstrap is installed first).
# shellcheck source=debian-package.sh
. "$(dirname "$0")/debian-package.sh"
install_package_once provision-podman debootstrap
pids=()
for entry in "${roots[@]}"; do
  # shellcheck disable=SC2086 # release, suite and package names
  "$(dirname "$0")/provision-podman-root.sh" $entry & pids+=($!)
done
failed=0
for i in "${!pids[@]}"; do
  wait "${pids[$i]}" || { echo "provision-podman: the root of ${roots[$i]%% *} failed" >&2; failed=1; }
done
[ "$failed" = 0 ] || exit 1
for entry in "${roots[@]}"; do
  manifest="$CTR_PODMAN_ROOTS/podman-${entry%% *}/podman.tsv"
  root="$(awk -F'\t' '$1 == "root" {print $2}' "$manifest")"
  path="$(awk -F'\t' '$1 == "podman" {print $2}' "$manifest")"
  release="$(awk -F'\t' '$1 == "release" {print $2}' "$manifest")"
  lines+=("$(printf '%s\t%s\t%s' "$release" "$root$path" "$root")")
  echo "provision-podman: $release $root$path (in the root $root)"
done
printf '%s\n' "${lines[@]}" > "$cache/podman.tsv.new"
mv "$cache/podman.tsv.new" "$cache/podman.tsv"
