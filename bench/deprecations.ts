import { RULES } from '../specs/catalogue.js';
import { InProcessSimTarget } from '../suites/targets/in-process-sim.js';
import { provisionedDaemons } from '../suites/targets/provisioned-daemons.js';
import { SIM_BIN } from '../suites/targets/sim-bin.js';
import { SpawnedDaemonTarget } from '../suites/targets/spawned-daemon.js';
import { writeResultsSection } from './results-section.js';
import { measureWholeRuns, WHOLE_RUN_CASES as CASES, WHOLE_RUN_SEED as SEED, type WholeRunSeries } from './whole-run.js';
import { median } from './stats.js';

const args = new Set(process.argv.slice(2));
const WRITE = !args.has('--no-write');
const SKIP_REAL = args.has('--skip-real');
const RELEASE = '28.5';
const ROUNDS = 3;
/** As whole-run.ts runs them. */
const CONCURRENCY = 4;
const WHOLE_MATRIX_GOAL_S = 10;
const HEADING = '## 8. The per-API-version matrix';

const AREA_RULES = RULES.filter((rule) => rule.area === 'deprecations').map((rule) => rule.id);

const measure = (series: readonly WholeRunSeries[]): Promise<void> => measureWholeRuns(series, ROUNDS, (line) => process.stdout.write(line));

function table(series: readonly WholeRunSeries[]): string[] {
  const rows = series.map((s) => [
    s.label,
    String(s.seconds.length),
    s.seconds.length === 0 ? '–' : `${median(s.seconds).toFixed(2)} s`,
    String(s.cells ?? '–'),
    s.error ?? s.outcome ?? '–',
  ]);
  return ['| target | runs | median | cells | verdicts (last round) |', '|:--|--:|--:|--:|--:|', ...rows.map((r) => `| ${r.join(' | ')} |`)];
}

async function main(): Promise<void> {
  const simArgs = ['--emulate', RELEASE, '--brand', 'docker'];
  const daemon = SKIP_REAL ? undefined : provisionedDaemons().daemons.find((d) => d.release === RELEASE);
  const area: WholeRunSeries[] = [
    { label: `ctrd-sim in-process (emulating ${RELEASE})`, target: () => new InProcessSimTarget('sim', simArgs), only: AREA_RULES, seconds: [] },
    {
      label: `ctrd-sim process (emulating ${RELEASE})`,
      target: () => new SpawnedDaemonTarget({ spec: 'sim-process', command: [process.execPath, SIM_BIN], fixedArgs: simArgs }),
      only: AREA_RULES,
      seconds: [],
    },
    ...(daemon === undefined
      ? []
      : [
          {
            label: `dockerd ${RELEASE}`,
            target: () => new SpawnedDaemonTarget({ spec: `daemon:${daemon.path}`, command: [daemon.path] }),
            only: AREA_RULES,
            seconds: [],
          },
        ]),
  ];
  const whole: WholeRunSeries[] = [
    {
      label: `ctrd-sim in-process (emulating ${RELEASE}), whole catalogue`,
      target: () => new InProcessSimTarget('sim', [...simArgs, '--plugin-retry-ms', '10']),
      seconds: [],
    },
  ];
  process.stdout.write(`section 8: the deprecations area's matrix (${AREA_RULES.length} rules), ${ROUNDS} rounds\n`);
  await measure(area);
  process.stdout.write('section 8: the whole catalogue on the in-process simulator\n');
  await measure(whole);

  const real = area[2];
  const ratio = (s: WholeRunSeries): string =>
    real === undefined || real.seconds.length === 0 || s.seconds.length === 0 ? '–' : `${(median(s.seconds) / median(real.seconds)).toFixed(2)}×`;
  const wholeMedian = whole[0]!.seconds.length === 0 ? null : median(whole[0]!.seconds);
  const lines = [
    HEADING,
    '',
    `The deprecations area alone: its ${AREA_RULES.length} rules at every API version the target serves (one cell per rule and version, plus the`,
    `versions just outside the range), seed ${SEED}, ${CASES} generated cases per property and 2 per start-costly one (every image import or`,
    `container is one, and a real daemon makes a layer for each), ${CONCURRENCY} cells at a time, ${ROUNDS} rounds interleaved, from the target's start to its stop.`,
    '',
    ...table(area),
    '',
    ...area.slice(0, 2).map((s) => `- ${s.label} / dockerd ${RELEASE}, medians: ${ratio(s)}`),
    '',
    `The whole catalogue (every rule of every area × every API version of ${RELEASE}) on the in-process simulator, as \`--target sim\` runs it`,
    `(plugin retries of 10 ms instead of dockerd's 1–8 s): goal under ${WHOLE_MATRIX_GOAL_S} s.`,
    '',
    ...table(whole),
    '',
    `- goal (whole matrix on the in-process simulator ≤ ${WHOLE_MATRIX_GOAL_S} s): ${wholeMedian === null ? 'not measured' : wholeMedian <= WHOLE_MATRIX_GOAL_S ? `met (${wholeMedian.toFixed(2)} s)` : `not met (${wholeMedian.toFixed(2)} s)`}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (WRITE) writeResultsSection(HEADING, lines);
}

await main();
