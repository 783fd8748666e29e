import { existsSync } from 'node:fs';
import fc from 'fast-check';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { notApplicable, Violation } from '../harness/verdict.js';
import type { StartRequest } from '../targets/target.js';
import { cidr, distinctLabels, labelValue, name, registryName, suiteName } from '../arbitraries/values.js';
import { reservedLabelPrefixes } from '../harness/release-facts.js';
import { describe, expectRefused, expectServed, expectServedInfo, startWith } from '../harness/start-and-inspect.js';

type Placement = 'flag' | 'file' | 'both';
const placement = fc.constantFrom<Placement>('flag', 'file', 'both');

export const logFormatExclusiveCheck: RuleCheck = {
  rule: 'config.log-format.exclusive',
  run(ctx, _api, options) {
    const format = fc.constantFrom('text', 'json');
    return checkProperty(
      fc.record({ where: placement, flag: format, file: format }),
      async ({ where, flag, file }) => {
        options.coverage?.hit(`placement:${where}`);
        const request: StartRequest = {
          ...(where !== 'file' ? { args: [`--log-format=${flag}`] } : {}),
          ...(where !== 'flag' ? { config: { 'log-format': file } } : {}),
        };
        if (where === 'both') await expectRefused(ctx, request, ['log-format'], "--log-format and the file's log-format together");
        else await expectServed(ctx, request, `log-format by ${where} alone`);
      },
      { ...options, numRuns: ctx.numStarts },
      'log-format by flag and file together is refused naming it; either alone starts',
      // Every placement on every run, whatever --num-starts says: a release that lacks the option fails.
      [
        { where: 'both', flag: 'json', file: 'json' },
        { where: 'flag', flag: 'text', file: 'text' },
        { where: 'file', flag: 'json', file: 'json' },
      ],
    );
  },
  documentedItems: () => ['placement:flag', 'placement:file', 'placement:both'],
};

export const featuresExclusiveCheck: RuleCheck = {
  rule: 'config.features.exclusive',
  run(ctx, _api, options) {
    const feature = fc.oneof(fc.constant('cdi'), suiteName(6));
    return checkProperty(
      fc.record({ where: placement, flagFeature: feature, fileFeature: feature, on: fc.boolean() }),
      async ({ where, flagFeature, fileFeature, on }) => {
        options.coverage?.hit(`placement:${where}`);
        const request: StartRequest = {
          ...(where !== 'file' ? { args: ['--feature', `${flagFeature}=${String(on)}`] } : {}),
          ...(where !== 'flag' ? { config: { features: { [fileFeature]: on } } } : {}),
        };
        if (where === 'both') await expectRefused(ctx, request, ['features'], "--feature and the file's features together");
        else await expectServed(ctx, request, `features by ${where} alone`);
      },
      { ...options, numRuns: Math.max(ctx.numStarts, 2) },
      "--feature with the file's features is refused naming features; either alone starts",
      [
        { where: 'both', flagFeature: 'cdi', fileFeature: 'cdi', on: true },
        { where: 'both', flagFeature: 'cdi', fileFeature: 'ctcother', on: false },
        { where: 'flag', flagFeature: 'cdi', fileFeature: 'cdi', on: true },
        { where: 'file', flagFeature: 'cdi', fileFeature: 'cdi', on: false },
      ],
    );
  },
  documentedItems: () => ['placement:flag', 'placement:file', 'placement:both'],
};

const RFC3339_FRACTION = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{1,9}(Z|[+-]\d{2}:\d{2})$/;

export const logFormatJsonCheck: RuleCheck = {
  rule: 'config.log-format.json',
  run(ctx, _api, options) {
    return checkProperty(
      fc.record({ level: fc.constantFrom('info', 'debug'), byFile: fc.boolean() }),
      async ({ level, byFile }) => {
        const request: StartRequest = byFile
          ? { config: { 'log-format': 'json', 'log-level': level } }
          : { args: ['--log-format=json', `--log-level=${level}`] };
        const outcome = await startWith(ctx, request, async (log, instance) => {
          await log.send('GET', '/_ping');
          await log.send('GET', '/info');
          await log.send('GET', '/ctc-no-such-path');
          return instance.output();
        });
        if (!outcome.served) throw new Violation(`--log-format=json: the daemon exited with code ${String(outcome.exitCode)} (${describe(request)})`);
        const lines = outcome.value.split('\n').filter((l) => l.trim() !== '');
        if (lines.length === 0) throw new Violation(`--log-format=json: the daemon logged nothing while starting and serving (${describe(request)})`);
        for (const line of lines) {
          let doc: unknown;
          try {
            doc = JSON.parse(line);
          } catch {
            doc = undefined;
          }
          const record = typeof doc === 'object' && doc !== null && !Array.isArray(doc) ? (doc as Record<string, unknown>) : null;
          const problem =
            record === null
              ? 'is not a JSON object'
              : (['level', 'msg', 'time'] as const).find((f) => typeof record[f] !== 'string') !== undefined
                ? 'lacks a string level, msg or time'
                : !RFC3339_FRACTION.test(record['time'] as string)
                  ? `has time ${JSON.stringify(record['time'])}, not RFC 3339 with a fractional second`
                  : null;
          if (problem !== null)
            throw new Violation(`--log-format=json: a log line ${problem}: ${line.slice(0, 300)} (${describe(request)})`, outcome.exchanges);
        }
      },
      { ...options, numRuns: Math.min(ctx.numStarts, 4) },
      'with log-format json every log line is a JSON object with level, msg and an RFC 3339 time',
    );
  },
};

type LabelsVia = 'flag' | 'file';
const labelsRequest = (labels: readonly string[], via: LabelsVia): StartRequest =>
  via === 'flag' ? { args: labels.flatMap((l) => ['--label', l]) } : { config: { labels } };

export const labelsConflictCheck: RuleCheck = {
  rule: 'config.labels.conflict',
  run(ctx, _api, options) {
    const arb = fc.record({
      base: distinctLabels(1, 4),
      pick: fc.nat(),
      other: labelValue.map((v) => `x${v}`),
      conflicting: fc.boolean(),
      via: fc.constantFrom<LabelsVia>('flag', 'file'),
      at: fc.nat(),
    });
    return checkProperty(
      arb,
      async ({ base, pick, other, conflicting, via, at }) => {
        const repeated = base[pick % base.length]!;
        const key = repeated.slice(0, repeated.indexOf('='));
        const extra = conflicting ? `${key}=${other}` : repeated;
        const labels = [...base];
        labels.splice(at % (labels.length + 1), 0, extra);
        const request = labelsRequest(labels, via);
        if (conflicting) await expectRefused(ctx, request, [`${key}=`], `labels with ${key} under two values (by ${via})`);
        else await expectServed(ctx, request, `labels with ${key} repeated under its value (by ${via})`);
      },
      { ...options, numRuns: ctx.numStarts },
      'a label key under two values is refused naming it; repeated with its value it starts',
      // A conflict by flag and one in the file, whatever the seed (two labels: config.cli.repeatable's fault drops a third --label).
      (['flag', 'file'] as const).map((via) => ({ base: ['kctca=1'], pick: 0, other: 'x1', conflicting: true, via, at: 1 })),
    );
  },
};

/** Writes `text` with each letter's case chosen by `mask`. */
const recase = (text: string, mask: readonly boolean[]): string => [...text].map((c, i) => (mask[i % Math.max(mask.length, 1)] ? c.toUpperCase() : c)).join('');

export const labelsReservedCheck: RuleCheck = {
  rule: 'config.labels.reserved',
  run(ctx, _api, options) {
    const prefixes = reservedLabelPrefixes(ctx);
    const lookalikes = prefixes.map((p) => p.replace(/\.$/, ''));
    const arb = fc.record({
      reserved: fc.boolean(),
      prefix: fc.nat(),
      mask: fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
      rest: name(6),
      joiner: fc.constantFrom('x.', '-', 'x', '_'),
      value: labelValue,
      others: distinctLabels(0, 2),
      via: fc.constantFrom<LabelsVia>('flag', 'file'),
    });
    return checkProperty(
      arb,
      async ({ reserved, prefix, mask, rest, joiner, value, others, via }) => {
        const key = reserved ? `${recase(prefixes[prefix % prefixes.length]!, mask)}${rest}` : `${lookalikes[prefix % lookalikes.length]!}${joiner}${rest}`;
        const request = labelsRequest([...others, `${key}=${value}`], via);
        if (reserved) await expectRefused(ctx, request, [key], `the reserved label ${key} (by ${via})`);
        else await expectServed(ctx, request, `the label ${key}, outside the reserved namespaces (by ${via})`);
      },
      { ...options, numRuns: ctx.numStarts },
      `labels under ${prefixes.join(', ')} (any case) are refused naming them; look-alikes start`,
      // Each way in lower case, and each in mixed case (the namespaces are matched without regard to case).
      (['flag', 'file'] as const).flatMap((via) =>
        [false, true].map((mixed) => ({
          reserved: true,
          prefix: mixed ? 1 : 0,
          mask: mixed ? [true, false] : [false],
          rest: 'ctc',
          joiner: 'x.',
          value: '1',
          others: [],
          via,
        })),
      ),
    );
  },
};

/** Whether the host runs systemd (where `native.cgroupdriver=systemd` is available). */
const hostRunsSystemd = (): boolean => existsSync('/run/systemd/system');
/** Whether the host has the unified cgroup hierarchy (cgroup v2). */
const hostCgroupV2 = (): boolean => existsSync('/sys/fs/cgroup/cgroup.controllers');

const execOpt = (value: string, viaFile: boolean): StartRequest =>
  viaFile ? { config: { 'exec-opts': [`native.cgroupdriver=${value}`] } } : { args: ['--exec-opt', `native.cgroupdriver=${value}`] };

export const systemdUnavailableCheck: RuleCheck = {
  rule: 'config.cgroup.systemd-unavailable',
  run(ctx, _api, options) {
    if (hostRunsSystemd()) return Promise.resolve(notApplicable('this host runs systemd (/run/systemd/system exists): there is nothing to check'));
    return checkProperty(
      fc.boolean(),
      async (viaFile) => {
        await expectRefused(
          ctx,
          execOpt('systemd', viaFile),
          ['systemd'],
          `native.cgroupdriver=systemd on a host without systemd (by ${viaFile ? 'file' : 'flag'})`,
        );
      },
      { ...options, numRuns: Math.min(ctx.numStarts, 2) },
      'native.cgroupdriver=systemd is refused on a host without systemd',
    );
  },
};

export const cgroupDriverCheck: RuleCheck = {
  rule: 'config.cgroup.driver',
  run(ctx, _api, options) {
    const hostDefault = hostCgroupV2() && hostRunsSystemd() ? 'systemd' : 'cgroupfs';
    type DriverCase = { readonly value: string | null; readonly viaFile: boolean };
    const arb: fc.Arbitrary<DriverCase> = fc.record({ value: fc.oneof(fc.constant(null), fc.constant('cgroupfs'), suiteName(6)), viaFile: fc.boolean() });
    return checkProperty(
      arb,
      async ({ value, viaFile }) => {
        if (value !== null && value !== 'cgroupfs') {
          await expectRefused(ctx, execOpt(value, viaFile), [value], `native.cgroupdriver=${value}`);
          return;
        }
        const request = value === null ? {} : execOpt(value, viaFile);
        const want = value ?? hostDefault;
        const { info, log } = await expectServedInfo(ctx, request, `cgroup driver ${value ?? '(default)'}`);
        if (info['CgroupDriver'] !== want)
          throw new Violation(
            `cgroup driver ${value ?? '(default)'}: GET /info CgroupDriver is ${JSON.stringify(info['CgroupDriver'])}, expected ${want} (${describe(request)})`,
            log,
          );
      },
      { ...options, numRuns: ctx.numStarts },
      `CgroupDriver is ${hostDefault} by default and cgroupfs when chosen; other values are refused`,
      // The default, and another value by flag and in the file, whatever the seed.
      [
        { value: null, viaFile: false },
        { value: 'ctcdriver', viaFile: false },
        { value: 'ctcdriver', viaFile: true },
      ],
    );
  },
};

export const nondistributableWarningCheck: RuleCheck = {
  rule: 'config.nondistributable.warning',
  run(ctx, _api, options) {
    const option = 'allow-nondistributable-artifacts';
    const arb = fc.record({ values: fc.uniqueArray(fc.oneof(cidr, registryName), { minLength: 1, maxLength: 3 }), viaFile: fc.boolean() });
    return checkProperty(
      arb,
      async ({ values, viaFile }) => {
        const request: StartRequest = viaFile ? { config: { [option]: values } } : { args: values.flatMap((v) => [`--${option}`, v]) };
        const outcome = await startWith(ctx, request, async (log, instance) => {
          await log.send('GET', '/_ping');
          return instance.output();
        });
        if (!outcome.served) throw new Violation(`${option}: the daemon exited with code ${String(outcome.exitCode)} (${describe(request)})`);
        // A log line at warning level, or the flag library's deprecation notice, that names the option.
        const warned = outcome.value.split('\n').some((line) => line.includes(option) && /warn|deprecat/i.test(line));
        if (!warned) throw new Violation(`${option}: the log since start has no warning line naming it (${describe(request)})`, outcome.exchanges);
      },
      { ...options, numRuns: Math.min(ctx.numStarts, 4) },
      `${option} starts the daemon with a deprecation warning in the log`,
      // Both ways of setting it, first, on every run: the file and the flag.
      [
        { values: ['10.0.0.0/8'], viaFile: true },
        { values: ['10.0.0.0/8'], viaFile: false },
      ],
    );
  },
};
