#!/usr/bin/env bash
# Everything the full test run needs beyond npm: the real dockerd releases and Debian's Chromium.
set -euo pipefail
here="$(dirname "$0")"
"$here/provision-daemons.sh"
"$here/provision-browser.sh"
"$here/provision-busybox.sh"
