# Sourced by the provisioning scripts: archive_uri prints the Debian archive address this machine's
# own apt configuration names (deb822 files under /etc/apt/sources.list.d/ first, then one-line
# lists), security archives left out. No host name is ever written into the repository.
archive_uri() {
  local f
  {
    for f in /etc/apt/sources.list.d/*.sources; do
      [ -f "$f" ] || continue
      awk '/^URIs:/ {print $2}' "$f"
    done
    # One-line format, as a fallback: "deb [options] URI suite components".
    cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null | awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) { print $i; break } }'
  } | grep -v -- '-security' | head -n 1 || true
}
