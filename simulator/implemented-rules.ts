/**
 * Where the simulator implements each rule of the catalogue. A test checks this list against
 * specs/ in both directions, and the self-test breaks each behaviour to see its rule fail.
 */
export const IMPLEMENTED_RULES: Readonly<Record<string, string>> = {
  'api.version.prefix': 'api/handler.ts: VERSIONED route prefix',
  'api.version.unversioned-served': 'api/handler.ts: bare paths use the maximum',
  'api.version.negotiation': 'api/responses.ts: Api-Version header, /version ApiVersion and MinAPIVersion',
  'api.version.too-old': 'api/version-gate.ts: judgeVersion, tooOldMessage',
  'api.version.too-old.wording': 'api/version-gate.ts: tooOldMessage (document wording)',
  'api.version.too-old.status': 'api/handler.ts: 400 on refusal',
  'api.version.too-new': 'api/version-gate.ts: tooNewMessage',
  'api.version.minimum-1.12': 'specs/versions.ts defaultMinApi via config.ts',
  'api.version.below-1.24-disabled': 'specs/versions.ts defaultMinApi via config.ts',
  'limits.min-api-version': 'specs/versions.ts defaultMinApi via config.ts',
  'api.version.legacy-removed': 'config.ts: minApiProblem floor',
  'api.version.legacy-opt-in': 'config.ts: resolveMinApi (25.0 floor 1.12)',
  'api.version.min-override-raise': 'config.ts: resolveMinApi',
  'api.version.compare-numeric': 'common/dotted-version.ts: compareVersions',
  'api.version.malformed-not-found': 'api/handler.ts: VERSIONED = /v[0-9.]+/',
  'api.headers.api-version': 'api/responses.ts: common headers',
  'api.error.json-body': 'api/handler.ts: sendJsonError, NOT_FOUND',
  'api.error.legacy-plain-text': 'api/handler.ts: sendTextError below 1.24',
  'api.ping': 'api/handler.ts + api/responses.ts: /_ping',
  'api.not-found': 'api/handler.ts: notFound',
  'api.path.clean-redirect': 'api/handler.ts: cleanPath, redirect',
  'api.options.any-path': 'api/handler.ts: OPTIONS route; api/responses.ts: options headers',
  'api.robustness': 'daemon.ts: clientError handler, maxHeaderSize',
};
