import { mkdtemp, readFile, rm, stat, writeFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { ReportError, writeReport } from '../reports/write.js';
import { renderJson } from '../reports/renderers/json.js';
import { validateReport } from '../reports/schema.js';
import type { ConformanceReport } from '../reports/model/result.js';
import { sampleReport } from './reports-fixtures.js';

async function tempDir(t: { teardown(f: () => unknown): void }): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ctr-report-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  return dir;
}
const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );

t.test('writes the three files', async (t) => {
  const dir = join(await tempDir(t), 'nested', 'out');
  const paths = await writeReport(dir, sampleReport());
  t.strictSame(paths, { json: join(dir, 'report.json'), html: join(dir, 'report.html'), junit: join(dir, 'junit.xml') });
  const json = JSON.parse(await readFile(paths.json, 'utf8')) as unknown;
  t.strictSame(json, sampleReport());
  t.ok(validateReport(json).ok);
  t.match(await readFile(paths.html, 'utf8'), /^<!DOCTYPE html>/);
  t.match(await readFile(paths.junit, 'utf8'), /^<\?xml/);
  t.strictSame((await readdir(dir)).sort(), ['junit.xml', 'report.html', 'report.json'], 'no temporary files left');
});

t.test('an invalid report is rejected with REPORT_INVALID and nothing is written', async (t) => {
  const dir = await tempDir(t);
  const bad = { ...sampleReport(), seed: 'x', totals: { ...sampleReport().totals, pass: 7 } } as unknown as ConformanceReport;
  const err = await writeReport(dir, bad).then(
    () => undefined,
    (e: unknown) => e,
  );
  t.ok(err instanceof ReportError, 'a ReportError');
  if (!(err instanceof ReportError)) return;
  t.equal(err.code, 'REPORT_INVALID');
  t.match(err.problems.join('\n'), /\/seed: must be integer/);
  t.match(err.message, /report is invalid/);
  t.strictSame(await readdir(dir), []);

  const inconsistent = { ...sampleReport(), totals: { ...sampleReport().totals, pass: 7 } };
  await t.rejects(writeReport(dir, inconsistent), { code: 'REPORT_INVALID', problems: [/\/totals\/pass: is 7 but 1/] });
});

t.test('a renderer that throws does not stop the others', async (t) => {
  const dir = await tempDir(t);
  await writeFile(join(dir, 'report.html'), 'stale html from an earlier run');
  const err = await writeReport(dir, sampleReport(), {
    renderers: {
      html: () => {
        throw new Error('boom');
      },
    },
  }).then(
    () => undefined,
    (e: unknown) => e,
  );
  t.ok(err instanceof ReportError);
  if (!(err instanceof ReportError)) return;
  t.equal(err.code, 'REPORT_WRITE_FAILED');
  t.strictSame(err.problems, ['report.html: boom']);
  t.strictSame(err.written, { json: join(dir, 'report.json'), junit: join(dir, 'junit.xml') });
  t.equal(await readFile(join(dir, 'report.json'), 'utf8'), renderJson(sampleReport()));
  t.ok(await exists(join(dir, 'junit.xml')), 'junit.xml written after the failing html renderer');
  t.notOk(await exists(join(dir, 'report.html')), 'stale report.html removed');
  t.strictSame((await readdir(dir)).sort(), ['junit.xml', 'report.json']);
});

t.test('two failing renderers are both reported', async (t) => {
  const dir = await tempDir(t);
  const boom = (m: string) => () => {
    throw new Error(m);
  };
  await t.rejects(writeReport(dir, sampleReport(), { renderers: { json: boom('j'), junit: boom('x') } }), {
    code: 'REPORT_WRITE_FAILED',
    problems: ['report.json: j', 'junit.xml: x'],
  });
  t.ok(await exists(join(dir, 'report.html')));
});
