#!/usr/bin/env bash
# Everything the full test run needs beyond npm: the host's packages (scripts/provision-host.sh: the
# real dockerd releases, Debian's Chromium, busybox, python3-docker, debootstrap), then the Debian
# roots (scripts/provision-roots.sh: Podman at every release Debian carries, llama.cpp's
# llama-server). CI (.ci/run) runs the two itself, the roots beside npm ci, the build and the lint.
set -euo pipefail
here="$(dirname "$0")"
"$here/provision-host.sh"
"$here/provision-roots.sh"
