#!/usr/bin/env bash
# Provision llama.cpp's llama-server and tiny generated models (Debian, as root, idempotent).
# Debian sid's llama.cpp-tools needs a newer C library than this machine's, so it lives in a
# minimal sid root made with debootstrap; nothing is installed into the host but debootstrap.
# The archive address is read from the machine's own apt configuration; nothing is hard-coded.
# No model is downloaded: scripts/make-tiny-gguf.py generates them inside the root.
#
# Output: $CTR_LLAMA_CACHE/llama.tsv ("key<TAB>value[<TAB>sha256]" lines; paths inside the root):
#   root <dir>; server <path>; package <version>; build <llama-server --version>;
#   generator <sha256 of make-tiny-gguf.py>; model chat|embeddings <path> <sha256>
# A second run checks that manifest and returns at once. A root an interrupted run left half-made
# (root.new) is removed and made again; every mount this script needs lives in a private mount
# namespace and vanishes with the process that made it.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
cache="${CTR_LLAMA_CACHE:-/var/cache/ctr-conformance/llama}"
root="$cache/root"
manifest="$cache/llama.tsv"
generator="$here/make-tiny-gguf.py"
packages=(llama.cpp-tools python3-gguf python3-numpy)
server=/usr/bin/llama-server
models_dir=/models
chat_model="$models_dir/tiny-llama-chat.gguf"
embed_model="$models_dir/tiny-llama-embed.gguf"

say() { echo "provision-llama: $*"; }
die() { echo "provision-llama: $*" >&2; exit 1; }

if [ "$(id -u)" != 0 ]; then
  die "must run as root (debootstrap and chroot need it)"
fi

sha() { sha256sum "$1" | awk '{print $1}'; }

# The manifest is current when every file it names is there with the hash it records, and the
# models were made by the generator as it is now.
manifest_current() {
  [ -f "$manifest" ] || return 1
  local key a b c want_root="" have_server=0 chat=0 embed=0 gen=""
  while IFS=$'\t' read -r key a b c; do
    case "$key" in
      root) want_root="$a" ;;
      server) [ -x "$root$a" ] && have_server=1 ;;
      generator) gen="$a" ;;
      model)
        [ -f "$root$b" ] && [ "$(sha "$root$b")" = "$c" ] || return 1
        case "$a" in chat) chat=1 ;; embeddings) embed=1 ;; esac
        ;;
    esac
  done < "$manifest"
  [ "$want_root" = "$root" ] && [ "$have_server" = 1 ] && [ "$chat" = 1 ] && [ "$embed" = 1 ] && [ "$gen" = "$(sha "$generator")" ]
}

if manifest_current; then
  say "up to date ($manifest)"
  exit 0
fi

started=$(date +%s)
mkdir -p "$cache"

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

make_root() {
  local new="$cache/root.new"
  remove_tree "$new"
  if ! command -v debootstrap >/dev/null 2>&1; then
    say "installing debootstrap"
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends debootstrap >/dev/null
  fi
  # shellcheck source=archive-uri.sh
  . "$here/archive-uri.sh"
  local uri; uri="$(archive_uri)"
  [ -n "$uri" ] || die "no archive address found under /etc/apt/sources.list.d/"
  say "debootstrap --variant=minbase sid (from the configured archive)"
  # debootstrap mounts /proc and /sys in the target itself: in a private namespace, an interrupted
  # run leaves none of them behind.
  local log="$cache/debootstrap.log"
  if ! unshare --mount --propagation private -- debootstrap --variant=minbase sid "$new" "$uri" >"$log" 2>&1; then
    tail -n 20 "$log" >&2
    die "debootstrap failed (log: $log)"
  fi
  # No service may start inside the root while packages are installed.
  printf '#!/bin/sh\nexit 101\n' > "$new/usr/sbin/policy-rc.d"
  chmod +x "$new/usr/sbin/policy-rc.d"
  say "installing ${packages[*]} in the root"
  log="$cache/apt.log"
  if ! in_root "$new" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${packages[@]}" >"$log" 2>&1; then
    tail -n 20 "$log" >&2
    die "apt-get install in the root failed (log: $log)"
  fi
  in_root "$new" apt-get clean
  remove_tree "$root"
  mv "$new" "$root"
}

root_complete() {
  [ -x "$root$server" ] && [ -x "$root/usr/bin/python3" ] &&
    for p in "${packages[@]}"; do
      dpkg-query --admindir="$root/var/lib/dpkg" -W -f='${Status}\n' "$p" 2>/dev/null | grep -q 'install ok installed' || return 1
    done
}

root_complete || make_root

# The models: generated into a fresh directory, swapped in once both are written.
say "generating the models"
remove_tree "$root$models_dir.new"
mkdir -p "$root$models_dir.new" "$root/opt/ctr-conformance"
install -m 0644 "$generator" "$root/opt/ctr-conformance/make-tiny-gguf.py"
in_root "$root" /usr/bin/python3 /opt/ctr-conformance/make-tiny-gguf.py --out "$models_dir.new"
chmod 0755 "$root$models_dir.new"
chmod 0644 "$root$models_dir.new"/*.gguf
remove_tree "$root$models_dir"
mv "$root$models_dir.new" "$root$models_dir"

version="$(dpkg-query --admindir="$root/var/lib/dpkg" -W -f='${Version}' llama.cpp-tools)"
build="$(in_root "$root" "$server" --version 2>&1 | grep -m1 '^version' || true)"
{
  printf 'root\t%s\n' "$root"
  printf 'server\t%s\n' "$server"
  printf 'package\t%s\n' "$version"
  printf 'build\t%s\n' "$build"
  printf 'generator\t%s\n' "$(sha "$generator")"
  printf 'model\tchat\t%s\t%s\n' "$chat_model" "$(sha "$root$chat_model")"
  printf 'model\tembeddings\t%s\t%s\n' "$embed_model" "$(sha "$root$embed_model")"
} > "$manifest.new"
mv "$manifest.new" "$manifest"

say "llama.cpp-tools $version ($build) in $root, in $(($(date +%s) - started)) s"
sed 's/^/provision-llama:   /' "$manifest"
