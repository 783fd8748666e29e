import type { Rule } from '../../types.js';
import { BOTH, daemonDoc, impl, TESTABLE } from '../kit.js';
import { AREA } from './kit.js';

/** Versioned paths and negotiation: daemon.md › HTTP API paths, Versioning › 1–3, Errors (too old, too new). */
export const API_VERSION_RULES = [
  {
    id: 'api.version.prefix',
    title: 'Every supported API version is served under its /v<api_version>/ prefix',
    area: AREA,
    level: 'must',
    source: daemonDoc('HTTP API paths named in this document', 'API paths are requested with a version prefix `/v<api_version>/`'),
    reading:
      'Any version between the minimum and the maximum the daemon advertises is served, in every spelling the daemon compares equal to it (zero-padded minor, trailing ".0"); the answer equals the unversioned one.',
    applies: { platforms: BOTH, surface: 'daemon-api' },
    requires: [],
    releaseDependent: true,
    binding: 'per-version',
    expectation: 'min ≤ v ≤ max: GET/HEAD /v<v>/_ping and GET /v<v>/version answer 2xx. Outside the range: not applicable.',
    testability: TESTABLE,
  },
  {
    id: 'api.version.unversioned-served',
    title: 'Unversioned API calls are still served (deprecated, not removed)',
    area: AREA,
    level: 'descriptive',
    source: daemonDoc(
      'Versioning › 3; Deprecation catalogue (API calls without version)',
      'Unversioned API calls are deprecated; versions should be supplied on all calls. | Deprecated | API calls without version | v1.13 | v17.12',
    ),
    reading:
      'The catalogue lists the feature with status Deprecated, not Removed, so every release still serves it; the planned removal (v17.12) never happened.',
    applies: { platforms: BOTH, surface: 'daemon-api' },
    requires: [],
    releaseDependent: false,
    binding: 'version-independent',
    expectation: 'GET /_ping, HEAD /_ping and GET /version without a prefix answer 2xx.',
    testability: TESTABLE,
  },
  {
    id: 'api.version.negotiation',
    title: 'Negotiation: the daemon advertises its newest version and serves min(client, daemon)',
    area: AREA,
    level: 'descriptive',
    source: daemonDoc('Versioning › 1', 'clients negotiate, choosing the newest version the daemon supports and lowering it when needed'),
    reading:
      'The daemon side of negotiation: /_ping and /version advertise the newest supported version (Api-Version header, ApiVersion field) and the oldest (MinAPIVersion); a client whose newest version is c then uses min(c, advertised), which the daemon serves whenever it is not below the minimum.',
    applies: { platforms: BOTH, surface: 'daemon-api' },
    requires: [],
    releaseDependent: true,
    binding: 'version-independent',
    expectation:
      'Api-Version on /_ping = ApiVersion of /version = release maximum; MinAPIVersion = release minimum; for any client version c, a request at min(c, max) is served iff min(c, max) ≥ min.',
    testability: TESTABLE,
  },
  {
    id: 'api.version.too-old',
    title: 'A version below the minimum is refused with an error naming both versions',
    area: AREA,
    level: 'must',
    source: daemonDoc(
      'Errors (Client API version below the minimum)',
      'Error response of the form `Error response from daemon: client version <v> is too old. Minimum supported API version is <min>, upgrade your client to a newer version`',
    ),
    reading:
      '"Error response from daemon: " is what the client prints before the daemon\'s message; the daemon\'s part is the rest. This rule checks the substance: a 4xx error whose message starts "client version <v> is too old. Minimum supported API version is <min>" with <v> as requested. The exact remaining words are rule api.version.too-old.wording.',
    applies: { platforms: BOTH, surface: 'daemon-api' },
    requires: [],
    releaseDependent: true,
    binding: 'per-version',
    expectation: 'v < min: 4xx, message starts "client version <v> is too old. Minimum supported API version is <min>". v ≥ min: not applicable.',
    testability: TESTABLE,
  },
  {
    id: 'api.version.too-old.wording',
    title: 'The too-old error reads exactly as documented',
    area: AREA,
    level: 'must',
    source: daemonDoc(
      'Errors (Client API version below the minimum)',
      'client version <v> is too old. Minimum supported API version is <min>, upgrade your client to a newer version',
    ),
    reading:
      'The document gives the whole sentence as the form of the error; the client adds only its prefix. So the daemon\'s message must equal the documented sentence with <v> and <min> filled in. Real daemons add "please " before "upgrade" (a known deviation of theirs from the document).',
    applies: { platforms: BOTH, surface: 'daemon-api' },
    requires: [],
    releaseDependent: true,
    binding: 'per-version',
    expectation: 'v < min: message = "client version <v> is too old. Minimum supported API version is <min>, upgrade your client to a newer version".',
    testability: TESTABLE,
  },
  {
    id: 'api.version.too-old.status',
    title: 'The too-old error is HTTP 400',
    area: AREA,
    level: 'implementation',
    source: impl('moby daemon/server/middleware/version.go: errdefs.InvalidParameter', '400 on 20.10.24, 26.1.5 and 28.5.2'),
    reading: 'The document does not give the status code; every real release answers 400 Bad Request.',
    applies: { platforms: BOTH, surface: 'daemon-api' },
    requires: [],
    releaseDependent: true,
    binding: 'per-version',
    expectation: 'v < min: status 400.',
    testability: TESTABLE,
  },
  {
    id: 'api.version.too-new',
    title: 'A version above the maximum is refused with 400 "client version <v> is too new"',
    area: AREA,
    level: 'implementation',
    source: impl(
      'moby daemon/server/middleware/version.go',
      '400 {"message":"client version <v> is too new. Maximum supported API version is <max>"} on 20.10.24, 26.1.5, 28.5.2',
    ),
    reading: 'The document says versions are negotiated but gives no error for a version above the maximum; the rule follows every real release.',
    applies: { platforms: BOTH, surface: 'daemon-api' },
    requires: [],
    releaseDependent: true,
    binding: 'per-version',
    expectation: 'v > max: status 400, message "client version <v> is too new. Maximum supported API version is <max>".',
    testability: TESTABLE,
  },
] as const satisfies readonly Rule[];
