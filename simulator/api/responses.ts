import { arch, release as kernelRelease } from 'node:os';
import { isOlder } from '../../common/dotted-version.js';
import type { SimConfig } from '../config.js';

/** Header lists and bodies that depend only on the configuration, computed once per (re)load. */
export interface ResponseKit {
  /** Headers of the version middleware: on every routed answer, version refusals included. */
  readonly versionHeaders: readonly string[];
  /** OPTIONS on any path (the preflight route): the middleware headers, no body. */
  readonly options: string[];
  readonly pingGet: string[];
  readonly pingHead: string[];
  readonly versionGet: string[];
  readonly versionBody: Buffer;
}

const flat = (pairs: readonly [string, string][]): string[] => pairs.flatMap(([k, v]) => [k, v]);

export const SIM_BUILD = 'ctrd-sim';

export function buildResponseKit(config: SimConfig): ResponseKit {
  const version = `${config.release.version}+${SIM_BUILD}`;
  const versionHeaders: [string, string][] = [
    ['Api-Version', config.maxApi],
    ['Ostype', 'linux'],
    ['Server', `${config.names.product}/${version} (linux)`],
  ];
  // The experimental middleware runs after the version check, so refusals do not carry its header.
  const common: [string, string][] = [...versionHeaders, [config.names.experimentalHeader, String(config.experimental)]];
  // BuildKit became the default builder, and the Swarm header appeared, in 23.0.
  const modern = !isOlder(config.release.release, '23.0');
  const pingHeaders: [string, string][] = [
    ...common,
    ['Cache-Control', 'no-cache, no-store, must-revalidate'],
    ['Pragma', 'no-cache'],
    ...(modern ? ([['Builder-Version', '2'], ['Swarm', 'inactive']] as [string, string][]) : []),
  ];
  const details = {
    ApiVersion: config.maxApi,
    Arch: goArch(),
    BuildTime: '2026-01-01T00:00:00.000000000+00:00',
    Experimental: String(config.experimental),
    GitCommit: SIM_BUILD,
    GoVersion: 'none',
    KernelVersion: kernelRelease(),
    MinAPIVersion: config.minApi,
    Os: 'linux',
  };
  const versionBody = Buffer.from(
    JSON.stringify({
      Platform: { Name: `${config.names.product} Engine simulator` },
      Components: [{ Name: 'Engine', Version: version, Details: details }],
      Version: version,
      ApiVersion: config.maxApi,
      MinAPIVersion: config.minApi,
      GitCommit: SIM_BUILD,
      GoVersion: 'none',
      Os: 'linux',
      Arch: goArch(),
      KernelVersion: kernelRelease(),
      ...(config.experimental ? { Experimental: true } : {}),
      BuildTime: details.BuildTime,
    }) + '\n',
  );
  return {
    versionHeaders: flat(versionHeaders),
    options: flat([...common, ['Content-Length', '0']]),
    pingGet: flat([...pingHeaders, ['Content-Type', 'text/plain; charset=utf-8'], ['Content-Length', '2']]),
    pingHead: flat([...pingHeaders, ['Content-Type', 'text/plain; charset=utf-8'], ['Content-Length', '0']]),
    versionGet: flat([...common, ['Content-Type', 'application/json'], ['Content-Length', String(versionBody.length)]]),
    versionBody,
  };
}

function goArch(): string {
  const a = arch();
  return a === 'x64' ? 'amd64' : a === 'ia32' ? '386' : a;
}
