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
    'quirks/daemon-config/absent-options.ts; config/resolve.ts (checkReleaseFlags), config/file/command.ts (parse, usage), config/file/directives.ts (unknown directives)',
};

/** The quirks of the daemon-config area, by id (one module each in this directory). */
export const DAEMON_CONFIG_QUIRKS: Readonly<Record<string, QuirkModule>> = {
  ...Object.fromEntries(ABSENT_OPTION_QUIRKS.map((id) => [id, ABSENT])),
  'observed.config.file.json': { where: 'quirks/daemon-config/json-forms.ts; config/file/read-document.ts' },
  'observed.config.values.enum': { where: 'quirks/daemon-config/log-levels.ts; config/file/validate.ts' },
  'observed.config.file.types': { where: 'quirks/daemon-config/types-unchecked.ts; config/file/load.ts (checkDocument)' },
  'observed.config.file.conflict': { where: 'quirks/daemon-config/conflicts-merged.ts; config/file/directives.ts (conflictingDirectives)' },
  'observed.config.runtimes.default': { where: 'quirks/daemon-config/default-runtime-registered.ts; config/file/validate.ts' },
  'observed.config.cdi.spec-dirs': { where: 'quirks/daemon-config/cdi-unlisted.ts and absent-options.ts; engine/system/info/route.ts' },
  'observed.config.cgroup.systemd-unavailable': { where: 'quirks/daemon-config/systemd-unchecked.ts; config/file/start-checks.ts' },
  'observed.config.nondistributable.warning': { where: 'quirks/daemon-config/nondistributable-flag-only.ts; config/file/deprecation-warnings.ts' },
  'observed.config.info.shape': { where: 'quirks/daemon-config/registry-config-early.ts; engine/system/info/route.ts' },
  'hypothetical.config.file.conflict.log-opts-merged': { where: 'quirks/daemon-config/log-opts-merged.ts; quirks/daemon-config/conflicts-merged.ts' },
  'hypothetical.config.file.conflict.address-pools-merged': { where: 'quirks/daemon-config/address-pools-merged.ts; quirks/daemon-config/conflicts-merged.ts' },
  'hypothetical.config.log-format.exclusive.equal-accepted': { where: 'quirks/daemon-config/log-format-equal-accepted.ts; config/file/directives.ts' },
  'hypothetical.config.features.exclusive.disjoint-accepted': { where: 'quirks/daemon-config/features-disjoint-accepted.ts; config/file/directives.ts' },
  'hypothetical.config.file.json.trailing-data': {
    where: 'quirks/daemon-config/trailing-data.ts; quirks/daemon-config/json-forms.ts, config/file/read-document.ts',
  },
  'hypothetical.config.file.json.bom-dropped': {
    where: 'quirks/daemon-config/bom-dropped.ts; quirks/daemon-config/json-forms.ts, config/file/read-document.ts',
  },
  'hypothetical.config.file.types.ulimits-ignored': {
    where: 'quirks/daemon-config/ulimits-untyped.ts; quirks/daemon-config/types-unchecked.ts, config/file/load.ts',
  },
  'hypothetical.config.values.enum.ipc-host': { where: 'quirks/daemon-config/ipc-host.ts; config/file/validate.ts' },
  'hypothetical.config.file.validate.unknown-exit-0': { where: 'quirks/daemon-config/validate-unknown-exit-0.ts; config/file/command.ts' },
  'hypothetical.config.file.unknown-key.proxies-ignored': { where: 'quirks/daemon-config/proxies-unknown-ignored.ts; config/file/load.ts' },
  'hypothetical.config.cdi.spec-dirs.flag-ignored': { where: 'quirks/daemon-config/cdi-flag-ignored.ts; config/file/merge.ts' },
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
