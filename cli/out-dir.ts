/** A moment as report directories name it: 20261127T041938Z. */
export const timestamp = (date: Date): string =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/** A target spec as a directory name takes it: `daemon:/usr/sbin/dockerd` → `daemon-dockerd`, `sim@26.1` → `sim-26.1`. */
export const targetSlug = (spec: string): string =>
  spec
    .replace(/^daemon:.*\/([^/]+)$/, 'daemon-$1')
    .replace(/[^A-Za-z0-9.-]+/g, '-')
    .replace(/^-|-$/g, '');
