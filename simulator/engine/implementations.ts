import type { Implementation } from '../implementation.js';
import { OBJECT_ROUTES } from './routes.js';

/** Where a removed daemon option is refused: no such flag or file key in the release, or 28.x's own refusal of api-cors-header. */
const REMOVED_OPTIONS: Implementation = {
  where:
    'simulator/config/resolve.ts: checkReleaseFlags (unknown flag), corsHeaderOf (28.x); simulator/config/file/directives.ts: unknownDirectives; simulator/config/file/removed-options.ts (fault)',
  rules: ['deprecated.options.removed-refused'],
};

/** The engine's pieces that declare rules beside the system routes: its image, container and events routes, and the refusal of removed options. */
export const ENGINE_IMPLEMENTATIONS: readonly Implementation[] = [...OBJECT_ROUTES.filter((route) => route.rules.length > 0), REMOVED_OPTIONS];
