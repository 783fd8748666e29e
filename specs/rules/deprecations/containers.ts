import { TESTABLE, daemonDoc, notTestable, rule } from '../kit.js';
import { API, AREA, OBJECTS, OWN_OBJECTS } from './kit.js';

/** Containers: create, start, inspect and their file-copy endpoints, as the API version shapes them. */
export const CONTAINER_RULES = [
  rule({
    id: 'deprecated.kernel-memory',
    title: 'The kernel memory limit is accepted below API 1.42 and ignored from it',
    area: AREA,
    level: 'must',
    source: daemonDoc(
      'Versioning › 4; Deprecation catalogue (kernel memory limit)',
      'API v1.42 and later ignore the kernel memory limit option; older versions accept it.',
    ),
    reading: `"Accept" is read as: the create succeeds and the container keeps the limit (inspect shows HostConfig.KernelMemory with the value); "ignore" as: the create succeeds and the limit is not kept (inspect shows no KernelMemory, or 0). Observed: 26.1.5 and 28.5.2 leave the key out of inspect once it is 0, whatever version inspect is asked at. Below 1.42 a limit under 6 MiB is refused ("Minimum kernel memory limit allowed is 6MB", 20.10.24 and 28.5.2), so the limits generated are valid ones. ${OWN_OBJECTS}`,
    otherReading:
      'The catalogue row (kernel memory limit: deprecated v20.10, removed v23.0) removes the option in release 23.0: from 23.0 it is ignored at every API version, below 1.42 included.',
    applies: API,
    requires: OBJECTS,
    releaseDependent: false,
    binding: 'per-version',
    boundaries: ['1.42'],
    expectation:
      'POST /v<api>/containers/create with a generated HostConfig.KernelMemory of 6 MiB or more: 201; below 1.42 inspect shows that value, from 1.42 no kernel memory limit.',
    testability: TESTABLE,
  }),
  rule({
    id: 'deprecated.container-start.host-config',
    title: 'Starting a container with a host-configuration body does not take the body, at any API version',
    area: AREA,
    level: 'must',
    source: daemonDoc(
      'HTTP API paths named in this document (POST /containers/{name}/start); Deprecation catalogue (host configuration on container start: deprecated v1.10, removed v1.12)',
      'Starting with a host configuration body is deprecated/removed.',
    ),
    reading: `Removed in release 1.12, and the document gives the removal no API range: on every release a start whose JSON body carries host-configuration fields does not make them the container's host configuration, at any API version (the start is refused, or the body is not taken). The document gives no status or message for it. An empty object or JSON null counts as no body. 20.10.24 still takes the body below API 1.24 (specs/known-deviations.ts). ${OWN_OBJECTS}`,
    applies: API,
    requires: OBJECTS,
    releaseDependent: false,
    binding: 'per-version',
    expectation:
      "A created container and a generated host configuration: after POST /v<api>/containers/<id>/start with it, inspect shows none of the body's settings, at every API version.",
    testability: TESTABLE,
  }),
  rule({
    id: 'deprecated.container-start.host-config.refusal',
    title: 'From API 1.24 a start with a host-configuration body is refused with 400 and the removal message, and the container stays created',
    area: AREA,
    level: 'implementation',
    source: {
      kind: 'implementation',
      reference: 'moby api/server/router/container/container_routes.go postContainersStart: from API 1.24 a non-empty body is an InvalidParameter error',
      observed:
        '20.10.24, 26.1.5 and 28.5.2: 400 {"message":"starting container with non-empty request body was deprecated since API v1.22 and removed in v1.24"}; below 1.24 (20.10.24 only) the body is taken, which breaks the document\'s rule deprecated.container-start.host-config',
    },
    reading: `The document says the body is removed, not how a daemon answers one: the releases refuse it from API 1.24 with 400 and this message, and do not start the container. Below 1.24 the releases take it, against the document (reported by deprecated.container-start.host-config); this rule does not judge those cells. ${OWN_OBJECTS}`,
    applies: { ...API, api: { min: '1.24' } },
    requires: OBJECTS,
    releaseDependent: false,
    binding: 'per-version',
    expectation:
      'From 1.24 POST /v<api>/containers/<id>/start with a generated host configuration answers 400 with the removal message and the container stays "created".',
    testability: TESTABLE,
  }),
  rule({
    id: 'deprecated.container-copy.removed',
    title: 'POST /containers/{id}/copy is gone, at every API version',
    area: AREA,
    level: 'must',
    source: daemonDoc(
      'HTTP API paths named in this document (/containers/{id_or_name}/archive); Deprecation catalogue (/containers/(id or name)/copy endpoint: deprecated v1.8, removed v1.12)',
      'Replaces the removed `/containers/{id_or_name}/copy`.',
    ),
    reading: `Removed in release 1.12, and the document gives the removal no API range: on every release the endpoint answers 404 (a path the daemon does not have) at every API version, and it copies nothing. 20.10.24 still copies below API 1.24 (specs/known-deviations.ts). ${OWN_OBJECTS}`,
    applies: API,
    requires: OBJECTS,
    releaseDependent: false,
    binding: 'per-version',
    expectation: 'POST /v<api>/containers/<id>/copy {"Resource": <a path of the image>}: 404 and no tar, at every API version.',
    testability: TESTABLE,
  }),
  rule({
    id: 'deprecated.container-archive.served',
    title: '/containers/{id}/archive serves what /copy did, at every API version',
    area: AREA,
    level: 'must',
    source: daemonDoc(
      'HTTP API paths named in this document',
      '(container) | `/containers/{id_or_name}/archive` | Replaces the removed `/containers/{id_or_name}/copy`.',
    ),
    reading: `HEAD answers 200 with the path's stat in X-Docker-Container-Path-Stat (base64 JSON with name, size, mode, mtime, linkTarget) and GET a tar whose first entry is the path's base name; a path the container does not have is 404. ${OWN_OBJECTS}`,
    applies: API,
    requires: OBJECTS,
    releaseDependent: false,
    binding: 'per-version',
    expectation:
      'Generated paths of the image and paths it does not have: HEAD and GET /v<api>/containers/<id>/archive?path=<p> answer as described at every served version.',
    testability: TESTABLE,
  }),
  rule({
    id: 'deprecated.network-settings.top-level',
    title: 'The deprecated top-level NetworkSettings fields are still in container inspect',
    area: AREA,
    level: 'descriptive',
    source: daemonDoc(
      'Versioning › 4',
      'The container-inspect `NetworkSettings` top-level properties `EndpointID`, `Gateway`, `GlobalIPv6Address`, `GlobalIPv6PrefixLen`, `IPAddress`, `IPPrefixLen`, `IPv6Gateway`, `MacAddress` are deprecated in favour of `NetworkSettings.Networks`.',
    ),
    reading: `Deprecated, not removed: the document names no API version that drops them (the catalogue's planned removal, 17.12, did not happen), so every API version must still carry the eight keys, later ones than the document speaks from included. ${OWN_OBJECTS}`,
    applies: API,
    requires: OBJECTS,
    releaseDependent: false,
    binding: 'per-version',
    expectation: 'GET /v<api>/containers/<id>/json: NetworkSettings has the eight keys.',
    testability: TESTABLE,
  }),
  rule({
    id: 'deprecated.network.dns-names',
    title: 'Endpoint settings carry DNSNames from release 25.0',
    area: AREA,
    level: 'descriptive',
    source: daemonDoc(
      'Versioning › 4',
      'the field `DNSNames` (container name if given, hostname, network aliases, short ID) was added in 25.0 and replaces it.',
    ),
    reading: `A field added to the type in 25.0: every endpoint of NetworkSettings.Networks has the key DNSNames from 25.0, at every API version (observed on 26.1.5 and 28.5.2, null on the network none), and not before (NetworkSettings.Networks itself is there from API 1.21). ${OWN_OBJECTS}`,
    applies: API,
    requires: OBJECTS,
    releaseDependent: true,
    binding: 'per-version',
    expectation:
      'GET /v<api>/containers/<id>/json of a container on the network none: NetworkSettings.Networks.none has DNSNames on releases from 25.0, and not on older ones.',
    testability: TESTABLE,
  }),
  rule({
    id: 'deprecated.network.aliases-short-id',
    title: 'Network Aliases holds only --network-alias values from 26.0',
    area: AREA,
    level: 'descriptive',
    source: daemonDoc(
      'Versioning › 4; Deprecation catalogue (container short ID in network Aliases)',
      'Network `Aliases` holds only aliases set by `--network-alias` from 26.0',
    ),
    applies: API,
    requires: OBJECTS,
    releaseDependent: true,
    binding: 'per-version',
    expectation: 'A container on a user-defined network: Aliases lists only the aliases given; DNSNames also the name, hostname and short ID.',
    testability: notTestable(
      'aliases need a user-defined network, which a daemon on the host makes with a bridge; the safety rules keep bridges off the machine (the network none takes no aliases from 26.0: "network-scoped alias is supported only for containers in user defined networks")',
    ),
  }),
] as const;
