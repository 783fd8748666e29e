import type { Quirk } from './types.js';

/** Hypothetical quirks of the daemon-config area (ids `hypothetical.<rule-id>.<short-name>`); append yours. */
export const DAEMON_CONFIG_QUIRKS: readonly Quirk[] = [
  { id: 'hypothetical.config.file.conflict.log-opts-merged', rule: 'config.file.conflict', kind: 'hypothetical', what: '--log-opt and the file\'s log-opts (a map) are merged instead of refused as set both ways' },
  { id: 'hypothetical.config.file.conflict.address-pools-merged', rule: 'config.file.conflict', kind: 'hypothetical', what: '--default-address-pool and the file\'s default-address-pools (a list of objects) are merged instead of refused' },
  { id: 'hypothetical.config.log-format.exclusive.equal-accepted', rule: 'config.log-format.exclusive', kind: 'hypothetical', what: '--log-format and the file\'s log-format together are taken when the two values are equal' },
  { id: 'hypothetical.config.features.exclusive.disjoint-accepted', rule: 'config.features.exclusive', kind: 'hypothetical', what: '--feature and the file\'s features together are taken when they name different features' },
  { id: 'hypothetical.config.file.json.trailing-data', rule: 'config.file.json', kind: 'hypothetical', what: 'the first JSON value is read and trailing data after it (or a second document) ignored' },
  { id: 'hypothetical.config.file.json.bom-dropped', rule: 'config.file.json', kind: 'hypothetical', what: 'a UTF-8 byte-order mark before the JSON is dropped instead of refused' },
  { id: 'hypothetical.config.file.types.ulimits-ignored', rule: 'config.file.types', kind: 'hypothetical', what: 'default-ulimits of the wrong JSON type is ignored instead of refused' },
  { id: 'hypothetical.config.values.enum.ipc-host', rule: 'config.values.enum', kind: 'hypothetical', what: 'default-ipc-mode takes `host` too, outside the document\'s set' },
  { id: 'hypothetical.config.file.validate.unknown-exit-0', rule: 'config.file.validate', kind: 'hypothetical', what: '--validate lists the unknown directives but exits 0' },
  { id: 'hypothetical.config.file.unknown-key.proxies-ignored', rule: 'config.file.unknown-key', kind: 'hypothetical', what: 'unknown keys inside proxies are ignored: only top-level keys are looked up' },
  { id: 'hypothetical.config.cdi.spec-dirs.flag-ignored', rule: 'config.cdi.spec-dirs', kind: 'hypothetical', what: '--cdi-spec-dir is parsed but ignored: only the file sets the directories' },
];
