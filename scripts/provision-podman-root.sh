#!/usr/bin/env bash
# Provision one Podman release that lives in a minimal Debian root of its own (Debian, as root,
# idempotent); called by scripts/provision-podman.sh once per release of its table. Usage:
#   provision-podman-root.sh RELEASE SUITE [EXPERIMENTAL-PACKAGE…]
# The release's podman needs a newer C library than this machine's, so it lives in a minimal root
# of SUITE made with debootstrap (scripts/debootstrap-root.sh); nothing is installed into the host
# but debootstrap. The packages named after the suite come from Debian experimental, pinned in the
# root (a sid root with experimental's podman); the rest from the suite. What the compat API
# service needs is installed in the root --no-install-recommends: conmon, runc, catatonit,
# containers-common and netavark (Podman 5 has no other network backend, and looks for it even
# when no container has a network). runc, not crun (podman's first choice): this machine's cgroups
# are hybrid (v1, and a v2 hierarchy holding hugetlb), which crun refuses ("cgroups in hybrid mode
# not supported"); podman takes runc when crun is not installed, as bookworm's 4.3 does here. No
# service is started (policy-rc.d in the root forbids it). The podman target runs it with chroot
# in private mount and network namespaces (suites/targets/podman/).
#
# Output: $CTR_PODMAN_ROOTS/podman-RELEASE/podman.tsv ("key<TAB>value[<TAB>value]" lines; paths
# inside the root): root <dir>; podman <path>; suite <suite>; experimental <package>…;
# release <series>; version <podman --version>; package <name> <version>.
# A second run checks that manifest and returns at once. A root an interrupted run left half-made
# (root.new) is removed and made again. The archive must carry the release: a suite that has moved
# on to another series is an error naming both, not a silent change of target.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
[ $# -ge 2 ] || { echo "usage: $0 RELEASE SUITE [EXPERIMENTAL-PACKAGE…]" >&2; exit 2; }
release="$1" suite="$2"
shift 2
experimental=("$@")
cache="${CTR_PODMAN_ROOTS:-/var/cache/ctr-conformance}/podman-$release"
root="$cache/root"
manifest="$cache/podman.tsv"
packages=(podman conmon runc catatonit golang-github-containers-common netavark)
podman=/usr/bin/podman

tag="provision-podman-root $release"
# shellcheck source=debootstrap-root.sh
. "$here/debootstrap-root.sh"

[ "$(id -u)" = 0 ] || die "must run as root (debootstrap and chroot need it)"

# The manifest is current when it names this root, suite and pins, a podman there of the release,
# and exactly the packages this script installs, each at the version the root's dpkg database has.
manifest_current() {
  [ -f "$manifest" ] || return 1
  local key a b want_root="" want_suite="" want_release="" have_podman=0 listed=() pinned=()
  while IFS=$'\t' read -r key a b; do
    case "$key" in
      root) want_root="$a" ;;
      suite) want_suite="$a" ;;
      release) want_release="$a" ;;
      experimental) pinned+=("$a") ;;
      podman) [ -x "$root$a" ] && have_podman=1 ;;
      package)
        [ "$(root_package_version "$root" "$a" 2>/dev/null)" = "$b" ] || return 1
        listed+=("$a")
        ;;
    esac
  done < "$manifest"
  [ "$want_root" = "$root" ] && [ "$want_suite" = "$suite" ] && [ "$want_release" = "$release" ] && [ "$have_podman" = 1 ] &&
    [ "${listed[*]}" = "${packages[*]}" ] && [ "${pinned[*]-}" = "${experimental[*]-}" ]
}

if manifest_current; then
  say "up to date ($manifest)"
  exit 0
fi

started=$(date +%s)
mkdir -p "$cache"
make_root "$suite" "$root" "$cache" --experimental="${experimental[*]-}" "${packages[@]}"

# The version it prints, run in the root (its C library; it reads /proc/self, which in_root mounts).
version="$(in_root "$root" "$podman" --version | awk '{print $3}')"
[ -n "$version" ] || die "podman in $root printed no version"
from="$suite"
[ ${#experimental[@]} = 0 ] || from="$suite, with ${experimental[*]} from experimental"
[ "${version%.*}" = "$release" ] || die "$from now carries podman $version, not $release: change the table of scripts/provision-podman.sh"
{
  printf 'root\t%s\n' "$root"
  printf 'podman\t%s\n' "$podman"
  printf 'suite\t%s\n' "$suite"
  for p in "${experimental[@]}"; do printf 'experimental\t%s\n' "$p"; done
  printf 'release\t%s\n' "$release"
  printf 'version\t%s\n' "$version"
  for p in "${packages[@]}"; do printf 'package\t%s\t%s\n' "$p" "$(root_package_version "$root" "$p")"; done
} > "$manifest.new"
mv "$manifest.new" "$manifest"

say "podman $version ($from) in $root, in $(($(date +%s) - started)) s"
sed "s/^/$tag:   /" "$manifest"
