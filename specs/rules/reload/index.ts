import { RELOAD_OPTION_RULES } from './options.js';
import { RELOAD_TRANSITION_RULES } from './transitions.js';

/** daemon.md › States and transitions › Daemon reload, › Reloadable options, runtimes rule 4. */
export const RELOAD_RULES = [...RELOAD_TRANSITION_RULES, ...RELOAD_OPTION_RULES] as const;
