#!/usr/bin/env node
import { parseArgv } from '../config/argv.js';
import { resolveConfig } from '../config/resolve.js';
import { processSources } from '../config/sources.js';
import { usage } from '../config/usage.js';
import { stderrLogger } from '../daemon/log.js';
import { takeProcessSignals } from '../daemon/signals.js';
import { startSimulator } from '../daemon/start.js';
import { SimError } from '../errors.js';
import { SIM_BUILD } from '../api-versioning/response-kit.js';
import { BRANDS, isBrand, type BrandNames } from '../../specs/brands.js';
import { findRelease, NEWEST_RELEASE } from '../../specs/versions.js';

/** The brand named on the command line, read before parsing it (a usage error still names dockerd or ctrd). */
function brandOf(argv: readonly string[]): BrandNames {
  const at = argv.findIndex((arg) => arg === '--brand' || arg.startsWith('--brand='));
  const brand = at < 0 ? 'ctr' : argv[at]!.startsWith('--brand=') ? argv[at]!.slice('--brand='.length) : (argv[at + 1] ?? '');
  return isBrand(brand) ? BRANDS[brand] : BRANDS.ctr;
}

async function main(argv: readonly string[]): Promise<number> {
  // First of all: a signal that comes while the daemon starts must not get node's default.
  const signals = takeProcessSignals();
  const flags = parseArgv(argv);
  const names = brandOf(argv);
  if (flags.get('help') === true) {
    process.stdout.write(usage());
    return 0;
  }
  if (flags.get('version') === true) {
    const release = findRelease(String(flags.get('emulate') ?? NEWEST_RELEASE.release)) ?? NEWEST_RELEASE;
    process.stdout.write(`${names.product} version ${release.version}+${SIM_BUILD}, build ${SIM_BUILD}\n`);
    return 0;
  }
  const config = resolveConfig(flags, processSources());
  if (config.flags.get('validate') === true) {
    // Observed on 26.1 and 28.5: on stderr, stdout empty; -H values and the file are checked.
    process.stderr.write('configuration OK\n');
    return 0;
  }
  const daemon = await startSimulator(config, { env: process.env, logger: stderrLogger() });
  return signals.attach(daemon);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof SimError && error.code === 'SIM_USAGE') {
      // The daemon's (cobra's) form of a usage error, exit 1 all the same (observed).
      process.stderr.write(`Status: ${error.message}\nSee '${brandOf(process.argv.slice(2)).product.toLowerCase()}d --help'., Code: 125\n`);
    } else if (error instanceof SimError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(`ctrd-sim: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    }
    process.exit(1);
  },
);
