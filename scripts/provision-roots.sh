#!/usr/bin/env bash
# The Debian roots, each with a dpkg database of its own and mostly waiting on the archive, made side
# by side: Podman at every release Debian carries but bookworm's, and llama.cpp's llama-server with
# tiny generated models. Needs debootstrap (scripts/provision-host.sh). On a fresh machine this
# takes the time of the slowest root rather than of all four.
set -uo pipefail
here="$(dirname "$0")"
"$here/provision-podman.sh" & podman=$!
"$here/provision-llama.sh" & llama=$!
status=0
wait "$podman" || { echo "provision: scripts/provision-podman.sh failed" >&2; status=1; }
wait "$llama" || { echo "provision: scripts/provision-llama.sh failed" >&2; status=1; }
exit "$status"
