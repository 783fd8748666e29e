import type { TestableRuleId } from '../../specs/catalogue.js';
import type { Fault } from './fault.js';

type ListenersRuleId = Extract<TestableRuleId, `listen.${string}` | `tls.${string}` | `metrics.${string}` | `authz.${string}`>;

/** The faults of the listeners area (sockets, TLS, metrics): one per testable rule, each noticed only by its rule's check (suites/listeners/). */
export const LISTENERS_FAULTS: Readonly<Record<ListenersRuleId, Fault>> = {
  'listen.unix.mode': {
    breaks: 'unix sockets are created 0666, open to everyone (daemon/start.ts)',
    alsoBreaks: {
      rules: ['listen.unix.mode-from-start'],
      why: 'a socket whose mode is wider than 0660 once it serves has had that mode from some moment on: the rule that watches it from its first appearance sees it too',
    },
  },
  'listen.unix.mode-from-start': {
    breaks:
      'unix sockets listen under the process umask and get their mode 200 ms later, holding what they are asked in between (listeners/listen.ts, daemon/start.ts)',
  },
  'listen.unix.group-missing': { breaks: 'a -G group that does not exist is ignored with a warning (listeners/socket-group.ts)' },
  'listen.tcp.forms': { breaks: 'the `:port` shorthand listens on port+1 (listeners/address.ts)' },
  'listen.tcp.default-port': { breaks: 'bare tcp:// takes 2375 even with TLS (listeners/address.ts)' },
  'listen.tcp.path': { breaks: 'the path of a tcp address is dropped: requests under it are not found (http/server.ts)' },
  'listen.multiple': {
    breaks: 'only the first two -H listeners are opened (daemon/start.ts)',
    alsoBreaks: {
      rules: ['listen.tcp.forms', 'listen.tcp.unauthenticated-notice'],
      why: 'listen.tcp.forms opens several tcp forms per start, and listen.tcp.unauthenticated-notice two tcp listeners (with the unix socket, more than two listeners)',
    },
  },
  'listen.tcp.unauthenticated-deprecated': {
    breaks:
      'from 26.0 a TCP listener without TLS refuses versioned requests with 403, as if the deprecated feature were half removed (listeners/tcp-policy.ts, daemon/start.ts)',
  },
  'listen.tcp.unauthenticated-notice': { breaks: 'no deprecation notice for a TCP listener without TLS (listeners/tcp-policy.ts)' },
  'listen.cors-header': {
    breaks:
      'the CORS header is sent on /version only, not on /_ping (http/middleware/cors.ts), and 28.x takes the option instead of refusing it (config/resolve.ts)',
    alsoBreaks: {
      rules: ['deprecated.options.removed-refused'],
      why: 'on 28.x both rules ask for the refusal of --api-cors-header (removed in 28.0): a daemon that takes it breaks both',
    },
  },
  'tls.verify': {
    breaks: 'client certificates are asked for but not required (listeners/tls-load.ts)',
    alsoBreaks: {
      rules: ['tls.env-verify'],
      why: 'the variable is --tlsverify: where verification lets a client without a certificate through, a variable that turns it on cannot keep that client out either',
    },
  },
  'tls.encrypts': { breaks: '--tls without --tlsverify serves plain HTTP (listeners/tls-plan.ts)' },
  'tls.cert-path': { breaks: 'the default files ignore <PREFIX>CERT_PATH (listeners/tls-plan.ts)' },
  'tls.env-verify': { breaks: '<PREFIX>TLS_VERIFY is ignored (listeners/tls-plan.ts)' },
  'tls.versions.supported': { breaks: 'only TLS 1.2 and later, as the real releases (listeners/tls-load.ts)' },
  'tls.versions.old-refused': { breaks: 'an SSLv3 ClientHello is answered with a ServerHello-typed record (listeners/tls-front.ts)' },
  'tls.plain-request': {
    breaks: 'a TLS listener serves plain HTTP too (listeners/tls-front.ts)',
    alsoBreaks: {
      rules: ['tls.encrypts', 'tls.verify'],
      why: 'tls.encrypts asserts that a --tls listener answers no plaintext request, and tls.verify that a client without a certificate (a plain-HTTP one included) is not served: a listener that serves plain HTTP beside TLS breaks both',
    },
  },
  'tls.encrypted-key': { breaks: 'a TLS listener whose key is encrypted is opened without TLS instead of stopping the start (listeners/tls-load.ts)' },
  'tls.remote-requires-verify': { breaks: 'the 27.0 rule is not enforced: a remote listener without verification starts (listeners/tcp-policy.ts)' },
  'tls.remote-before-27': { breaks: 'before 27.0 a remote listener without TLS starts without the insecurity warnings (listeners/tcp-policy.ts)' },
  'authz.allow': { breaks: "the plugins are told the request's URI without its query (authz/request-message.ts)" },
  'authz.deny': {
    breaks: 'a request a plugin denies runs all the same (its answer goes to AuthZRes); only the 403 reaches the client (http/middleware/authorization.ts)',
    alsoBreaks: {
      rules: ['authz.model-runner'],
      why: "authz.model-runner's denied request is a model create, whose answer streams (flushed as it goes, which dockerd's response modifier also lets through): served all the same, its 200 reaches the client before any 403",
    },
  },
  'authz.chain': { breaks: 'only the first installed plugin is asked (authz/chain.ts)' },
  'authz.response-deny': { breaks: 'what the plugins say of an answer is not heard (authz/chain.ts)' },
  'authz.unreachable': { breaks: 'a plugin that cannot be reached lets the request through (authz/chain.ts)' },
  'authz.missing': { breaks: 'a plugin that cannot be found is left out and the daemon serves (authz/install.ts)' },
  'authz.spec-path': { breaks: 'a plugin named by the path of its spec file is not found: the start fails (authz/install.ts, authz/locate.ts)' },
  'authz.order': { breaks: 'the API version check comes before the plugins (http/middleware/authorization.ts)' },
  'authz.model-runner': {
    breaks: "requests under the model runner's prefix on a daemon socket skip the plugins (http/middleware/authorization.ts: runnerThroughPlugins)",
  },
  'authz.body.chunked': {
    breaks: 'a chunked JSON body under 1 MiB is not shown to the plugins and the route acts on it, as before the CVE-2024-41110 fix (authz/request-body.ts)',
  },
  'authz.body.large': {
    breaks:
      'a body from 1 MiB to under 2 MiB is not shown to the plugins and the route acts on it, an old 1 MiB limit left on the path (authz/request-body.ts)',
  },
  'authz.body.limit': { breaks: 'the limit is off by one: a body of exactly 4 MiB is refused as too large (authz/request-body.ts)' },
  'authz.body.untyped': { breaks: 'only JSON-typed bodies are shown to the plugins, and the route acts on the others (authz/request-body.ts)' },
  'metrics.served': { breaks: '/metrics answers JSON instead of the text format (metrics/server.ts)' },
  'metrics.requires-experimental': { breaks: 'metrics are served without experimental mode (metrics/server.ts)' },
  'metrics.other-paths': { breaks: 'the metrics address also serves the daemon API (metrics/server.ts)' },
};
