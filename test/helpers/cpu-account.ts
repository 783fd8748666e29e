import { appendFileSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Loaded into every test process (package.json › tap › node-arg). Where CTC_CPU_LOG names a
 * directory (scripts/run-tests.mjs sets it), each test file's process appends at its exit the CPU
 * it used, its own and that of the children it waited for (CLI runs, simulators and daemons they
 * stopped), so that a run can say where its time went.
 */
const dir = process.env['CTC_CPU_LOG'];
const file = process.argv[1];
if (dir !== undefined && file !== undefined && /\.test\.js$/.test(file)) {
  const started = Date.now();
  process.on('exit', () => {
    // /proc/self/stat after the command's closing parenthesis: utime is field 14, cutime 16 (in clock ticks of 10 ms).
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = (at: number): number => Number(fields[at - 3] ?? 0);
    const record = {
      file: relative(process.cwd(), file),
      wallSeconds: (Date.now() - started) / 1000,
      selfSeconds: (ticks(14) + ticks(15)) / 100,
      childrenSeconds: (ticks(16) + ticks(17)) / 100,
    };
    appendFileSync(join(dir, 'cpu.jsonl'), `${JSON.stringify(record)}\n`);
  });
}
