/**
 * observed.config.cgroup.systemd-unavailable: `native.cgroupdriver=systemd` on a host without
 * systemd starts (and /info says `systemd`) instead of failing; 20.10.24, 26.1.5, 28.5.2 (--validate
 * says "configuration OK" as it does without the quirk). Carried by daemon-config/start-checks.ts.
 */
export const SYSTEMD_CGROUP_ACCEPTED = 'observed.config.cgroup.systemd-unavailable';

/** Whether the start check that refuses the systemd driver on a host without systemd is skipped. */
export const systemdDriverAccepted = (quirks: ReadonlySet<string>): boolean => quirks.has(SYSTEMD_CGROUP_ACCEPTED);
