import { basename, join } from 'node:path';
import fc from 'fast-check';
import { suiteName } from '../arbitraries/values.js';
import { describe, excerpt, startWith } from '../harness/start-and-inspect.js';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { Violation } from '../harness/verdict.js';
import { makeRunDir, removeRunDir } from '../targets/temp-dir.js';
import { now, opensToOthers, watchModes, type ModeObservation } from './mode-watch.js';
import { listeningUnixPaths } from './unix-listening.js';

const octal = (mode: number): string => (mode & 0o7777).toString(8).padStart(4, '0');

/**
 * Umasks under which a socket bound as it comes (0777 & ~umask) lets anyone connect, the write bit
 * for others left: 0000, 0020, 0005… (under 0022 it is 0755, and only root may connect).
 */
const permissiveUmask = fc.integer({ min: 0, max: 0o777 }).filter((umask) => opensToOthers(0o777 & ~umask));

interface WatchCase {
  readonly umask: number;
  /** The extra unix sockets (-H), in a directory watched from before the start. */
  readonly names: readonly string[];
}

const watchCase: fc.Arbitrary<WatchCase> = fc.record({ umask: permissiveUmask, names: fc.uniqueArray(suiteName(6), { minLength: 1, maxLength: 2 }) });

/** One observation as a reader follows it: the socket, the time since the start was asked for, the mode, who saw it. */
const line = (o: ModeObservation, began: number): string =>
  `${basename(o.path)} +${(o.at - began).toFixed(3)} ms: ${o.mode === null ? 'absent' : `${octal(o.mode)} uid ${String(o.uid)} gid ${String(o.gid)}${o.listening === null ? '' : o.listening ? ' listening' : ' not listening'}`} (${o.by})`;

/** An observation of a socket anyone could connect to: it listened with the write bit for others. */
const openToAnyone = (o: ModeObservation): boolean => o.mode !== null && opensToOthers(o.mode) && o.listening === true;

/**
 * The observations a reading judges. Strict: every one, from the socket's first appearance. Other
 * reading (the access holds once the daemon serves): what each socket was when the daemon first
 * answered, and every one after.
 */
function judged(observations: readonly ModeObservation[], servedAt: number, strict: boolean): ModeObservation[] {
  if (strict) return [...observations];
  const before = new Map<string, ModeObservation>();
  for (const o of observations) if (o.at < servedAt) before.set(o.path, o);
  return [...before.values(), ...observations.filter((o) => o.at >= servedAt)];
}

export const modeFromStartCheck: RuleCheck = {
  rule: 'listen.unix.mode-from-start',
  run(ctx, _api, options) {
    const strict = options.reading !== 'other';
    return checkProperty(
      watchCase,
      async ({ umask, names }) => {
        const dir = makeRunDir();
        const paths = names.map((name) => join(dir, `${name}.sock`));
        const request = { args: paths.flatMap((path) => ['-H', `unix://${path}`]), umask };
        const what = `umask ${octal(umask)}, ${describe(request)}`;
        try {
          const watch = await watchModes(paths);
          const began = now();
          const started = startWith(ctx, request, async (log) => {
            const servedAt = now();
            const reply = await log.send('GET', '/_ping');
            log.expect(reply.status === 200, `GET /_ping answered ${reply.status}`);
            for (const path of paths) {
              const client = ctx.clientFor({ kind: 'unix', path });
              try {
                const ping = await client.request('GET', '/_ping', { timeoutMs: 5_000 });
                if (ping.status !== 200) throw new Violation(`GET /_ping on ${path} answered ${ping.status} (${what})`, log.exchanges);
              } finally {
                client.close();
              }
            }
            // Where the sockets listen out of this network namespace's sight, the watch would never see them listen, and would judge nothing.
            const listening = listeningUnixPaths();
            const unlisted = paths.filter((path) => !listening.has(path));
            if (unlisted.length > 0) throw new Error(`/proc/net/unix lists no listening ${unlisted.join(', ')}, although the daemon answered there`);
            return servedAt;
          });
          // Stopped whatever the start gave (the thread must not outlive the case).
          const outcome = await started.catch(async (error: unknown) => {
            await watch.stop();
            throw error;
          });
          const report = await watch.stop();
          if (!outcome.served) throw new Violation(`the daemon did not serve (${what}): ${excerpt(outcome.output)}`);
          const seen = report.observations;
          const unseen = paths.filter((path) => !seen.some((o) => o.path === path && o.mode !== null));
          // The daemon answered on it: a watch that never saw it watched nothing, and judges nothing.
          if (unseen.length > 0)
            throw new Error(`the watch never saw ${unseen.join(', ')} although the daemon answered there (${report.samples} rounds of lstat)`);
          const open = judged(seen, outcome.value, strict).filter(openToAnyone);
          if (open.length > 0) {
            const first = open[0]!;
            throw new Violation(
              `${basename(first.path)} listened with mode ${octal(first.mode!)}, open to anyone, ${(first.at - began).toFixed(3)} ms after the start was asked for ` +
                `(the daemon first answered at +${(outcome.value - began).toFixed(3)} ms; ${what}); every mode seen (${report.samples} rounds of lstat, at most ${report.longestGapMs.toFixed(3)} ms apart): ` +
                seen.map((o) => line(o, began)).join('; '),
              outcome.exchanges,
            );
          }
        } finally {
          removeRunDir(dir);
        }
      },
      { ...options, numRuns: ctx.numStarts },
      strict
        ? 'unix sockets started under a permissive umask never listened with a mode open to anyone, from their first appearance'
        : 'unix sockets started under a permissive umask never listened with a mode open to anyone once the daemon served',
      [{ umask: 0, names: ['ctcw'] }],
    );
  },
};
