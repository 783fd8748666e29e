#!/usr/bin/env bash
# Provision the real dockerd releases the suites run against (Debian, as root, idempotent).
#   20.10 : bookworm docker.io, installed system-wide (brings containerd and runc)
#   26.1  : trixie docker.io, only usr/sbin/dockerd extracted into the cache
#   28.5  : sid docker.io, likewise
#   29.7  : dockerd 29.7.2 built from the upstream tag (../shared/daemons, beside the project's root:
#           PROVENANCE.md there), unpacked into the cache by its install.sh, which checks the sha256.
#           It runs on bookworm's containerd 1.6 and runc 1.1 (docs/targets.md says why).
# The archive address is read from the machine's own apt configuration; nothing is hard-coded.
# Output: $CTR_DAEMON_CACHE/daemons.tsv with "<release>\t<path to dockerd>" lines.
set -euo pipefail

cache="${CTR_DAEMON_CACHE:-/var/cache/ctr-conformance/daemons}"
mkdir -p "$cache"

if [ "$(id -u)" != 0 ]; then
  echo "provision-daemons: must run as root (apt and dockerd need it)" >&2
  exit 1
fi

# shellcheck source=archive-uri.sh
. "$(dirname "$0")/archive-uri.sh"
# shellcheck source=install-no-services.sh
. "$(dirname "$0")/install-no-services.sh"

if ! command -v /usr/sbin/dockerd >/dev/null 2>&1 || ! command -v containerd >/dev/null 2>&1; then
  echo "provision-daemons: installing bookworm docker.io (dockerd 20.10, containerd, runc)"
  # The package's init scripts must not start a system dockerd (default bridge, firewall rules).
  install_no_services docker.io
fi

uri="$(archive_uri)"
if [ -z "$uri" ]; then
  echo "provision-daemons: no archive address found under /etc/apt/sources.list.d/" >&2
  exit 1
fi

fetch_dockerd() { # <suite> <release> <version-prefix>
  local suite="$1" release="$2" prefix="$3" dest="$cache/$2"
  if [ -x "$dest/dockerd" ] && "$dest/dockerd" --version 2>/dev/null | grep -q "version $prefix"; then
    return 0
  fi
  local work; work="$(mktemp -d)"
  trap 'rm -rf "$work"' RETURN
  mkdir -p "$work/lists/partial" "$work/cache/archives/partial" "$work/etc"
  printf 'Types: deb\nURIs: %s\nSuites: %s\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
    "$uri" "$suite" > "$work/etc/$suite.sources"
  local opts=(-o "Dir::Etc::SourceList=/dev/null" -o "Dir::Etc::SourceParts=$work/etc"
              -o "Dir::State::Lists=$work/lists" -o "Dir::Cache=$work/cache" -o "APT::Get::List-Cleanup=false" -o "APT::Sandbox::User=root")
  apt-get "${opts[@]}" update >/dev/null
  local version
  version="$(apt-cache "${opts[@]}" madison docker.io | awk -v s="$suite" '$0 ~ s {print $3; exit}')"
  if [ -z "$version" ]; then echo "provision-daemons: docker.io not found in $suite" >&2; return 1; fi
  (cd "$work" && apt-get "${opts[@]}" download "docker.io=$version" >/dev/null)
  dpkg -x "$work"/docker.io_*.deb "$work/root"
  mkdir -p "$dest"
  install -m 0755 "$work/root/usr/sbin/dockerd" "$dest/dockerd"
  echo "provision-daemons: $release <- $suite docker.io $version"
}

fetch_dockerd trixie 26.1 26.1
fetch_dockerd sid 28.5 28.5

shared_daemons="$(cd "$(dirname "$0")/../.." && pwd)/shared/daemons"
install_shared() { # <dir under shared/daemons> <release> <version-prefix>
  local dest="$cache/$2"
  if [ -x "$dest/dockerd" ] && "$dest/dockerd" --version 2>/dev/null | grep -q "version $3"; then
    return 0
  fi
  if [ ! -x "$shared_daemons/install.sh" ]; then
    echo "provision-daemons: no $shared_daemons/install.sh (the shared directory beside the project's root)" >&2
    return 1
  fi
  command -v xz >/dev/null || install_no_services xz-utils
  "$shared_daemons/install.sh" "$1" "$dest"
  echo "provision-daemons: $2 <- $shared_daemons/$1"
}
install_shared 29.x 29.7 29.7.2

# 29.7 is installed (run it with --target daemon:$cache/29.7/dockerd; scripts/record-transcripts.mjs
# records it; the tests of containerd's image store and Go's gzip use it) but not listed: its live
# agreement is not stable yet and CI's time is near its budget (docs/targets.md), so the agreement
# test replays its recording only.
{
  printf '20.10\t%s\n' /usr/sbin/dockerd
  printf '26.1\t%s\n' "$cache/26.1/dockerd"
  printf '28.5\t%s\n' "$cache/28.5/dockerd"
} > "$cache/daemons.tsv"

while IFS=$'\t' read -r release path; do
  printf 'provision-daemons: %-6s %s (%s)\n' "$release" "$path" "$("$path" --version)"
done < "$cache/daemons.tsv"
