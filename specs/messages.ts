/**
 * The texts of the daemon's errors, written once. `{name}` marks a value filled in at use
 * (common/messages.ts `fillMessage`). The document's forms come first; the forms real releases
 * print, where they differ, are in the release table (specs/versions.ts › messages).
 */
export interface DaemonMessages {
  /** A request whose API version is below the minimum: {version}, {min}. */
  readonly tooOld: string;
  /** A request whose API version is above the maximum: {version}, {max}. */
  readonly tooNew: string;
  /** A path or method no route serves. */
  readonly pageNotFound: string;
}

/** daemon.md › Errors gives the too-old form; the client adds only "Error response from daemon: ". */
export const DOCUMENT_MESSAGES: DaemonMessages = {
  tooOld: 'client version {version} is too old. Minimum supported API version is {min}, upgrade your client to a newer version',
  tooNew: 'client version {version} is too new. Maximum supported API version is {max}',
  pageNotFound: 'page not found',
};

/**
 * What dockerd 20.10.24, 26.1.5 and 28.5.2 answer (moby daemon/server/middleware/version.go).
 *
 * @releaseFacts
 */
export const OBSERVED_DOCKERD_MESSAGES: DaemonMessages = {
  tooOld: 'client version {version} is too old. Minimum supported API version is {min}, please upgrade your client to a newer version',
  tooNew: DOCUMENT_MESSAGES.tooNew,
  pageNotFound: DOCUMENT_MESSAGES.pageNotFound,
};

/** The part of the too-old message every form shares: what rule api.version.too-old checks. */
export const TOO_OLD_SUBSTANCE = 'client version {version} is too old. Minimum supported API version is {min}';

/** Start-up refusals of the minimum-version override (moby daemon/config ValidateMinAPIVersion). */
export const MIN_API_MESSAGES = {
  invalidVariable: 'invalid {variable}: {problem}',
  invalidFileKey: 'invalid min-api-version: {problem}',
  empty: 'value is empty',
  vPrefix: 'API version must be provided without "v" prefix',
  malformed: 'invalid API version: {value}',
  belowFloor: 'minimum supported API version is {floor}: {value}',
  aboveMax: 'maximum supported API version is {max}: {value}',
} as const;

/** Where clients older than JSON errors get plain text (moby httputils): below this API version. */
export const LEGACY_ERROR_API = '1.24';

/** The answer (501) of an experimental endpoint on a daemon started without --experimental: {product}. */
export const EXPERIMENTAL_DISABLED_MESSAGE =
  'This experimental feature is disabled by default. Start the {product} daemon in experimental mode in order to enable it.';

/** What the simulator itself says, where it is not the daemon speaking. */
export const SIMULATOR_MESSAGES = {
  /** A documented endpoint the simulator has no behaviour for (answered 501): {method}, {path}. */
  notImplemented: '{method} {path} is not implemented by ctrd-sim',
} as const;

/** The authorization plugin chain's words (moby pkg/authorization, pkg/plugins; observed on 20.10.24, 26.1.5, 28.5.2). */
export const AUTHZ_MESSAGES = {
  /** 403 of a request or answer a plugin denied: {name}, {msg}. */
  denied: 'authorization denied by plugin {name}: {msg}',
  /** 500 of a request a plugin could not be asked about: {name}, {error}. */
  failed: 'plugin {name} failed with error: {error}',
  /** A plugin the lookup never found (at start, and on reload): {name}. */
  notFound: 'plugin "{name}" not found',
  /** 500 of a request whose body is too large to be shown to the plugins (moby 7a767b27, 29.4; observed on 26.1.5+dfsg1 and 28.5.2+dfsg4). */
  bodyTooLarge: 'request body too large for authorization plugin: size exceeds 4194304 bytes',
  /** The error of a plugin call that outlived the whole-answer deadline (Go's http.Client Timeout): {url}. */
  timeout: 'Post "{url}": context deadline exceeded (Client.Timeout exceeded while awaiting headers)',
} as const;

/** Go's net/http answer to plain HTTP on a TLS listener, the whole bytes before the close (observed on 28.5.2). */
export const PLAIN_HTTP_ON_TLS_ANSWER = 'HTTP/1.0 400 Bad Request\r\n\r\nClient sent an HTTP request to an HTTPS server.\n';
