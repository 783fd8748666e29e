import type { Quirk } from './types.js';

/** Hypothetical quirks of the listeners area (ids `hypothetical.<rule-id>.<short-name>`); append yours. */
export const LISTENERS_QUIRKS: readonly Quirk[] = [
  { id: 'hypothetical.tls.verify.plain-before-tls', rule: 'tls.verify', kind: 'hypothetical', what: 'the TCP listener answers plain HTTP for its first seconds, before its TLS is set up (opened before the certificates are loaded): a client without any certificate is served' },
  { id: 'hypothetical.listen.unix.mode.gid-as-name', rule: 'listen.unix.mode', kind: 'hypothetical', what: '-G with a group number is looked up as a group name, found nowhere, and the start is refused' },
  { id: 'hypothetical.tls.env-verify.zero-off', rule: 'tls.env-verify', kind: 'hypothetical', what: '<PREFIX>TLS_VERIFY=0 or =false is read as off, though any non-empty value is documented to equal --tlsverify' },
  { id: 'hypothetical.tls.versions.supported.no-tls13', rule: 'tls.versions.supported', kind: 'hypothetical', what: 'the listener negotiates at most TLS 1.2 (a maximum version pinned in its TLS configuration)' },
  { id: 'hypothetical.listen.tcp.forms.localhost-v6', rule: 'listen.tcp.forms', kind: 'hypothetical', what: 'tcp://localhost:P listens on ::1 only, so 127.0.0.1:P is not served' },
  { id: 'hypothetical.listen.tcp.default-port.host-form-2375', rule: 'listen.tcp.default-port', kind: 'hypothetical', what: 'only the bare tcp:// takes port 2376 with TLS; the host: shorthands keep 2375', process: true },
  { id: 'hypothetical.authz.chain.stops-at-allow', rule: 'authz.chain', kind: 'hypothetical', what: 'the first plugin that allows a request ends the chain (any-of instead of every plugin in sequence)' },
  { id: 'hypothetical.authz.deny.empty-message-dropped', rule: 'authz.deny', kind: 'hypothetical', what: 'a plugin\'s empty message leaves the denial without its ": " ("authorization denied by plugin NAME")' },
  { id: 'hypothetical.authz.deny.plain-text-trimmed', rule: 'authz.deny', kind: 'hypothetical', what: 'a denial answered in plain text (below API 1.24) has the plugin\'s message trimmed of its edge spaces', releases: ['20.10'] },
  { id: 'hypothetical.listen.cors-header.without-variable', rule: 'listen.cors-header', kind: 'hypothetical', what: '27.x honours --api-cors-header without CTRD_DEPRECATED_CORS_HEADER: the default-disabled switch is never wired', releases: ['27.1'] },
  { id: 'hypothetical.authz.allow.uri-unversioned', rule: 'authz.allow', kind: 'hypothetical', what: 'the plugins are told the request\'s URI without its /v<api> prefix (the path as routed)' },
  { id: 'hypothetical.listen.multiple.one-per-scheme', rule: 'listen.multiple', kind: 'hypothetical', what: 'the listeners are kept in a map keyed by their scheme: of several unix (or several tcp) -H only the first is opened, the others are dropped without a word', process: true },
  { id: 'hypothetical.listen.tcp.unauthenticated-deprecated.removed-early', rule: 'listen.tcp.unauthenticated-deprecated', kind: 'hypothetical', what: 'from 28.0 the removal the catalogue only plans is carried out: a TCP -H without TLS stops the start', releases: ['28.5'], process: true },
  { id: 'hypothetical.tls.cert-path.ca-only', rule: 'tls.cert-path', kind: 'hypothetical', what: '<PREFIX>CERT_PATH moves ca.pem only: cert.pem and key.pem still default to ~/.ctr (~/.docker)', process: true },
  { id: 'hypothetical.tls.versions.old-refused.sslv3-minimum', rule: 'tls.versions.old-refused', kind: 'hypothetical', what: 'the TLS configuration\'s minimum version is lowered to SSLv3 for old clients: an SSLv3 ClientHello gets a ServerHello', process: true },
  { id: 'hypothetical.tls.encrypted-key.unexplained', rule: 'tls.encrypted-key', kind: 'hypothetical', what: 'an encrypted key stops the start, but with the bare "tls: failed to parse private key", which does not say the key is encrypted', releases: ['28.5'], process: true },
  { id: 'hypothetical.authz.response-deny.body-kept', rule: 'authz.response-deny', kind: 'hypothetical', what: 'a plugin\'s denial of an answer sets the status 403, but the route\'s buffered body is flushed instead of the denial message', process: true },
  { id: 'hypothetical.authz.unreachable.reads-open', rule: 'authz.unreachable', kind: 'hypothetical', what: 'a plugin that cannot be reached after the retries is skipped for read-only requests (GET, HEAD): they are served; other methods fail with 500', process: true },
  { id: 'hypothetical.authz.missing.exit-0', rule: 'authz.missing', kind: 'hypothetical', what: 'a plugin that cannot be found ends the start through the clean shutdown path: the error is logged, but the process exits with status 0', process: true },
  { id: 'hypothetical.metrics.served.unversioned-type', rule: 'metrics.served', kind: 'hypothetical', what: '/metrics answers Content-Type "text/plain; charset=utf-8" without version=0.0.4 (the body is written before the handler sets the header)', process: true },
];
