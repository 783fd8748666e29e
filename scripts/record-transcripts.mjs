#!/usr/bin/env node
// Records fresh transcripts of the real dockerd releases for the agreement test (test/agreement-*-of-2.test.ts), and of
// Podman for test/podman.test.ts: every rule a recording can carry (the daemon API, no capability), seed 20261123,
// 15 runs. Needs the releases of scripts/provision-daemons.sh (and provision-podman.sh) and a build (`npm run build`).
// Usage: node scripts/record-transcripts.mjs [RELEASE...]   (a release: 20.10, 26.1, 28.5, 29.7, or podman-R for a Podman release R)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { RECORDABLE_RULE_IDS: carried } = await import(join(root, 'dist/specs/catalogue.js'));
const DAEMONS = {
  '20.10': '/usr/sbin/dockerd',
  26.1: '/var/cache/ctr-conformance/daemons/26.1/dockerd',
  28.5: '/var/cache/ctr-conformance/daemons/28.5/dockerd',
  29.7: '/var/cache/ctr-conformance/daemons/29.7/dockerd',
};
// Podman by release, as scripts/provision-podman.sh lists them (the podman target finds each one's root there).
const PODMANS = ['4.3', '5.4', '5.8', '6.1'];
const releases = process.argv.length > 2 ? process.argv.slice(2) : [...Object.keys(DAEMONS), ...PODMANS.map((r) => `podman-${r}`)];
const out = mkdtempSync('/tmp/ctc-record-');
let failed = 0;
for (const release of releases) {
  const podman = release.startsWith('podman-');
  const daemon = DAEMONS[release];
  if (podman ? !PODMANS.includes(release.slice('podman-'.length)) : daemon === undefined || !existsSync(daemon)) {
    console.error(`record-transcripts: no ${podman ? release : `dockerd ${release}`} (run scripts/provision.sh as root)`);
    failed++;
    continue;
  }
  const file = join(root, 'test/fixtures/transcripts', podman ? `${release}.json.gz` : `dockerd-${release}.json.gz`);
  const run = spawnSync(
    process.execPath,
    [
      join(root, 'dist/cli/ctr-conformance.js'),
      'run',
      '--target',
      podman ? `podman@${release.slice('podman-'.length)}` : `daemon:${daemon}`,
      '--profile',
      'docker',
      '--seed',
      '20261123',
      '--num-runs',
      '15',
      // test/helpers/release-agreement.ts's RECORDED_NUM_STARTS: the agreement test replays with it.
      '--num-starts',
      '2',
      ...carried.flatMap((id) => ['--only', id]),
      '--record',
      file,
      '--out',
      join(out, release),
      '-q',
    ],
    { stdio: 'inherit' },
  );
  // Exit 1 is a rule failing (the known deviations): the recording is still whole.
  if (run.status !== 0 && run.status !== 1) failed++;
  console.log(`record-transcripts: ${release} → ${file} (exit ${run.status})`);
}
rmSync(out, { recursive: true, force: true });
process.exitCode = failed === 0 ? 0 : 1;
