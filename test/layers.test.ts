import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import t from 'tap';

/**
 * `npm run lint`'s layer check keeps the checks blind to the release (issue 37): a module of the
 * checks that imports a per-release fact table of specs/, an export marked @releaseFacts, or reads
 * a specs entry's since/until is refused; the same import in the run, the targets or the explorer
 * (which label, start and compare releases) is not.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const script = join(root, 'scripts/check-layers.mjs');

/** A copy of specs/, suites/ and common/ (the layers the rule reads) with one more module. */
function lintWith(path: string, text: string): { code: number | null; stderr: string } {
  const tree = mkdtempSync(join(tmpdir(), 'ctc-layers-'));
  try {
    for (const dir of ['specs', 'suites', 'common']) cpSync(join(root, dir), join(tree, dir), { recursive: true });
    writeFileSync(join(tree, path), text);
    const run = spawnSync(process.execPath, [script, tree], { encoding: 'utf8', timeout: 60_000 });
    return { code: run.status, stderr: run.stderr };
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}

const FORBIDDEN = [
  "import { DAEMON_FLAGS_BY_RELEASE } from '../../specs/daemon-flags.js';\nexport const x = DAEMON_FLAGS_BY_RELEASE;\n",
  "import { RELEASES } from '../../specs/versions.js';\nexport const x = RELEASES;\n",
  "import type { DaemonRelease } from '../../specs/versions.js';\nexport type X = DaemonRelease;\n",
  "import { KNOWN_DEVIATIONS } from '../../specs/known-deviations.js';\nexport const x = KNOWN_DEVIATIONS;\n",
  "import { OBSERVED_DOCKERD_MESSAGES } from '../../specs/messages.js';\nexport const x = OBSERVED_DOCKERD_MESSAGES;\n",
  "import { UNLISTED_OPTIONS } from '../../specs/options.js';\nexport const x = UNLISTED_OPTIONS;\n",
  "import { DAEMON_OPTIONS } from '../../specs/options.js';\nexport const x = DAEMON_OPTIONS.filter((o) => o.since === undefined);\n",
];

t.test('the project as it is passes', async (t) => {
  const run = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 60_000 });
  t.equal(run.status, 0, run.stderr);
});

t.test('a check module that sees the release is refused; the run, the targets and the explorer may', async (t) => {
  const seed = Date.now() ^ 0x5eed;
  const details = await fc.check(
    fc.asyncProperty(
      fc.constantFrom(...FORBIDDEN),
      fc.constantFrom('daemon-config', 'reload', 'api-versioning', 'harness', 'listeners'),
      async (text, area) => {
        const { code, stderr } = lintWith(`suites/${area}/ctc-lint-probe.ts`, text);
        return code === 1 && stderr.includes('ctc-lint-probe.ts') && stderr.includes('must not');
      },
    ),
    { seed, numRuns: 8 },
  );
  t.notOk(details.failed, `seed ${seed}, path ${details.counterexamplePath ?? ''}: ${fc.stringify(details.counterexample)}`);
  for (const dir of ['run', 'targets', 'explorer']) {
    const { code, stderr } = lintWith(`suites/${dir}/ctc-lint-probe.ts`, FORBIDDEN[0]!);
    t.equal(code, 0, `suites/${dir}/ may read release facts: ${stderr}`);
  }
  const allowed = lintWith(
    'suites/api-versioning/ctc-lint-probe.ts',
    "import { ALL_API_VERSIONS } from '../../specs/versions.js';\nexport const x = ALL_API_VERSIONS;\n",
  );
  t.equal(allowed.code, 0, `the list of API versions is the document's: ${allowed.stderr}`);
});
