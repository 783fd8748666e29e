import { findRelease, RELEASES } from '../../specs/versions.js';
import { TargetError } from './target.js';

/** The simulator targets that may name the release they emulate: `sim@26.1`, `sim-process@20.10`. */
export type SimBase = 'sim' | 'sim-process';

export interface SimSpec {
  readonly base: SimBase;
  /** The release series written after `@`, or null for a bare `sim` / `sim-process`. */
  readonly release: string | null;
}

const known = (): string => RELEASES.map((r) => r.release).join(', ');

/**
 * Reads `sim`, `sim-process`, `sim@R` and `sim-process@R` (R a release series of the table,
 * exactly as the table writes it); null for any other target spec. A spec that starts as a
 * simulator one but is malformed (`sim@`, `sim@abc`, `sim@26.1.5`, `sim@1.2`) is a TARGET_SPEC error.
 */
export function parseSimSpec(spec: string): SimSpec | null {
  const at = spec.indexOf('@');
  const base = at === -1 ? spec : spec.slice(0, at);
  if (base !== 'sim' && base !== 'sim-process') return null;
  if (at === -1) return { base, release: null };
  const release = spec.slice(at + 1);
  if (release === '') throw new TargetError('TARGET_SPEC', `target ${JSON.stringify(spec)}: no release after "@" (${base}@R, R one of ${known()})`);
  if (!RELEASES.some((r) => r.release === release)) {
    throw new TargetError('TARGET_SPEC', `target ${JSON.stringify(spec)}: ${JSON.stringify(release)} is not a release series of the table (known: ${known()})`);
  }
  return { base, release };
}

/**
 * The release a simulator target emulates, from its spec and `--emulate` together: either may
 * name it; both may only when they name one series (a flag that silently wins over the spec would hide a
 * mistake). Null when neither names one (the simulator's newest).
 */
export function emulatedRelease(spec: SimSpec, emulate: string | undefined): string | null {
  if (spec.release !== null && emulate !== undefined && findRelease(emulate)?.release !== spec.release) {
    throw new TargetError(
      'TARGET_SPEC',
      `--target ${spec.base}@${spec.release} emulates ${spec.release} but --emulate says ${emulate}: name the release once (in the target or with --emulate)`,
    );
  }
  return spec.release ?? emulate ?? null;
}
