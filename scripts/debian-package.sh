# Sourced by the provisioning scripts: install_package_once SCRIPT PACKAGE installs one Debian package
# (--no-install-recommends) unless it is installed already; SCRIPT names the caller in its messages.
# Root only when there is something to install.
install_package_once() {
  local script=$1 package=$2
  if dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then return 0; fi
  if [ "$(id -u)" != 0 ]; then echo "$script: must run as root to install $package" >&2; return 1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$package" >/dev/null
  echo "$script: $(dpkg-query -W -f='${Version}' "$package")"
}
