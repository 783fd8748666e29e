import { TESTABLE, daemonDoc, notTestable, rule } from '../kit.js';
import { API, AREA, OBJECTS, OWN_OBJECTS } from './kit.js';

/** Image inspect and list, as the API version shapes them. */
export const IMAGE_RULES = [
  rule({
    id: 'deprecated.image-inspect.container-config',
    title: 'Image inspect omits Container and ContainerConfig from API 1.45',
    area: AREA,
    level: 'must',
    source: daemonDoc(
      'Versioning › 4; HTTP API paths named in this document; Deprecation catalogue (`Container` and `ContainerConfig` in image inspect)',
      'API v1.45 and later omit `Container` and `ContainerConfig` from image inspect. | Removed | `Container` and `ContainerConfig` in image inspect | v25.0 | v26.0',
    ),
    reading: `From 1.45 neither key is in the answer, whatever the image (a committed or loaded image whose Container and ContainerConfig are set included). Below 1.45 both keys are in the answer ("1.45 and later omit" them; older versions do not): ContainerConfig an object, Container a string, the one the image carries (the committing container's ID for a commit, the archive's \`container\` for a load, the empty string for an import). The images judged: imported from a tarball, committed from a container (POST /commit) and loaded from an archive (POST /images/load) whose configuration sets them. ${OWN_OBJECTS}`,
    otherReading:
      'Below 1.45 Container may be left out when it is empty (an imported image; 26.1.5 and 28.5.2 omit it, 20.10.24 sends ""), as a Go field marked omitempty is; a Container that is set must still be there with its value.',
    applies: API,
    requires: OBJECTS,
    releaseDependent: false,
    binding: 'per-version',
    boundaries: ['1.45'],
    expectation:
      'Imported, committed and loaded images: GET /v<api>/images/<ref>/json has neither Container nor ContainerConfig from 1.45; below 1.45 a ContainerConfig object and Container, the string the image carries (other reading: an empty Container may be absent).',
    testability: TESTABLE,
  }),
  rule({
    id: 'deprecated.image-inspect.nonstandard-fields',
    title: 'The non-standard image-config fields are gone from API 1.50 and kept below it',
    area: AREA,
    level: 'must',
    source: daemonDoc(
      'Versioning › 4; Deprecation catalogue (non-standard fields in image inspect)',
      'API v1.50 (daemon 28.2) and later remove these fields from image-config output; older API versions keep them: `Hostname`, `Domainname`, `AttachStdin`, `AttachStdout`, `AttachStderr`, `Tty`, `OpenStdin`, `StdinOnce`, `Image`, `NetworkDisabled`, `MacAddress`, `StopTimeout` (the last three omitted unless set in older versions).',
    ),
    reading: `"Keep them" is read as: below 1.50 the nine fields are in Config with the value the image's configuration gives them (set or empty), and NetworkDisabled, MacAddress and StopTimeout are there exactly when the image's configuration sets them, with that value; from 1.50 none of the twelve is there, set or not. The images judged: imported from a tarball (nothing set), loaded from an archive (POST /images/load) whose configuration sets a generated subset of the twelve, and committed (POST /commit) from a container created with a generated subset (the image's configuration is then the container's, as its inspect shows it). ${OWN_OBJECTS}`,
    applies: API,
    requires: OBJECTS,
    releaseDependent: false,
    binding: 'per-version',
    boundaries: ['1.50'],
    expectation:
      'Config of imported, loaded and committed images with generated subsets of the twelve fields set: from 1.50 none of the twelve keys; below 1.50 the first nine with the values set (or empty), and each of the last three exactly when set, with its value.',
    testability: TESTABLE,
  }),
  rule({
    id: 'deprecated.image-inspect.empty-fields',
    title: 'Empty image-config fields are kept below the API of 29.0 and omitted from it',
    area: AREA,
    level: 'must',
    source: daemonDoc(
      'Versioning › 4; Deprecation catalogue (empty/nil fields in image config from inspect API)',
      'From the API version matching daemon 29.0, these image-config fields are omitted when empty or default: `Cmd`, `Entrypoint`, `Env`, `Labels`, `OnBuild`, `User`, `Volumes`, `WorkingDir`. Consumers must treat a missing field as its default. Older API versions keep them.',
    ),
    reading: `"The API version matching daemon 29.0" is 1.52 (the release table). Below 1.52 the eight keys are always there, empty ones as null or "", set ones with their value; from 1.52 an empty one is absent and a set one keeps its value. The image's settings come from the import's \`changes\` (CMD, ENTRYPOINT, ENV, LABEL, ONBUILD, USER, VOLUME, WORKDIR). ${OWN_OBJECTS}`,
    applies: API,
    requires: OBJECTS,
    releaseDependent: false,
    binding: 'per-version',
    boundaries: ['1.52'],
    expectation:
      'Generated subsets of the eight fields set at import: below 1.52 every key present, the set ones equal to what was set; from 1.52 exactly the set ones present.',
    testability: TESTABLE,
  }),
  rule({
    id: 'deprecated.images-list.filter-parameter',
    title: 'GET /images/json: the removed `filter` parameter filters nothing at any API version from release 20.10; `reference` filters everywhere',
    area: AREA,
    level: 'must',
    source: daemonDoc(
      'HTTP API paths named in this document (GET /images/json); Deprecation catalogue (filter option of /images/json)',
      'List images; the former `filter` option is replaced by a regular filter named `reference`. | Removed | `filter` option of `/images/json` | v1.13 | v20.10',
    ),
    reading: `Removed in release 20.10, and the document gives the removal no API range: read as, on 20.10 and later \`filter=<pattern>\` changes nothing at any API version (the list is the one without it), while the \`reference\` filter lists exactly the matching tags at every version. Observed: the \`reference\` filter does so at every version on 20.10.24, 26.1.5, 28.5.2 and 29.7.2, and \`filter=<pattern>\` changes nothing from API 1.41 on all four and at every version 29.7.2 serves (1.40 up). Releases before 20.10 still had it (deprecated): not judged here. 20.10.24, 26.1.5 and 28.5.2 still honour it below API 1.41 (specs/known-deviations.ts; what they do is the implementation rule deprecated.images-list.filter-parameter.legacy-form). ${OWN_OBJECTS}`,
    applies: { ...API, releases: { min: '20.10' } },
    requires: OBJECTS,
    releaseDependent: true,
    binding: 'per-version',
    expectation:
      'Two imported repositories, a generated pattern matching one: filters={"reference":[p]} lists exactly the matching tags, and filter=p lists every tag of the two repositories, at every API version.',
    testability: TESTABLE,
  }),
  rule({
    id: 'deprecated.images-list.filter-parameter.legacy-form',
    title:
      'GET /images/json: the former `filter` parameter is never refused; from API 1.41 it is ignored, below it it filters, if at all, as the `reference` filter',
    area: AREA,
    level: 'implementation',
    source: {
      kind: 'implementation',
      reference:
        'moby api/server/router/image/image_routes.go getImagesJSON: below API 1.41 a non-empty `filter` is added as a reference filter, from 1.41 the parameter is not read',
      observed:
        '20.10.24, 26.1.5 and 28.5.2 (2026-11-26): GET /v1.40/images/json?filter=ctc-load/img lists only ctc-load/img:1; GET /v1.41/images/json?filter=ctc-load/img lists every image; no version answers other than 200',
    },
    reading: `What the releases do where the document is silent: it removes the parameter without saying whether a removed parameter is refused or ignored, nor what it did before. The releases ignore it from API 1.41 and, below 1.41, take it as a reference filter (which breaks the document's rule deprecated.images-list.filter-parameter, reported there). This rule judges the part that does not contradict the document: 200 at every version, the whole list from 1.41, and below 1.41 either the whole list or exactly what the reference filter lists, never anything else. ${OWN_OBJECTS}`,
    applies: API,
    requires: OBJECTS,
    releaseDependent: false,
    binding: 'per-version',
    boundaries: ['1.41'],
    expectation:
      'GET /v<api>/images/json?filter=p: 200; from 1.41 every tag of the case\'s repositories; below 1.41 either that or exactly the tags filters={"reference":[p]} lists.',
    testability: TESTABLE,
  }),
  rule({
    id: 'deprecated.search.is-automated',
    title: 'Search: IsAutomated is always false and is-automated=true finds nothing',
    area: AREA,
    level: 'descriptive',
    source: daemonDoc(
      'Versioning › 4; Deprecation catalogue (`IsAutomated` field and `is-automated` filter on search)',
      'The search result field `IsAutomated` is always false and the filter `is-automated=true` returns nothing.',
    ),
    applies: API,
    requires: OBJECTS,
    releaseDependent: true,
    binding: 'version-independent',
    expectation: 'GET /images/search: every result has IsAutomated false (or no such key from its removal); with filters={"is-automated":["true"]} no result.',
    testability: notTestable('search asks a registry, and the machine has none; nothing may be sent to another address'),
  }),
] as const;
