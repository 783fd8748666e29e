import { HttpClient } from '../http/client.js';
import { readFacts, releaseOf } from '../targets/facts.js';
import { isSimulatorSpec } from '../targets/resolve.js';
import { TargetError, type Target, type TargetInstance } from '../targets/target.js';
import type { DiffSide } from './explore.js';

/** A target the explorer started and reads: stop it in every case. */
export interface OpenSide extends DiffSide {
  stop(): Promise<void>;
}

function withDeadline<T>(work: Promise<T>, ms: number, what: string, late: (value: T) => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void work.then(late, () => undefined);
      reject(new TargetError('TARGET_START', `${what} did not happen within ${ms / 1000} s`));
    }, ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Starts `target` (within `startMs`), reads what it says of itself (GET /version, else /_ping)
 * and takes its API range from the release table where its release is known.
 */
export async function openSide(target: Target, options: { readonly startMs: number; readonly requestTimeoutMs: number }): Promise<OpenSide> {
  const outcome = await withDeadline(target.start(), options.startMs, `the start of ${target.spec}`, (late) => {
    if (late.ok) void late.instance.stop().catch(() => undefined);
  });
  if (!outcome.ok) {
    const last = outcome.output.trim().split('\n').slice(-5).join('\n');
    throw new TargetError('TARGET_START', `${target.spec} did not start (exit code ${outcome.exitCode ?? 'none'})${last === '' ? '' : `: ${last}`}`);
  }
  const instance: TargetInstance = outcome.instance;
  const client = new HttpClient(instance.endpoint, undefined, { timeoutMs: options.requestTimeoutMs });
  const stop = async (): Promise<void> => {
    client.close();
    await instance.stop();
  };
  try {
    const facts = await readFacts(client);
    const release = releaseOf(facts.version);
    const windows = facts.os === 'windows';
    return {
      side: {
        spec: target.spec,
        release,
        version: facts.version,
        min: release === null ? facts.apiMin : windows ? release.windowsMinApi : release.defaultMinApi,
        max: release === null ? facts.apiMax : release.maxApi,
        real: !isSimulatorSpec(target.spec),
      },
      client,
      endpoint: instance.endpoint,
      stop,
    };
  } catch (error) {
    await stop().catch(() => undefined);
    throw new TargetError('TARGET_UNREACHABLE', `${target.spec} could not be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
}
