import type { Implementation } from '../rules/implementation.js';
import { OBJECT_ROUTES } from './routes.js';

/** Where a removed daemon option is refused: no such flag or file key in the release, or 28.x's own refusal of api-cors-header. */
const REMOVED_OPTIONS: Implementation = {
  where:
    'config/resolve.ts: checkReleaseFlags (unknown flag), corsHeaderOf (28.x); daemon-config/directives.ts: unknownDirectives; daemon-config/removed-options.ts (fault)',
  rules: ['deprecated.options.removed-refused'],
};

/** The deprecations area's pieces that declare rules: its image, container and events routes, and the refusal of removed options. */
export const DEPRECATIONS_IMPLEMENTATIONS: readonly Implementation[] = [...OBJECT_ROUTES.filter((route) => route.rules.length > 0), REMOVED_OPTIONS];
