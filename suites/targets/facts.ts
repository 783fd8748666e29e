import { RELEASES, type DaemonRelease } from '../../specs/versions.js';
import type { HttpClient } from '../http/client.js';

/** What a target says about itself in GET /version. */
export interface TargetFacts {
  readonly version: string | null;
  readonly apiMax: string | null;
  readonly apiMin: string | null;
  readonly os: string | null;
  /** The brand its headers use (`Docker-Experimental` or `Ctr-Experimental`), if either. */
  readonly brand: 'ctr' | 'docker' | null;
}

export async function readFacts(client: HttpClient): Promise<TargetFacts> {
  const reply = await client.request('GET', '/version');
  let doc: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(reply.body);
    if (typeof parsed === 'object' && parsed !== null) doc = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: every fact stays unknown.
  }
  const text = (key: string): string | null => (typeof doc[key] === 'string' ? (doc[key] as string) : null);
  const brand = reply.headers['docker-experimental'] !== undefined ? 'docker' : reply.headers['ctr-experimental'] !== undefined ? 'ctr' : null;
  return { version: text('Version'), apiMax: text('ApiVersion'), apiMin: text('MinAPIVersion'), os: text('Os'), brand };
}

/** The release series a version string belongs to ("28.5.2+dfsg4" → 28.5), if the table has it. */
export function releaseOf(version: string | null): DaemonRelease | null {
  const series = version === null ? undefined : /^(\d+\.\d+)/.exec(version)?.[1];
  return RELEASES.find((r) => r.release === series) ?? null;
}
