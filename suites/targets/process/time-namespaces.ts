import { findRelease } from '../../../specs/versions.js';
import type { StartRequest } from '../types.js';
import { PROBE_MS, probeOutput } from './safety.js';

/**
 * dockerd 29.7 puts a time namespace in every container's spec when the kernel has them, and this
 * machine's runc (Debian bookworm's 1.1) does not know them: every container start then fails
 * (`runc create failed: namespace {"time" ""} does not exist`). Such a daemon starts with the
 * feature off. 29.7.2 is the first release observed doing it (docs/targets.md says why it runs on
 * bookworm's containerd and runc rather than in a root of its own with newer ones).
 */
const FIRST_RELEASE_WITH_TIME_NAMESPACES = [29, 7] as const;
const TIME_NAMESPACES = 'time-namespaces';

/** Whether the binary's `--version` names a release that adds a time namespace to each container. */
export async function addsTimeNamespaces(command: readonly string[], probeMs = PROBE_MS): Promise<boolean> {
  const release = findRelease(/version (\d+\.\d+\.\d+)/.exec(await probeOutput(command, '--version', probeMs))?.[1]);
  if (release === undefined) return false;
  const [major, minor] = release.release.split('.').map(Number) as [number, number];
  const [fromMajor, fromMinor] = FIRST_RELEASE_WITH_TIME_NAMESPACES;
  return major > fromMajor || (major === fromMajor && minor >= fromMinor);
}

/**
 * The start with time namespaces off where it is the target's own: a start asked with no request
 * at all (the daemon a run's suites share, on which they run containers, and the tests' own) gets
 * `{"features":{"time-namespaces":false}}` as its configuration file. A start asked with a request
 * is the cell's, left as it wrote it: its checks run no container, and the setting would show in
 * what they read back (the "Reloaded configuration" line of a reload model, a flag colliding with
 * a file's features).
 */
export function withTimeNamespacesOff(request: StartRequest | undefined): StartRequest {
  return request ?? { config: { features: { [TIME_NAMESPACES]: false } } };
}
