import fc from 'fast-check';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { Violation } from '../harness/verdict.js';
import { suiteName } from '../arbitraries/values.js';
import { HttpClientError } from '../http/client.js';
import { startAuthzPlugin, type AuthzPlugin } from '../fixtures/authz-plugin.js';
import { makeRunDir, removeRunDir } from '../targets/temp-dir.js';
import { waitForLog } from './session.js';
import { fillMessage } from '../../common/messages.js';
import { AUTHZ_MESSAGES } from '../../specs/messages.js';
import { errorMessageOf } from '../http/error-message.js';
import { matching } from '../arbitraries/matching.js';

/** dockerd gives up after 1+2+4+8 s; this leaves room for a loaded machine. */
const FATAL_WITHIN_MS = 40_000;

/** How long after its fatal line a daemon may still answer (it exits right after writing it). */
const EXIT_WITHIN_MS = 5_000;
const PING_EVERY_MS = 100;

/** Pings until one gets no answer (null) or EXIT_WITHIN_MS is over (the last answer's status). */
async function answersUntilGone(ping: () => Promise<number | null>): Promise<number | null> {
  const deadline = Date.now() + EXIT_WITHIN_MS;
  for (;;) {
    const answered = await ping();
    if (answered === null || Date.now() >= deadline) return answered;
    await new Promise((resolve) => setTimeout(resolve, PING_EVERY_MS));
  }
}

/** reload.authz-missing: a reload naming a plugin nobody provides ends the daemon after the lookup retries. */
export const authzMissingCheck: RuleCheck = {
  rule: 'reload.authz-missing',
  run(ctx, _api, options) {
    return checkProperty(
      suiteName(8).map((n) => `${n}-no-such-plugin`),
      async (plugin) => {
        const started = await ctx.target.start({});
        if (!started.ok) throw new Violation(`the daemon did not start: ${started.output.slice(-300)}`);
        const { instance } = started;
        const client = ctx.clientFor(instance.endpoint);
        try {
          await instance.writeConfig({ 'authorization-plugins': [plugin] });
          const mark = instance.logMark();
          await instance.reload();
          const { lines, found } = await waitForLog(instance, mark, (line) => /level=fatal/.test(line), FATAL_WITHIN_MS, ctx.signal);
          if (!found)
            throw new Violation(
              `authorization-plugins [${plugin}]: no fatal line within ${FATAL_WITHIN_MS} ms of SIGHUP; the log: ${lines.slice(-4).join(' | ')}`,
            );
          const fatal = lines.find((line) => /level=fatal/.test(line))!;
          if (!fatal.includes('Error validating authorization plugin') || !fatal.includes(plugin))
            throw new Violation(`the fatal line does not name the plugin's validation: ${fatal}`);
          if (!lines.some((line) => /level=warn/.test(line) && line.includes(`Unable to locate plugin: ${plugin}`)))
            throw new Violation(`no "Unable to locate plugin: ${plugin}" retry warning before the fatal line`);
          // The daemon is gone: a request gets no answer (its socket may be left behind). The fatal
          // line is written just before the process exits, so a request sent at once may still be
          // answered on a loaded machine: the daemon has EXIT_WITHIN_MS to stop answering.
          const answered = await answersUntilGone(() =>
            client.request('GET', '/_ping', { timeoutMs: 3_000 }).then(
              (reply) => reply.status,
              (error: unknown) => (error instanceof HttpClientError ? null : Promise.reject(error)),
            ),
          );
          if (answered !== null) throw new Violation(`${EXIT_WITHIN_MS} ms after the fatal line, GET /_ping still answered ${answered}`);
        } finally {
          client.close();
          await instance.stop();
        }
      },
      { ...options, numRuns: 1 },
      'a reload naming a missing authorization plugin logs the lookup retries and a fatal line, then the daemon answers no more',
    );
  },
};

/** A reload ends with this line (or an error line) within this time. */
const RELOADED_WITHIN_MS = 30_000;
/** How long after "Reloaded configuration" the reload handler may take to apply the plugins (it does in microseconds). */
const SETTLE_MS = 1_000;

/** reload.option.authorization-plugins: a plugin a reload lists answers the next requests. */
export const authzReloadCheck: RuleCheck = {
  rule: 'reload.option.authorization-plugins',
  run(ctx, _api, options) {
    return checkProperty(
      fc.record({ name: suiteName(8), msg: matching(/^[A-Za-z0-9 ._-]{1,20}$/) }),
      async ({ name, msg }) => {
        const dir = makeRunDir();
        let plugin: AuthzPlugin | undefined;
        try {
          plugin = await startAuthzPlugin(dir, name, {
            request: (m) => (m.RequestUri.split('?')[0]!.endsWith('/info') ? { Allow: false, Msg: msg } : { Allow: true }),
          });
          const started = await ctx.target.start({ pluginDir: dir });
          if (!started.ok) throw new Violation(`the daemon did not start: ${started.output.slice(-300)}`);
          const { instance } = started;
          const client = ctx.clientFor(instance.endpoint);
          try {
            const before = await client.request('GET', '/info');
            if (before.status !== 200) throw new Violation(`before the reload GET /info answered ${before.status}`);
            if (plugin.calls.length > 0) throw new Violation(`the plugin was asked before any configuration listed it (${plugin.calls.length} calls)`);
            await instance.writeConfig({ 'authorization-plugins': [name] });
            const mark = instance.logMark();
            await instance.reload();
            const { lines, found } = await waitForLog(
              instance,
              mark,
              (line) => line.includes('Reloaded configuration') || /level=(error|fatal)/.test(line),
              RELOADED_WITHIN_MS,
              ctx.signal,
            );
            if (!found || !lines.some((line) => line.includes('Reloaded configuration')))
              throw new Violation(`authorization-plugins [${name}]: the reload did not end with "Reloaded configuration": ${lines.slice(-4).join(' | ')}`);
            const expected = fillMessage(AUTHZ_MESSAGES.denied, { name, msg });
            // dockerd logs "Reloaded configuration" (daemon.Reload's deferred line) before its reload
            // handler calls SetPlugins: a request right after the line can pass before the plugins
            // apply. Answers let through within SETTLE_MS of the line are asked again; no later one may be.
            const settled = Date.now() + SETTLE_MS;
            let after = await client.request('GET', '/info');
            while (after.status === 200 && Date.now() < settled) {
              await new Promise((resolve) => setTimeout(resolve, 20));
              after = await client.request('GET', '/info');
            }
            if (after.status !== 403 || errorMessageOf(after) !== expected)
              throw new Violation(
                `after the reload listed ${name}, GET /info answered ${after.status} ${after.body.slice(0, 200)}${after.status === 200 ? ` still ${SETTLE_MS} ms after "Reloaded configuration"` : ''}, not 403 "${expected}"`,
              );
            if (!plugin.calls.some((call) => call.kind === 'request' && call.message?.RequestUri === '/info'))
              throw new Violation('the plugin got no AuthZReq for GET /info after the reload');
          } finally {
            client.close();
            await instance.stop();
          }
        } finally {
          await plugin?.close();
          removeRunDir(dir);
        }
      },
      { ...options, numRuns: Math.min(2, ctx.numStarts) },
      'a plugin listed by a reload denied the next request with its message',
    );
  },
};
