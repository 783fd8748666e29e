import processOnSpawn from 'process-on-spawn';

/**
 * Loaded into every test process (package.json › tap › node-arg). tap loads @tapjs/processinfo into
 * each test process and, through a spawn hook and NODE_OPTIONS, into every node process a test
 * starts, coverage off or not: each CLI run, each ctrd-sim started as a process then pays for a
 * module-loader thread (about 0.25 s of CPU, and every import through it). This project collects no
 * coverage and runs no `--changed`: the processes the tests start go without it.
 */
processOnSpawn.removeAllListeners();
const tracker = /\s*"?--(?:import|loader|experimental-loader)[= ]"?[^"\s]*@tapjs[/\\]processinfo[^"\s]*"?/g;
const options = (process.env['NODE_OPTIONS'] ?? '').replace(tracker, '').trim();
if (options === '') delete process.env['NODE_OPTIONS'];
else process.env['NODE_OPTIONS'] = options;
