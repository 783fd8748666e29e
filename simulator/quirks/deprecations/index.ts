import type { QuirkModule } from '../quirk-module.js';
import * as filterHonouredBelow141 from './filter-honoured-below-1-41.js';
import * as startBodyTakenBelow124 from './start-body-taken-below-1-24.js';
import * as copyBelow124 from './copy-below-1-24.js';
import * as containerOmittedWhenEmpty from './container-omitted-when-empty.js';
import * as nonstandardBlankedBelow150 from './nonstandard-blanked-below-1-50.js';
import * as containerKeptWhenSet from './container-kept-when-set.js';
import * as setContainerBlanked from './set-container-blanked.js';
import * as threeKeptWhenSet from './three-kept-when-set.js';
import * as threeDropped from './three-dropped.js';
import * as setFieldOmitted from './set-field-omitted.js';
import * as exactTagHonoured from './exact-tag-honoured.js';
import * as legacyFilterLiteral from './legacy-filter-literal.js';
import * as kernelMemoryKept from './kernel-memory-kept.js';
import * as startRefusedButApplied from './start-refused-but-applied.js';
import * as startRefusedButStarted from './start-refused-but-started.js';
import * as copyTarWith404 from './copy-tar-with-404.js';
import * as statWithoutLinkTarget from './stat-without-link-target.js';
import * as topLevelDroppedFrom152 from './top-level-dropped-from-1-52.js';
import * as dnsNamesFromApi144 from './dns-names-from-api-1-44.js';
import * as legacyFieldsContainerOnly from './legacy-fields-container-only.js';
import * as legacyFieldsDroppedFrom152 from './legacy-fields-dropped-from-1-52.js';
import * as removedFlagHidden from './removed-flag-hidden.js';
import * as topLevelDroppedEverywhere from './top-level-dropped-everywhere.js';
import * as legacyFieldsDroppedObserved from './legacy-fields-dropped-observed.js';
import * as containerConfigNull from './container-config-null.js';
import * as kernelMemoryDropped from './kernel-memory-dropped.js';

/** The quirks of the deprecations area, by id (one module each in this directory). */
export const DEPRECATIONS_QUIRKS: Readonly<Record<string, QuirkModule>> = {
  [filterHonouredBelow141.QUIRK]: filterHonouredBelow141.MODULE,
  [startBodyTakenBelow124.QUIRK]: startBodyTakenBelow124.MODULE,
  [copyBelow124.QUIRK]: copyBelow124.MODULE,
  [containerOmittedWhenEmpty.QUIRK]: containerOmittedWhenEmpty.MODULE,
  [nonstandardBlankedBelow150.QUIRK]: nonstandardBlankedBelow150.MODULE,
  [containerKeptWhenSet.QUIRK]: containerKeptWhenSet.MODULE,
  [setContainerBlanked.QUIRK]: setContainerBlanked.MODULE,
  [threeKeptWhenSet.QUIRK]: threeKeptWhenSet.MODULE,
  [threeDropped.QUIRK]: threeDropped.MODULE,
  [setFieldOmitted.QUIRK]: setFieldOmitted.MODULE,
  [exactTagHonoured.QUIRK]: exactTagHonoured.MODULE,
  [legacyFilterLiteral.QUIRK]: legacyFilterLiteral.MODULE,
  [kernelMemoryKept.QUIRK]: kernelMemoryKept.MODULE,
  [startRefusedButApplied.QUIRK]: startRefusedButApplied.MODULE,
  [startRefusedButStarted.QUIRK]: startRefusedButStarted.MODULE,
  [copyTarWith404.QUIRK]: copyTarWith404.MODULE,
  [statWithoutLinkTarget.QUIRK]: statWithoutLinkTarget.MODULE,
  [topLevelDroppedFrom152.QUIRK]: topLevelDroppedFrom152.MODULE,
  [dnsNamesFromApi144.QUIRK]: dnsNamesFromApi144.MODULE,
  [legacyFieldsContainerOnly.QUIRK]: legacyFieldsContainerOnly.MODULE,
  [legacyFieldsDroppedFrom152.QUIRK]: legacyFieldsDroppedFrom152.MODULE,
  [removedFlagHidden.QUIRK]: removedFlagHidden.MODULE,
  [topLevelDroppedEverywhere.QUIRK]: topLevelDroppedEverywhere.MODULE,
  [legacyFieldsDroppedObserved.QUIRK]: legacyFieldsDroppedObserved.MODULE,
  [containerConfigNull.QUIRK]: containerConfigNull.MODULE,
  [kernelMemoryDropped.QUIRK]: kernelMemoryDropped.MODULE,
};
