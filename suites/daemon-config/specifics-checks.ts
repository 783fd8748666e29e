import fc from 'fast-check';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { Violation } from '../harness/verdict.js';
import type { StartRequest } from '../targets/target.js';
import { ipv4, ipv6, name, suiteName } from '../arbitraries/values.js';
import { releaseAtLeast } from '../harness/release-facts.js';
import { describe, expectRefused, expectServed, expectServedInfo, expectVerdict } from '../harness/start-and-inspect.js';

const CDI_DEFAULT_DIRS = ['/etc/cdi', '/var/run/cdi'];

export const cdiSpecDirsCheck: RuleCheck = {
  rule: 'config.cdi.spec-dirs',
  run(ctx, _api, options) {
    const onByDefault = releaseAtLeast(ctx, '28.3');
    const arb = fc.record({
      dirs: fc.option(
        fc.uniqueArray(suiteName(), { minLength: 1, maxLength: 3 }).map((ds) => ds.map((d) => `/etc/${d}`)),
        { nil: undefined },
      ),
      cdi: fc.constantFrom<boolean | undefined>(undefined, true, false),
      dirsByFlag: fc.boolean(),
    });
    return checkProperty(
      arb,
      async ({ dirs, cdi, dirsByFlag }) => {
        const byFlag = dirs !== undefined && dirsByFlag;
        const config: Record<string, unknown> = {
          ...(dirs !== undefined && !byFlag ? { 'cdi-spec-dirs': dirs } : {}),
          ...(cdi === undefined ? {} : { features: { cdi } }),
        };
        const request: StartRequest = { config, ...(byFlag ? { args: dirs.flatMap((d) => ['--cdi-spec-dir', d]) } : {}) };
        const enabled = cdi ?? onByDefault;
        const want = enabled ? (dirs ?? CDI_DEFAULT_DIRS) : [];
        const { info, log } = await expectServedInfo(ctx, request, 'CDI settings');
        if (!('CDISpecDirs' in info))
          throw new Violation(`absent in this release: GET /info has no CDISpecDirs, so the configured directories are not listed (${describe(request)})`, log);
        if (JSON.stringify(info['CDISpecDirs']) !== JSON.stringify(want)) {
          throw new Violation(
            `GET /info CDISpecDirs is ${JSON.stringify(info['CDISpecDirs'])}, expected ${JSON.stringify(want)} (CDI ${enabled ? 'on' : 'off'}; ${describe(request)})`,
            log,
          );
        }
      },
      { ...options, numRuns: Math.max(ctx.numStarts, 3) },
      `CDISpecDirs: the defaults${onByDefault ? '' : ' (with features.cdi on)'}, the configured directories, [] with features.cdi=false`,
      [
        { dirs: undefined, cdi: undefined, dirsByFlag: false },
        { dirs: ['/etc/ctc-cdi'], cdi: true, dirsByFlag: false },
        { dirs: ['/etc/ctc-cdi-flag'], cdi: true, dirsByFlag: true },
      ],
    );
  },
};

type GatewayCase = { readonly request: StartRequest; readonly ok: boolean; readonly what: string; readonly bad?: string };

export const hostGatewayCheck: RuleCheck = {
  rule: 'config.host-gateway.ips',
  run(ctx, _api, options) {
    const bad = fc.oneof(name(8), fc.constantFrom('300.1.1.1', '10.0.0', 'localhost', '10.0.0.1/8'));
    const cases: fc.Arbitrary<GatewayCase>[] = [
      ipv4.map((ip) => ({ request: { args: ['--host-gateway-ip', ip] }, ok: true, what: `--host-gateway-ip ${ip}` })),
      ipv4.map((ip) => ({ request: { config: { 'host-gateway-ip': ip } }, ok: true, what: `host-gateway-ip "${ip}" in the file` })),
      bad.map((v) => ({ request: { args: ['--host-gateway-ip', v] }, ok: false, what: `--host-gateway-ip ${v}`, bad: v })),
      bad.map((v) => ({ request: { config: { 'host-gateway-ip': v } }, ok: false, what: `host-gateway-ip "${v}" in the file`, bad: v })),
    ];
    // The document's two addresses (by two flags, or host-gateway-ips), whatever the release has.
    cases.push(
      fc.tuple(ipv4, ipv6).map(([a, b]) => ({ request: { config: { 'host-gateway-ips': [a, b] } }, ok: true, what: `host-gateway-ips [${a}, ${b}]` })),
      fc.tuple(ipv4, ipv6).map(([a, b]) => ({
        request: { args: ['--host-gateway-ip', a, '--host-gateway-ip', b] },
        ok: true,
        what: `--host-gateway-ip ${a} --host-gateway-ip ${b}`,
      })),
    );
    return checkProperty(
      fc.oneof(...cases),
      async (c) => {
        if (c.ok) await expectServed(ctx, c.request, c.what);
        else await expectRefused(ctx, c.request, [], `${c.what} (not an address)`);
      },
      { ...options, numRuns: ctx.numStarts },
      'one IPv4 by flag or string, IPv4 + IPv6 by two flags or host-gateway-ips, start; a non-address is refused',
      // A non-address by flag and as the file's string, whatever the seed.
      [
        { request: { args: ['--host-gateway-ip', 'ctcgateway'] }, ok: false, what: '--host-gateway-ip ctcgateway', bad: 'ctcgateway' },
        { request: { config: { 'host-gateway-ip': 'ctcgateway' } }, ok: false, what: 'host-gateway-ip "ctcgateway" in the file', bad: 'ctcgateway' },
        { request: { config: { 'host-gateway-ips': ['10.0.0.2', 'fd00::2'] } }, ok: true, what: 'host-gateway-ips [10.0.0.2, fd00::2]' },
      ],
    );
  },
};

const LIMITS = ['nofile', 'nproc', 'core', 'memlock', 'stack', 'cpu', 'fsize'] as const;

export const ulimitsCheck: RuleCheck = {
  rule: 'config.ulimits.default',
  run(ctx, _api, options) {
    const limit = fc.constantFrom(...LIMITS);
    const n = fc.integer({ min: 0, max: 65536 });
    type UlimitCase = { readonly request: StartRequest; readonly ok: boolean; readonly what: string };
    const arb: fc.Arbitrary<UlimitCase> = fc.oneof(
      fc.tuple(limit, n, n, fc.boolean()).map(([l, a, b, hardToo]) => {
        const text = hardToo ? `${l}=${Math.min(a, b)}:${Math.max(a, b)}` : `${l}=${a}`;
        return { request: { args: ['--default-ulimit', text] }, ok: true, what: `--default-ulimit ${text}` };
      }),
      fc.tuple(limit, n, n).map(([l, a, b]) => ({
        request: { config: { 'default-ulimits': { [l]: { Name: l, Soft: Math.min(a, b), Hard: Math.max(a, b) } } } },
        ok: true,
        what: `default-ulimits ${l} in the file`,
      })),
      // The refusals are the flag's form, the one the client's --ulimit parser reads.
      fc.tuple(limit, n, fc.integer({ min: 1, max: 1000 })).map(([l, hard, more]) => ({
        request: { args: ['--default-ulimit', `${l}=${hard + more}:${hard}`] },
        ok: false,
        what: `--default-ulimit ${l}=${hard + more}:${hard} (soft above hard)`,
      })),
      fc
        .tuple(suiteName(6), n)
        .map(([l, v]) => ({ request: { args: ['--default-ulimit', `${l}=${v}`] }, ok: false, what: `--default-ulimit ${l}=${v} (unknown name)` })),
      fc
        .tuple(limit, name(4))
        .map(([l, v]) => ({ request: { args: ['--default-ulimit', `${l}=${v}`] }, ok: false, what: `--default-ulimit ${l}=${v} (not a number)` })),
    );
    return checkProperty(
      arb,
      (c) => expectVerdict(ctx, c),
      { ...options, numRuns: ctx.numStarts },
      'valid ulimits by flag or file start; soft above hard, unknown names and non-numbers are refused',
      // An unknown limit name, whatever the seed (the other refusals come up at random).
      [{ request: { args: ['--default-ulimit', 'ctclimit=10'] }, ok: false, what: '--default-ulimit ctclimit=10 (unknown name)' }],
    );
  },
};

type Resource = { readonly kind: string; readonly value: string; readonly discrete: boolean };

export const genericResourcesCheck: RuleCheck = {
  rule: 'config.generic-resources',
  run(ctx, _api, options) {
    const resource = fc.oneof(
      fc.tuple(suiteName(6), fc.integer({ min: 1, max: 64 })).map(([kind, n]): Resource => ({ kind, value: String(n), discrete: true })),
      fc.tuple(suiteName(6), name(6)).map(([kind, v]): Resource => ({ kind, value: `u${v}`, discrete: false })),
    );
    const arb = fc.record({
      resources: fc.uniqueArray(resource, { minLength: 1, maxLength: 3, selector: (r) => r.kind }),
      bare: fc.oneof({ arbitrary: fc.constant(undefined), weight: 2 }, { arbitrary: suiteName(6), weight: 1 }),
      byFlag: fc.boolean(),
    });
    return checkProperty(
      arb,
      async ({ resources, bare, byFlag }) => {
        const entries = [...resources.map((r) => `${r.kind}=${r.value}`), ...(bare === undefined ? [] : [bare])];
        const request: StartRequest = byFlag
          ? { args: entries.flatMap((e) => ['--node-generic-resource', e]) }
          : { config: { 'node-generic-resources': entries } };
        if (bare !== undefined) {
          await expectRefused(ctx, request, [], `the generic resource "${bare}" without "="`);
          return;
        }
        const { info, log } = await expectServedInfo(ctx, request, 'generic resources');
        const shown = Array.isArray(info['GenericResources']) ? (info['GenericResources'] as Record<string, Record<string, unknown> | undefined>[]) : [];
        for (const r of resources) {
          const field = r.discrete ? 'DiscreteResourceSpec' : 'NamedResourceSpec';
          const found = shown.some((g) => g[field]?.['Kind'] === r.kind && String(g[field]?.['Value']) === r.value);
          if (!found)
            throw new Violation(
              `${r.kind}=${r.value}: GET /info GenericResources has no ${field} for it: ${JSON.stringify(info['GenericResources'])} (${describe(request)})`,
              log,
            );
        }
      },
      { ...options, numRuns: ctx.numStarts },
      'kind=count and kind=name entries are advertised in GenericResources; an entry without "=" is refused',
      // A discrete and a named resource together, whatever the seed.
      [
        {
          resources: [
            { kind: 'ctcgpu', value: '2', discrete: true },
            { kind: 'ctcmodel', value: 'ufast', discrete: false },
          ],
          bare: undefined,
          byFlag: true,
        },
      ],
    );
  },
};

export const networkOptsCheck: RuleCheck = {
  rule: 'config.network-opts.forms',
  run(ctx, _api, options) {
    type NetCase = { readonly request: StartRequest; readonly ok: boolean; readonly what: string };
    const triple = fc.tuple(
      fc.constantFrom('bridge', 'overlay', 'macvlan', 'ipvlan'),
      suiteName(6).map((n) => `com.example.${n}`),
      name(6),
    );
    const arb: fc.Arbitrary<NetCase> = fc.oneof(
      fc.uniqueArray(triple, { minLength: 1, maxLength: 3, selector: ([d, o]) => `${d}/${o}` }).chain((triples) =>
        fc.boolean().map((byFlag): NetCase => {
          if (byFlag)
            return {
              request: { args: triples.flatMap(([d, o, v]) => ['--default-network-opt', `${d}=${o}=${v}`]) },
              ok: true,
              what: 'default network options by flag',
            };
          const doc: Record<string, Record<string, string>> = {};
          for (const [d, o, v] of triples) doc[d] = { ...doc[d], [o]: v };
          return { request: { config: { 'default-network-opts': doc } }, ok: true, what: 'default network options in the file' };
        }),
      ),
      fc
        .oneof(
          fc.constantFrom('bridge'),
          suiteName(6),
          suiteName(6).map((n) => `bridge=${n}`),
        )
        .map((v): NetCase => ({ request: { args: ['--default-network-opt', v] }, ok: false, what: `--default-network-opt ${v} (not driver=opt=value)` })),
    );
    // Each form is tried on every run, whatever --num-starts says: a release that lacks one fails.
    const examples: NetCase[] = [
      { request: { args: ['--default-network-opt', 'bridge=com.example.ctcn=v1'] }, ok: true, what: 'default network options by flag' },
      { request: { config: { 'default-network-opts': { bridge: { 'com.example.ctcn': 'v1' } } } }, ok: true, what: 'default network options in the file' },
      { request: { args: ['--default-network-opt', 'bridge'] }, ok: false, what: '--default-network-opt bridge (not driver=opt=value)' },
    ];
    return checkProperty(
      arb,
      async (c) => {
        options.coverage?.hit(c.ok ? (c.request.args === undefined ? 'form:file' : 'form:flag') : 'form:malformed-flag');
        await expectVerdict(ctx, c);
      },
      { ...options, numRuns: ctx.numStarts },
      'driver=opt=value by flag and driver → option → value in the file start; malformed flag values are refused',
      examples,
    );
  },
  documentedItems: () => ['form:flag', 'form:file', 'form:malformed-flag'],
};
