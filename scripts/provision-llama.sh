#!/usr/bin/env bash
# Provision llama.cpp's llama-server and tiny generated models (Debian, as root, idempotent).
# Debian sid's llama.cpp-tools needs a newer C library than this machine's, so it lives in a
# minimal sid root made with debootstrap (scripts/debootstrap-root.sh); nothing is installed into
# the host but debootstrap.
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

tag=provision-llama
# shellcheck source=debootstrap-root.sh
. "$here/debootstrap-root.sh"

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

root_complete() {
  [ -x "$root$server" ] && [ -x "$root/usr/bin/python3" ] && root_has_packages "$root" "${packages[@]}"
}

root_complete || make_root sid "$root" "$cache" "${packages[@]}"

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

version="$(root_package_version "$root" llama.cpp-tools)"
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
