#!/usr/bin/env bash
# What goes into the host, through its one dpkg database, one after another: the real dockerd
# releases, Debian's Chromium, busybox, python3-docker, and debootstrap for the Debian roots
# (scripts/provision-roots.sh).
set -euo pipefail
here="$(dirname "$0")"
"$here/provision-daemons.sh"
"$here/provision-browser.sh"
"$here/provision-busybox.sh"
"$here/provision-python-sdk.sh"
# shellcheck source=debian-package.sh
. "$here/debian-package.sh"
install_package_once provision debootstrap
