import fc from 'fast-check';
import type { HttpExchange } from '../../reports/model/result.js';
import type { SuiteContext } from '../harness/context.js';
import { ExchangeLog } from '../harness/exchange-log.js';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { notApplicable, pass, Violation, type Verdict } from '../harness/verdict.js';
import type { TargetInstance } from '../targets/target.js';
import { expectServed, expectTooOld, isClientError, parseJsonObject } from '../laws/expect.js';

/**
 * Starts the target with the minimum-version override set, runs `body`, always stops it: also
 * when the cell's deadline passes (the client then refuses every request, so `body` ends).
 */
async function withOverride(
  ctx: SuiteContext,
  value: string,
  body: (log: ExchangeLog) => Promise<void>,
  onRefusedStart: (exitCode: number | null, output: string) => void,
): Promise<void> {
  ctx.signal.throwIfAborted();
  const outcome = await ctx.target.start({ env: { [ctx.profile.minApiVariable]: value } });
  if (!outcome.ok) return onRefusedStart(outcome.exitCode, outcome.output);
  const instance: TargetInstance = outcome.instance;
  const client = ctx.clientFor(instance.endpoint);
  try {
    await body(new ExchangeLog(client));
  } finally {
    client.close();
    await instance.stop();
  }
}

const lastLine = (output: string): string => output.trim().split('\n').slice(-3).join(' | ');

export const legacyRemovedCheck: RuleCheck = {
  rule: 'api.version.legacy-removed',
  async run(ctx): Promise<Verdict> {
    const variable = ctx.profile.minApiVariable;
    let verdict: Verdict = pass(`${variable}=1.12 did not re-enable API versions below 1.24`);
    try {
      await withOverride(
        ctx,
        '1.12',
        async (log) => {
          for (const spelling of ['1.12', '1.23']) {
            const reply = await log.send('GET', `/v${spelling}/version`);
            log.expect(isClientError(reply), `with ${variable}=1.12, API ${spelling} should still be refused, got ${reply.status}`);
          }
          verdict = pass(`started with ${variable}=1.12 but still refuses API 1.12 and 1.23`, log.exchanges);
        },
        (exitCode, output) => {
          if (exitCode === 0 || !output.includes(variable)) {
            throw new Violation(`with ${variable}=1.12 the daemon stopped (exit ${exitCode}) without an error naming ${variable}: ${lastLine(output)}`);
          }
          verdict = pass(`refused to start with ${variable}=1.12 (exit ${exitCode}): ${lastLine(output)}`);
        },
      );
    } catch (error) {
      if (error instanceof Violation) return { status: 'fail', summary: error.message, exchanges: error.exchanges };
      throw error;
    }
    return verdict;
  },
};

export const legacyOptInCheck: RuleCheck = {
  rule: 'api.version.legacy-opt-in',
  async run(ctx): Promise<Verdict> {
    const variable = ctx.profile.minApiVariable;
    try {
      let exchanges: readonly HttpExchange[] = [];
      await withOverride(
        ctx,
        '1.12',
        async (log) => {
          await expectServed(log, 'GET', '1.12', '/version');
          const min = parseJsonObject((await log.send('GET', '/version')).body)?.['MinAPIVersion'];
          log.expect(min === '1.12', `MinAPIVersion should be 1.12 with ${variable}=1.12, got ${String(min)}`);
          exchanges = log.exchanges;
        },
        (exitCode, output) => {
          throw new Violation(`with ${variable}=1.12 the daemon did not start (exit ${exitCode}): ${lastLine(output)}`);
        },
      );
      return pass(`${variable}=1.12 re-enables API 1.12`, exchanges);
    } catch (error) {
      if (error instanceof Violation) return { status: 'fail', summary: error.message, exchanges: error.exchanges };
      throw error;
    }
  },
};

/** Minor versions strictly above the minimum and up to the maximum. */
function raisedMinimum(ctx: SuiteContext): fc.Arbitrary<string> | null {
  const low = Number(ctx.expectedMin.split('.')[1]) + 1;
  const high = Number(ctx.expectedMax.split('.')[1]);
  return low > high ? null : fc.integer({ min: low, max: high }).map((minor) => `1.${minor}`);
}

export const minOverrideRaiseCheck: RuleCheck = {
  rule: 'api.version.min-override-raise',
  run(ctx, _api, options) {
    const raised = raisedMinimum(ctx);
    if (raised === null) return Promise.resolve(notApplicable(`no version between ${ctx.expectedMin} and ${ctx.expectedMax} to raise the minimum to`));
    const variable = ctx.profile.minApiVariable;
    return checkProperty(
      raised,
      (minimum) =>
        withOverride(
          ctx,
          minimum,
          async (log) => {
            const below = `1.${Number(minimum.split('.')[1]) - 1}`;
            await expectTooOld(log, 'GET', below, '/version', minimum);
            await expectServed(log, 'GET', minimum, '/version');
          },
          (exitCode, output) => {
            throw new Violation(`with ${variable}=${minimum} the daemon did not start (exit ${exitCode}): ${lastLine(output)}`);
          },
        ),
      { ...options, numRuns: ctx.numStarts },
      `${variable} raises the minimum`,
    );
  },
};
