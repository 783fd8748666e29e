#!/usr/bin/env bash
# Everything the full test run needs beyond npm: the real dockerd releases, Podman at every release
# Debian carries (all but bookworm's each in a Debian root), Debian's Chromium, busybox and python3-docker, and llama.cpp's
# llama-server with tiny generated models (in a Debian sid root).
# What goes into the host (through its one dpkg database) is installed one after another, debootstrap
# among it; the Debian roots, each with a dpkg database of its own and mostly waiting on the archive,
# are then made side by side (Podman's and llama.cpp's), which on a fresh machine takes the time of
# the slowest root rather than of all four.
set -euo pipefail
here="$(dirname "$0")"
"$here/provision-daemons.sh"
"$here/provision-browser.sh"
"$here/provision-busybox.sh"
"$here/provision-python-sdk.sh"
# shellcheck source=debian-package.sh
. "$here/debian-package.sh"
install_package_once provision debootstrap

"$here/provision-podman.sh" & podman=$!
"$here/provision-llama.sh" & llama=$!
status=0
wait "$podman" || { echo "provision: scripts/provision-podman.sh failed" >&2; status=1; }
wait "$llama" || { echo "provision: scripts/provision-llama.sh failed" >&2; status=1; }
exit "$status"
