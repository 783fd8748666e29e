import { findRelease, type DaemonRelease } from '../../specs/versions.js';
import { HttpClientError, type HttpClient, type HttpReply } from '../http/client.js';

/** The API range a target reported itself, and where it was read. */
export interface ObservedApi {
  readonly min: string | null;
  readonly max: string | null;
  /** `version`: GET /version's MinAPIVersion and ApiVersion; `ping`: GET /_ping's Api-Version header (max only); null: neither said. */
  readonly source: 'version' | 'ping' | null;
}

/** What a target says about itself, from GET /version when it has one, else from GET /_ping's headers. */
export interface TargetFacts {
  readonly version: string | null;
  readonly apiMax: string | null;
  readonly apiMin: string | null;
  readonly os: string | null;
  /** The brand its headers use (`Docker-Experimental` or `Ctr-Experimental`), if either. */
  readonly brand: 'ctr' | 'docker' | null;
  /** What the target reported of its API range (for the report, beside the expected range). */
  readonly observedApi: ObservedApi;
  /**
   * The engine component GET /version names (`Components[].Name` ending in "Engine": "Engine" for
   * dockerd, "Podman Engine" for Podman), with its version; null when it names none.
   */
  readonly engine: { readonly name: string; readonly version: string | null } | null;
  /** GET /version's `Server` header (Podman: "Libpod/4.3.1 (linux)"), if any. */
  readonly server: string | null;
}

/** The component of /version's `Components` whose name ends in "Engine". */
function engineComponent(doc: Record<string, unknown>): TargetFacts['engine'] {
  const components = doc['Components'];
  if (!Array.isArray(components)) return null;
  for (const component of components) {
    const name: unknown = component?.Name;
    if (typeof name === 'string' && /Engine$/.test(name)) return { name, version: typeof component.Version === 'string' ? component.Version : null };
  }
  return null;
}

const brandOf = (reply: HttpReply | null): TargetFacts['brand'] =>
  reply === null ? null : reply.headers['docker-experimental'] !== undefined ? 'docker' : reply.headers['ctr-experimental'] !== undefined ? 'ctr' : null;

/** The answer, or null when the target has no such path (a recording without it, a refused connection is thrown). */
async function tryGet(client: HttpClient, path: string): Promise<HttpReply | null> {
  try {
    return await client.request('GET', path);
  } catch (error) {
    if (error instanceof HttpClientError && error.code === 'HTTP_NOT_RECORDED') return null;
    throw error;
  }
}

/**
 * Reads the facts without assuming a daemon API: a server without /version (an OpenAI-compatible
 * one), or with one that is not JSON, gives nulls; /_ping's headers (Api-Version, OSType) fill in
 * what /version did not say. Only a target that cannot be reached at all throws.
 */
export async function readFacts(client: HttpClient): Promise<TargetFacts> {
  const reply = await tryGet(client, '/version');
  let doc: Record<string, unknown> = {};
  if (reply !== null && reply.status === 200) {
    try {
      const parsed: unknown = JSON.parse(reply.body);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) doc = parsed as Record<string, unknown>;
    } catch {
      // Not JSON: every fact stays unknown.
    }
  }
  const text = (key: string): string | null => (typeof doc[key] === 'string' ? (doc[key] as string) : null);
  const fromVersion = {
    version: text('Version'),
    apiMax: text('ApiVersion'),
    apiMin: text('MinAPIVersion'),
    os: text('Os'),
    engine: engineComponent(doc),
    server: reply?.headers['server'] ?? null,
  };
  if (fromVersion.apiMax !== null) {
    // Podman sends Docker-Experimental on /_ping only: where /version has no brand header, the ping says.
    const brand = brandOf(reply) ?? brandOf(await tryGet(client, '/_ping'));
    return { ...fromVersion, brand, observedApi: { min: fromVersion.apiMin, max: fromVersion.apiMax, source: 'version' } };
  }
  const ping = await tryGet(client, '/_ping');
  const pinged = ping !== null && ping.status === 200 ? ping : null;
  const header = (name: string): string | null => pinged?.headers[name] ?? null;
  const apiMax = header('api-version');
  return {
    ...fromVersion,
    apiMax,
    os: fromVersion.os ?? header('ostype')?.toLowerCase() ?? null,
    brand: brandOf(reply) ?? brandOf(pinged),
    observedApi:
      apiMax === null
        ? { min: fromVersion.apiMin, max: null, source: fromVersion.apiMin === null ? null : 'version' }
        : { min: fromVersion.apiMin, max: apiMax, source: 'ping' },
  };
}

/** The release series a version string belongs to ("28.5.2+dfsg4" → 28.5), if the table has it. */
export const releaseOf = (version: string | null): DaemonRelease | null => findRelease(version) ?? null;
