/** The rule areas of the catalogue: one folder each in specs/rules/, suites/ and simulator/. */
export interface AreaDescription {
  readonly id: string;
  readonly title: string;
  /** Sections of the documents the area covers. */
  readonly covers: string;
}

export const AREAS: readonly AreaDescription[] = [
  {
    id: 'api-versioning',
    title: 'API versioning and negotiation',
    covers:
      'daemon.md › Versioning 1–3, Errors (too old), Limits (minimum API version), the "old API versions" and "API calls without version" catalogue rows, the /v<api>/ prefix; HTTP behaviour of the real daemons the document is silent on',
  },
  {
    id: 'daemon-config',
    title: 'Command line, environment and configuration file',
    covers:
      'daemon.md › Command-line options, Environment variables (but the TLS ones), Configuration file 1–6, Nested shapes, Features, Storage drivers, Other specifics, the start-up rows of Errors, the defaults of Limits; GET /info as the place the effective configuration shows',
  },
  {
    id: 'reload',
    title: 'Reload (SIGHUP) state machine',
    covers:
      'daemon.md › States and transitions › Daemon reload, Reloadable options, runtimes rule 4; what the real releases do where the document is silent (invalid files, absent keys, options that do not reload, a missing authorization plugin, atomicity)',
  },
  {
    id: 'model-runner',
    title: 'Model runner: model management and OpenAI-style inference',
    covers:
      'model-runner-api.md, all of it: base addresses (TCP and the daemon socket with /exp/vENG4.40), the model reference, the management and OpenAI-style endpoints, the /engines shortcut, authentication, versioning; where it says "not shown", what Docker Model Runner and the OpenAI API do (implementation rules)',
  },
  {
    id: 'listeners',
    title: 'Listeners, TLS, authorization plugins and metrics',
    covers:
      'daemon.md › Daemon listening sockets, Authentication 1–6, the TLS and socket rows of the options, environment variables (CTR_CERT_PATH, CTR_TLS_VERIFY) and limits, the 27.0 rule on remote TCP without TLS verification, Metrics API, and the deprecation rows on unauthenticated TCP connections, encrypted TLS private keys and the API CORS header option',
  },
  {
    id: 'deprecations',
    title: 'Deprecation lifecycle and version-dependent fields',
    covers:
      'daemon.md › Feature lifecycle, the Deprecation catalogue (rows the daemon can show, the others catalogued with why not), Versioning 4 (every version-dependent field of images, containers and events), HTTP API paths named in this document, the events row of Events; the daemon options the catalogue removes',
  },
];
