import { daemonDoc, impl, PROCESS, rule, TESTABLE } from '../kit.js';
import { AREA, PLUGINS } from './kit.js';

const AUTHN = 'Authentication';
const QUOTE =
  '6. Authorization plugins: install one or more with `--authorization-plugin=<PLUGIN_ID>` (name or spec-file path, as the plugin allows). Each request from the command line or the HTTP API must be allowed by every installed plugin in sequence.';
const OBSERVED = "observed on 20.10.24, 26.1.5 and 28.5.2 with the suite's test plugin, 2026-11-25";
/** The builds of the three releases on this machine (Debian's) and what they do with bodies. */
const OBSERVED_BODIES = 'observed 2026-11-26 on 20.10.24+dfsg1, 26.1.5+dfsg1 and 28.5.2+dfsg4 (suites/listeners/authz-body-checks.ts)';
/** How the suite installs a plugin: its socket in a directory the target makes the daemon look in. */
const INSTALL =
  "The suite's test plugin (suites/fixtures/authz-plugin.ts) listens on <dir>/<name>.sock; the target makes the daemon look in <dir> (real daemons: a private mount namespace with <dir> bound on /run/docker/plugins; ctrd-sim: --plugin-dir).";

/** daemon.md › Authentication 5–6: the authorization plugin chain. */
export const AUTHZ_RULES = [
  rule({
    id: 'authz.allow',
    title: 'Every request is put to the plugin, which sees its method and URI, and its answer',
    area: AREA,
    level: 'must',
    source: daemonDoc(AUTHN, QUOTE),
    reading: `A plugin is asked twice per request (moby pkg/authorization): AuthZPlugin.AuthZReq with RequestMethod and RequestUri (the URI as sent: version prefix and query included) before the request is served, AuthZPlugin.AuthZRes with the same plus the answer after; what it allows is answered as without plugins. ${INSTALL}`,
    applies: PROCESS,
    requires: PLUGINS,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      "One plugin that allows everything; generated requests (GET /_ping, /version, /info with or without a /v<api>/ prefix and a query): each answers 200, and the plugin got an AuthZReq with exactly the request's method and URI, then an AuthZRes for it with status 200.",
    testability: TESTABLE,
  }),
  rule({
    id: 'authz.deny',
    title: "A request a plugin denies is refused with 403 and the plugin's message",
    area: AREA,
    level: 'must',
    source: daemonDoc(AUTHN, QUOTE),
    reading: `Refused = 403 with the body {"message":"authorization denied by plugin <name>: <Msg>"} (moby pkg/authorization; ${OBSERVED}), in the error format of the request's API version; the request is not served, so no AuthZRes is sent for it.`,
    applies: PROCESS,
    requires: PLUGINS,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      'A plugin that denies the generated paths it is told to, with a generated message: each denied request answers 403 whose message is "authorization denied by plugin <name>: <Msg>" and the plugin gets no AuthZRes for it; the others answer 200.',
    testability: TESTABLE,
  }),
  rule({
    id: 'authz.chain',
    title: 'Every installed plugin is asked, in order; the first denial ends the request',
    area: AREA,
    level: 'must',
    source: daemonDoc(AUTHN, QUOTE),
    reading: 'In sequence = in the order the plugins were given; a plugin after one that denied is not asked.',
    applies: PROCESS,
    requires: PLUGINS,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      'Two plugins with generated verdicts per request: allowed by both → 200 and both asked, first then second; denied by the first → 403 naming the first and the second not asked; allowed by the first and denied by the second → 403 naming the second.',
    testability: TESTABLE,
  }),
  rule({
    id: 'authz.response-deny',
    title: 'An answer a plugin denies is not delivered',
    area: AREA,
    level: 'must',
    source: daemonDoc(AUTHN, QUOTE),
    reading: `The document's "allowed" covers the answer too: a plugin that denies in AuthZRes replaces the answer with 403 "authorization denied by plugin <name>: <Msg>" (moby pkg/authorization ResponseModifier; ${OBSERVED}).`,
    applies: PROCESS,
    requires: PLUGINS,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      "A plugin that allows every request and denies the answers of generated paths: those requests answer 403 with its message and none of the route's body; the others answer 200.",
    testability: TESTABLE,
  }),
  rule({
    id: 'authz.unreachable',
    title: 'A plugin that cannot be reached never lets a request through',
    area: AREA,
    level: 'must',
    source: daemonDoc(AUTHN, QUOTE),
    reading: `"Must be allowed" leaves no default: a plugin that goes away after the start makes requests fail. The real daemons retry the connection (warnings "Unable to connect to plugin: …, retrying in 1s" … 8s), then answer 500 {"message":"plugin <name> failed with error: …"} (${OBSERVED}: about 15 s per request).`,
    applies: PROCESS,
    requires: PLUGINS,
    releaseDependent: false,
    binding: 'version-independent',
    expectation: 'The plugin stops after the daemon started: GET /version answers 500 whose message starts "plugin <name> failed with error:" — never 200.',
    testability: TESTABLE,
  }),
  rule({
    id: 'authz.missing',
    title: 'A plugin that cannot be found stops the start',
    area: AREA,
    level: 'must',
    source: daemonDoc(AUTHN, QUOTE),
    reading: `Every request "must be allowed by every installed plugin": a daemon that cannot find a plugin it was told to install must not serve without it. The real daemons look a name up in their plugin directories with retries (1, 2, 4, 8 s), then end the start with status 1 and \`failed to validate authorization plugin: plugin "<name>" not found\` (${OBSERVED}). A plugin named by the path of its spec file is rule authz.spec-path.`,
    applies: PROCESS,
    requires: PLUGINS,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      'A generated plugin name with no socket or spec file in the plugin directories: the start fails and the output says `plugin "<name>" not found`.',
    testability: TESTABLE,
  }),
  rule({
    id: 'authz.spec-path',
    title: 'A plugin named by the path of its spec file is installed',
    area: AREA,
    level: 'must',
    source: daemonDoc(AUTHN, QUOTE),
    reading: `"<PLUGIN_ID> (name or spec-file path, …)": the absolute path of a spec file that names a running plugin installs that plugin, as its name would: the daemon starts and puts every request to it. The real releases look up names only and end the start with \`plugin "<path>" not found\` (see specs/known-deviations.ts). ${INSTALL}`,
    otherReading:
      '"… as the plugin allows": whether a plugin can be named by a spec-file path is the plugin\'s to allow, so a daemon may refuse the path; it must then not serve without the plugin: the start fails saying the plugin was not found, or the plugin is installed and asked.',
    applies: PROCESS,
    requires: PLUGINS,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      '`--authorization-plugin <dir>/<name>.spec` (a spec file "unix://<socket>" of a running test plugin, outside the plugin directories) that denies GET /info: the daemon serves, GET /_ping answers 200 and the plugin got its AuthZReq, GET /info answers 403. Other reading: that, or the start fails with `plugin "<path>" not found`.',
    testability: TESTABLE,
  }),
  rule({
    id: 'authz.order',
    title: 'The plugins are asked after routing and before the API version check',
    area: AREA,
    level: 'implementation',
    source: impl(
      'moby api/server: the authorization middleware is added last, so it wraps the version middleware; the router answers unknown paths before any middleware',
      `GET /v9.99/info denied by the plugin answers 403 (not the too-new 400); GET /nothing/here answers 404 without asking the plugin (${OBSERVED})`,
    ),
    applies: PROCESS,
    requires: PLUGINS,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      "A plugin that denies /info: GET /v<above the maximum>/info answers 403 from the plugin; a generated unknown path answers 404 and the plugin is not asked; an allowed request above the maximum answers the version check's 400.",
    testability: TESTABLE,
  }),
  rule({
    id: 'authz.model-runner',
    title: "Requests under the model runner's prefix on a daemon socket are put to the plugins too",
    area: AREA,
    level: 'must',
    source: daemonDoc(AUTHN, QUOTE),
    reading: `"Each request … from the HTTP API" leaves out no path: a request that enters through a daemon listener is put to every plugin, those the daemon hands to the model runner under /exp/vENG4.40 (model-runner-api.md › Base addresses 2) as much as its own routes; a denial answers 403 with the plugin's words and the runner does nothing. A daemon whose socket serves no runner (the releases: GET /exp/vENG4.40/models is their 404 "page not found") cannot be judged. ${INSTALL}`,
    applies: PROCESS,
    requires: PLUGINS,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      'A plugin that denies generated runner requests (model creates and deletes, listings, engine status) and allows the others: each denied one answers 403 "authorization denied by plugin <name>: <Msg>" and a denied create leaves no model; each allowed one was put to the plugin with its method and URI.',
    testability: TESTABLE,
  }),
  rule({
    id: 'authz.body.chunked',
    title: 'A body sent chunked is shown to the plugins, or the request is refused',
    area: AREA,
    level: 'must',
    source: daemonDoc(AUTHN, QUOTE),
    reading: `A plugin decides on the request it is shown: the body is part of the request, so the daemon must not act on a body no plugin saw. A JSON body under 1 MiB sent with Transfer-Encoding: chunked (no Content-Length) is shown to the plugins whole (RequestBody), or the request is refused; a daemon that acts on it unseen lets it past the plugins (CVE-2024-41110: upstream moby pkg/authorization before 25.0.6 / 26.1.5 / 27.1.1 looks at Content-Length only, 20.10.24 among them; the Debian build 20.10.24+dfsg1 carries the fix: all three builds here show such a body whole, ${OBSERVED_BODIES}). ${INSTALL}`,
    otherReading:
      '"Allowed" may mean the plugin was asked about the request (method, URI, headers), not that it saw the body: then only the other rules apply. The strict reading is kept, because a plugin that inspects bodies is the only kind for which a hidden body matters, and the protocol carries the body for it.',
    applies: PROCESS,
    requires: PLUGINS,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      "A plugin that denies requests whose body it is shown carries a generated marker; POST /containers/create, chunked, application/json, a body of generated size (2 B to 1 MiB − 1) ending in the marker, for an image that does not exist: the plugin's 403, or a refusal that did not act on the body — never the route's answer to it (201, or 404 \"No such image: <the body's image>\").",
    testability: TESTABLE,
  }),
  rule({
    id: 'authz.body.large',
    title: 'A large body (1 MiB and more) is shown to the plugins, or the request is refused',
    area: AREA,
    level: 'must',
    source: daemonDoc(AUTHN, QUOTE),
    reading: `As authz.body.chunked: the daemon must not act on a body no plugin saw, whatever its size: one too large to show is refused before the route. Upstream moby before 29.4 shows JSON bodies under 1 MiB and lets larger ones through unseen ("Request body is larger than: '1048576' skipping body"), as 20.10.24+dfsg1 does; from 29.4 (moby 7a767b27, ec76e941) it shows them up to 4 MiB and refuses larger ones, as 26.1.5+dfsg1 and 28.5.2+dfsg4 do (${OBSERVED_BODIES}). ${INSTALL}`,
    otherReading:
      '"Allowed" may mean the plugin was asked about the request (method, URI, headers: a plugin can refuse a Content-Length it cannot be shown), not that it saw the body. The strict reading is kept: a chunked body\'s length is nowhere in what the plugin sees.',
    applies: PROCESS,
    requires: PLUGINS,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      "The plugin and request of authz.body.chunked with a JSON body of 1 MiB to 1 MiB + 64 KiB or 4 MiB to 4 MiB + 64 KiB, sent with Content-Length or chunked: the plugin's 403, or a refusal that did not act on the body — never the route's answer to it.",
    testability: TESTABLE,
  }),
  rule({
    id: 'authz.body.untyped',
    title: 'A JSON body sent without a JSON Content-Type is shown to the plugins, or not acted on',
    area: AREA,
    level: 'must',
    source: daemonDoc(AUTHN, QUOTE),
    reading: `As authz.body.chunked: the daemon must not act on a body no plugin saw. dockerd shows the plugins JSON-typed bodies only; a JSON body sent without a Content-Type, or under another one, must then be refused by the route (moby's CheckForJSON answers 400: 20.10.24+dfsg1 "Content-Type specified (<type>) must be 'application/json'", with an empty type when there is none; 26.1.5+dfsg1 and 28.5.2+dfsg4 "unsupported Content-Type header (<type>): must be 'application/json'", and "malformed Content-Type header (): mime: no media type" when there is none; the plugins are asked without the body (the words observed 2026-12-05 on the three builds, test/reading-claims/listeners.ts; the refusal ${OBSERVED_BODIES})) or shown. Bodies that are not JSON (archives to load, build or copy) are not this rule's: dockerd never shows them, by the protocol's design. ${INSTALL}`,
    otherReading: '"Allowed" may mean the plugin was asked about the request (its headers say the type), not that it saw the body. The strict reading is kept.',
    applies: PROCESS,
    requires: PLUGINS,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      "The plugin and request of authz.body.chunked with a JSON body of 2 B to 64 KiB, sent with Content-Length or chunked, without Content-Type or as text/plain or application/octet-stream: the plugin's 403, or a refusal that did not act on the body — never the route's answer to it.",
    testability: TESTABLE,
  }),
  rule({
    id: 'authz.body.limit',
    title: 'Bodies up to 4 MiB are shown whole; a larger one is refused with 500 before any plugin is asked',
    area: AREA,
    level: 'implementation',
    source: impl(
      'moby pkg/authorization AuthZRequest from 29.4 (commits 7a767b27 "Reject requests exceeding body size limit", ec76e941 "Increase body limit to 4 MiB")',
      `a JSON body of exactly 4194304 bytes is shown whole; one of 4194305 bytes or more, with Content-Length or chunked, answers 500 {"message":"request body too large for authorization plugin: size exceeds 4194304 bytes"} and no plugin is asked (26.1.5+dfsg1 and 28.5.2+dfsg4, ${OBSERVED_BODIES}; 20.10.24+dfsg1 lets bodies of 1 MiB and more through unseen)`,
    ),
    reading: `Where authz.body.large leaves the daemon the choice (show or refuse), the releases that carry the fix draw the line at 4 MiB: what they show and what they refuse, and with which words. ${INSTALL}`,
    applies: { ...PROCESS, releases: { min: '26.1' } },
    requires: PLUGINS,
    releaseDependent: false,
    binding: 'version-independent',
    expectation:
      'A plugin that denies a body whose last bytes it is shown; POST /containers/create with a JSON body of generated size from 4 MiB − 64 KiB to 4 MiB + 64 KiB, with Content-Length or chunked: up to 4194304 bytes the plugin\'s 403 (it saw the whole body); above, 500 "request body too large for authorization plugin: size exceeds 4194304 bytes" and the plugin not asked.',
    testability: TESTABLE,
  }),
] as const;
