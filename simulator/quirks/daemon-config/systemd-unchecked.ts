/**
 * Observed quirk (observed.config.cgroup.systemd-unavailable): 20.10.24, 26.1.5 and 28.5.2 start with
 * `native.cgroupdriver=systemd` on a host that does not run systemd.
 */
export const systemdUnchecked = (quirks: ReadonlySet<string>): boolean => quirks.has('observed.config.cgroup.systemd-unavailable');
