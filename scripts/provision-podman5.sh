#!/usr/bin/env bash
# Provision Podman 5.x, the second Podman release (Debian, as root, idempotent); called by
# scripts/provision-podman.sh. trixie's podman needs a newer C library than this machine's, so it
# lives in a minimal trixie root made with debootstrap (scripts/debootstrap-root.sh); nothing is
# installed into the host but debootstrap. What its compat API service needs is installed in the
# root --no-install-recommends: conmon, runc, catatonit, containers-common and netavark (Podman 5
# has no other network backend, and looks for it even when no container has a network). runc, not
# crun (podman's first choice): this machine's cgroups are hybrid (v1, and a v2 hierarchy holding
# hugetlb), which crun refuses ("cgroups in hybrid mode not supported"); podman takes runc when
# crun is not installed, as bookworm's 4.3 does here. No
# service is started (policy-rc.d in the root forbids it). The podman target runs it with chroot
# in private mount and network namespaces (suites/targets/podman/).
#
# Output: $CTR_PODMAN5_CACHE/podman5.tsv ("key<TAB>value[<TAB>value]" lines; paths inside the root):
#   root <dir>; podman <path>; release <series>; version <podman --version>; package <name> <version>
# A second run checks that manifest and returns at once. A root an interrupted run left half-made
# (root.new) is removed and made again.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
cache="${CTR_PODMAN5_CACHE:-/var/cache/ctr-conformance/podman5}"
root="$cache/root"
manifest="$cache/podman5.tsv"
suite=trixie
packages=(podman conmon runc catatonit golang-github-containers-common netavark)
podman=/usr/bin/podman

tag=provision-podman5
# shellcheck source=debootstrap-root.sh
. "$here/debootstrap-root.sh"

[ "$(id -u)" = 0 ] || die "must run as root (debootstrap and chroot need it)"

# The manifest is current when it names this root, a podman there, and exactly the packages this
# script installs, each at the version the root's dpkg database has.
manifest_current() {
  [ -f "$manifest" ] || return 1
  local key a b want_root="" have_podman=0 listed=()
  while IFS=$'\t' read -r key a b; do
    case "$key" in
      root) want_root="$a" ;;
      podman) [ -x "$root$a" ] && have_podman=1 ;;
      package)
        [ "$(root_package_version "$root" "$a" 2>/dev/null)" = "$b" ] || return 1
        listed+=("$a")
        ;;
    esac
  done < "$manifest"
  [ "$want_root" = "$root" ] && [ "$have_podman" = 1 ] && [ "${listed[*]}" = "${packages[*]}" ]
}

if manifest_current; then
  say "up to date ($manifest)"
  exit 0
fi

started=$(date +%s)
mkdir -p "$cache"
if ! { [ -x "$root$podman" ] && root_has_packages "$root" "${packages[@]}"; }; then
  make_root "$suite" "$root" "$cache" "${packages[@]}"
fi

# The version it prints, run in the root (its C library; it reads /proc/self, which in_root mounts).
version="$(in_root "$root" "$podman" --version | awk '{print $3}')"
[ -n "$version" ] || die "podman in $root printed no version"
{
  printf 'root\t%s\n' "$root"
  printf 'podman\t%s\n' "$podman"
  printf 'release\t%s\n' "${version%.*}"
  printf 'version\t%s\n' "$version"
  for p in "${packages[@]}"; do printf 'package\t%s\t%s\n' "$p" "$(root_package_version "$root" "$p")"; done
} > "$manifest.new"
mv "$manifest.new" "$manifest"

say "podman $version ($suite) in $root, in $(($(date +%s) - started)) s"
sed "s/^/$tag:   /" "$manifest"
