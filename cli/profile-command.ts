import { profileFor } from '../suites/profiles.js';
import { negotiationProfile, openSide, profileTable, type NegotiationProfile } from '../suites/explorer/index.js';
import { isSimulatorSpec, resolveTarget } from '../suites/targets/resolve.js';
import { EXIT, type ExitCode } from './exit-codes.js';
import { UsageError } from './usage-error.js';

export interface ProfileFlags {
  target?: string[];
  profile?: string;
  json?: boolean;
  allowRemote?: boolean;
}

/** `ctr-conformance profile`: each target's version negotiation, one column per target. */
export async function profileCommand(flags: ProfileFlags): Promise<ExitCode> {
  const targets = flags.target ?? [];
  if (targets.length === 0) throw new UsageError('profile needs a target: --target T (repeatable, one column each)');
  const asked = flags.profile === undefined ? undefined : profileFor(flags.profile);
  if (flags.profile !== undefined && asked === undefined) throw new UsageError(`--profile must be ctr or docker, got ${flags.profile}`);
  const profile = asked ?? profileFor(targets.every(isSimulatorSpec) ? 'ctr' : 'docker')!;
  // Every spec is checked before any target starts.
  const resolved = targets.map((spec) => resolveTarget(spec, { profile, allowRemote: flags.allowRemote === true }));
  const profiles: NegotiationProfile[] = [];
  // One target at a time: a real daemon is started, asked and stopped before the next.
  for (const target of resolved) {
    const side = await openSide(target, { startMs: 120_000, requestTimeoutMs: 10_000 });
    try {
      profiles.push(await negotiationProfile(side));
    } finally {
      await side.stop().catch(() => undefined);
    }
  }
  process.stdout.write(flags.json === true ? `${JSON.stringify(profiles, null, 1)}\n` : profileTable(profiles));
  return EXIT.PASS;
}
