import fc from 'fast-check';
import { compareVersions } from '../../common/dotted-version.js';
import { ALL_API_VERSIONS } from '../../specs/versions.js';
import type { Side } from './side.js';

/**
 * One step of a stateful sequence, on two images (`i0`, `i1`) and two containers (`c0`, `c1`)
 * that the sequence itself makes: names are the same on both sides (`ctc-seq/i0:1`,
 * `ctc-seq-c0`); an id is each side's own, written `{i0}` or `{c0}` wherever a step names one.
 */
export type Step = { readonly version: string | null } & (
  | { readonly op: 'import'; readonly image: number }
  | { readonly op: 'tag'; readonly image: number; readonly byId: boolean; readonly tag: 'x' | 'y' }
  | { readonly op: 'inspect-image'; readonly image: number; readonly byId: boolean }
  | { readonly op: 'list-images'; readonly filter: ImageFilter }
  | { readonly op: 'delete-image'; readonly image: number; readonly byId: boolean; readonly force: boolean }
  | { readonly op: 'create'; readonly container: number; readonly image: number; readonly byId: boolean }
  | { readonly op: 'inspect-container'; readonly container: number; readonly byId: boolean }
  | { readonly op: 'list-containers'; readonly filter: ContainerFilter }
  | { readonly op: 'delete-container'; readonly container: number; readonly force: boolean }
  | { readonly op: 'events'; readonly filter: EventFilter }
);

/** `filter=` is the former parameter (removed in 20.10; see deprecated.images-list.filter-parameter), the others `filters` keys. */
type ImageFilter = 'none' | 'reference=ctc-seq/*' | 'reference=ctc-seq/i0' | 'dangling=true' | 'filter=ctc-seq/i0';
type ContainerFilter = 'none' | 'name=ctc-seq-c0' | 'ancestor=ctc-seq/i0:1' | 'status=created';
type EventFilter = 'none' | 'type=image' | 'type=container' | 'container=ctc-seq-c0' | 'image=ctc-seq/i0:1';

export const IMAGES = 2;
export const CONTAINERS = 2;
export const imageName = (image: number): string => `ctc-seq/i${image}:1`;
export const containerName = (container: number): string => `ctc-seq-c${container}`;
/** The tags a `tag` step gives, removed with their image at the end. */
export const TAG_NAMES = ['ctc-seq/tagged:x', 'ctc-seq/tagged:y'] as const;

/** One request of a step, the same for both sides but for the ids `{i0}` … `{c1}` its path and body may hold. */
export interface StepRequest {
  readonly method: string;
  /** The route of specs/engine-routes.ts. */
  readonly route: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  /** A JSON body, or `@tar` for the image's tarball (which the curl line reads as a file of that name). */
  readonly body?: string;
  /** Which image's tarball is the body. */
  readonly tarball?: number;
}

const filterQuery = (filter: string): string => {
  if (filter === 'none') return '';
  const [key, value] = filter.split('=') as [string, string];
  return `filters=${encodeURIComponent(JSON.stringify({ [key]: [value] }))}`;
};
const withQuery = (path: string, ...params: string[]): string => {
  const present = params.filter((p) => p !== '');
  return present.length === 0 ? path : `${path}?${present.join('&')}`;
};
const imageRef = (image: number, byId: boolean): string => (byId ? `{i${image}}` : imageName(image));

/** The request a step sends (the path without its version prefix). `now` is the time of the sequence's start and of this step, for /events. */
export function stepRequest(step: Step, times: { readonly since: string; readonly until: string }): StepRequest {
  const json = { 'Content-Type': 'application/json' };
  switch (step.op) {
    case 'import': {
      const [repo, tag] = imageName(step.image).split(':') as [string, string];
      const path = withQuery('/images/create', 'fromSrc=-', `repo=${encodeURIComponent(repo)}`, `tag=${tag}`);
      return {
        method: 'POST',
        route: '/images/create',
        path,
        headers: { 'Content-Type': 'application/x-tar' },
        body: `@ctc-seq-i${step.image}.tar`,
        tarball: step.image,
      };
    }
    case 'tag':
      return {
        method: 'POST',
        route: '/images/{name}/tag',
        path: `/images/${imageRef(step.image, step.byId)}/tag?repo=ctc-seq/tagged&tag=${step.tag}`,
        headers: {},
      };
    case 'inspect-image':
      return { method: 'GET', route: '/images/{name}/json', path: `/images/${imageRef(step.image, step.byId)}/json`, headers: {} };
    case 'list-images': {
      const query = step.filter.startsWith('filter=') ? `filter=${encodeURIComponent(step.filter.slice('filter='.length))}` : filterQuery(step.filter);
      return { method: 'GET', route: '/images/json', path: withQuery('/images/json', query), headers: {} };
    }
    case 'delete-image':
      return {
        method: 'DELETE',
        route: '/images/{name}',
        path: withQuery(`/images/${imageRef(step.image, step.byId)}`, step.force ? 'force=1' : ''),
        headers: {},
      };
    case 'create': {
      const body = { Image: imageRef(step.image, step.byId), Cmd: ['/ctc'], HostConfig: { NetworkMode: 'none' } };
      return {
        method: 'POST',
        route: '/containers/create',
        path: `/containers/create?name=${containerName(step.container)}`,
        headers: json,
        body: JSON.stringify(body),
      };
    }
    case 'inspect-container':
      return {
        method: 'GET',
        route: '/containers/{name}/json',
        path: `/containers/${step.byId ? `{c${step.container}}` : containerName(step.container)}/json`,
        headers: {},
      };
    case 'list-containers':
      return { method: 'GET', route: '/containers/json', path: withQuery('/containers/json', 'all=1', filterQuery(step.filter)), headers: {} };
    case 'delete-container':
      return {
        method: 'DELETE',
        route: '/containers/{name}',
        path: withQuery(`/containers/{c${step.container}}`, step.force ? 'force=1' : ''),
        headers: {},
      };
    case 'events':
      return {
        method: 'GET',
        route: '/events',
        path: withQuery('/events', `since=${times.since}`, `until=${times.until}`, filterQuery(step.filter)),
        headers: {},
      };
  }
}

/** The API versions both sides serve (with the unversioned path, the one a step is sent at). */
export function commonVersions(sides: readonly [Side, Side]): string[] {
  return ALL_API_VERSIONS.filter((v) =>
    sides.every((s) => s.min !== null && s.max !== null && compareVersions(v, s.min) >= 0 && compareVersions(v, s.max) <= 0),
  );
}

/**
 * Generated sequences: imports, then creates (up to two each, so that most sequences act on
 * objects that exist), then up to `maxSteps` steps of any kind, each unversioned or at a version
 * both sides serve; and last, always, GET /events of everything since the sequence began.
 * Shrinking removes steps from the first three parts.
 */
export function sequenceArbitrary(versions: readonly string[], maxSteps = 8): fc.Arbitrary<Step[]> {
  const image = fc.nat({ max: IMAGES - 1 });
  const container = fc.nat({ max: CONTAINERS - 1 });
  const op = fc.oneof(
    { weight: 3, arbitrary: fc.record({ op: fc.constant('import' as const), image }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('tag' as const), image, byId: fc.boolean(), tag: fc.constantFrom('x' as const, 'y' as const) }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('inspect-image' as const), image, byId: fc.boolean() }) },
    {
      weight: 2,
      arbitrary: fc.record({
        op: fc.constant('list-images' as const),
        filter: fc.constantFrom<ImageFilter>('none', 'reference=ctc-seq/*', 'reference=ctc-seq/i0', 'dangling=true', 'filter=ctc-seq/i0'),
      }),
    },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('delete-image' as const), image, byId: fc.boolean(), force: fc.boolean() }) },
    { weight: 3, arbitrary: fc.record({ op: fc.constant('create' as const), container, image, byId: fc.boolean() }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('inspect-container' as const), container, byId: fc.boolean() }) },
    {
      weight: 2,
      arbitrary: fc.record({
        op: fc.constant('list-containers' as const),
        filter: fc.constantFrom<ContainerFilter>('none', 'name=ctc-seq-c0', 'ancestor=ctc-seq/i0:1', 'status=created'),
      }),
    },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('delete-container' as const), container, force: fc.boolean() }) },
    {
      weight: 2,
      arbitrary: fc.record({
        op: fc.constant('events' as const),
        filter: fc.constantFrom<EventFilter>('none', 'type=image', 'type=container', 'container=ctc-seq-c0', 'image=ctc-seq/i0:1'),
      }),
    },
  );
  const version: fc.Arbitrary<string | null> =
    versions.length === 0 ? fc.constant(null) : fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom(...versions) });
  const steps = (kind: fc.Arbitrary<Omit<Step, 'version'>>, minLength: number, maxLength: number): fc.Arbitrary<Step[]> =>
    fc.array(
      fc.tuple(kind, version).map(([o, v]) => ({ ...o, version: v }) as Step),
      { minLength, maxLength },
    );
  const imports = fc.record({ op: fc.constant('import' as const), image });
  const creates = fc.record({ op: fc.constant('create' as const), container, image, byId: fc.boolean() });
  // Every sequence ends reading the events it caused.
  const last: Step = { op: 'events', filter: 'none', version: null };
  return fc.tuple(steps(imports, 0, IMAGES), steps(creates, 0, CONTAINERS), steps(op, 0, maxSteps)).map(([i, c, rest]) => [...i, ...c, ...rest, last]);
}

/** A step in one line, its ids symbolic: `DELETE /v1.44/containers/{c0}?force=1`. Times of /events are left out (they are the run's). */
export function stepText(step: Step): string {
  const request = stepRequest(step, { since: 'START', until: 'NOW' });
  const body = request.tarball !== undefined ? ` <tarball of ctc-seq/i${request.tarball}>` : request.body === undefined ? '' : ` ${request.body}`;
  return `${request.method} ${step.version === null ? '' : `/v${step.version}`}${request.path}${body}`;
}
