import fc from 'fast-check';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { Violation } from '../harness/verdict.js';
import { labelKey, labelValue, suiteName } from '../arbitraries/values.js';
import { getInfo } from '../harness/start-and-inspect.js';
import { ExchangeLog } from '../harness/exchange-log.js';
import { ReloadSession } from './session.js';
import { stateOfInfo } from './state.js';

const READERS = 8;
const RELOADS = 40;
const PROGRESS_WAIT_MS = 1_000;

interface Side {
  readonly labels: readonly string[];
  readonly 'live-restore': boolean;
  readonly runtimes: Readonly<Record<string, { path: string }>>;
  readonly 'default-runtime': string;
}

/** Two configurations that differ in every field of the configuration one reload swaps. */
const pairs: fc.Arbitrary<readonly [Side, Side]> = fc
  .tuple(
    fc.uniqueArray(
      fc.tuple(labelKey, labelValue).map(([k, v]) => `${k}=${v}`),
      { minLength: 2, maxLength: 2 },
    ),
    fc.uniqueArray(
      suiteName(5).map((n) => `${n}-rt`),
      { minLength: 2, maxLength: 2 },
    ),
    fc.boolean(),
  )
  .map(([[la, lb], [ra, rb], liveFirst]) => [
    { labels: [la!], 'live-restore': liveFirst, runtimes: { [ra!]: { path: '/usr/bin/runc' } }, 'default-runtime': ra! },
    { labels: [lb!], 'live-restore': !liveFirst, runtimes: { [rb!]: { path: '/usr/bin/runc' } }, 'default-runtime': rb! },
  ]);

/** The fields of the configuration one reload swaps (Debug and the registry settings change apart: reload.partial-answers). */
const projection = (info: Record<string, unknown>): string => {
  const s = stateOfInfo(info);
  return JSON.stringify([s.labels, s.liveRestore, s.runtimes, s.defaultRuntime]);
};
const projectionOf = (side: Side): string =>
  JSON.stringify([[...side.labels].sort(), side['live-restore'], Object.keys(side.runtimes).sort(), side['default-runtime']]);

/** reload.atomic: concurrent readers of /info during reloads see one configuration or the other, never a mix. */
export const atomicCheck: RuleCheck = {
  rule: 'reload.atomic',
  run(ctx, _api, options) {
    return checkProperty(
      pairs,
      async ([a, b]) => {
        const started = await ctx.target.start({ config: { ...a } });
        if (!started.ok) throw new Violation(`the daemon did not start with ${JSON.stringify(a)}: ${started.output.slice(-300)}`);
        const { instance } = started;
        const client = ctx.clientFor(instance.endpoint);
        const allowed = new Set([projectionOf(a), projectionOf(b)]);
        const log = new ExchangeLog(client);
        let stop = false;
        let mixed: string | undefined;
        let reads = 0;
        let readers: Promise<void>[] = [];
        try {
          const session = new ReloadSession(ctx, instance, client);
          const reader = async (): Promise<void> => {
            while (!stop && mixed === undefined) {
              const seen = projection(await getInfo(log));
              reads += 1;
              if (!allowed.has(seen)) mixed = seen;
            }
          };
          // Each reader's failure is kept at once: a rejection heard only after the reloads would be
          // unhandled meanwhile, which ends the process (a daemon resetting a read, seen on 20.10.24).
          let failed: { readonly error: unknown } | undefined;
          readers = Array.from({ length: READERS }, () =>
            reader().catch((error: unknown) => {
              failed ??= { error };
              stop = true;
            }),
          );
          for (let i = 0; i < RELOADS && mixed === undefined; i += 1) {
            await session.write({ doc: { ...(i % 2 === 0 ? b : a) }, flaw: 'none' });
            await session.reload(`reload ${i + 1}`);
            // Let every reader finish a request across each reload (an in-process daemon reloads within one tick).
            const target = reads + READERS;
            const until = Date.now() + PROGRESS_WAIT_MS;
            while (reads < target && mixed === undefined && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 2));
          }
          stop = true;
          await Promise.all(readers);
          if (failed !== undefined) throw failed.error;
          if (mixed !== undefined)
            throw new Violation(
              `during reloads between ${[...allowed].join(' and ')}, GET /info answered the mix ${mixed} (Labels, LiveRestoreEnabled, Runtimes, DefaultRuntime)`,
              log.exchanges.slice(-4),
            );
          if (reads < RELOADS) throw new Violation(`only ${reads} reads completed during ${RELOADS} reloads`, log.exchanges.slice(-4));
        } finally {
          stop = true;
          // Readers end with the loop; one whose request a deadline cancelled must not reject unheard.
          await Promise.allSettled(readers);
          client.close();
          await instance.stop();
        }
      },
      // No shrinking: a mix is a race, and each run starts a daemon.
      { ...options, numRuns: Math.min(ctx.numStarts, 3), shrink: false },
      `${READERS} concurrent readers of /info during ${RELOADS} reloads saw the old or the new configuration, never a mix`,
    );
  },
};
