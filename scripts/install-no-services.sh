# Sourced by the provisioning scripts: install_no_services PACKAGE… installs Debian packages
# (--no-install-recommends) while policy-rc.d answers 101, which forbids every service start their
# maintainer scripts attempt (a system dockerd with its bridge and firewall rules, podman.socket).
# An existing policy-rc.d is put back afterwards.
install_no_services() {
  local policy=/usr/sbin/policy-rc.d had_policy=0 status=0
  if [ -e "$policy" ]; then had_policy=1; cp -p "$policy" "$policy.ctr-conformance"; fi
  printf '#!/bin/sh\nexit 101\n' > "$policy"
  chmod +x "$policy"
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$@" >/dev/null || status=$?
  if [ "$had_policy" = 1 ]; then mv "$policy.ctr-conformance" "$policy"; else rm -f "$policy"; fi
  return "$status"
}
