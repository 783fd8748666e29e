#!/usr/bin/env node
import { runCommandLine } from '../config/command.js';
import { processSources } from '../config/file/sources.js';
import { stderrLogger } from '../log.js';
import { takeProcessSignals } from '../daemon/signals.js';
import { startSimulator } from '../daemon/start.js';
import { exitStatusOf, SimError } from '../errors.js';
import { CleanShutdown } from '../authz/chain-variant.js';

async function main(argv: readonly string[]): Promise<number> {
  // First of all: a signal that comes while the daemon starts must not get node's default.
  const signals = takeProcessSignals();
  const outcome = runCommandLine(argv, processSources());
  if (outcome.kind === 'exit') {
    process.stdout.write(outcome.stdout);
    process.stderr.write(outcome.stderr);
    return outcome.code;
  }
  const daemon = await startSimulator(outcome.config, { env: process.env, logger: stderrLogger() });
  return Promise.race([signals.attach(daemon), daemon.ended]);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof SimError) process.stderr.write(`${error.message}\n`);
    else process.stderr.write(`ctrd-sim: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    // Quirk hypothetical.authz.missing.exit-0: that start error exits with status 0; a Go panic with 2.
    process.exit(error instanceof CleanShutdown ? 0 : error instanceof SimError ? exitStatusOf(error) : 1);
  },
);
