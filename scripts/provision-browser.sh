#!/usr/bin/env bash
# Debian's Chromium for the browser test of report.html (never a downloaded browser). Idempotent, root.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then echo "provision-browser: must run as root to install chromium" >&2; exit 1; fi
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium >/dev/null
/usr/bin/chromium --version
