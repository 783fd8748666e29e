import { fillMessage } from '../../../common/messages.js';
import { isOlder } from '../../../common/dotted-version.js';
import { DOCUMENT_MESSAGES } from '../../../specs/messages.js';
import type { SyncMiddleware } from '../route.js';
import { plainTextFor, sendError } from '../replies.js';
import { clampToMaximum, echoRequestedVersion, sendCapitalisedError, strictlyParsed } from './version-gate-variant.js';

/**
 * The version middleware: a request under /v<api>/ below the minimum or above the maximum is
 * refused with 400 and the daemon's message; an unversioned request is served at the maximum.
 * It runs after the route matched (an unknown path is 404 at any version) and before the
 * handler, and its refusals carry its own headers only (no experimental header). Where a fault
 * or a quirk makes it differ, it reads the field of its variant (version-gate-variant.ts) that says how.
 */
export const versionGate: SyncMiddleware = {
  where: 'simulator/http/middleware/version-gate.ts: versionGate',
  rules: [
    'api.version.too-old',
    'api.version.too-old.wording',
    'api.version.too-old.status',
    'api.version.too-new',
    'api.version.compare-numeric',
    'api.version.minimum-1.12',
    'api.version.below-1.24-disabled',
    'limits.min-api-version',
    'api.error.json-body',
    'api.error.legacy-plain-text',
  ],
  handle(x) {
    const requested = x.version;
    const { config, kit, variants } = x.state;
    const gate = variants.versionGate;
    if (requested === null && gate.unversionedHeadRefused && x.req.method === 'HEAD') {
      sendError(x.res, 404, DOCUMENT_MESSAGES.pageNotFound, [], false);
      return true;
    }
    if (requested === null) return false;
    if (gate.echoRequested) echoRequestedVersion(x.res, requested);
    if (gate.headSkipsCheck && x.req.method === 'HEAD') return false;
    if (gate.compare(requested, gate.minimum(config)) < gate.tooOldBelow) {
      if (gate.oldHeadPasses && x.req.method === 'HEAD' && isOlder(requested, '1.23') && !isOlder(config.release.release, '25.0')) return false;
      const message = fillMessage(gate.tooOldTemplate, { version: gate.tooOldVersion(requested), min: config.minApi });
      const plain =
        gate.legacyPlainText && plainTextFor(x.state, requested, 'legacyPlainTextErrors') && (!gate.plainTextNeedsStrictSpelling || strictlyParsed(requested));
      sendError(x.res, gate.tooOldStatus, message, kit.versioned.middleware, plain);
      return true;
    }
    if (gate.compare(requested, config.maxApi) > gate.tooNewAbove) {
      if (gate.tooNewServedAsMaximum) return clampToMaximum(x, config.maxApi);
      const message = fillMessage(DOCUMENT_MESSAGES.tooNew, { version: requested, max: config.maxApi });
      if (gate.tooNewKey === 'Message') sendCapitalisedError(x.res, gate.tooNewStatus, message, kit.versioned.middleware);
      else sendError(x.res, gate.tooNewStatus, message, kit.versioned.middleware, false);
      return true;
    }
    return false;
  },
};
