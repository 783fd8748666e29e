import type { QuirkModule } from '../quirk-module.js';
import { ABSENT_OPTION_QUIRKS } from './absent-options.js';
import * as labelsCommaSplit from './labels-comma-split.js';
import * as absentLogDriverZeroed from './absent-log-driver-zeroed.js';
import * as flagLabelsLastWins from './flag-labels-last-wins.js';
import * as reservedCaseSensitive from './reserved-case-sensitive.js';
import * as runtimesOnePerType from './runtimes-one-per-type.js';
import * as hostGatewayStringUnchecked from './host-gateway-string-unchecked.js';
import * as ulimitUnknownName from './ulimit-unknown-name.js';
import * as genericNamedDropped from './generic-named-dropped.js';
import * as loopbackReplaced from './loopback-replaced.js';
import * as storageEnvFallback from './storage-env-fallback.js';
import * as cgroupFileFallback from './cgroup-file-fallback.js';
import * as insecureRegistryAlias from './insecure-registry-alias.js';
import * as shmUpperUnit from './shm-upper-unit.js';
import * as unknownValuedSkipped from './unknown-valued-skipped.js';
import * as valueUnnamed from './value-unnamed.js';
import * as boolOnlyTrue from './bool-only-true.js';
import * as versionStartsAnyway from './version-starts-anyway.js';
import * as boolWordTaken from './bool-word-taken.js';
import * as countMinusOne from './count-minus-one.js';
import * as hostGatewayKeyRenamed from './host-gateway-key-renamed.js';
import * as boolTypeUnnamed from './bool-type-unnamed.js';
import * as poolSizeString from './pool-size-string.js';
import * as blankBareEof from './blank-bare-eof.js';
import * as missingExplicitSkipped from './missing-explicit-skipped.js';
import * as validateHiddenNoop from './validate-hidden-noop.js';
import * as storageOtherPrefix from './storage-other-prefix.js';
import * as pidfileTruncated from './pidfile-truncated.js';
import * as noProxyLowercase from './no-proxy-lowercase.js';
import * as infoSwitchesFlags from './info-switches-flags.js';

const ABSENT: QuirkModule = {
  where:
    'simulator/quirks/daemon-config/absent-options.ts; simulator/config/resolve.ts (checkReleaseFlags), simulator/config/command.ts (parse, usage), simulator/config/file/directives.ts (unknown directives)',
};

/** The quirks of the daemon-config area, by id (one module each in this directory). */
export const DAEMON_CONFIG_QUIRKS: Readonly<Record<string, QuirkModule>> = {
  ...Object.fromEntries(ABSENT_OPTION_QUIRKS.map((id) => [id, ABSENT])),
  'observed.config.file.json': { where: 'simulator/quirks/daemon-config/json-forms.ts; simulator/config/file/read-document.ts' },
  'observed.config.values.enum': { where: 'simulator/quirks/daemon-config/log-levels.ts; simulator/config/file/validate.ts' },
  'observed.config.file.types': { where: 'simulator/quirks/daemon-config/types-unchecked.ts; simulator/config/file/load.ts (checkDocument)' },
  'observed.config.file.conflict': { where: 'simulator/quirks/daemon-config/conflicts-merged.ts; simulator/config/file/directives.ts (conflictingDirectives)' },
  'observed.config.runtimes.default': { where: 'simulator/quirks/daemon-config/default-runtime-registered.ts; simulator/config/file/validate.ts' },
  'observed.config.cdi.spec-dirs': {
    where: 'simulator/quirks/daemon-config/cdi-unlisted.ts and simulator/quirks/daemon-config/absent-options.ts; simulator/engine/system/info/route.ts',
  },
  'observed.config.cgroup.systemd-unavailable': { where: 'simulator/quirks/daemon-config/systemd-unchecked.ts; simulator/config/file/start-checks.ts' },
  'observed.config.nondistributable.warning': {
    where: 'simulator/quirks/daemon-config/nondistributable-flag-only.ts; simulator/config/deprecation-warnings.ts',
  },
  'observed.config.info.shape': { where: 'simulator/quirks/daemon-config/registry-config-early.ts; simulator/engine/system/info/route.ts' },
  'hypothetical.config.file.conflict.log-opts-merged': {
    where: 'simulator/quirks/daemon-config/log-opts-merged.ts; simulator/quirks/daemon-config/conflicts-merged.ts',
  },
  'hypothetical.config.file.conflict.address-pools-merged': {
    where: 'simulator/quirks/daemon-config/address-pools-merged.ts; simulator/quirks/daemon-config/conflicts-merged.ts',
  },
  'hypothetical.config.log-format.exclusive.equal-accepted': {
    where:
      'simulator/quirks/daemon-config/log-format-equal-accepted.ts; its row of simulator/config/file/directives-variant.ts (DIRECTIVES_VARIATIONS), read by simulator/config/file/directives.ts (conflictingDirectives)',
  },
  'hypothetical.config.features.exclusive.disjoint-accepted': {
    where:
      'simulator/quirks/daemon-config/features-disjoint-accepted.ts; its row of simulator/config/file/directives-variant.ts (DIRECTIVES_VARIATIONS), read by simulator/config/file/directives.ts (conflictingDirectives)',
  },
  'hypothetical.config.file.json.trailing-data': {
    where: 'simulator/quirks/daemon-config/trailing-data.ts; simulator/quirks/daemon-config/json-forms.ts, simulator/config/file/read-document.ts',
  },
  'hypothetical.config.file.json.bom-dropped': {
    where: 'simulator/quirks/daemon-config/bom-dropped.ts; simulator/quirks/daemon-config/json-forms.ts, simulator/config/file/read-document.ts',
  },
  'hypothetical.config.file.types.ulimits-ignored': {
    where: 'simulator/quirks/daemon-config/ulimits-untyped.ts; simulator/quirks/daemon-config/types-unchecked.ts, simulator/config/file/load.ts',
  },
  'hypothetical.config.values.enum.ipc-host': {
    where:
      'simulator/quirks/daemon-config/ipc-host.ts; its row of simulator/config/file/validate-variant.ts (VALIDATE_VARIATIONS), read by simulator/config/file/validate.ts (validateSettings)',
  },
  'hypothetical.config.file.validate.unknown-exit-0': {
    where:
      'simulator/quirks/daemon-config/validate-unknown-exit-0.ts; its row of simulator/config/command-variant.ts (COMMAND_VARIATIONS), read by simulator/config/command.ts (runCommandLine)',
  },
  'hypothetical.config.file.unknown-key.proxies-ignored': {
    where:
      'simulator/quirks/daemon-config/proxies-unknown-ignored.ts; its row of simulator/config/file/load-variant.ts (LOAD_VARIATIONS), read by simulator/config/file/load.ts (checkDocument)',
  },
  'hypothetical.config.cdi.spec-dirs.flag-ignored': {
    where:
      'simulator/quirks/daemon-config/cdi-flag-ignored.ts; its row of simulator/config/file/merge-variant.ts (MERGE_VARIATIONS), read by simulator/config/file/merge.ts (cdiSpecDirs)',
  },
  [labelsCommaSplit.ID]: labelsCommaSplit.MODULE,
  [absentLogDriverZeroed.ID]: absentLogDriverZeroed.MODULE,
  [flagLabelsLastWins.ID]: flagLabelsLastWins.MODULE,
  [reservedCaseSensitive.ID]: reservedCaseSensitive.MODULE,
  [runtimesOnePerType.ID]: runtimesOnePerType.MODULE,
  [hostGatewayStringUnchecked.ID]: hostGatewayStringUnchecked.MODULE,
  [ulimitUnknownName.ID]: ulimitUnknownName.MODULE,
  [genericNamedDropped.ID]: genericNamedDropped.MODULE,
  [loopbackReplaced.ID]: loopbackReplaced.MODULE,
  [storageEnvFallback.ID]: storageEnvFallback.MODULE,
  [cgroupFileFallback.ID]: cgroupFileFallback.MODULE,
  [insecureRegistryAlias.ID]: insecureRegistryAlias.MODULE,
  [shmUpperUnit.ID]: shmUpperUnit.MODULE,
  [unknownValuedSkipped.ID]: unknownValuedSkipped.MODULE,
  [valueUnnamed.ID]: valueUnnamed.MODULE,
  [boolOnlyTrue.ID]: boolOnlyTrue.MODULE,
  [versionStartsAnyway.ID]: versionStartsAnyway.MODULE,
  [boolWordTaken.ID]: boolWordTaken.MODULE,
  [countMinusOne.ID]: countMinusOne.MODULE,
  [hostGatewayKeyRenamed.ID]: hostGatewayKeyRenamed.MODULE,
  [boolTypeUnnamed.ID]: boolTypeUnnamed.MODULE,
  [poolSizeString.ID]: poolSizeString.MODULE,
  [blankBareEof.ID]: blankBareEof.MODULE,
  [missingExplicitSkipped.ID]: missingExplicitSkipped.MODULE,
  [validateHiddenNoop.ID]: validateHiddenNoop.MODULE,
  [storageOtherPrefix.ID]: storageOtherPrefix.MODULE,
  [pidfileTruncated.ID]: pidfileTruncated.MODULE,
  [noProxyLowercase.ID]: noProxyLowercase.MODULE,
  [infoSwitchesFlags.ID]: infoSwitchesFlags.MODULE,
};
