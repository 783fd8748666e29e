/**
 * Benchmark section 4 (not a test): judging configuration files. 200 generated files, one run:
 * `ctrd-sim --validate` per file, `dockerd 28.5 --validate` per file, and the suite's in-process
 * verdict (bench/file-verdict.ts) per file. Goals: the in-process verdict at least
 * 100× faster than a dockerd process; the ctrd-sim process no slower than dockerd.
 *
 *   node dist/bench/config-validate.js [--no-write] [--skip-real]
 *
 * Every process gets the project's safety flags and its own file; --validate starts nothing.
 */
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { writeResultsSection } from './results-section.js';
import fc from 'fast-check';
import { fileVerdict } from './file-verdict.js';
import { configPath } from '../suites/targets/config-file.js';
import { provisionedDaemons } from '../suites/targets/provisioned-daemons.js';
import { daemonEnvironment, safetyFlags } from '../suites/targets/spawned-daemon.js';
import { SIM_BIN } from '../suites/targets/sim-bin.js';
import { makeRunDir } from '../suites/targets/temp-dir.js';

const FILES = 200;
const SEED = 20261123;
const args = new Set(process.argv.slice(2));
const WRITE = !args.has('--no-write');
const SKIP_REAL = args.has('--skip-real');

/** Keys a generated file may hold: harmless to validate, none set by the safety flags. */
const valid = fc.record(
  {
    debug: fc.boolean(),
    'live-restore': fc.boolean(),
    labels: fc.array(
      fc.tuple(fc.constantFrom('a', 'b', 'zone', 'team'), fc.nat(9)).map(([k, v]) => `${k}${v}=x`),
      { maxLength: 3 },
    ),
    'max-concurrent-downloads': fc.integer({ min: 1, max: 10 }),
    'shutdown-timeout': fc.integer({ min: 0, max: 60 }),
    'log-level': fc.constantFrom('debug', 'info', 'warn', 'error'),
    'dns-search': fc.array(fc.constantFrom('example.com', 'corp.internal'), { maxLength: 2 }),
    'log-opts': fc.record({ 'max-size': fc.constantFrom('10m', '1g'), 'max-file': fc.constantFrom('3', '5') }, { requiredKeys: [] }),
    features: fc.dictionary(fc.constantFrom('cdi', 'containerd-snapshotter'), fc.boolean(), { maxKeys: 2 }),
  },
  { requiredKeys: [] },
);
const wrongType = fc.constantFrom<Record<string, unknown>>(
  { debug: 'yes' },
  { mtu: '1500' },
  { labels: 'a=b' },
  { 'log-opts': [] },
  { 'max-concurrent-uploads': 1.5 },
);
const unknown = fc.constantFrom('bogus', 'label-set', 'debugging', 'storage').map((key) => ({ [key]: 1 }));
const documents = fc.sample(
  fc.oneof(
    { arbitrary: valid, weight: 6 },
    { arbitrary: fc.tuple(valid, wrongType).map(([a, b]) => ({ ...a, ...b })), weight: 2 },
    { arbitrary: fc.tuple(valid, unknown).map(([a, b]) => ({ ...a, ...b })), weight: 2 },
  ),
  { seed: SEED, numRuns: FILES },
);

interface Timed {
  readonly ms: number;
  readonly accepted: boolean[];
}

function validateEach(command: readonly string[], extra: readonly string[]): Timed {
  const dir = makeRunDir();
  try {
    const accepted: boolean[] = [];
    const start = performance.now();
    for (const doc of documents) {
      writeFileSync(configPath(dir), JSON.stringify(doc));
      const result = spawnSync(command[0]!, [...command.slice(1), ...safetyFlags(dir, true), ...extra, '--validate'], {
        env: daemonEnvironment(),
        timeout: 30_000,
      });
      accepted.push(result.status === 0);
    }
    return { ms: performance.now() - start, accepted };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function inProcess(): Timed {
  fileVerdict({}, '28.5'); // compile once, outside the timing
  const start = performance.now();
  const accepted = documents.map((doc) => fileVerdict(doc, '28.5').accepted);
  return { ms: performance.now() - start, accepted };
}

const agreement = (a: readonly boolean[], b: readonly boolean[]): number => a.filter((v, i) => v === b[i]).length;
const perFile = (t: Timed): string => `${(t.ms / FILES).toFixed(t.ms / FILES < 1 ? 4 : 1)} ms`;

/** The floor of any node process: `node -e 0`, spawned as often. */
function nodeFloor(): Timed {
  const start = performance.now();
  for (let i = 0; i < FILES; i++) spawnSync(process.execPath, ['-e', '0'], { env: daemonEnvironment() });
  return { ms: performance.now() - start, accepted: [] };
}

const verdict = inProcess();
const floor = nodeFloor();
const sim = validateEach([process.execPath, SIM_BIN], ['--brand', 'docker', '--emulate', '28.5']);
const real = SKIP_REAL ? null : provisionedDaemons().daemons.find((d) => d.release === '28.5');
const dockerd = real === undefined || real === null ? null : validateEach([real.path], []);

const lines = [
  '## 4. Judging configuration files',
  '',
  `${FILES} generated configuration files (seed ${SEED}: valid documents of harmless keys, some with a value of the wrong type, some with an unknown key), one run:`,
  '`ctrd-sim --emulate 28.5 --validate` per file (a process each), `dockerd 28.5 --validate` per file (a process each, safety flags), and the',
  "suite's in-process verdict (bench/file-verdict.ts: the JSON Schema generated from specs/config-schema.ts, compiled by ajv once).",
  '',
  '| judge | total | per file | accepted |',
  '|:--|--:|--:|--:|',
  `| in-process verdict | ${verdict.ms.toFixed(1)} ms | ${perFile(verdict)} | ${verdict.accepted.filter(Boolean).length} |`,
  `| ctrd-sim --validate | ${(sim.ms / 1000).toFixed(2)} s | ${perFile(sim)} | ${sim.accepted.filter(Boolean).length} |`,
  `| floor: \`node -e 0\` | ${(floor.ms / 1000).toFixed(2)} s | ${perFile(floor)} | – |`,
  ...(dockerd === null
    ? []
    : [`| dockerd 28.5 --validate | ${(dockerd.ms / 1000).toFixed(2)} s | ${perFile(dockerd)} | ${dockerd.accepted.filter(Boolean).length} |`]),
  '',
  ...(dockerd === null
    ? ['- dockerd 28.5 not measured (--skip-real, or not provisioned)']
    : [
        `- dockerd / in-process verdict: **${(dockerd.ms / verdict.ms).toFixed(0)}×** (goal ≥ 100×: **${dockerd.ms / verdict.ms >= 100 ? 'met' : 'NOT met'}**)`,
        `- ctrd-sim process / dockerd: **${(sim.ms / dockerd.ms).toFixed(2)}×** (goal ≤ 1×: **${sim.ms <= dockerd.ms ? 'met' : 'NOT met'}**); a bare \`node -e 0\` alone takes ${(floor.ms / dockerd.ms).toFixed(2)}× dockerd's time, ctrd-sim's own work is ${perFile({ ms: Math.max(0, sim.ms - floor.ms), accepted: [] })} per file above it`,
        `- Same verdict as dockerd 28.5: ctrd-sim ${agreement(sim.accepted, dockerd.accepted)}/${FILES}, in-process verdict ${agreement(verdict.accepted, dockerd.accepted)}/${FILES}`,
      ]),
  '',
];
process.stdout.write(`${lines.join('\n')}\n`);

if (WRITE) writeResultsSection('## 4. Judging configuration files', lines);
