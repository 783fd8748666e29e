import fc from 'fast-check';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { Violation } from '../harness/verdict.js';
import { CONFIG_FILE_NAME, unknownKeysIn } from './file-facts.js';
import { documentOf, everySetting, flagForm, flagWords, settingsArb, settingsOf } from './arbitraries/settings.js';
import { suiteName } from './arbitraries/values.js';
import { hasFileKey } from './release-facts.js';
import { describe, excerpt, expectAccepted, expectRefused, getInfo, startWith } from './start-and-inspect.js';

/** Text that is not JSON: a proper prefix of an object's text, or a common mistake. */
const brokenJson = (doc: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<string> =>
  fc.oneof(
    doc.chain((d) => {
      const text = JSON.stringify(d);
      return fc.integer({ min: 1, max: text.length - 1 }).map((cut) => text.slice(0, cut));
    }),
    doc.map((d) => `${JSON.stringify(d).slice(0, -1)},}`),
    doc.map((d) => JSON.stringify(d).replace(/"([^"]+)":/g, '$1:')),
    doc.map((d) => JSON.stringify(d).replace(/"/g, "'")),
    fc.constantFrom('{', '}', '{"debug": tru', '{"debug": true', '{debug}', '{"a" 1}', 'debug: true', '# comment\n{}', '{"debug": true}}'),
  );

/** A JSON value that is not an object. */
const notAnObject: fc.Arbitrary<string> = fc
  .oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(true, 0, 'x', [], [{}]))
  // null is not among them: every observed release reads it as an empty configuration (the rule's reading).
  .filter((v) => (typeof v !== 'object' || Array.isArray(v)) && v !== null)
  .map((v) => JSON.stringify(v));

export const jsonCheck: RuleCheck = {
  rule: 'config.file.json',
  run(ctx, _api, options) {
    const doc = settingsArb(settingsOf(ctx, 'file'), ctx.profile.name, 3).map(documentOf);
    return checkProperty(
      fc.oneof(brokenJson(doc), notAnObject),
      async (text) => {
        await expectRefused(ctx, { config: text }, [CONFIG_FILE_NAME], 'a configuration file that is not a JSON object');
      },
      { ...options, numRuns: ctx.numStarts },
      'broken JSON and non-object documents are refused, naming the file',
    );
  },
};

export const keysCheck: RuleCheck = {
  rule: 'config.file.keys',
  run(ctx, _api, options) {
    const entries = settingsOf(ctx, 'file');
    return checkProperty(
      settingsArb(entries, ctx.profile.name, 6).map(documentOf),
      async (doc) => {
        await expectAccepted(ctx, { config: doc }, 'a document of known keys with values of their shape');
      },
      { ...options, numRuns: ctx.numStarts },
      `documents of ${entries.length} known keys of the release are accepted`,
      [documentOf(everySetting(entries, ctx.profile.name))],
    );
  },
};

/** Unknown keys to add beside valid ones: at the top level, or inside `proxies` (which counts). */
const unknownKeys = (withProxies: boolean): fc.Arbitrary<{ top: string[]; inProxies: string[] }> =>
  fc.record({
    top: fc.uniqueArray(suiteName(10), { minLength: 0, maxLength: 4 }),
    inProxies: withProxies ? fc.uniqueArray(suiteName(10).map((n) => `p${n}`), { minLength: 0, maxLength: 2 }) : fc.constant<string[]>([]),
  }).filter(({ top, inProxies }) => top.length + inProxies.length > 0);

export const unknownKeyCheck: RuleCheck = {
  rule: 'config.file.unknown-key',
  run(ctx, _api, options) {
    const withProxies = hasFileKey(ctx, 'proxies');
    const arb = fc.record({
      valid: settingsArb(settingsOf(ctx, 'file'), ctx.profile.name, 3, 0).map(documentOf),
      unknown: unknownKeys(withProxies),
      // Names inside objects whose keys are not directives: never listed.
      nested: fc.option(suiteName(6), { nil: undefined }),
    });
    return checkProperty(
      arb,
      async ({ valid, unknown, nested }) => {
        const doc: Record<string, unknown> = { ...valid };
        for (const key of unknown.top) doc[key] = 1;
        if (unknown.inProxies.length > 0) doc['proxies'] = { ...(doc['proxies'] as Record<string, unknown> | undefined), ...Object.fromEntries(unknown.inProxies.map((k) => [k, 'x'])) };
        if (nested !== undefined) doc['builder'] = { [nested]: 1 };
        const expected = new Set([...unknown.top, ...unknown.inProxies]);
        const output = await expectRefused(ctx, { config: doc }, [...expected], 'a file with unknown keys');
        const listed = unknownKeysIn(output);
        if (listed === null) throw new Violation(`a file with unknown keys: the output does not say which directives "don't match any configuration option" (${describe({ config: doc })}); output: ${excerpt(output)}`);
        const same = listed.size === expected.size && [...expected].every((k) => listed.has(k));
        if (!same) throw new Violation(`a file with unknown keys: the message lists {${[...listed].join(', ')}}, expected exactly {${[...expected].join(', ')}} (${describe({ config: doc })})`);
      },
      { ...options, numRuns: ctx.numStarts },
      'unknown keys (top level and in proxies) are refused, the message listing exactly them',
    );
  },
};

/** Repeatable flags whose file key is a plural different from the flag's name, with a valid array. */
const PLURALS: readonly { readonly flag: string; readonly key: string; readonly value: fc.Arbitrary<unknown> }[] = [
  { flag: 'label', key: 'labels', value: suiteName(6).map((n) => [`k${n}=v`]) },
  { flag: 'dns-opt', key: 'dns-opts', value: fc.constant(['ndots:2']) },
  { flag: 'exec-opt', key: 'exec-opts', value: fc.constant(['native.cgroupdriver=cgroupfs']) },
  { flag: 'insecure-registry', key: 'insecure-registries', value: suiteName(6).map((n) => [`${n}.example:5000`]) },
  { flag: 'registry-mirror', key: 'registry-mirrors', value: suiteName(6).map((n) => [`https://${n}.example`]) },
  { flag: 'node-generic-resource', key: 'node-generic-resources', value: suiteName(6).map((n) => [`${n}=1`]) },
  { flag: 'cdi-spec-dir', key: 'cdi-spec-dirs', value: suiteName(6).map((n) => [`/etc/${n}`]) },
];

/** Where /info shows what a plural key sets (the others are not visible in /info). */
const INFO_FIELD_OF: Readonly<Record<string, string>> = { labels: 'Labels', 'registry-mirrors': 'RegistryConfig', 'insecure-registries': 'RegistryConfig', 'node-generic-resources': 'GenericResources', 'cdi-spec-dirs': 'CDISpecDirs' };

export const pluralKeysCheck: RuleCheck = {
  rule: 'config.file.plural-keys',
  run(ctx, _api, options) {
    const pairs = PLURALS.filter((p) => hasFileKey(ctx, p.key));
    const arb = fc.constantFrom(...pairs).chain((p) => fc.record({ pair: fc.constant({ flag: p.flag, key: p.key }), value: p.value, singular: fc.boolean() }));
    return checkProperty(
      arb,
      async ({ pair, value, singular }) => {
        if (!singular) {
          const outcome = await startWith(ctx, { config: { [pair.key]: value } }, async () => undefined);
          if (!outcome.served) throw new Violation(`the plural key ${pair.key} with an array: the daemon exited with code ${String(outcome.exitCode)} (${describe({ config: { [pair.key]: value } })}); output: ${excerpt(outcome.output)}`);
          return;
        }
        // The singular may be refused, or taken and ignored (20.10.24, 26.1.5 and 28.5.2 ignore it): it must never set the option.
        const request = { config: { [pair.flag]: value } };
        const outcome = await startWith(ctx, request, async (log) => getInfo(log));
        if (!outcome.served) return;
        const shown = JSON.stringify(outcome.value[INFO_FIELD_OF[pair.key] ?? ''] ?? null);
        const set = (value as readonly string[]).some((entry) => shown.includes(JSON.stringify(entry.split('=')[0]).slice(1, -1)));
        if (INFO_FIELD_OF[pair.key] !== undefined && set) {
          throw new Violation(`the singular ${pair.flag} as a key set the option: /info ${INFO_FIELD_OF[pair.key]!} is ${shown} (${describe(request)})`, outcome.exchanges);
        }
      },
      { ...options, numRuns: ctx.numStarts },
      'plural keys set their option; the singular flag names never do',
      PLURALS.filter((p) => p.key === 'labels' && hasFileKey(ctx, p.key)).map((pair) => ({ pair, value: ['ctc-singular=1'], singular: true })),
    );
  },
};

type Kind = 'bool' | 'int' | 'string' | 'array' | 'map';
const TYPED_KEYS: Readonly<Record<Kind, readonly string[]>> = {
  bool: ['debug', 'experimental', 'live-restore', 'icc', 'init', 'no-new-privileges', 'raw-logs', 'userland-proxy', 'ip-masq', 'ipv6'],
  int: ['mtu', 'max-concurrent-downloads', 'max-concurrent-uploads', 'max-download-attempts', 'shutdown-timeout'],
  string: ['log-level', 'log-driver', 'cgroup-parent', 'seccomp-profile', 'default-runtime', 'storage-driver', 'default-cgroupns-mode', 'default-ipc-mode'],
  array: ['labels', 'dns-search', 'dns-opts', 'exec-opts', 'insecure-registries', 'registry-mirrors', 'storage-opts', 'node-generic-resources'],
  map: ['log-opts', 'features', 'runtimes', 'default-ulimits', 'builder'],
};
/**
 * A JSON value of each type but `kind` (never null: Go takes null for any type). Objects only
 * for maps: the daemon flattens an object under any other key into directives of its own
 * (`{"debug": {"a": 1}}` reports the unknown directive `a`), which is config.file.unknown-key's.
 */
const WRONG: Readonly<Record<Kind, fc.Arbitrary<unknown>>> = {
  bool: fc.oneof(fc.constantFrom('true', 'false', 'yes'), fc.integer({ min: 0, max: 9 }), fc.constant(['x'])),
  int: fc.oneof(fc.constantFrom('3', 'x'), fc.boolean(), fc.constant([1])),
  string: fc.oneof(fc.integer({ min: 0, max: 99 }), fc.boolean(), fc.constant(['x'])),
  array: fc.oneof(suiteName(4), fc.integer({ min: 0, max: 99 }), fc.boolean()),
  map: fc.oneof(suiteName(4), fc.integer({ min: 0, max: 99 }), fc.boolean(), fc.constant(['x'])),
};

export const typesCheck: RuleCheck = {
  rule: 'config.file.types',
  run(ctx, _api, options) {
    const kinds = Object.keys(TYPED_KEYS) as Kind[];
    const arb = fc.constantFrom(...kinds).chain((kind) => fc.record({ kind: fc.constant(kind), key: fc.constantFrom(...TYPED_KEYS[kind].filter((k) => hasFileKey(ctx, k))), value: WRONG[kind] }));
    return checkProperty(
      arb,
      async ({ kind, key, value }) => {
        await expectRefused(ctx, { config: { [key]: value } }, [key], `${key} (${kind}) given ${JSON.stringify(value)}`);
      },
      { ...options, numRuns: ctx.numStarts },
      'a value of another JSON type is refused, naming the key',
    );
  },
};

export const conflictCheck: RuleCheck = {
  rule: 'config.file.conflict',
  run(ctx, _api, options) {
    // host-gateway-ip: the file's single string is another key than the flag's plural one.
    // --add-runtime and the file's runtimes merge instead (observed on 20.10.24, 26.1.5, 28.5.2: no conflict).
    const entries = settingsOf(ctx, 'both').filter((e) => e.option !== 'host-gateway-ip' && e.option !== 'add-runtime');
    const arb = fc.record({
      both: settingsArb(entries, ctx.profile.name, 3),
      fileValues: settingsArb(entries, ctx.profile.name, 6),
      forms: fc.array(flagForm, { minLength: 3, maxLength: 3 }),
      equal: fc.boolean(),
    });
    return checkProperty(
      arb,
      async ({ both, fileValues, forms, equal }) => {
        const args = both.flatMap((s, i) => flagWords(s, forms[i] ?? 'equals'));
        const inFile = both.map((s) => (equal ? s : (fileValues.find((f) => f.option === s.option) ?? s)));
        const doc = documentOf(inFile);
        // The proxy options are named by their own key (the file's proxies object is flattened).
        const names = both.map((s) => (s.key === 'proxies' ? s.option : s.key));
        await expectRefused(ctx, { args, config: doc }, names, 'options set both by flag and in the file', (output, n) => {
          const option = both.find((s) => s.key === n || s.option === n)?.option ?? n;
          return output.includes(n) || output.includes(option);
        });
      },
      { ...options, numRuns: ctx.numStarts },
      'an option given by flag and in the file is refused, whatever the values, naming each such key',
    );
  },
};

