import { arch, release as kernelRelease } from 'node:os';
import { isOlder } from '../../../common/dotted-version.js';
import type { SimConfig } from '../../config/types.js';
import { responseKitVariant } from './response-kit-variant.js';

/** The header lists of one kind of request (unversioned or under a /v<api>/ prefix). */
export interface AnswerHeaders {
  /** The version middleware's headers: on every routed answer, version refusals included. */
  readonly middleware: readonly string[];
  /** After every middleware: the version headers plus the experimental header. */
  readonly routed: readonly string[];
  /** OPTIONS on any path (the preflight route): the middleware headers, no body. */
  readonly options: readonly string[];
  readonly pingGet: readonly string[];
  readonly pingHead: readonly string[];
  readonly versionGet: readonly string[];
}

/** Header lists and bodies that depend only on the configuration, computed once per (re)load. */
export interface ResponseKit {
  readonly bare: AnswerHeaders;
  readonly versioned: AnswerHeaders;
  readonly versionBody: Buffer;
  /** The /version document, for the faults that rewrite it per request. */
  readonly versionDocument: Readonly<Record<string, unknown>>;
}

type Pair = readonly [string, string];
const flat = (pairs: readonly Pair[]): string[] => pairs.flat();

export const SIM_BUILD = 'ctrd-sim';

function goArch(): string {
  const a = arch();
  return a === 'x64' ? 'amd64' : a === 'ia32' ? '386' : a;
}

function minApiReported(config: SimConfig): string {
  const { release } = config;
  const variant = responseKitVariant(config);
  // Misreported one above the served minimum where a fault says so (response-kit-variant.ts).
  const before25 = isOlder(release.release, '25.0');
  const wrong = (variant.minApiMisreportedBefore25 && before25) || (variant.minApiMisreportedFrom25 && !before25);
  // Or another version reported in its place, where a quirk says so.
  const instead = variant.minApiReportedInstead(release, before25);
  if (instead !== undefined) return instead;
  return wrong ? `1.${Number(config.minApi.split('.')[1]) + 1}` : config.minApi;
}

/**
 * From 29.7 (observed on 29.7.2; 29.0 to 29.6 not observed) the engine names its Go module and that
 * module's version; the version is the build's (29.7.2 built from a tree without VCS data says
 * `v2.0.0+unknown`), the simulator's names its own build.
 */
const MODULE_NAMED_FROM = '29.7';
function moduleDetails(config: SimConfig): Record<string, string> {
  if (isOlder(config.release.release, MODULE_NAMED_FROM)) return {};
  return { Module: 'github.com/moby/moby/v2', ModuleVersion: `v2.0.0+${SIM_BUILD}` };
}

function versionDocument(config: SimConfig): Record<string, unknown> {
  const version = `${config.release.version}+${SIM_BUILD}`;
  const minApi = minApiReported(config);
  const buildTime = '2026-01-01T00:00:00.000000000+00:00';
  return {
    // The Debian builds of 20.10.24, 26.1.5 and 28.5.2 send an empty platform name (observed; Docker's own builds name their edition).
    Platform: { Name: '' },
    Components: [
      {
        Name: 'Engine',
        Version: version,
        Details: {
          ApiVersion: config.maxApi,
          Arch: goArch(),
          BuildTime: buildTime,
          Experimental: String(config.experimental),
          GitCommit: SIM_BUILD,
          GoVersion: 'none',
          KernelVersion: kernelRelease(),
          MinAPIVersion: minApi,
          ...moduleDetails(config),
          Os: 'linux',
        },
      },
      // The components the daemon runs containers with, as every observed release lists them; the
      // simulator has none, so each names the simulator's build (as GET /info's commits do).
      { Name: 'containerd', Version: SIM_BUILD, Details: { GitCommit: SIM_BUILD } },
      { Name: 'runc', Version: SIM_BUILD, Details: { GitCommit: SIM_BUILD } },
      { Name: `${config.names.product.toLowerCase()}-init`, Version: SIM_BUILD, Details: { GitCommit: '' } },
    ],
    Version: version,
    ApiVersion: config.maxApi,
    MinAPIVersion: minApi,
    GitCommit: SIM_BUILD,
    GoVersion: 'none',
    Os: 'linux',
    Arch: goArch(),
    KernelVersion: kernelRelease(),
    ...(config.experimental ? { Experimental: true } : {}),
    BuildTime: buildTime,
  };
}

function answerHeaders(
  config: SimConfig,
  apiVersion: string | null,
  pingApiVersion: string | null,
  versionBody: Buffer,
  optionsApiVersion: string,
): AnswerHeaders {
  const server: Pair = ['Server', `${config.names.product}/${config.release.version}+${SIM_BUILD} (linux)`];
  const withApi = (api: string | null): Pair[] => [...(api === null ? [] : [['Api-Version', api] as Pair]), ['Ostype', 'linux'], server];
  const experimental: Pair = [config.names.experimentalHeader, String(config.experimental)];
  // The experimental middleware runs after the version check, so refusals do not carry its header.
  const middleware = withApi(apiVersion);
  const routed = [...middleware, experimental];
  // BuildKit became the default builder, and the Swarm header appeared, in 23.0.
  const modern = !isOlder(config.release.release, '23.0');
  const ping: Pair[] = [
    ...withApi(pingApiVersion),
    experimental,
    ['Cache-Control', 'no-cache, no-store, must-revalidate'],
    ...(responseKitVariant(config).pingPragma ? [['Pragma', 'no-cache'] as Pair] : []),
    ...(modern
      ? ([
          ['Builder-Version', '2'],
          ['Swarm', 'inactive'],
        ] as Pair[])
      : []),
  ];
  return {
    middleware: flat(middleware),
    routed: flat(routed),
    options: flat([...withApi(optionsApiVersion), experimental, ['Content-Length', '0']]),
    pingGet: flat([...ping, ['Content-Type', 'text/plain; charset=utf-8'], ['Content-Length', '2']]),
    pingHead: flat([...ping, ['Content-Type', 'text/plain; charset=utf-8'], ['Content-Length', '0']]),
    versionGet: flat([...routed, ['Content-Type', 'application/json'], ['Content-Length', String(versionBody.length)]]),
  };
}

export function buildResponseKit(config: SimConfig): ResponseKit {
  const document = versionDocument(config);
  const versionBody = Buffer.from(`${JSON.stringify(document)}\n`);
  const { maxApi } = config;
  const variant = responseKitVariant(config);
  // The version the unversioned /_ping advertises (the newest served).
  const barePing = variant.unversionedPingApi(maxApi);
  const bare = answerHeaders(config, maxApi, barePing, versionBody, maxApi);
  // Versioned answers carry Api-Version (without it, OPTIONS keeps it).
  const versioned = !variant.versionedApiVersion
    ? answerHeaders(config, null, null, versionBody, maxApi)
    : barePing === maxApi
      ? bare
      : answerHeaders(config, maxApi, maxApi, versionBody, maxApi);
  return { bare, versioned, versionBody, versionDocument: document };
}
