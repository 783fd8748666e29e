import fc from 'fast-check';
import { matching } from '../arbitraries/matching.js';

const word = matching(/^[a-z][a-z0-9]{0,7}$/);

/** The eight image-config fields an import's `changes` can set, and what inspect shows for them. */
export interface ImageSettings {
  readonly Cmd?: readonly string[];
  readonly Entrypoint?: readonly string[];
  readonly Env?: readonly (readonly [string, string])[];
  readonly Labels?: readonly (readonly [string, string])[];
  readonly OnBuild?: string;
  readonly User?: string;
  readonly Volumes?: string;
  readonly WorkingDir?: string;
}

export const EMPTY_DEFAULT_FIELDS = ['Cmd', 'Entrypoint', 'Env', 'Labels', 'OnBuild', 'User', 'Volumes', 'WorkingDir'] as const;
export type EmptyDefaultField = (typeof EMPTY_DEFAULT_FIELDS)[number];

/**
 * Any subset of the eight fields, set or left empty. Values come from small pools: every distinct
 * setting is an import, which costs a real daemon a layer, so settings seen before are reused
 * (configured-images.ts); what the rules turn on is which fields are set.
 */
const few = fc.constantFrom('a', 'b1', 'c.2');
const fewWords = fc.constantFrom('x', 'yy', 'z9');
export const imageSettings: fc.Arbitrary<ImageSettings> = fc.record(
  {
    Cmd: fc.array(fewWords, { minLength: 1, maxLength: 2 }),
    Entrypoint: fewWords.map((w) => [`/bin/${w}`]),
    Env: fc.constantFrom<(readonly [string, string])[]>(
      [['A', 'x']],
      [
        ['B_1', 'yy'],
        ['C', 'z9'],
      ],
    ),
    Labels: fc.constantFrom<(readonly [string, string])[]>(
      [['ctc.l', 'x']],
      [
        ['a', 'yy'],
        ['b.c', 'z9'],
      ],
    ),
    OnBuild: fewWords.map((w) => `RUN ${w}`),
    User: few,
    Volumes: fewWords.map((w) => `/v/${w}`),
    WorkingDir: fewWords.map((w) => `/w/${w}`),
  },
  { requiredKeys: [] },
);

/** Every one of the eight fields set: tried first on every run, with the empty settings. */
export const EVERY_SETTING: ImageSettings = {
  Cmd: ['x'],
  Entrypoint: ['/bin/yy'],
  Env: [['A', 'x']],
  Labels: [['ctc.l', 'x']],
  OnBuild: 'RUN z9',
  User: 'a',
  Volumes: '/v/x',
  WorkingDir: '/w/x',
};

/** The import's `changes` for the settings. */
export function changesFor(settings: ImageSettings): string[] {
  const changes: string[] = [];
  if (settings.Cmd) changes.push(`CMD ${JSON.stringify(settings.Cmd)}`);
  if (settings.Entrypoint) changes.push(`ENTRYPOINT ${JSON.stringify(settings.Entrypoint)}`);
  for (const [k, v] of settings.Env ?? []) changes.push(`ENV ${k}=${v}`);
  for (const [k, v] of settings.Labels ?? []) changes.push(`LABEL ${k}=${v}`);
  if (settings.OnBuild) changes.push(`ONBUILD ${settings.OnBuild}`);
  if (settings.User) changes.push(`USER ${settings.User}`);
  if (settings.Volumes) changes.push(`VOLUME ${settings.Volumes}`);
  if (settings.WorkingDir) changes.push(`WORKDIR ${settings.WorkingDir}`);
  return changes;
}

/** What image inspect's Config shows for a field that was set; undefined when it was not. */
export function expectedValue(settings: ImageSettings, field: EmptyDefaultField): unknown {
  switch (field) {
    case 'Cmd':
    case 'Entrypoint':
      return settings[field];
    case 'Env':
      return settings.Env?.map(([k, v]) => `${k}=${v}`);
    case 'Labels':
      return settings.Labels === undefined ? undefined : Object.fromEntries(settings.Labels);
    case 'OnBuild':
      return settings.OnBuild === undefined ? undefined : [settings.OnBuild];
    case 'Volumes':
      return settings.Volumes === undefined ? undefined : { [settings.Volumes]: {} };
    case 'User':
    case 'WorkingDir':
      return settings[field];
  }
}

/** A repository name for the settings: the same settings always land on the same tag. */
export function repoFor(settings: ImageSettings): { repo: string; tag: string } {
  const key = changesFor(settings).join('\n');
  let hash = 2166136261;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 16777619) >>> 0;
  return { repo: 'ctc-config/image', tag: `c${hash.toString(36)}` };
}

/** The host-configuration keys the start bodies range over, and a body with all of them (tried first on every run). */
export const HOST_CONFIG_KEYS = ['Dns', 'DnsSearch', 'ReadonlyRootfs'] as const;
export const HOST_CONFIG_EXAMPLE: Readonly<Record<string, unknown>> = { Dns: ['10.1.2.1'], DnsSearch: ['a.example'], ReadonlyRootfs: true };

/** Host-configuration bodies that change nothing a container on the network none could feel. */
export const hostConfigBody = fc
  .record(
    {
      Dns: fc.array(
        fc.tuple(fc.integer({ min: 1, max: 254 }), fc.integer({ min: 0, max: 255 })).map(([a, b]) => `10.${a}.${b}.1`),
        { minLength: 1, maxLength: 2 },
      ),
      DnsSearch: fc.array(
        word.map((w) => `${w}.example`),
        { minLength: 1, maxLength: 2 },
      ),
      ReadonlyRootfs: fc.constant(true),
    },
    { requiredKeys: [] },
  )
  .filter((body) => Object.keys(body).length > 0);

export { word };
