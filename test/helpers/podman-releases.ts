import { fileURLToPath } from 'node:url';

/** A Podman release scripts/provision-podman.sh provisions, and what it was observed to claim. */
export interface PodmanRelease {
  readonly release: string;
  /** In a minimal Debian root of its own (scripts/provision-podman-root.sh), or on the machine itself. */
  readonly inRoot: boolean;
  /** The API range its GET /version claims (MinAPIVersion, ApiVersion). */
  readonly claims: { readonly min: string; readonly max: string };
  /** The dockerd release whose newest API that is: what it is judged as. */
  readonly judgedAs: string;
}

/** Every Podman release Debian carries, in the order of podman.tsv (the first is what `podman` alone names). */
export const PODMAN_RELEASES: readonly PodmanRelease[] = [
  { release: '4.3', inRoot: false, claims: { min: '1.24', max: '1.41' }, judgedAs: '20.10' },
  { release: '5.4', inRoot: true, claims: { min: '1.24', max: '1.41' }, judgedAs: '20.10' },
  { release: '5.8', inRoot: true, claims: { min: '1.24', max: '1.44' }, judgedAs: '25.0' },
  { release: '6.1', inRoot: true, claims: { min: '1.24', max: '1.44' }, judgedAs: '25.0' },
];

/** The recording of a release (`node scripts/record-transcripts.mjs podman-R`). */
export const podmanRecording = (release: string): string =>
  fileURLToPath(new URL(`../../../test/fixtures/transcripts/podman-${release}.json.gz`, import.meta.url));

/** A version or release written into a regular expression. */
export const escapedDots = (text: string): string => text.replaceAll('.', '\\.');
