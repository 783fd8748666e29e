import fc from 'fast-check';
import { checkProperty } from '../harness/property.js';
import type { SuiteContext } from '../harness/context.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { Violation } from '../harness/verdict.js';
import { describe, excerpt, expectRefused, startWith } from '../harness/start-and-inspect.js';
import type { StartRequest, TargetInstance } from '../targets/target.js';
import { withTlsFiles } from './tls-start.js';

/** A generated address for a private namespace: 10.x.y.z, never one of the machine's. */
const namespaceAddress = fc
  .tuple(fc.integer({ min: 1, max: 254 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 254 }))
  .map(([a, b, c]) => `10.${a}.${b}.${c}`);

/** GET /_ping from inside the namespace; anything but 200 breaks the rule. */
async function expectPingInside(
  instance: TargetInstance,
  host: string,
  port: number,
  what: string,
  tls?: { ca: string; cert: string; key: string },
): Promise<void> {
  const reply = await instance.probeInNetns({ host, port, path: '/_ping', ...(tls === undefined ? {} : { tls }) });
  if (reply.status !== 200)
    throw new Violation(
      `${what}: GET ${tls === undefined ? 'http' : 'https'}://${host}:${port}/_ping inside the namespace got ${reply.status ?? `no answer (${reply.error ?? ''})`}`,
    );
}

async function servedInside(ctx: SuiteContext, request: StartRequest, what: string, probe: (instance: TargetInstance) => Promise<void>): Promise<string> {
  const outcome = await startWith(ctx, request, async (_log, instance) => {
    await probe(instance);
    return instance.output();
  });
  if (!outcome.served) throw new Violation(`${what}: the daemon did not serve (${describe(request)}): ${excerpt(outcome.output)}`);
  return outcome.value;
}

const PORTLESS_FORMS = ['tcp://', '127.0.0.1:', 'tcp://127.0.0.1:'] as const;
const portlessItem = (form: string, tls: boolean): string => `${form} ${tls ? 'with' : 'without'} TLS`;

export const defaultPortCheck: RuleCheck = {
  rule: 'listen.tcp.default-port',
  documentedItems: () => PORTLESS_FORMS.flatMap((form) => [portlessItem(form, false), portlessItem(form, true)]),
  run(ctx, _api, options) {
    return checkProperty(
      fc.record({ form: fc.constantFrom<string>(...PORTLESS_FORMS), tls: fc.boolean() }),
      async ({ form, tls }) => {
        options.coverage?.hit(portlessItem(form, tls));
        if (!tls) {
          await servedInside(ctx, { args: ['-H', form], netns: { addresses: [] } }, `-H ${form}`, (instance) =>
            expectPingInside(instance, '127.0.0.1', 2375, `-H ${form} without TLS`),
          );
          return;
        }
        await withTlsFiles(async (files) => {
          const request: StartRequest = { args: ['--tlsverify', ...files.fileArgs, '-H', form], netns: { addresses: [] } };
          const client = { ca: files.material.ca.cert, cert: files.material.client.cert, key: files.material.client.key };
          await servedInside(ctx, request, `-H ${form} --tlsverify`, (instance) =>
            expectPingInside(instance, '127.0.0.1', 2376, `-H ${form} with TLS`, client),
          );
        });
      },
      { ...options, numRuns: ctx.numStarts },
      'bare tcp:// and host: listen on port 2375 without TLS and 2376 with it',
      // Every form with and without TLS, whatever the seed.
      [true, false].flatMap((tls) => PORTLESS_FORMS.map((form) => ({ form, tls }))),
    );
  },
};

type Disable = 'flag --tls=false' | 'flag --tlsverify=false' | 'file tls:false' | 'file tlsverify:false';
const DISABLES: readonly Disable[] = ['flag --tls=false', 'flag --tlsverify=false', 'file tls:false', 'file tlsverify:false'];

/** A remote listener with TLS verification turned off one way; the certificate files are given so that only the rule can stop the start. */
function unverifiedRemote(address: string, disable: Disable, fileArgs: readonly string[]): StartRequest {
  const host = ['-H', `tcp://${address}:2375`];
  switch (disable) {
    case 'flag --tls=false':
      return { args: [...host, '--tls=false'], netns: { addresses: [address] } };
    case 'flag --tlsverify=false':
      return { args: [...host, '--tlsverify=false', ...fileArgs], netns: { addresses: [address] } };
    case 'file tls:false':
      return { args: host, config: { tls: false }, netns: { addresses: [address] } };
    case 'file tlsverify:false':
      return { args: [...host, ...fileArgs], config: { tlsverify: false }, netns: { addresses: [address] } };
  }
}

export const remoteRequiresVerifyCheck: RuleCheck = {
  rule: 'tls.remote-requires-verify',
  documentedItems: () => DISABLES,
  run(ctx, _api, options) {
    return checkProperty(
      fc.record({ address: namespaceAddress, disable: fc.constantFrom(...DISABLES) }),
      ({ address, disable }) =>
        withTlsFiles(async (files) => {
          options.coverage?.hit(disable);
          await expectRefused(ctx, unverifiedRemote(address, disable, files.fileArgs), [], `a remote listener on ${address} with ${disable}`);
          // The plain tcp:// form has no host: the rule does not apply, the daemon serves.
          await servedInside(ctx, { args: ['-H', 'tcp://', '--tls=false'], netns: { addresses: [address] } }, '-H tcp:// --tls=false', (instance) =>
            expectPingInside(instance, '127.0.0.1', 2375, '-H tcp:// --tls=false'),
          );
        }),
      { ...options, numRuns: ctx.numStarts },
      'from 27.0 a remote listener without TLS verification stops the start; plain tcp:// serves',
      // Each way to turn verification off (flag or file, tls or tlsverify), whatever the seed.
      DISABLES.map((disable, i) => ({ address: `10.250.0.${i + 1}`, disable })),
    );
  },
};

export const remoteBefore27Check: RuleCheck = {
  rule: 'tls.remote-before-27',
  run(ctx, _api, options) {
    return checkProperty(
      namespaceAddress,
      async (address) => {
        const request: StartRequest = { args: ['-H', `tcp://${address}:2375`, '--tls=false'], netns: { addresses: [address] } };
        const output = await servedInside(ctx, request, `a remote listener on ${address} with --tls=false`, (instance) =>
          expectPingInside(instance, address, 2375, `tcp://${address}:2375`),
        );
        if (!output.includes('Binding to IP address without --tlsverify is insecure'))
          throw new Violation(`a remote listener on ${address} without TLS: no "Binding to IP address without --tlsverify is insecure" warning in the log`);
      },
      { ...options, numRuns: Math.min(2, ctx.numStarts) },
      'before 27.0 a remote listener without TLS starts and warns',
    );
  },
};

export const NETNS_CHECKS: readonly RuleCheck[] = [defaultPortCheck, remoteRequiresVerifyCheck, remoteBefore27Check];
