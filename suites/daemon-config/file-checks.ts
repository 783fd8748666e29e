import fc from 'fast-check';
import { escapeRegExp } from '../../common/regexp.js';
import { fileKeys, type Shape } from '../../specs/config-schema.js';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { notApplicable, NotExercised, Violation } from '../harness/verdict.js';
import {
  documentedSettings,
  documentOf,
  entriesTheTargetTakes,
  everySetting,
  flagWords,
  keysOf,
  settingOf,
  settingsArb,
  settingsOf,
  type Entry,
  type Setting,
} from './arbitraries/settings.js';
import { suiteName } from '../arbitraries/values.js';
import { releaseAtLeast } from '../harness/release-facts.js';
import { notExercisedFor, unknownKeysIn } from '../harness/incidental.js';
import { describe, excerpt, expectAccepted, expectRefused, getInfo, startWith } from '../harness/start-and-inspect.js';

/** Documents of `entries`' keys: every one first, in one document. */
function keysProperty(ctx: Parameters<RuleCheck['run']>[0], options: Parameters<RuleCheck['run']>[2], entries: readonly Entry[], summary: string) {
  return checkProperty(
    settingsArb(entries, ctx.profile.name, 6),
    async (settings) => {
      for (const s of settings) options.coverage?.hit(`key:${s.key}`);
      await expectAccepted(ctx, { config: documentOf(settings) }, 'a document of known keys with values of their shape');
    },
    { ...options, numRuns: ctx.numStarts },
    summary,
    [everySetting(entries, ctx.profile.name)],
  );
}

export const keysCheck: RuleCheck = {
  rule: 'config.file.keys',
  documentedItems: () => keysOf(documentedSettings()).map((k) => `key:${k}`),
  run(ctx, _api, options) {
    const entries = documentedSettings();
    return keysProperty(ctx, options, entries, `documents of the ${keysOf(entries).length} documented keys the suite may set are accepted`);
  },
};

export const keysReleaseCheck: RuleCheck = {
  rule: 'config.file.keys.release',
  documentedItems: (ctx) => keysOf(settingsOf(ctx, 'file')).map((k) => `key:${k}`),
  run(ctx, _api, options) {
    const entries = settingsOf(ctx, 'file');
    return keysProperty(ctx, options, entries, `documents of ${keysOf(entries).length} known keys of the release are accepted`);
  },
};

/** Unknown keys to add beside valid ones: at the top level, or inside the documented `proxies` (which counts). */
const unknownKeys: fc.Arbitrary<{ top: string[]; inProxies: string[] }> = fc
  .record({
    top: fc.uniqueArray(suiteName(10), { minLength: 0, maxLength: 4 }),
    inProxies: fc.uniqueArray(
      suiteName(10).map((n) => `p${n}`),
      { minLength: 0, maxLength: 2 },
    ),
  })
  .filter(({ top, inProxies }) => top.length + inProxies.length > 0);

export const unknownKeyCheck: RuleCheck = {
  rule: 'config.file.unknown-key',
  async run(ctx, _api, options) {
    const arb = fc.record({
      valid: settingsArb(await entriesTheTargetTakes(ctx, settingsOf(ctx, 'file')), ctx.profile.name, 3, 0).map(documentOf),
      unknown: unknownKeys,
      // Names inside objects whose keys are not directives: never listed.
      nested: fc.option(suiteName(6), { nil: undefined }),
    });
    return checkProperty(
      arb,
      async ({ valid, unknown, nested }) => {
        const doc: Record<string, unknown> = { ...valid };
        for (const key of unknown.top) doc[key] = 1;
        if (unknown.inProxies.length > 0)
          doc['proxies'] = { ...(doc['proxies'] as Record<string, unknown> | undefined), ...Object.fromEntries(unknown.inProxies.map((k) => [k, 'x'])) };
        if (nested !== undefined) doc['builder'] = { [nested]: 1 };
        const expected = new Set([...unknown.top, ...unknown.inProxies]);
        const output = await expectRefused(ctx, { config: doc }, [...expected], 'a file with unknown keys');
        const listed = unknownKeysIn(output);
        if (listed === null)
          throw new Violation(
            `a file with unknown keys: the output does not say which directives "don't match any configuration option" (${describe({ config: doc })}); output: ${excerpt(output)}`,
          );
        const same = listed.size === expected.size && [...expected].every((k) => listed.has(k));
        // Documented keys listed beside the generated ones are config.file.keys's failure: this case proves nothing of unknown keys.
        if (!same && [...expected].every((k) => listed.has(k))) notExercisedFor(output);
        if (!same)
          throw new Violation(
            `a file with unknown keys: the message lists {${[...listed].join(', ')}}, expected exactly {${[...expected].join(', ')}} (${describe({ config: doc })})`,
          );
      },
      { ...options, numRuns: ctx.numStarts },
      'unknown keys (top level and in proxies) are refused, the message listing exactly them',
      // First, one unknown key inside proxies beside one at the top level.
      [{ valid: {}, unknown: { top: ['ctctopkey'], inProxies: ['pctcinner'] }, nested: undefined }],
    );
  },
};

/**
 * Repeatable flags whose file key is a plural different from the flag's name: a valid value for the
 * plural, the same setting in the flag's own form for the singular, and the name /info shows it by.
 */
interface Plural {
  readonly flag: string;
  readonly key: string;
  readonly value: fc.Arbitrary<{ readonly plural: unknown; readonly singular: unknown; readonly shownAs: string }>;
}
const listOf = (make: (name: string) => string, shownAs: (name: string) => string = (name) => name): Plural['value'] =>
  suiteName(6).map((n) => ({ plural: [make(n)], singular: [make(n)], shownAs: shownAs(n) }));
const PLURALS: readonly Plural[] = [
  {
    flag: 'label',
    key: 'labels',
    value: listOf(
      (n) => `k${n}=v`,
      (n) => `k${n}`,
    ),
  },
  { flag: 'dns-opt', key: 'dns-opts', value: fc.constant({ plural: ['ndots:2'], singular: ['ndots:2'], shownAs: 'ndots:2' }) },
  {
    flag: 'exec-opt',
    key: 'exec-opts',
    value: fc.constant({ plural: ['native.cgroupdriver=cgroupfs'], singular: ['native.cgroupdriver=cgroupfs'], shownAs: 'cgroupfs' }),
  },
  { flag: 'insecure-registry', key: 'insecure-registries', value: listOf((n) => `${n}.example:5000`) },
  { flag: 'registry-mirror', key: 'registry-mirrors', value: listOf((n) => `https://${n}.example`) },
  { flag: 'node-generic-resource', key: 'node-generic-resources', value: listOf((n) => `${n}=1`) },
  { flag: 'cdi-spec-dir', key: 'cdi-spec-dirs', value: listOf((n) => `/etc/${n}`) },
  {
    flag: 'add-runtime',
    key: 'runtimes',
    value: suiteName(6).map((n) => ({ plural: { [`ctc${n}`]: { path: '/bin/true' } }, singular: [`ctc${n}=/bin/true`], shownAs: `ctc${n}` })),
  },
];

/**
 * Where /info shows what a plural key sets. The others are not visible there (dns-opts; exec-opts,
 * whose value tried is this machine's default; cdi-spec-dirs, listed only where CDI is on, which
 * is config.cdi.*'s): their singular cannot be seen to set nothing, so only their plural is judged
 * (the daemon takes it).
 */
const INFO_FIELD_OF: Readonly<Record<string, string>> = {
  labels: 'Labels',
  'registry-mirrors': 'RegistryConfig',
  'insecure-registries': 'RegistryConfig',
  'node-generic-resources': 'GenericResources',
  runtimes: 'Runtimes',
};

/** Every documented plural key, whatever the release has: a release that lacks one fails the rule. */
const pluralsOf = (_ctx: Parameters<RuleCheck['run']>[0]): readonly Plural[] => PLURALS;

export const pluralKeysCheck: RuleCheck = {
  rule: 'config.file.plural-keys',
  documentedItems: (ctx) => pluralsOf(ctx).flatMap((p) => [`plural:${p.key}`, ...(INFO_FIELD_OF[p.key] === undefined ? [] : [`singular:${p.flag}`])]),
  run(ctx, _api, options) {
    const pairs = pluralsOf(ctx);
    const arb = fc.constantFrom(...pairs).chain((p) => fc.record({ pair: fc.constant(p), value: p.value, singular: fc.boolean() }));
    // Every plural once, and every singular /info can show once, whatever the seed.
    const firsts = pairs.map((p) => ({ pair: p, value: fc.sample(p.value, { numRuns: 1, seed: 1 })[0]! }));
    const examples = [
      ...firsts.map((f) => ({ ...f, singular: false })),
      ...firsts.filter((f) => INFO_FIELD_OF[f.pair.key] !== undefined).map((f) => ({ ...f, singular: true })),
    ];
    return checkProperty(
      arb,
      async ({ pair, value, singular }) => {
        const field = INFO_FIELD_OF[pair.key];
        const shows = (info: Record<string, unknown>): boolean =>
          field !== undefined && JSON.stringify(info[field] ?? null).includes(JSON.stringify(value.shownAs).slice(1, -1));
        if (!singular) {
          options.coverage?.hit(`plural:${pair.key}`);
          const request = { config: { [pair.key]: value.plural } };
          const outcome = await startWith(ctx, request, async (log) => getInfo(log));
          if (!outcome.served)
            throw new Violation(
              `the plural key ${pair.key}: the daemon exited with code ${String(outcome.exitCode)} (${describe(request)}); output: ${excerpt(outcome.output)}`,
            );
          if (field !== undefined && !shows(outcome.value))
            throw new Violation(
              `the plural key ${pair.key} did not set its option: /info ${field} is ${JSON.stringify(outcome.value[field] ?? null)}, without ${value.shownAs} (${describe(request)})`,
              outcome.exchanges,
            );
          return;
        }
        if (field === undefined) return;
        options.coverage?.hit(`singular:${pair.flag}`);
        // The singular may be refused, or taken and ignored (20.10.24, 26.1.5 and 28.5.2 ignore it): it must never set the option.
        const request = { config: { [pair.flag]: value.singular } };
        const outcome = await startWith(ctx, request, async (log) => getInfo(log));
        if (outcome.served && shows(outcome.value)) {
          throw new Violation(
            `the singular ${pair.flag} as a key set the option: /info ${field} is ${JSON.stringify(outcome.value[field] ?? null)} (${describe(request)})`,
            outcome.exchanges,
          );
        }
      },
      { ...options, numRuns: Math.max(ctx.numStarts, examples.length) },
      'plural keys set their option; the singular flag names never do',
      examples,
    );
  },
};

type Kind = 'bool' | 'int' | 'string' | 'array' | 'map';
/** The JSON type a key's shape asks for (objects with fields count as maps: both are JSON objects). */
const kindOf = (shape: Shape): Kind => (shape.type === 'object' ? 'map' : shape.type);
/**
 * A JSON value of each type but `kind` (never null: Go takes null for any type). Objects only
 * for maps: the daemon flattens an object under any other key into directives of its own
 * (`{"debug": {"a": 1}}` reports the unknown directive `a`), which is config.file.unknown-key's.
 */
const WRONG: Readonly<Record<Kind, fc.Arbitrary<unknown>>> = {
  bool: fc.oneof(fc.constantFrom('true', 'false', 'yes'), fc.integer({ min: 0, max: 9 }), fc.constant(['x'])),
  int: fc.oneof(fc.constantFrom('3', 'x'), fc.boolean(), fc.constant([1]), fc.constant(1.5)),
  string: fc.oneof(fc.integer({ min: 0, max: 99 }), fc.boolean(), fc.constant(['x'])),
  array: fc.oneof(suiteName(4), fc.integer({ min: 0, max: 99 }), fc.boolean()),
  map: fc.oneof(suiteName(4), fc.integer({ min: 0, max: 99 }), fc.boolean(), fc.constant(['x'])),
};
/** One wrong value of each kind, tried for every key whatever the seed. */
const FIRST_WRONG: Readonly<Record<Kind, unknown>> = { bool: 'true', int: '3', string: 7, array: 'x', map: ['x'] };

/** Every documented key of the Linux file, with its type: the document gives the keys no release. */
const typedKeys = (): { key: string; kind: Kind }[] =>
  fileKeys()
    .filter((k) => k.platforms.includes('linux'))
    .map((k) => ({ key: k.key, kind: kindOf(k.shape) }));

/** A generated wrong value for one of `keys`, and one wrong value for every key, tried first whatever the seed (a refusal names only the first, so one start each). */
const wrongValues = (keys: readonly { key: string; kind: Kind }[]) => ({
  arb: fc.constantFrom(...keys).chain(({ key, kind }) => WRONG[kind].map((value) => ({ kind, key, value }))),
  everyKey: keys.map(({ key, kind }) => ({ kind, key, value: FIRST_WRONG[kind] })),
});

/** config.file.types: every documented key given a value of another JSON type is refused (exit ≠ 0, nothing serves). */
export const typesCheck: RuleCheck = {
  rule: 'config.file.types',
  documentedItems: () => typedKeys().map(({ key }) => `wrong-type:${key}`),
  run(ctx, _api, options) {
    const keys = typedKeys();
    const { arb, everyKey } = wrongValues(keys);
    return checkProperty(
      arb,
      async ({ kind, key, value }) => {
        options.coverage?.hit(`wrong-type:${key}`);
        await expectRefused(ctx, { config: { [key]: value } }, [], `${key} (${kind}) given ${JSON.stringify(value)}`);
      },
      { ...options, numRuns: Math.max(ctx.numStarts, everyKey.length) },
      `a value of another JSON type was refused (${keys.length} keys)`,
      everyKey,
    );
  },
};

/**
 * The keys whose wrong type the releases refuse in the JSON decoder's words: those the release's
 * file has, but default-shm-size (a size parser) and, from 28.0, default-address-pools (a type of its own).
 */
const decodedKeys = (ctx: Parameters<RuleCheck['run']>[0]): { key: string; kind: Kind }[] =>
  typedKeys().filter(
    ({ key }) => (ctx.observed?.hasFileKey(key) ?? true) && key !== 'default-shm-size' && !(key === 'default-address-pools' && releaseAtLeast(ctx, '28.0')),
  );

/** Whether the output names the key as a word of its own (Go's "field Config.CommonConfig.ip of type", not the "ip" of "pipe"). */
const namesKey = (output: string, key: string): boolean => new RegExp(`(^|[^A-Za-z0-9-])${escapeRegExp(key)}($|[^A-Za-z0-9-])`).test(output);

/** config.file.types.message: where a wrong-typed value is refused, the output names the key. */
export const typesMessageCheck: RuleCheck = {
  rule: 'config.file.types.message',
  documentedItems: (ctx) => decodedKeys(ctx).map(({ key }) => `wrong-type-named:${key}`),
  run(ctx, _api, options) {
    const keys = decodedKeys(ctx);
    const { arb, everyKey } = wrongValues(keys);
    return checkProperty(
      arb,
      async ({ kind, key, value }) => {
        options.coverage?.hit(`wrong-type-named:${key}`);
        const request = { config: { [key]: value } };
        const outcome = await startWith(ctx, request, async () => undefined);
        // Taken (served, or exit 0): config.file.types's failure, nothing for the words to name.
        if (outcome.served || outcome.exitCode === 0)
          throw new NotExercised(`the target took a value of another JSON type: no refusal for the words to name (config.file.types judges that)`);
        if (outcome.exitCode === null)
          throw new Violation(
            `${key} (${kind}) given ${JSON.stringify(value)}: the daemon neither served nor exited within the start deadline (${describe(request)}); output: ${excerpt(outcome.output)}`,
          );
        if (!namesKey(outcome.output, key))
          throw new Violation(
            `${key} (${kind}) given ${JSON.stringify(value)}: refused (exit ${outcome.exitCode}), but the output does not name ${JSON.stringify(key)} (${describe(request)}); output: ${excerpt(outcome.output)}`,
          );
      },
      { ...options, numRuns: Math.max(ctx.numStarts, everyKey.length) },
      `refusals of a value of another JSON type named the key (${keys.length} keys)`,
      everyKey,
    );
  },
};

/** One option set by flag and in the file: the setting, the file key used, and whether the two values are equal. */
interface Conflict {
  readonly setting: Setting;
  /** The key the file uses: the option's, or (for --host-gateway-ip) the plural `host-gateway-ips`. */
  readonly key: string;
  readonly fileValue: unknown;
  readonly equal: boolean;
}

/** The names a refusal may give a conflict: the key, or the option's own name (the proxies' fields; --add-runtime). */
const conflictNames = (c: Conflict): string[] => [c.key === 'proxies' ? c.setting.option : c.key, c.setting.option];

/** Whether the output names a conflict: in the list of directives set both ways, or on a line of its own that says flag and file. */
function namesConflict(output: string, c: Conflict): boolean {
  const list = /specified both as a flag and in the configuration file:([^\n]*)/.exec(output)?.[1] ?? '';
  return conflictNames(c).some(
    (n) =>
      new RegExp(`(^|[\\s,])${escapeRegExp(n)}:`).test(list) ||
      output.split('\n').some((line) => !line.includes('specified both as a flag') && line.includes(n) && /flag/.test(line) && /file|configuration/.test(line)),
  );
}

/** The item a conflict stands for in the coverage figure. */
const conflictItem = (c: Conflict): string => `flag+file:${c.key === 'proxies' ? c.setting.option : c.key}:${c.equal ? 'equal' : 'different'}`;

/** A file value of the setting's option that differs from the flag's (a switch flipped; another sample). */
function differentValue(setting: Setting, entry: Entry, brand: Parameters<typeof everySetting>[1], salt: number): unknown {
  if (setting.isSwitch) return !(setting.fileValue as boolean);
  for (let i = 0; i < 20; i++) {
    const other = fc.sample(settingOf([entry], brand), { numRuns: 1, seed: 7919 * (salt + 1) + i })[0]!;
    if (JSON.stringify(other.fileValue) !== JSON.stringify(setting.fileValue)) return other.fileValue;
  }
  return setting.fileValue;
}

/** The plural key of --host-gateway-ip, beside its older single string. */
const asPlural = (value: unknown): unknown => (Array.isArray(value) ? value : [value]);

/** Every conflict form of every option the release has both ways (the documented items of config.file.conflict). */
function conflictSweep(entries: readonly Entry[], brand: Parameters<typeof everySetting>[1]): Conflict[][] {
  const base = everySetting(entries, brand);
  const conflicts = (equal: boolean, plural: boolean): Conflict[] =>
    base.map((setting, i) => {
      const value = equal ? setting.fileValue : differentValue(setting, entries[i]!, brand, i);
      if (setting.option === 'host-gateway-ip' && plural) return { setting, key: 'host-gateway-ips', fileValue: asPlural(value), equal };
      return { setting, key: setting.key, fileValue: value, equal };
    });
  const hgw = (c: Conflict[]): Conflict[] => c.filter((x) => x.setting.option === 'host-gateway-ip');
  // Two packed starts (every option at once: the refusal lists each conflict), and the other two forms of --host-gateway-ip.
  return [conflicts(true, false), conflicts(false, true), hgw(conflicts(true, true)), hgw(conflicts(false, false))].filter((list) => list.length > 0);
}

function conflictItems(entries: readonly Entry[], brand: Parameters<typeof everySetting>[1]): string[] {
  return [...new Set(conflictSweep(entries, brand).flat().map(conflictItem))];
}

/** A file that sets `conflicts` and the command line that sets them too. */
function conflictRequest(conflicts: readonly Conflict[]): { args: string[]; config: Record<string, unknown> } {
  const args = conflicts.flatMap((c) => flagWords(c.setting, 'equals'));
  const config: Record<string, unknown> = {};
  for (const c of conflicts) {
    const previous = config[c.key];
    config[c.key] = c.key === 'proxies' ? { ...(previous as Record<string, unknown> | undefined), ...(c.fileValue as Record<string, unknown>) } : c.fileValue;
  }
  return { args, config };
}

export const conflictCheck: RuleCheck = {
  rule: 'config.file.conflict',
  documentedItems: (ctx) => conflictItems(settingsOf(ctx, 'both'), ctx.profile.name),
  async run(ctx, _api, options) {
    const entries = await entriesTheTargetTakes(ctx, settingsOf(ctx, 'both'));
    if (entries.length === 0) return notApplicable('the target takes none of the documented options (asked with --version): there is no conflict to try');
    const brand = ctx.profile.name;
    const arb: fc.Arbitrary<Conflict[]> = fc
      .record({ both: settingsArb(entries, brand, 3), fileValues: settingsArb(entries, brand, 6), equal: fc.boolean() })
      .map(({ both, fileValues, equal }) =>
        both.map((setting) => {
          const other = fileValues.find((f) => f.option === setting.option)?.fileValue;
          const value = equal || other === undefined ? setting.fileValue : other;
          return { setting, key: setting.key, fileValue: value, equal: JSON.stringify(value) === JSON.stringify(setting.fileValue) };
        }),
      );
    const sweep = conflictSweep(entries, brand);
    return checkProperty(
      arb,
      async (conflicts) => {
        for (const c of conflicts) options.coverage?.hit(conflictItem(c));
        const request = conflictRequest(conflicts);
        const output = await expectRefused(ctx, request, [], 'options set both by flag and in the file');
        const missing = conflicts.filter((c) => !namesConflict(output, c));
        if (missing.length > 0) notExercisedFor(output);
        if (missing.length > 0) {
          throw new Violation(
            `options set both by flag and in the file: the refusal does not name ${missing.map((c) => `${conflictNames(c)[0]!} (${c.equal ? 'equal values' : 'different values'})`).join(', ')} as set both ways (${describe(request)}); output: ${excerpt(output)}`,
          );
        }
      },
      { ...options, numRuns: Math.max(ctx.numStarts, sweep.length) },
      'an option given by flag and in the file is refused, whatever the values, naming each such key',
      sweep,
    );
  },
};
