import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { Violation } from '../harness/verdict.js';
import { suiteName } from '../arbitraries/values.js';
import { describe, excerpt, expectRefused, startWith } from '../harness/start-and-inspect.js';
import type { Endpoint } from '../http/endpoint.js';
import { makeRunDir, removeRunDir } from '../targets/temp-dir.js';
import { modeFromStartCheck } from './mode-from-start-checks.js';
import { freePort, freePorts } from './ports.js';

/** The machine's groups (name and id) from /etc/group. */
function machineGroups(): { name: string; gid: number }[] {
  return readFileSync('/etc/group', 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .filter((fields) => fields.length >= 3 && /^\d+$/.test(fields[2]!))
    .map((fields) => ({ name: fields[0]!, gid: Number(fields[2]) }));
}

const tcp = (port: number): Endpoint => ({ kind: 'tcp', host: '127.0.0.1', port });

export const unixModeCheck: RuleCheck = {
  rule: 'listen.unix.mode',
  documentedItems: () => ['no -G', '-G <name>', '-G <gid>'],
  run(ctx, _api, options) {
    const groups = machineGroups();
    const defaultGroup = groups.find((g) => g.name === ctx.profile.name);
    const choice = fc.option(fc.record({ group: fc.constantFrom(...groups), byNumber: fc.boolean() }), { nil: undefined });
    return checkProperty(
      choice,
      async (picked) => {
        options.coverage?.hit(picked === undefined ? 'no -G' : picked.byNumber ? '-G <gid>' : '-G <name>');
        const args = picked === undefined ? [] : ['-G', picked.byNumber ? String(picked.group.gid) : picked.group.name];
        const outcome = await startWith(ctx, { args }, async (log, instance) => {
          const reply = await log.send('GET', '/_ping');
          log.expect(reply.status === 200, `GET /_ping answered ${reply.status}`);
          if (instance.endpoint.kind !== 'unix') throw new Violation("the daemon's endpoint is not a unix socket");
          return statSync(instance.endpoint.path);
        });
        if (!outcome.served) throw new Violation(`the daemon did not serve with ${describe({ args })}: ${excerpt(outcome.output)}`);
        const stat = outcome.value;
        const mode = stat.mode & 0o777;
        if (mode !== 0o660) throw new Violation(`the socket's mode is ${mode.toString(8)}, not 660 (${describe({ args })})`, outcome.exchanges);
        const wanted = picked?.group ?? defaultGroup;
        if (wanted !== undefined && stat.gid !== wanted.gid)
          throw new Violation(`the socket's group is ${stat.gid}, not ${wanted.name} (${wanted.gid}) (${describe({ args })})`, outcome.exchanges);
      },
      { ...options, numRuns: ctx.numStarts },
      'sockets are 0660 and owned by the -G group (by name or id), else the default group',
      // Every way to give the group, whatever the seed: none, by name, by number.
      [
        undefined,
        ...(groups.length === 0
          ? []
          : [
              { group: groups[0]!, byNumber: false },
              { group: groups[groups.length - 1]!, byNumber: true },
            ]),
      ],
    );
  },
};

/**
 * Names that are no group of the machine but begin one's name (`roo` of `root`): a lookup that
 * matches the start of a line of /etc/group without its ':' finds a group for them.
 */
function groupNamePrefixes(known: ReadonlySet<string>): string[] {
  const prefixes = [...known].flatMap((name) => Array.from({ length: name.length - 1 }, (_, i) => name.slice(0, name.length - 1 - i)));
  return [...new Set(prefixes)].filter((prefix) => !known.has(prefix));
}

export const groupMissingCheck: RuleCheck = {
  rule: 'listen.unix.group-missing',
  run(ctx, _api, options) {
    const known = new Set(machineGroups().map((g) => g.name));
    const prefixes = groupNamePrefixes(known);
    const absent = suiteName(8).filter((name) => !known.has(name));
    return checkProperty(
      prefixes.length === 0 ? absent : fc.oneof(absent, fc.constantFrom(...prefixes)),
      async (group) => {
        await expectRefused(ctx, { args: ['-G', group] }, [group], `-G ${group} (no such group)`);
      },
      { ...options, numRuns: Math.min(2, ctx.numStarts) },
      'a -G group that does not exist stops the start, naming it',
      // The start of an existing group's name (the longest one of the first group), whatever the seed.
      prefixes.slice(0, 1),
    );
  },
};

/** Starts with extra -H values and asks each endpoint for /_ping (and /info's ID, to be sure it is this daemon). */
async function servesOn(ctx: Parameters<RuleCheck['run']>[0], hosts: readonly string[], endpoints: readonly Endpoint[], what: string): Promise<void> {
  const args = hosts.flatMap((host) => ['-H', host]);
  const outcome = await startWith(ctx, { args }, async (log) => {
    const info = await log.send('GET', '/info');
    const id = (JSON.parse(info.body) as { ID?: string }).ID;
    for (const endpoint of endpoints) {
      const client = ctx.clientFor(endpoint);
      try {
        const ping = await client.request('GET', '/_ping', { timeoutMs: 5_000 }).catch((error: Error) => error);
        if (ping instanceof Error) throw new Violation(`${what}: GET /_ping on ${JSON.stringify(endpoint)} failed: ${ping.message}`, log.exchanges);
        if (ping.status !== 200) throw new Violation(`${what}: GET /_ping on ${JSON.stringify(endpoint)} answered ${ping.status}`, log.exchanges);
        const other = await client.request('GET', '/info', { timeoutMs: 5_000 });
        if ((JSON.parse(other.body) as { ID?: string }).ID !== id)
          throw new Violation(`${what}: the daemon on ${JSON.stringify(endpoint)} is not the one on the suite's socket (another /info ID)`, log.exchanges);
      } finally {
        client.close();
      }
    }
  });
  if (!outcome.served) throw new Violation(`${what}: the daemon did not serve (${describe({ args })}): ${excerpt(outcome.output)}`);
}

/** daemon.md's tcp forms with a port (those without one are listen.tcp.default-port's); P is a free port. */
const TCP_FORMS = ['tcp://127.0.0.1:P', '127.0.0.1:P', ':P', 'tcp://:P', 'tcp://localhost:P'] as const;

export const tcpFormsCheck: RuleCheck = {
  rule: 'listen.tcp.forms',
  documentedItems: () => TCP_FORMS,
  run(ctx, _api, options) {
    // Several forms per start, each on a port of its own: every form is tried on every run.
    return checkProperty(
      fc.shuffledSubarray([...TCP_FORMS], { minLength: 1 }),
      async (patterns) => {
        const ports = await freePorts(patterns.length);
        const hosts = patterns.map((pattern, i) => {
          options.coverage?.hit(pattern);
          return pattern.replace('P', String(ports[i]!));
        });
        await servesOn(ctx, hosts, ports.map(tcp), hosts.map((host) => `-H ${host}`).join(' '));
      },
      { ...options, numRuns: ctx.numStarts },
      'every tcp form listens on 127.0.0.1 at its port',
      [[...TCP_FORMS]],
    );
  },
};

export const tcpPathCheck: RuleCheck = {
  rule: 'listen.tcp.path',
  run(ctx, _api, options) {
    return checkProperty(
      fc.array(suiteName(6), { minLength: 1, maxLength: 2 }).map((parts) => `/${parts.join('/')}`),
      async (path) => {
        const port = await freePort();
        const host = `tcp://127.0.0.1:${port}${path}`;
        const outcome = await startWith(ctx, { args: ['-H', host] }, async (log) => {
          const version = await log.send('GET', '/version');
          const client = ctx.clientFor({ ...tcp(port), basePath: path });
          try {
            const ping = await client.request('GET', '/_ping', { timeoutMs: 5_000 });
            if (ping.status !== 200) throw new Violation(`-H ${host}: GET ${path}/_ping answered ${ping.status}`, log.exchanges);
            const prefixed = await client.request('GET', '/version', { timeoutMs: 5_000 });
            if (prefixed.status !== 200 || prefixed.body !== version.body)
              throw new Violation(`-H ${host}: GET ${path}/version answered ${prefixed.status}, not what /version answers on the socket`, log.exchanges);
          } finally {
            client.close();
          }
        });
        if (!outcome.served) throw new Violation(`-H ${host}: the daemon did not serve: ${excerpt(outcome.output)}`);
      },
      { ...options, numRuns: ctx.numStarts },
      'requests under the path of a tcp address are served without it',
    );
  },
};

export const multipleCheck: RuleCheck = {
  rule: 'listen.multiple',
  documentedItems: () => ['unix', 'tcp'],
  run(ctx, _api, options) {
    const kinds = fc.array(fc.constantFrom<'unix' | 'tcp'>('unix', 'tcp'), { minLength: 1, maxLength: 3 });
    return checkProperty(
      kinds,
      async (wanted) => {
        const dir = makeRunDir();
        try {
          const ports = await freePorts(wanted.length);
          const hosts: string[] = [];
          const endpoints: Endpoint[] = [];
          wanted.forEach((kind, i) => {
            options.coverage?.hit(kind);
            if (kind === 'unix') {
              const path = join(dir, `extra${i}.sock`);
              hosts.push(`unix://${path}`);
              endpoints.push({ kind: 'unix', path });
            } else {
              hosts.push(`tcp://127.0.0.1:${ports[i]!}`);
              endpoints.push(tcp(ports[i]!));
            }
          });
          await servesOn(ctx, hosts, endpoints, `${hosts.length + 1} listeners`);
        } finally {
          removeRunDir(dir);
        }
      },
      { ...options, numRuns: ctx.numStarts },
      'every -H listens, all with the same daemon',
      [['tcp', 'unix']],
    );
  },
};

export const unauthenticatedDeprecatedCheck: RuleCheck = {
  rule: 'listen.tcp.unauthenticated-deprecated',
  run(ctx, _api, options) {
    const paths = ['/_ping', '/version', `/v${ctx.expectedMax}/version`];
    return checkProperty(
      fc.shuffledSubarray(paths, { minLength: paths.length }),
      async (order) => {
        const port = await freePort();
        const outcome = await startWith(ctx, { args: ['-H', `tcp://127.0.0.1:${port}`] }, async (log) => {
          const client = ctx.clientFor(tcp(port));
          try {
            for (const path of order) {
              const onSocket = await log.send('GET', path);
              const onTcp = await client.request('GET', path, { timeoutMs: 5_000 });
              if (onTcp.status !== onSocket.status)
                throw new Violation(
                  `GET ${path} on the TCP listener without TLS answered ${onTcp.status}, on the unix socket ${onSocket.status}`,
                  log.exchanges,
                );
            }
          } finally {
            client.close();
          }
        });
        if (!outcome.served) throw new Violation(`-H tcp://127.0.0.1:${port}: the daemon did not serve: ${excerpt(outcome.output)}`);
      },
      { ...options, numRuns: 1 },
      'a TCP listener without TLS still serves the API (deprecated, not removed)',
    );
  },
};

export const unauthenticatedNoticeCheck: RuleCheck = {
  rule: 'listen.tcp.unauthenticated-notice',
  run(ctx, _api, options) {
    return checkProperty(
      fc.constant(null),
      async () => {
        // Both loopback spellings in one start: a release that skips the notice for one form (a
        // "loopback is safe" shortcut) fails on it.
        const listeners = [
          { host: '127.0.0.1', port: await freePort() },
          { host: 'localhost', port: await freePort() },
        ];
        const args = listeners.flatMap(({ host, port }) => ['-H', `tcp://${host}:${port}`]);
        const outcome = await startWith(ctx, { args }, async (log, instance) => {
          for (const { port } of listeners) {
            const client = ctx.clientFor(tcp(port));
            try {
              const ping = await client.request('GET', '/_ping', { timeoutMs: 5_000 });
              if (ping.status !== 200) throw new Violation(`the TCP listener on port ${port} answered ${ping.status}`, log.exchanges);
            } finally {
              client.close();
            }
          }
          return instance.output();
        });
        if (!outcome.served) throw new Violation(`${args.join(' ')}: the daemon did not serve: ${excerpt(outcome.output)}`);
        for (const { host, port } of listeners) {
          const notice = outcome.value
            .split('\n')
            .find((line) => line.includes('DEPRECATION NOTICE') && line.includes('without encryption') && line.includes(String(port)));
          if (notice === undefined)
            throw new Violation(`no deprecation notice for the TCP listener without TLS tcp://${host}:${port} in the log`, outcome.exchanges);
        }
      },
      { ...options, numRuns: 1 },
      'TCP listeners without TLS (127.0.0.1 and localhost) serve and the log carries a deprecation notice for each',
    );
  },
};

export const SOCKET_CHECKS: readonly RuleCheck[] = [
  unixModeCheck,
  modeFromStartCheck,
  groupMissingCheck,
  tcpFormsCheck,
  tcpPathCheck,
  multipleCheck,
  unauthenticatedDeprecatedCheck,
  unauthenticatedNoticeCheck,
];
