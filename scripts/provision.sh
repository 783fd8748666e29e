#!/usr/bin/env bash
# Everything the full test run needs beyond npm: the real dockerd releases, Podman at every release
# Debian carries (all but bookworm's each in a Debian root), Debian's Chromium, busybox and python3-docker, and llama.cpp's
# llama-server with tiny generated models (in a Debian sid root).
set -euo pipefail
here="$(dirname "$0")"
"$here/provision-daemons.sh"
"$here/provision-podman.sh"
"$here/provision-browser.sh"
"$here/provision-busybox.sh"
"$here/provision-python-sdk.sh"
"$here/provision-llama.sh"
