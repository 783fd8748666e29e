import type { Quirk } from './types.js';

const hypothetical = (rule: string, name: string, what: string, releases?: readonly string[]): Quirk => ({
  id: `hypothetical.${rule}.${name}`,
  rule,
  kind: 'hypothetical',
  what,
  ...(releases === undefined ? {} : { releases }),
});

/** Hypothetical quirks of the deprecations area (ids `hypothetical.<rule-id>.<short-name>`); append yours. */
export const DEPRECATIONS_QUIRKS: readonly Quirk[] = [
  hypothetical(
    'deprecated.image-inspect.container-config',
    'kept-when-set',
    'from API 1.45 image inspect still writes Container and ContainerConfig for an image that names a container (a commit or a load); only empty ones are omitted',
  ),
  hypothetical(
    'deprecated.image-inspect.container-config',
    'set-container-blanked',
    'below API 1.45 image inspect writes Container as "" even for a committed or loaded image that names its container',
    ['26.1'],
  ),
  hypothetical(
    'deprecated.image-inspect.nonstandard-fields',
    'kept-when-set',
    'from API 1.50 NetworkDisabled, MacAddress and StopTimeout are still written when the image configuration sets them (only the nine always-written fields go)',
  ),
  hypothetical(
    'deprecated.image-inspect.nonstandard-fields',
    'three-dropped',
    'below API 1.50 NetworkDisabled, MacAddress and StopTimeout are left out even when the image configuration sets them',
    ['26.1'],
  ),
  hypothetical('deprecated.image-inspect.empty-fields', 'set-dropped', 'from API 1.52 a WorkingDir the image sets is left out as if it were empty'),
  hypothetical(
    'deprecated.images-list.filter-parameter',
    'exact-tag-honoured',
    'the removed filter parameter still filters, at every API version, when its pattern names one tag (repo:tag)',
  ),
  hypothetical(
    'deprecated.images-list.filter-parameter.legacy-form',
    'literal',
    'below API 1.41 the former filter parameter is honoured but compared literally, without glob patterns (repo/* lists nothing)',
    ['26.1'],
  ),
  hypothetical(
    'deprecated.kernel-memory',
    'kept-from-1-42',
    "the kernel memory gate reads the daemon's own API version instead of the request's: a create at 1.42 or later keeps the limit",
  ),
  hypothetical(
    'deprecated.container-start.host-config',
    'refused-but-applied',
    "a start with a host-configuration body is refused (400, the removal message) after its settings were written to the container's host configuration",
  ),
  hypothetical(
    'deprecated.container-start.host-config.refusal',
    'started-anyway',
    'a start with a host-configuration body answers the refusal but starts the container all the same',
  ),
  hypothetical(
    'deprecated.container-copy.removed',
    'tar-with-404',
    'POST /containers/{id}/copy answers 404 but still writes the tar of the resource as the body (20.10 is the last release with the route)',
    ['20.10'],
  ),
  hypothetical('deprecated.container-archive.served', 'no-link-target', 'the X-Docker-Container-Path-Stat header of /archive leaves linkTarget out'),
  hypothetical(
    'deprecated.network-settings.top-level',
    'dropped-from-1-52',
    "from API 1.52 container inspect leaves the deprecated top-level NetworkSettings fields out (as the daemon's change log plans; the document never removes them)",
  ),
  hypothetical(
    'deprecated.network.dns-names',
    'from-api-1-44',
    "DNSNames is gated on the request's API version (1.44) instead of the release: inspect at an older API version lacks it",
    ['28.5'],
  ),
  hypothetical(
    'deprecated.events.legacy-fields',
    'image-events-dropped',
    'only container events keep status, id and from: image events are written without them',
  ),
  hypothetical(
    'deprecated.events.legacy-fields',
    'dropped-from-1-52',
    "from API 1.52 events have no status, id and from (as the daemon's change log plans; the document never removes them)",
  ),
  hypothetical(
    'deprecated.options.removed-refused',
    'flag-hidden',
    "a removed option's flag is kept as a hidden flag that is parsed and ignored (the daemon starts); its file key is refused",
  ),
];
