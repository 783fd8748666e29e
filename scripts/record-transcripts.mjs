#!/usr/bin/env node
// Records fresh transcripts of the real dockerd releases for the agreement test (test/agreement.test.ts), and of
// Podman for test/podman.test.ts: every rule a recording can carry (the daemon API, no capability), seed 20261123,
// 15 runs. Needs the releases of scripts/provision-daemons.sh (and provision-podman.sh) and a build (`npm run build`).
// Usage: node scripts/record-transcripts.mjs [RELEASE...]   (a release: 20.10, 26.1, 28.5, 29.7, podman-4.3 or podman-5.4)
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
  'podman-4.3': '/usr/bin/podman',
  // In the trixie root of scripts/provision-podman5.sh: the podman target runs it there (podman.tsv names the root).
  'podman-5.4': '/var/cache/ctr-conformance/podman5/root/usr/bin/podman',
};
const releases = process.argv.length > 2 ? process.argv.slice(2) : Object.keys(DAEMONS);
const out = mkdtempSync('/tmp/ctc-record-');
let failed = 0;
for (const release of releases) {
  const daemon = DAEMONS[release];
  if (daemon === undefined || !existsSync(daemon)) {
    console.error(`record-transcripts: no ${release.startsWith('podman-') ? release : `dockerd ${release}`} (run scripts/provision.sh as root)`);
    failed++;
    continue;
  }
  const podman = release.startsWith('podman-');
  const file = join(root, 'test/fixtures/transcripts', podman ? `${release}.json.gz` : `dockerd-${release}.json.gz`);
  const run = spawnSync(
    process.execPath,
    [
      join(root, 'dist/cli/ctr-conformance.js'),
      'run',
      '--target',
      podman ? `podman:${daemon}` : `daemon:${daemon}`,
      '--profile',
      'docker',
      '--seed',
      '20261123',
      '--num-runs',
      '15',
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
