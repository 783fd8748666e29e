#!/usr/bin/env node
import { parseArgv } from '../argv.js';
import { findRelease, processSources, resolveConfig } from '../config.js';
import { startSimulator } from '../daemon.js';
import { SimError } from '../errors.js';
import { stderrLogger } from '../log.js';
import { usage } from '../usage.js';
import { BRANDS, isBrand } from '../../specs/brands.js';
import { NEWEST_RELEASE } from '../../specs/versions.js';
import { SIM_BUILD } from '../api/responses.js';

async function main(argv: readonly string[]): Promise<number> {
  const flags = parseArgv(argv);
  if (flags.get('help') === true) {
    process.stdout.write(usage());
    return 0;
  }
  if (flags.get('version') === true) {
    const brand = String(flags.get('brand') ?? 'ctr');
    const release = findRelease(String(flags.get('emulate') ?? NEWEST_RELEASE.release)) ?? NEWEST_RELEASE;
    process.stdout.write(`${(isBrand(brand) ? BRANDS[brand] : BRANDS.ctr).product} version ${release.version}+${SIM_BUILD}, build ${SIM_BUILD}\n`);
    return 0;
  }
  const sources = processSources();
  const config = resolveConfig(flags, sources);
  if (flags.get('validate') === true) {
    process.stdout.write('configuration OK\n');
    return 0;
  }
  let debug = config.debug;
  const logger = stderrLogger(() => debug);
  const daemon = await startSimulator(config, { env: process.env, logger });
  process.on('SIGHUP', () => {
    logger.log('info', 'Got signal to reload configuration');
    const outcome = daemon.reload(processSources());
    if (outcome.ok) debug = outcome.config.debug;
  });
  return new Promise<number>((resolve) => {
    const stop = (signal: string): void => {
      logger.log('info', `Processing signal '${signal}'`);
      void daemon.close().then(() => resolve(0));
    };
    process.once('SIGTERM', () => stop('terminated'));
    process.once('SIGINT', () => stop('interrupt'));
  });
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof SimError) {
      process.stderr.write(`${error.message}\n`);
      if (error.code === 'SIM_USAGE') process.stderr.write("See 'ctrd --help'.\n");
    } else {
      process.stderr.write(`ctrd-sim: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    }
    process.exit(1);
  },
);
