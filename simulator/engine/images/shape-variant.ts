import type { VariationRow } from '../../faults/variant-table.js';
import { QUIRK as CONTAINER_CONFIG_NULL } from '../../quirks/deprecations/container-config-null.js';
import { QUIRK as CONTAINER_KEPT_WHEN_SET, keptWhenSet } from '../../quirks/deprecations/container-kept-when-set.js';
import { QUIRK as CONTAINER_OMITTED_WHEN_EMPTY, omittedWhenEmpty } from '../../quirks/deprecations/container-omitted-when-empty.js';
import { QUIRK as NONSTANDARD_BLANKED_BELOW_150, nonstandardBlanked } from '../../quirks/deprecations/nonstandard-blanked-below-1-50.js';
import { QUIRK as SET_CONTAINER_BLANKED, containerBlanked } from '../../quirks/deprecations/set-container-blanked.js';
import { OMITTED_THOUGH_SET, QUIRK as SET_FIELD_OMITTED } from '../../quirks/deprecations/set-field-omitted.js';
import { QUIRK as THREE_DROPPED, threeDropped } from '../../quirks/deprecations/three-dropped.js';
import { KEPT_WHEN_SET, QUIRK as THREE_KEPT_WHEN_SET } from '../../quirks/deprecations/three-kept-when-set.js';
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
  /** ContainerConfig, where it is written, is null. */
  readonly containerConfigNull: boolean;
}

const asSet = (set: SetFields): SetFields => set;
const never = (): boolean => false;

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
  [NONSTANDARD_BLANKED_BELOW_150, { nonstandardWrittenBelow150: nonstandardBlanked }],
  [CONTAINER_OMITTED_WHEN_EMPTY, { containerOmittedBelow145: omittedWhenEmpty }],
  [CONTAINER_CONFIG_NULL, { containerConfigNull: true }],
  // Hypothetical quirks (specs/quirks/deprecations.ts).
  [THREE_DROPPED, { threeWrittenBelow150: threeDropped }],
  [THREE_KEPT_WHEN_SET, { threeKeptFrom150: KEPT_WHEN_SET }],
  [SET_FIELD_OMITTED, { omittedThoughSetFrom152: OMITTED_THOUGH_SET }],
  [CONTAINER_KEPT_WHEN_SET, { containerKeptFrom145: keptWhenSet }],
  [SET_CONTAINER_BLANKED, { containerWritten: containerBlanked }],
];

/** Image inspect of a daemon started with these faults and quirks, once per configuration (simulator/faults/variant-table.ts: perConfigVariant). */
export const imageInspectVariant = perConfigVariant(REFERENCE_IMAGE_INSPECT, IMAGE_INSPECT_VARIATIONS);
