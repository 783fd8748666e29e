import type { VariationRow } from '../../faults/variant-table.js';
import { perConfigVariant } from '../../faults/variant-table.js';

/** The non-standard fields an image's configuration sets, by name. */
type SetFields = Readonly<Record<string, unknown>>;

/**
 * What image inspect (shape.ts: shapeImageConfig, shapeImageInspect) may write differently from the
 * document: the non-standard and empty fields of the image's config, Container and ContainerConfig.
 * REFERENCE_IMAGE_INSPECT is the document's; each fault and quirk that changes it is one row of
 * IMAGE_INSPECT_VARIATIONS.
 */
export interface ImageInspectVariant {
  /** Below API 1.50: the non-standard fields written with the values the configuration sets (first). */
  readonly nonstandardWrittenBelow150: (set: SetFields) => SetFields;
  /** Below API 1.50: of those, the ones written (then). */
  readonly threeWrittenBelow150: (set: SetFields) => SetFields;
  /** From API 1.50: the non-standard fields still written, of Hostname and Domainname. */
  readonly namesKeptFrom150: readonly string[];
  /** From API 1.50: the non-standard fields still written, of NetworkDisabled, MacAddress and StopTimeout. */
  readonly threeKeptFrom150: readonly string[];
  /** From API 1.52: the fields left out though the configuration sets them. */
  readonly omittedThoughSetFrom152: readonly string[];
  /** Below API 1.52: an empty OnBuild is left out. */
  readonly emptyOnBuildOmittedBelow152: boolean;
  /** From API 1.45: Container and ContainerConfig are written all the same for an image that names this container. */
  readonly containerKeptFrom145: (container: string) => boolean;
  /** Below API 1.45: Container is left out for an image that names this container. */
  readonly containerOmittedBelow145: (container: string) => boolean;
  /** Container as it is written, of the container the image names. */
  readonly containerWritten: (container: string) => string;
  /** From API 1.45: ContainerConfig is written for every image. */
  readonly containerConfigFrom145: boolean;
  /** ContainerConfig, where it is written, is null, and Container "" (the store keeps neither: containerd's on 29.7.2). */
  readonly containerConfigNull: boolean;
}

const asSet = (set: SetFields): SetFields => set;
const never = (): boolean => false;

/**
 * Observed on 28.5.2: below API 1.50 image inspect writes the nine kept fields with their empty
 * values and leaves NetworkDisabled, MacAddress and StopTimeout out, whatever the image's
 * configuration sets (a loaded archive's or a committed container's Hostname "lh" reads "").
 */
const nonstandardBlanked = (_set: SetFields): SetFields => ({});

/** Observed on 26.1.5 and 28.5.2: image inspect leaves an empty Container out at every API version (omitempty), below 1.45 included. */
const omittedWhenEmpty = (container: string): boolean => container === '';

/** Below API 1.50 NetworkDisabled, MacAddress and StopTimeout are left out even when set (the nine others are written as set). */
function threeDropped(set: SetFields): SetFields {
  const { NetworkDisabled: _n, MacAddress: _m, StopTimeout: _s, ...rest } = set;
  return rest;
}

/** From API 1.45 Container and ContainerConfig are still written for an image that names a container (a commit or a load): only empty ones are omitted. */
const keptWhenSet = (container: string): boolean => container !== '';

/** Below API 1.45 Container is written as "" even for an image that names a container. */
const containerBlanked = (_container: string): string => '';

/** The document's image inspect. */
export const REFERENCE_IMAGE_INSPECT: ImageInspectVariant = Object.freeze({
  nonstandardWrittenBelow150: asSet,
  threeWrittenBelow150: asSet,
  namesKeptFrom150: [],
  threeKeptFrom150: [],
  omittedThoughSetFrom152: [],
  emptyOnBuildOmittedBelow152: false,
  containerKeptFrom145: never,
  containerOmittedBelow145: never,
  containerWritten: (container: string) => container,
  containerConfigFrom145: false,
  containerConfigNull: false,
});

/** Each fault and quirk of image inspect, and what it sets (no field is set twice). */
export const IMAGE_INSPECT_VARIATIONS: readonly VariationRow<ImageInspectVariant>[] = [
  // Faults: the smallest change under which the rule, and only it, fails.
  ['deprecated.image-inspect.nonstandard-fields', { namesKeptFrom150: ['Hostname', 'Domainname'] }],
  ['deprecated.image-inspect.empty-fields', { emptyOnBuildOmittedBelow152: true }],
  ['deprecated.image-inspect.container-config', { containerConfigFrom145: true }],
  // Observed quirks (specs/known-deviations.ts).
  ['observed.deprecated.image-inspect.nonstandard-fields', { nonstandardWrittenBelow150: nonstandardBlanked }],
  ['observed.deprecated.image-inspect.container-config', { containerOmittedBelow145: omittedWhenEmpty }],
  ['observed.deprecated.image-inspect.container-config.null', { containerConfigNull: true }],
  // Hypothetical quirks (specs/quirks/deprecations.ts).
  ['hypothetical.deprecated.image-inspect.nonstandard-fields.three-dropped', { threeWrittenBelow150: threeDropped }],
  ['hypothetical.deprecated.image-inspect.nonstandard-fields.kept-when-set', { threeKeptFrom150: ['NetworkDisabled', 'MacAddress', 'StopTimeout'] }],
  ['hypothetical.deprecated.image-inspect.empty-fields.set-dropped', { omittedThoughSetFrom152: ['WorkingDir'] }],
  ['hypothetical.deprecated.image-inspect.container-config.kept-when-set', { containerKeptFrom145: keptWhenSet }],
  ['hypothetical.deprecated.image-inspect.container-config.set-container-blanked', { containerWritten: containerBlanked }],
];

/** Image inspect of a daemon started with these faults and quirks, once per configuration (simulator/faults/variant-table.ts: perConfigVariant). */
export const imageInspectVariant = perConfigVariant(REFERENCE_IMAGE_INSPECT, IMAGE_INSPECT_VARIATIONS);
