import { COMMAND_LINE_RULES } from './command-line.js';
import { ENVIRONMENT_RULES } from './environment.js';
import { FILE_RULES } from './file.js';
import { SPECIFICS_RULES } from './specifics.js';
import { START_ERROR_RULES } from './start-errors.js';

/** The daemon's command line, environment and configuration file (daemon.md). */
export const DAEMON_CONFIG_RULES = [...COMMAND_LINE_RULES, ...FILE_RULES, ...START_ERROR_RULES, ...SPECIFICS_RULES, ...ENVIRONMENT_RULES] as const;
