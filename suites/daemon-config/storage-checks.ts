import { statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname } from 'node:path';
import fc from 'fast-check';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { NotExercised, Violation } from '../harness/verdict.js';
import { pidfileIn } from '../targets/process/safety.js';
import type { StartRequest } from '../targets/target.js';
import { cidr, mirrorUrl, name, registryName, suiteName } from '../arbitraries/values.js';
import { describe, excerpt, expectRefused, expectServedInfo, startWith } from '../harness/start-and-inspect.js';

type Via = 'short' | 'long' | 'file' | 'env';

export const storageDriverCheck: RuleCheck = {
  rule: 'config.storage.driver',
  run(ctx, _api, options) {
    const variable = `${ctx.profile.names.envPrefix}DRIVER`;
    const request = (driver: string, via: Via): StartRequest =>
      via === 'short'
        ? { args: ['-s', driver] }
        : via === 'long'
          ? { args: [`--storage-driver=${driver}`] }
          : via === 'file'
            ? { config: { 'storage-driver': driver } }
            : { env: { [variable]: driver } };
    const arb = fc.record({ via: fc.constantFrom<Via>('short', 'long', 'file', 'env'), unknown: fc.option(suiteName(6), { nil: undefined }) });
    return checkProperty(
      arb,
      async ({ via, unknown }) => {
        if (unknown !== undefined) {
          await expectRefused(ctx, request(unknown, via), [], `the unknown storage driver ${unknown} (by ${via})`);
          return;
        }
        const r = request('vfs', via);
        const { info, log } = await expectServedInfo(ctx, r, `storage driver vfs by ${via}`);
        if (info['Driver'] !== 'vfs')
          throw new Violation(`storage driver vfs by ${via}: GET /info Driver is ${JSON.stringify(info['Driver'])} (${describe(r)})`, log);
      },
      { ...options, numRuns: ctx.numStarts },
      `-s, --storage-driver, storage-driver and ${variable} choose vfs (Driver "vfs"); unknown names are refused`,
      // An unknown name in the environment, whatever the seed.
      [{ via: 'env' as const, unknown: 'ctcnodriver' }],
    );
  },
};

/** statfs's magic number of xfs, where overlay2.size is supported (with pquota). */
const XFS_MAGIC = 0x58465342;

type StorageCase = { readonly driver: 'overlay2' | 'vfs'; readonly option: string; readonly byFlag: boolean };

export const storageOptionsCheck: RuleCheck = {
  rule: 'config.storage.options',
  documentedItems: () => ['overlay2.size on a file system other than xfs', 'an option of another driver'],
  run(ctx, _api, options) {
    const size = fc.integer({ min: 1, max: 64 }).map((n) => `overlay2.size=${n}${['M', 'G'][n % 2]}`);
    const foreign = fc.oneof(
      fc.constantFrom('overlay2.size=1G', 'overlay2.override_kernel_check=true', 'zfs.fsname=ctc', 'btrfs.min_space=10G'),
      suiteName(6).map((n) => `vfs.${n}=1`),
      suiteName(6).map((n) => `${n}=1`),
    );
    const arb: fc.Arbitrary<StorageCase> = fc.oneof(
      fc.record({ driver: fc.constant('overlay2' as const), option: size, byFlag: fc.boolean() }),
      fc.record({ driver: fc.constant('vfs' as const), option: foreign, byFlag: fc.boolean() }),
    );
    return checkProperty(
      arb,
      async ({ driver, option: opt, byFlag }) => {
        if (driver === 'overlay2') {
          // Supported only on xfs with pquota: the suite's data roots are made under the temporary directory.
          if (statfsSync(tmpdir()).type === XFS_MAGIC) throw new NotExercised('the data roots are on xfs, where overlay2.size may be supported');
          options.coverage?.hit('overlay2.size on a file system other than xfs');
        } else options.coverage?.hit('an option of another driver');
        const request: StartRequest = byFlag
          ? { args: [`--storage-driver=${driver}`, '--storage-opt', opt] }
          : { config: { 'storage-driver': driver, 'storage-opts': [opt] } };
        await expectRefused(ctx, request, driver === 'overlay2' ? ['overlay2.size'] : [], `${driver} with the storage option ${opt}`);
      },
      { ...options, numRuns: ctx.numStarts },
      'overlay2.size on a file system other than xfs is refused naming it; vfs refuses options of other drivers and unknown ones',
      [
        { driver: 'overlay2', option: 'overlay2.size=1G', byFlag: true },
        { driver: 'vfs', option: 'overlay2.size=1G', byFlag: false },
      ],
    );
  },
};

export const multipleDaemonsCheck: RuleCheck = {
  rule: 'config.multiple-daemons',
  run(ctx, _api, options) {
    return checkProperty(
      fc.constantFrom(['--pidfile'], ['-p']),
      async ([flag]) => {
        let verdictError: Violation | undefined;
        const first = await startWith(ctx, {}, async (log, instance) => {
          const endpoint = instance.endpoint;
          if (endpoint.kind !== 'unix') return 'no-unix';
          const pidfile = pidfileIn(dirname(endpoint.path));
          const request: StartRequest = { args: [flag!, pidfile] };
          try {
            await expectRefused(ctx, request, [pidfile], 'a second daemon with the PID file of a running one');
          } catch (error) {
            if (!(error instanceof Violation)) throw error;
            verdictError = error;
          }
          const ping = await log.send('GET', '/_ping');
          log.expect(ping.status === 200, `after a second daemon was started with its PID file, the first answered GET /_ping ${ping.status}`);
          return 'checked';
        });
        if (!first.served) throw new Violation(`the first daemon did not start (exit ${String(first.exitCode)}): ${excerpt(first.output)}`);
        if (first.value === 'no-unix') throw new Violation('the first daemon has no unix socket to find its PID file by');
        if (verdictError !== undefined) throw new Violation(verdictError.message, first.exchanges);
      },
      { ...options, numRuns: Math.min(ctx.numStarts, 2) },
      'a second daemon given the PID file of a running one does not start, naming it; the first keeps serving',
    );
  },
};

/** A registry address as the daemon lists mirrors: with a trailing slash. */
const withSlash = (url: string): string => (url.endsWith('/') ? url : `${url}/`);

export const insecureRegistriesCheck: RuleCheck = {
  rule: 'config.registries.insecure',
  run(ctx, _api, options) {
    const arb = fc.record({
      cidrs: fc.uniqueArray(cidr, { minLength: 0, maxLength: 2 }),
      names: fc.uniqueArray(registryName, { minLength: 0, maxLength: 2 }),
      mirrors: fc.uniqueArray(mirrorUrl, { minLength: 0, maxLength: 2 }),
      badMirror: fc.oneof(
        { arbitrary: fc.constant(undefined), weight: 2 },
        {
          arbitrary: fc.oneof(
            name(8),
            name(8).map((n) => `${n}.example`),
            name(6).map((n) => `ftp://${n}.example`),
          ),
          weight: 1,
        },
      ),
      byFlag: fc.boolean(),
    });
    return checkProperty(
      arb,
      async ({ cidrs, names, mirrors, badMirror, byFlag }) => {
        const insecure = [...cidrs, ...names];
        const mirrorList = [...mirrors, ...(badMirror === undefined ? [] : [badMirror])];
        const request: StartRequest = byFlag
          ? { args: [...insecure.flatMap((v) => ['--insecure-registry', v]), ...mirrorList.flatMap((m) => ['--registry-mirror', m])] }
          : {
              config: {
                ...(insecure.length > 0 ? { 'insecure-registries': insecure } : {}),
                ...(mirrorList.length > 0 ? { 'registry-mirrors': mirrorList } : {}),
              },
            };
        if (badMirror !== undefined) {
          await expectRefused(ctx, request, [], `the mirror ${badMirror}, not an http(s) URL`);
          return;
        }
        const { info, log } = await expectServedInfo(ctx, request, 'insecure registries and mirrors');
        const registry = (info['RegistryConfig'] ?? {}) as Record<string, unknown>;
        const shownCidrs = Array.isArray(registry['InsecureRegistryCIDRs']) ? (registry['InsecureRegistryCIDRs'] as unknown[]) : [];
        for (const c of ['127.0.0.0/8', ...cidrs]) {
          if (!shownCidrs.includes(c))
            throw new Violation(`RegistryConfig.InsecureRegistryCIDRs ${JSON.stringify(shownCidrs)} lacks ${c} (${describe(request)})`, log);
        }
        const index = (registry['IndexConfigs'] ?? {}) as Record<string, Record<string, unknown> | undefined>;
        for (const n of names) {
          if (index[n]?.['Secure'] !== false)
            throw new Violation(
              `RegistryConfig.IndexConfigs[${JSON.stringify(n)}] is ${JSON.stringify(index[n])}, expected Secure false (${describe(request)})`,
              log,
            );
        }
        const shownMirrors = (Array.isArray(registry['Mirrors']) ? (registry['Mirrors'] as unknown[]) : []).map((m) => withSlash(String(m)));
        for (const m of mirrors) {
          if (!shownMirrors.includes(withSlash(m)))
            throw new Violation(`RegistryConfig.Mirrors ${JSON.stringify(registry['Mirrors'])} lacks ${m} (${describe(request)})`, log);
        }
      },
      { ...options, numRuns: ctx.numStarts },
      'insecure CIDRs (with 127.0.0.0/8), insecure names and mirrors are shown in RegistryConfig; a non-URL mirror is refused',
      [
        { cidrs: [], names: [], mirrors: [], badMirror: 'ctc-mirror.example', byFlag: false },
        // CIDRs, names and a mirror together: 127.0.0.0/8 must stay beside the CIDRs given.
        { cidrs: ['10.0.0.0/8'], names: ['ctcreg.example:5000'], mirrors: ['https://ctcmirror.example'], badMirror: undefined, byFlag: true },
      ],
    );
  },
};
