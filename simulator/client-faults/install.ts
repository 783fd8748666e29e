import { randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SimError } from '../errors.js';
import type { Logger } from '../log.js';
import { FaultChooser } from './choose.js';
import { injectFault, type RequestHandler } from './inject.js';
import { readClientFaults } from './read.js';
import { unversionedPath } from './route-match.js';
import { MAX_SEED, type ClientFaultsFile } from './schema.js';
import type { ClientFaultsSource } from './source.js';

/** The file's seed or the flag's (they must agree when both are given); a random one, logged, when neither is. */
export function chooseSeed(parsed: ClientFaultsFile, source: ClientFaultsSource, random: () => number = () => randomInt(MAX_SEED + 1)): number {
  const { seedFlag } = source;
  if (seedFlag !== null && (!Number.isSafeInteger(seedFlag) || seedFlag < 0 || seedFlag > MAX_SEED))
    throw new SimError('SIM_USAGE', `invalid argument "${seedFlag}" for "--client-faults-seed" flag: must be an integer from 0 to ${MAX_SEED}`);
  if (seedFlag !== null && parsed.seed !== undefined && parsed.seed !== seedFlag)
    throw new SimError(
      'SIM_USAGE',
      `--client-faults-seed ${seedFlag} and the seed ${parsed.seed} of ${source.file} differ: give the seed in one place (remove it from the file to pass it by flag)`,
    );
  return seedFlag ?? parsed.seed ?? random();
}

/** A handler that faults the requests the chooser picks and passes the others to `handler` unchanged. */
export function withClientFaults(chooser: FaultChooser, handler: RequestHandler, logger: Logger): RequestHandler {
  return (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    const path = unversionedPath(req.url ?? '/');
    const chosen = chooser.choose(method, path);
    if (chosen === null) return handler(req, res);
    logger.log('info', `client fault ${chosen.entry.kind} on ${method} ${req.url ?? '/'}`, {
      entry: chosen.entry.name === undefined ? String(chosen.index) : `${chosen.index} (${chosen.entry.name})`,
      match: String(chosen.match),
      seed: String(chooser.seed),
    });
    injectFault(chosen.entry, req, res, handler);
  };
}

/** A checked client-faults file: wraps the simulator's request handler. */
export interface LoadedClientFaults {
  readonly seed: number;
  /** The handler with the faults; logs the seed (what a replay needs). */
  wrap(handler: RequestHandler, logger: Logger): RequestHandler;
}

/**
 * Reads the client-faults file (JSON or YAML: read.ts). Rejects with a SimError SIM_USAGE for a bad file (the simulator starts
 * nothing then).
 */
export async function loadClientFaults(source: ClientFaultsSource): Promise<LoadedClientFaults> {
  const parsed = await readClientFaults(source.text, source.file);
  const seed = chooseSeed(parsed, source);
  return {
    seed,
    wrap(handler, logger) {
      logger.log('info', `client faults from ${source.file}: ${parsed.faults.length} entries, seed ${seed} (replay with --client-faults-seed ${seed})`);
      return withClientFaults(new FaultChooser(parsed.faults, seed), handler, logger);
    },
  };
}
