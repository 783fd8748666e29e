import { MIN_API_OVERRIDE, RELEASE_RANGES } from '../config/min-api.js';
import { DAEMON_CONFIG_IMPLEMENTATIONS } from '../config/file/implementations.js';
import { RELOAD_IMPLEMENTATIONS } from '../reload/implementations.js';
import { LISTENERS_IMPLEMENTATIONS } from '../listeners/implementations.js';
import { MODEL_RUNNER_IMPLEMENTATIONS } from '../model-runner/implementations.js';
import { ENGINE_IMPLEMENTATIONS } from '../engine/implementations.js';
import { SYSTEM_ROUTES } from '../engine/routes.js';
import { infoRoute } from '../engine/system/info/index.js';
import { CLIENT_ERRORS } from '../http/client-errors.js';
import { MIDDLEWARES } from '../http/pipeline.js';
import type { Implementation } from '../implementation.js';

/** Every piece of the simulator that declares rules: middlewares, routes, configuration steps. */
export const IMPLEMENTATIONS: readonly Implementation[] = [
  ...MIDDLEWARES,
  ...SYSTEM_ROUTES,
  CLIENT_ERRORS,
  MIN_API_OVERRIDE,
  RELEASE_RANGES,
  ...DAEMON_CONFIG_IMPLEMENTATIONS,
  ...RELOAD_IMPLEMENTATIONS,
  ...LISTENERS_IMPLEMENTATIONS,
  ...MODEL_RUNNER_IMPLEMENTATIONS,
  ...ENGINE_IMPLEMENTATIONS,
  infoRoute(),
];

/**
 * Where the simulator implements each rule of the catalogue, derived from those declarations:
 * rule id → the places, joined by "; ". A test checks it against specs/ in both directions.
 */
export const IMPLEMENTED_RULES: Readonly<Record<string, string>> = (() => {
  const places = new Map<string, string[]>();
  for (const { where, rules } of IMPLEMENTATIONS) {
    for (const rule of rules) places.set(rule, [...(places.get(rule) ?? []), where]);
  }
  return Object.freeze(Object.fromEntries([...places].map(([rule, where]) => [rule, where.join('; ')])));
})();
