import type { TestableRuleId } from '../../specs/catalogue.js';
import type { Fault } from './fault.js';

type ApiVersioningRuleId = Extract<TestableRuleId, `api.${string}` | 'limits.min-api-version'>;

/** The faults of the API-versioning area: one per testable rule, each noticed only by its rule's check (suites/api-versioning/). */
export const API_VERSIONING_FAULTS: Readonly<Record<ApiVersioningRuleId, Fault>> = {
  'api.version.prefix': {
    breaks: 'GET /v<api>/version describes the requested version as its ApiVersion instead of the daemon maximum (the unversioned /version is right)',
  },
  'api.version.unversioned-served': {
    breaks: 'HEAD /_ping without a version prefix answers 410 Gone',
    alsoBreaks: {
      rules: ['api.ping'],
      why: 'api.ping requires 200 from the same unversioned GET and HEAD /_ping, so an unversioned /_ping that is not served breaks it too; the other unversioned request, GET /version, is how the suites read the release (they need its 200), so it cannot be the one broken',
    },
  },
  'api.version.negotiation': {
    breaks: 'GET and HEAD /_ping without a version prefix advertise an Api-Version one minor below the maximum',
  },
  'api.version.too-old': {
    breaks: 'the too-old message names the requested version in its canonical spelling (1.11 for 01.011.0), not as requested',
    alsoBreaks: {
      rules: ['api.version.too-old.wording'],
      why: 'the documented sentence contains the message this rule checks: a message without it cannot read as documented',
    },
  },
  'api.version.too-old.wording': {
    breaks: 'the too-old message says "please upgrade" (the real daemons\' wording) instead of the document\'s "upgrade"',
  },
  'api.version.too-old.status': {
    breaks: 'the too-old refusal is 403 Forbidden instead of 400',
  },
  'api.version.too-new': {
    breaks: 'the too-new refusal is 422 Unprocessable Entity instead of 400',
  },
  'api.version.minimum-1.12': {
    breaks: 'before 25.0, /version reports MinAPIVersion one minor above the minimum it serves',
    alsoBreaks: {
      rules: ['api.version.negotiation'],
      why: 'before 25.0 the release minimum that negotiation expects in MinAPIVersion is the documented 1.12',
    },
  },
  'api.version.below-1.24-disabled': {
    breaks: 'from 25.0, HEAD /v<api>/_ping is served for API versions below 1.23 (1.23 stays refused: limits.min-api-version checks it)',
    alsoBreaks: {
      rules: ['api.version.too-old', 'api.version.too-old.status'],
      why: 'from 25.0 the minimum is 1.24, so a version below 1.24 that is not refused with 4xx is also not refused as too old (4xx) with 400',
    },
  },
  'limits.min-api-version': {
    breaks: 'from 25.0, /version reports MinAPIVersion one minor above the minimum it serves',
    alsoBreaks: {
      rules: ['api.version.negotiation'],
      why: 'on these releases the release minimum that negotiation expects in MinAPIVersion is the documented 1.24',
    },
  },
  'api.version.legacy-removed': {
    breaks: 'from 26.0, <BRAND>_MIN_API_VERSION below 1.24 is accepted and lowers the minimum',
  },
  'api.version.legacy-opt-in': {
    breaks: 'in 25.0, <BRAND>_MIN_API_VERSION below the default minimum is refused at start',
  },
  'api.version.min-override-raise': {
    breaks: '<BRAND>_MIN_API_VERSION above the default minimum is accepted but ignored',
  },
  'api.version.compare-numeric': {
    breaks: 'a version segment too large for 64 bits counts as 0 instead of the largest value',
  },
  'api.version.malformed-not-found': {
    breaks: 'the version prefix accepts any characters, so /vabc/version is judged as a version instead of answering 404',
  },
  'api.headers.api-version': {
    breaks: 'answers to versioned requests (/v<api>/… and their version refusals) lack the Api-Version header; unversioned ones and OPTIONS keep it',
  },
  'api.error.json-body': {
    breaks: 'an unknown path under a version prefix of 1.24 or later answers 404 page not found as text/plain',
  },
  'api.error.legacy-plain-text': {
    breaks: 'version refusals below API 1.24 are JSON on every release',
  },
  'api.not-found.legacy-plain-text': {
    breaks: 'an unknown path under a version prefix below 1.24 answers 404 in the other form than the release does (JSON on 20.10, text on 26.1 and 28.5)',
  },
  'api.ping': {
    breaks: '/_ping answers without the Pragma: no-cache header',
  },
  'api.not-found': {
    breaks: 'a known path asked with a method it does not accept answers 405 Method Not Allowed instead of 404',
    alsoBreaks: {
      rules: ['deprecated.container-copy.removed'],
      why: 'the removed POST /containers/{id}/copy is such a path: DELETE /containers/{name} takes any name, "<id>/copy" included, so its 404 becomes 405',
    },
  },
  'api.path.clean-redirect': {
    breaks: 'unclean paths are redirected with 302 Found instead of 301',
  },
  'api.options.any-path': {
    breaks: 'OPTIONS answers 204 No Content instead of 200',
  },
  'api.http.host-header': {
    breaks: 'a request with several Host headers is served as if it had the first (http/middleware/host-header.ts)',
  },
  'api.limits.header-lines': {
    breaks: "the header-line limit is one line above the release's (28.5: 501 lines accepted); a release without a limit refuses more than 1000 lines",
  },
  'api.robustness': {
    breaks: 'a request the HTTP parser refuses (garbage, oversized headers) is answered 500 Internal Server Error before the connection closes',
  },
};
