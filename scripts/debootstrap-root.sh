# Sourced by the provisioning scripts that keep a program in a minimal Debian root made with
# debootstrap (scripts/provision-llama.sh, scripts/provision-podman-root.sh). The caller sets `tag`
# (its name, for messages) before sourcing. The archive address is read from the machine's own apt
# configuration (archive-uri.sh); nothing is hard-coded. Every mount these functions make lives in
# a private mount namespace and vanishes with the process that made it.

# shellcheck source=archive-uri.sh
. "$(dirname "${BASH_SOURCE[0]}")/archive-uri.sh"

say() { echo "$tag: $*"; }
die() { echo "$tag: $*" >&2; exit 1; }

# Mount points at or below a directory, from this process's mount table (field 5 of mountinfo).
mounts_below() {
  awk -v d="$1" '{ p = $5; gsub(/\\040/, " ", p); if (p == d || index(p, d "/") == 1) print p }' /proc/self/mountinfo | sort -r
}

# Removes a directory tree, first detaching anything mounted in it (a run of an older script, or a
# hand-made mount): rm must never walk into the host's /proc or /dev through a bind mount.
remove_tree() {
  local dir="$1" point
  [ -e "$dir" ] || return 0
  while read -r point; do
    [ -n "$point" ] || continue
    say "detaching $point"
    umount -l "$point"
  done < <(mounts_below "$dir")
  [ -z "$(mounts_below "$dir")" ] || die "$dir still has mounts; not removing it"
  rm -rf --one-file-system "$dir"
}

# Runs a command in a private mount namespace with /proc mounted in the root: the mount is gone
# when the command ends, however it ends.
in_root() {
  local dir="$1"; shift
  unshare --mount --propagation private -- /bin/sh -c 'mount -t proc proc "$1/proc" && shift && exec chroot "$@"' sh "$dir" "$dir" "$@"
}

# Whether every package is installed in the root, by its own dpkg database.
root_has_packages() {
  local dir="$1" p; shift
  for p in "$@"; do
    dpkg-query --admindir="$dir/var/lib/dpkg" -W -f='${Status}\n' "$p" 2>/dev/null | grep -q 'install ok installed' || return 1
  done
}

# The version of a package installed in the root.
root_package_version() { dpkg-query --admindir="$1/var/lib/dpkg" -W -f='${Version}' "$2"; }

# Adds Debian experimental to a root's apt sources, from the address its own sources.list names,
# and pins the packages to it (experimental is NotAutomatic: nothing else is taken from there).
pin_experimental() {
  local dir="$1" uri; shift
  uri="$(awk '$1 == "deb" {print $2; exit}' "$dir/etc/apt/sources.list")"
  [ -n "$uri" ] || die "no archive address in $dir/etc/apt/sources.list"
  printf 'deb %s experimental main\n' "$uri" > "$dir/etc/apt/sources.list.d/experimental.list"
  printf 'Package: %s\nPin: release a=experimental\nPin-Priority: 990\n' "$*" > "$dir/etc/apt/preferences.d/experimental"
}

# make_root SUITE DIR LOGDIR [--experimental="PACKAGE…"] PACKAGE…: a minimal root of the suite at
# DIR with the packages installed --no-install-recommends and no service started, those named in
# --experimental taken from Debian experimental. It is made in DIR.new (which an interrupted run
# may have left: it is removed first) and swapped in whole once complete.
make_root() {
  local suite="$1" dir="$2" logs="$3"; shift 3
  local new="$dir.new" experimental=""
  case "${1-}" in --experimental=*) experimental="${1#--experimental=}"; shift ;; esac
  remove_tree "$new"
  mkdir -p "$logs"
  if ! command -v debootstrap >/dev/null 2>&1; then
    say "installing debootstrap"
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends debootstrap >/dev/null
  fi
  local uri; uri="$(archive_uri)"
  [ -n "$uri" ] || die "no archive address found under /etc/apt/sources.list.d/"
  say "debootstrap --variant=minbase $suite (from the configured archive)"
  # debootstrap mounts /proc and /sys in the target itself: in a private namespace, an interrupted
  # run leaves none of them behind.
  local log="$logs/debootstrap.log"
  if ! unshare --mount --propagation private -- debootstrap --variant=minbase "$suite" "$new" "$uri" >"$log" 2>&1; then
    tail -n 20 "$log" >&2
    die "debootstrap failed (log: $log)"
  fi
  # No service may start inside the root while packages are installed.
  printf '#!/bin/sh\nexit 101\n' > "$new/usr/sbin/policy-rc.d"
  chmod +x "$new/usr/sbin/policy-rc.d"
  if [ -n "$experimental" ]; then
    say "pinning $experimental to experimental"
    # shellcheck disable=SC2086 # a list of package names
    pin_experimental "$new" $experimental
    # The machine's own word on stale Release files (an archive snapshot older than its clock).
    local valid; valid="$(apt-config dump Acquire::Check-Valid-Until --format '%v%n')"
    if ! in_root "$new" apt-get -o "Acquire::Check-Valid-Until=${valid:-true}" update >"$logs/apt-update.log" 2>&1; then
      tail -n 20 "$logs/apt-update.log" >&2
      die "apt-get update in the root failed (log: $logs/apt-update.log)"
    fi
  fi
  say "installing $* in the root"
  log="$logs/apt.log"
  if ! in_root "$new" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$@" >"$log" 2>&1; then
    tail -n 20 "$log" >&2
    die "apt-get install in the root failed (log: $log)"
  fi
  in_root "$new" apt-get clean
  remove_tree "$dir"
  mv "$new" "$dir"
}
