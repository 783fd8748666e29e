import { fillMessage } from '../../../common/messages.js';
import { isOlder } from '../../../common/dotted-version.js';
import { DOCUMENT_MESSAGES, OBSERVED_DOCKERD_MESSAGES } from '../../../specs/messages.js';
import type { SyncMiddleware } from '../route.js';
import { plainTextFor, sendError } from '../replies.js';
import { canonicalVersion, compareRequested } from './version-compare.js';
import { PLEASE_UPGRADE } from '../../quirks/api-versioning/please-upgrade.js';
import { HEAD_SKIPS_CHECK } from '../../quirks/api-versioning/head-skips-check.js';
import { MINIMUM_EXCLUDED } from '../../quirks/api-versioning/minimum-excluded.js';
import { DEFAULT_FLOOR_1_23, gateMinimum } from '../../quirks/api-versioning/default-floor-1-23.js';
import { UNVERSIONED_HEAD_REFUSED } from '../../quirks/api-versioning/unversioned-head-refused.js';
import { tooNewAbove } from '../../quirks/api-versioning/maximum-excluded.js';
import { UNTYPED_ERROR_500, UNTYPED_ERROR_STATUS } from '../../quirks/api-versioning/untyped-error-500.js';
import { TOO_NEW_CLAMPED, clampToMaximum } from '../../quirks/api-versioning/too-new-clamped.js';
import { GATE_KEEPS_DEFAULT } from '../../quirks/api-versioning/gate-keeps-default.js';
import { TEXT_COMPARE, compareAsText } from '../../quirks/api-versioning/text-compare.js';
import { echoRequestedVersion, REQUESTED_ECHOED } from '../../quirks/api-versioning/requested-echoed.js';
import { CAPITALISED_KEY, sendCapitalisedError } from '../../quirks/api-versioning/capitalised-key.js';
import { CANONICAL_SPELLING_ONLY, strictlyParsed } from '../../quirks/api-versioning/canonical-spelling-only.js';

/**
 * The version middleware: a request under /v<api>/ below the minimum or above the maximum is
 * refused with 400 and the daemon's message; an unversioned request is served at the maximum.
 * It runs after the route matched (an unknown path is 404 at any version) and before the
 * handler, and its refusals carry its own headers only (no experimental header).
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
    const { config, kit } = x.state;
    // Quirk hypothetical.api.version.unversioned-served.head-refused: no unversioned HEAD route.
    if (requested === null && config.quirks.has(UNVERSIONED_HEAD_REFUSED) && x.req.method === 'HEAD') {
      sendError(x.res, 404, DOCUMENT_MESSAGES.pageNotFound, [], false);
      return true;
    }
    if (requested === null) return false;
    // Quirk hypothetical.api.headers.api-version.requested-echoed: Api-Version is the version asked, not the maximum.
    if (config.quirks.has(REQUESTED_ECHOED)) echoRequestedVersion(x.res, requested);
    // Quirk hypothetical.api.version.too-old.head-served: HEAD skips the version check.
    if (config.quirks.has(HEAD_SKIPS_CHECK) && x.req.method === 'HEAD') return false;
    const { faults } = config;
    const overflowFault = faults.has('api.version.compare-numeric');
    // Quirk hypothetical.api.version.prefix.minimum-excluded: the minimum itself is refused (an off-by-one).
    const belowBy = config.quirks.has(MINIMUM_EXCLUDED) ? 1 : 0;
    // Quirk hypothetical.api.version.below-1.24-disabled.floor-1-23: from 25.0 the gate's default minimum is one short.
    const floor = config.quirks.has(DEFAULT_FLOOR_1_23) && !isOlder(config.release.release, '25.0') ? gateMinimum(config.minApi) : config.minApi;
    // Quirk hypothetical.api.version.min-override-raise.gate-keeps-default: the override is reported, the gate keeps the release's default.
    const minimum = config.quirks.has(GATE_KEEPS_DEFAULT) ? config.release.defaultMinApi : floor;
    // Quirk hypothetical.api.version.compare-numeric.text-compare: versions compared as strings.
    const compare = config.quirks.has(TEXT_COMPARE) ? compareAsText : compareRequested;
    if (compare(requested, minimum, overflowFault) < belowBy) {
      // Fault: from 25.0, HEAD below 1.23 slips through.
      if (faults.has('api.version.below-1.24-disabled') && x.req.method === 'HEAD' && isOlder(requested, '1.23') && !isOlder(config.release.release, '25.0'))
        return false;
      // Quirk observed.api.version.too-old.wording: the releases' "please upgrade".
      const template =
        faults.has('api.version.too-old.wording') || config.quirks.has(PLEASE_UPGRADE) ? OBSERVED_DOCKERD_MESSAGES.tooOld : DOCUMENT_MESSAGES.tooOld;
      const version = faults.has('api.version.too-old') ? canonicalVersion(requested) : requested;
      const message = fillMessage(template, { version, min: config.minApi });
      // Quirk hypothetical.api.error.legacy-plain-text.canonical-spelling-only: a spelling the error writer cannot parse gets JSON.
      const plain =
        !faults.has('api.error.legacy-plain-text') &&
        plainTextFor(x.state, requested, 'legacyPlainTextErrors') &&
        (!config.quirks.has(CANONICAL_SPELLING_ONLY) || strictlyParsed(requested));
      // Quirk hypothetical.api.version.too-old.status.untyped-error: the error has no type, the mapping gives 500.
      const status = config.quirks.has(UNTYPED_ERROR_500) ? UNTYPED_ERROR_STATUS : 400;
      sendError(x.res, faults.has('api.version.too-old.status') ? 403 : status, message, kit.versioned.middleware, plain);
      return true;
    }
    // Quirk hypothetical.api.version.negotiation.maximum-excluded: the maximum itself counts as too new (an off-by-one).
    if (compare(requested, config.maxApi, overflowFault) > tooNewAbove(config.quirks)) {
      // Quirk hypothetical.api.version.too-new.clamped: served as the maximum instead of refused.
      if (config.quirks.has(TOO_NEW_CLAMPED)) return clampToMaximum(x, config.maxApi);
      const message = fillMessage(DOCUMENT_MESSAGES.tooNew, { version: requested, max: config.maxApi });
      // Quirk hypothetical.api.error.json-body.capitalised-key: {"Message": …} (a struct without a json tag).
      if (config.quirks.has(CAPITALISED_KEY)) {
        sendCapitalisedError(x.res, 400, message, kit.versioned.middleware);
        return true;
      }
      sendError(x.res, faults.has('api.version.too-new') ? 422 : 400, message, kit.versioned.middleware, false);
      return true;
    }
    return false;
  },
};
