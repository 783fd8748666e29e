import { posix } from 'node:path';
import {
  diffIdsOf,
  HOST_PLATFORM,
  inspectPlatformFields,
  NONSTANDARD_KEYS,
  platformOf,
  readConfigDocument,
  rfc3339Nano,
  unixSeconds,
  type Image,
  type ImageConfig,
  type ImagePlatform,
} from '../objects/index.js';
import type { Exchange } from '../../http/exchange.js';
import { apiBelow, releaseBelow, sortedMap } from '../replies.js';
import { imageInspectVariant } from './shape-variant.js';

/** The fields API 1.52 (29.0) leaves out when empty. */
const OMITTED_WHEN_EMPTY = ['Cmd', 'Entrypoint', 'Env', 'Labels', 'OnBuild', 'User', 'Volumes', 'WorkingDir'];

/**
 * An image's config as moby's container.Config writes it, in its field order: the non-standard
 * fields with the values the configuration sets (empty otherwise), NetworkDisabled, MacAddress,
 * StopTimeout and the other optional fields only when set.
 */
function configDocument(config: ImageConfig, set: Readonly<Record<string, unknown>> = {}): Record<string, unknown> {
  const value = (key: string, empty: unknown): unknown => set[key] ?? empty;
  return {
    Hostname: value('Hostname', ''),
    Domainname: value('Domainname', ''),
    User: config.User,
    AttachStdin: value('AttachStdin', false),
    AttachStdout: value('AttachStdout', false),
    AttachStderr: value('AttachStderr', false),
    ...(config.ExposedPorts === null ? {} : { ExposedPorts: sortedMap(config.ExposedPorts) }),
    Tty: value('Tty', false),
    OpenStdin: value('OpenStdin', false),
    StdinOnce: value('StdinOnce', false),
    Env: config.Env,
    Cmd: config.Cmd,
    ...(config.Healthcheck === null ? {} : { Healthcheck: config.Healthcheck }),
    Image: value('Image', ''),
    Volumes: sortedMap(config.Volumes),
    WorkingDir: config.WorkingDir,
    Entrypoint: config.Entrypoint,
    ...('NetworkDisabled' in set ? { NetworkDisabled: set['NetworkDisabled'] } : {}),
    ...('MacAddress' in set ? { MacAddress: set['MacAddress'] } : {}),
    OnBuild: config.OnBuild,
    Labels: sortedMap(config.Labels),
    ...(config.StopSignal === '' ? {} : { StopSignal: config.StopSignal }),
    ...('StopTimeout' in set ? { StopTimeout: set['StopTimeout'] } : {}),
  };
}

/** ContainerConfig of an imported image (below API 1.45): the config of no container, every field empty. */
export const EMPTY_CONTAINER_CONFIG = configDocument({
  User: '',
  ExposedPorts: null,
  Env: null,
  Cmd: null,
  Healthcheck: null,
  Volumes: null,
  WorkingDir: '',
  Entrypoint: null,
  OnBuild: null,
  Labels: null,
  StopSignal: '',
});

/** Go's omitempty: null, "", an empty list or an empty map (a commit's Labels of a container without any are `{}`; observed on 29.7.2). */
const isEmpty = (value: unknown): boolean =>
  value === null || value === '' || (Array.isArray(value) ? value.length === 0 : typeof value === 'object' && Object.keys(value).length === 0);

/** The image config as the request's API version and the release write it. */
export function shapeImageConfig(x: Exchange, config: ImageConfig, nonstandard: Readonly<Record<string, unknown>> = {}): Record<string, unknown> {
  const variant = imageInspectVariant(x.state.config);
  const below150 = apiBelow(x, '1.50');
  // Below 1.50 the non-standard fields as the configuration sets them (shape-variant.ts).
  const document = configDocument(config, below150 ? variant.threeWrittenBelow150(variant.nonstandardWrittenBelow150(nonstandard)) : nonstandard);
  if (!below150) {
    // From 1.50 none of them is written (the ones kept all the same: shape-variant.ts).
    const kept = [...variant.namesKeptFrom150, ...variant.threeKeptFrom150];
    for (const key of NONSTANDARD_KEYS) if (!kept.includes(key)) delete document[key];
  }
  if (!apiBelow(x, '1.52')) {
    const dropped = variant.omittedThoughSetFrom152;
    for (const key of OMITTED_WHEN_EMPTY) if (isEmpty(document[key]) || dropped.includes(key)) delete document[key];
  } else if (variant.emptyOnBuildOmittedBelow152 && document['OnBuild'] === null) {
    delete document['OnBuild'];
  }
  // 28.0 and later write the config through a map: sorted keys (observed on 28.5.2).
  return releaseBelow(x, '28.0') ? document : sortedMap(document)!;
}

const ZERO_TIME = '0001-01-01T00:00:00Z';

/** A container configuration document (ContainerConfig) as container.Config writes it. */
export function containerConfigDocument(raw: Readonly<Record<string, unknown>> | null): Record<string, unknown> {
  if (raw === null) return EMPTY_CONTAINER_CONFIG;
  const { config, nonstandard } = readConfigDocument(raw);
  return configDocument(config, nonstandard);
}

/**
 * Container and ContainerConfig, where inspect writes them: below API 1.45 only, the container the
 * image names and its configuration (shape-variant.ts: the faults and quirks that change that).
 */
export function containerFields(x: Exchange, image: Image): Record<string, unknown> {
  const variant = imageInspectVariant(x.state.config);
  const below145 = apiBelow(x, '1.45');
  const origin = image.origin;
  const container = origin?.container ?? '';
  const keptAnyway = variant.containerKeptFrom145(container);
  const keepContainer = (below145 && !variant.containerOmittedBelow145(container)) || keptAnyway;
  return {
    ...(keepContainer ? { Container: variant.containerConfigNull ? '' : variant.containerWritten(container) } : {}),
    ...(below145 || keptAnyway || variant.containerConfigFrom145
      ? { ContainerConfig: variant.containerConfigNull ? null : containerConfigDocument(origin?.containerConfig ?? null) }
      : {}),
  };
}

/** GET /images/{name}/json of an image, for the request's API version on the emulated release. */
export function shapeImageInspect(x: Exchange, image: Image, repoTags: readonly string[], lastTagTime: bigint | null): Record<string, unknown> {
  const { config: sim } = x.state;
  const origin = image.origin;
  const config = shapeImageConfig(x, image.config, origin?.nonstandard);
  const cacheDir = posix.join(sim.dataRoot, 'overlay2', image.layer.slice(7, 7 + 25));
  const configFirst = releaseBelow(x, '28.0');
  return {
    Id: image.id,
    RepoTags: repoTags,
    RepoDigests: [],
    Parent: origin?.parent ?? '',
    Comment: origin?.comment ?? 'Imported from -',
    Created: rfc3339Nano(image.created),
    ...containerFields(x, image),
    DockerVersion: origin?.dockerVersion ?? sim.release.version,
    Author: origin?.author ?? '',
    ...(configFirst ? { Config: config } : {}),
    // The graph drivers' image names the daemon's OS where its config names none (image.OperatingSystem).
    ...inspectPlatformFields(withDefaultOs(platformOf(image))),
    Size: image.size,
    ...(apiBelow(x, '1.44') ? { VirtualSize: image.size } : {}),
    GraphDriver: { Data: { MergedDir: `${cacheDir}/merged`, UpperDir: `${cacheDir}/diff`, WorkDir: `${cacheDir}/work` }, Name: 'overlay2' },
    RootFS: { Type: 'layers', Layers: diffIdsOf(image) },
    Metadata: { LastTagTime: lastTagTime === null ? ZERO_TIME : rfc3339Nano(lastTagTime) },
    ...(configFirst ? {} : { Config: config }),
  };
}

/**
 * One entry of GET /images/json: `containers` is how many containers use the image, which API 1.51
 * counts (-1 below, "not computed"); below 1.43 an untagged image shows `<none>` placeholders and a
 * tagged one null RepoDigests (observed on 20.10.24, 26.1.5, 28.5.2).
 */
const withDefaultOs = (platform: ImagePlatform): ImagePlatform => (platform.os === '' ? { ...platform, os: HOST_PLATFORM.os } : platform);

export function shapeImageSummary(x: Exchange, image: Image, repoTags: readonly string[], containers: number): Record<string, unknown> {
  const placeholders = apiBelow(x, '1.43');
  const untagged = repoTags.length === 0;
  return {
    Containers: apiBelow(x, '1.51') ? -1 : containers,
    Created: unixSeconds(image.created),
    Id: image.id,
    Labels: sortedMap(image.config.Labels),
    // A commit's parent (observed on 20.10.24 and 28.5.2); an import or a load has none.
    ParentId: image.origin?.parent ?? '',
    RepoDigests: !placeholders ? [] : untagged ? ['<none>@<none>'] : null,
    RepoTags: placeholders && untagged ? ['<none>:<none>'] : repoTags,
    SharedSize: -1,
    Size: image.size,
    ...(apiBelow(x, '1.44') ? { VirtualSize: image.size } : {}),
  };
}

/**
 * One entry of system df's Images: moby's image service summary, which the images list's router
 * has not rewritten: the containers counted, the shared size given, and from 23.0 an untagged
 * image's RepoTags and every RepoDigests null (20.10's service writes the `<none>` placeholders
 * itself). Observed on 20.10.24, 26.1.5 and 28.5.2.
 */
export function shapeImageUsage(x: Exchange, image: Image, repoTags: readonly string[], containers: number, sharedSize: number): Record<string, unknown> {
  const placeholders = releaseBelow(x, '23.0');
  const untagged = repoTags.length === 0;
  // The list's entry, its fields in their order, with what the router would have rewritten put back.
  return {
    ...shapeImageSummary(x, image, repoTags, containers),
    Containers: containers,
    RepoDigests: placeholders && untagged ? ['<none>@<none>'] : null,
    RepoTags: !untagged ? repoTags : placeholders ? ['<none>:<none>'] : null,
    SharedSize: sharedSize,
  };
}
