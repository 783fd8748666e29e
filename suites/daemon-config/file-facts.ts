import { basename } from 'node:path';
import { configPath } from '../targets/config-file.js';

/** The name of the configuration file every started daemon is given; messages about it name it. */
export const CONFIG_FILE_NAME = basename(configPath('/'));
