import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import type { ConformanceReport } from '../reports/model/result.js';
import { SpawnedDaemonTarget } from '../suites/targets/spawned-daemon.js';
import { runCli } from './helpers/cli.js';
import { inCI, realDaemons } from './helpers/real-daemons.js';

/**
 * ctrd-sim in a container (testcontainers), on a real dockerd started under the safety rules as
 * the container engine: the suites must find the same simulator there.
 */
const { daemons, missing } = realDaemons();
const engineBinary = daemons.find((d) => d.release === '28.5') ?? daemons[daemons.length - 1];

if (missing !== null || engineBinary === undefined) {
  const why = missing ?? 'no dockerd listed';
  if (inCI()) t.fail(`a real dockerd is required in CI as the container engine: ${why}`);
  else t.test('ctrd-sim in a container', { skip: `no container engine: ${why}` }, async () => {});
} else {
  t.test(`ctrd-sim in a container on dockerd ${engineBinary.release}`, async (t) => {
    const engine = await new SpawnedDaemonTarget({ spec: `daemon:${engineBinary.path}`, command: [engineBinary.path] }).start();
    if (!engine.ok) throw new Error(`the engine did not start: ${engine.output}`);
    const out = mkdtempSync('/tmp/ctc-cont-');
    t.teardown(async () => {
      await engine.instance.stop();
      rmSync(out, { recursive: true, force: true });
    });
    const socket = engine.instance.endpoint.kind === 'unix' ? engine.instance.endpoint.path : '';
    const run = await runCli([
      'run',
      '--target',
      `container:unix://${socket}`,
      '--emulate',
      '26.1',
      '--profile',
      'docker',
      '--num-runs',
      '10',
      '--num-starts',
      '2',
      '--out',
      out,
      '-q',
    ]);
    t.equal(run.code, 0, `${run.stdout}${run.stderr}`);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as ConformanceReport;
    t.equal(report.target.kind, 'container');
    t.equal(report.target.release, '26.1');
    // reload.option.labels: the file rewritten on the bind mount, SIGHUP through the engine.
    for (const rule of [
      'api.version.min-override-raise',
      'api.version.legacy-removed',
      'api.robustness',
      'reload.option.labels',
      'reload.conflict.unchanged',
    ]) {
      t.ok(
        report.results.some((r) => r.rule === rule && r.status === 'pass'),
        `${rule} ran in the container and passed`,
      );
    }
  });
}
