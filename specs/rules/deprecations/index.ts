import { CONTAINER_RULES } from './containers.js';
import { EVENT_RULES } from './events.js';
import { IMAGE_RULES } from './images.js';
import { OPTION_RULES } from './options.js';

/** daemon.md › Feature lifecycle, Deprecation catalogue, Versioning 4, HTTP API paths, the events row of Events. */
export const DEPRECATIONS_RULES = [...IMAGE_RULES, ...CONTAINER_RULES, ...EVENT_RULES, ...OPTION_RULES] as const;
