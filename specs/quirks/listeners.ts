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
];
