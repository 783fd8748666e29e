import type { Implementation } from '../implementation.js';

/** Where the listeners area's rules live in the simulator (the authorization middleware declares its own). */
export const LISTENERS_IMPLEMENTATIONS: readonly Implementation[] = [
  {
    where: 'simulator/listeners/unix-socket.ts: restrictSocket (mode 0660, the -G group); simulator/listeners/socket-group.ts: resolveSocketGroup',
    rules: ['listen.unix.mode', 'listen.unix.group-missing'],
  },
  {
    where:
      'simulator/listeners/listen.ts: openListener binds a unix socket under bindMask (simulator/listeners/unix-socket.ts: underUmask, owner-only), then restrictSocket',
    rules: ['listen.unix.mode-from-start'],
  },
  {
    where:
      'simulator/listeners/address.ts: parseHost (tcp:// forms, the default ports with and without TLS, the path, the empty host); simulator/daemon/start.ts opens every -H',
    rules: ['listen.tcp.forms', 'listen.tcp.default-port', 'listen.tcp.path', 'listen.multiple', 'listen.empty-host'],
  },
  {
    where: 'simulator/listeners/tcp-policy.ts: warnUnverifiedTcp, refuseUnverifiedRemote (the 27.0 rule, the warnings and the deprecation notice before it)',
    rules: ['listen.tcp.unauthenticated-deprecated', 'listen.tcp.unauthenticated-notice', 'tls.remote-requires-verify', 'tls.remote-before-27'],
  },
  {
    where:
      'simulator/listeners/tls-plan.ts: planTls (--tls, --tlsverify, the default files, <PREFIX>CERT_PATH, <PREFIX>TLS_VERIFY); simulator/listeners/tls-load.ts: loadTls (client verification, TLS 1.0 and later, encrypted keys)',
    rules: ['tls.verify', 'tls.encrypts', 'tls.cert-path', 'tls.env-verify', 'tls.versions.supported', 'tls.encrypted-key'],
  },
  {
    where: 'simulator/listeners/tls-front.ts: tlsFront (plain HTTP answered as Go does; no SSLv3); simulator/listeners/tls-load.ts (minimum TLS 1.0)',
    rules: ['tls.versions.old-refused', 'tls.plain-request'],
  },
  {
    where:
      'simulator/authz/install.ts: installAuthzPlugins (lookup with retries, activation; a missing plugin stops the start); simulator/authz/locate.ts: locatePlugin (by name, or by the path of a spec file)',
    rules: ['authz.missing', 'authz.spec-path'],
  },
  {
    where: 'simulator/http/middleware/authorization.ts: runnerThroughPlugins (the model runner under its prefix on a daemon socket, through the same plugins)',
    rules: ['authz.model-runner'],
  },
  {
    where: 'simulator/authz/request-body.ts: takeBody (every body read and shown to the plugins, up to 4 MiB; larger refused before the route)',
    rules: ['authz.body.chunked', 'authz.body.large', 'authz.body.untyped', 'authz.body.limit'],
  },
  {
    where: 'simulator/metrics/server.ts: startMetrics (/metrics only, Prometheus text from simulator/metrics/registry.ts, experimental mode required)',
    rules: ['metrics.served', 'metrics.requires-experimental', 'metrics.other-paths'],
  },
  {
    where:
      'simulator/http/middleware/cors.ts: corsHeaders; simulator/config/resolve.ts: corsHeaderOf (27.x needs CTRD_DEPRECATED_CORS_HEADER, 28.x refuses the option)',
    rules: ['listen.cors-header'],
  },
];
