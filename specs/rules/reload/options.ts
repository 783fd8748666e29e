import { PROCESS, daemonDoc, rule } from '../kit.js';
import { AREA, RELOAD } from './kit.js';

const LIST = 'States and transitions › Reloadable options';
const observed = 'dockerd 20.10.24, 26.1.5 and 28.5.2, observed on this machine (scripts of 2026-11-23)';
const base = { area: AREA, applies: PROCESS, requires: RELOAD, binding: 'version-independent', testability: { testable: true } } as const;

/** daemon.md › Reloadable options: each option, and where a reload makes it visible. */
export const RELOAD_OPTION_RULES = [
  rule({
    ...base,
    id: 'reload.option.debug',
    title: 'debug toggles on reload',
    level: 'must',
    source: daemonDoc(LIST, '`debug` (toggle)'),
    reading: 'Visible as /info Debug, and in the log: debug lines appear or stop.',
    releaseDependent: false,
    expectation: 'Generated debug values in reloaded files: /info Debug follows each applied reload.',
  }),
  rule({
    ...base,
    id: 'reload.option.labels',
    title: 'labels replace the set on reload',
    level: 'must',
    source: daemonDoc(LIST, '`labels` (replace the set)'),
    reading:
      '/info Labels is the new file\'s set, none of the old ones kept; compared as a set (the document says "set"; 20.10.24, 26.1.5, 28.5.2 and 29.7.2 list them in the file\'s order, rotated to start at a label that varies from reload to reload, observed).',
    releaseDependent: false,
    expectation: 'Generated label sets in reloaded files, the empty set among them: /info Labels equals the last applied set, compared as a set.',
  }),
  rule({
    ...base,
    id: 'reload.option.live-restore',
    title: 'live-restore toggles on reload',
    level: 'must',
    source: daemonDoc(LIST, '`live-restore` (toggle)'),
    releaseDependent: false,
    expectation: 'Generated live-restore values: /info LiveRestoreEnabled follows each applied reload.',
  }),
  rule({
    ...base,
    id: 'reload.option.downloads',
    title: 'max-concurrent-downloads, max-concurrent-uploads and max-download-attempts reload',
    level: 'must',
    source: daemonDoc(LIST, '`max-concurrent-downloads`, `max-concurrent-uploads`, `max-download-attempts`'),
    reading:
      'Not shown by /info: read in the "Reloaded configuration" line\'s JSON (keys of the same names). The generated limits are positive: the document gives 0 no meaning (26.1 and 28.5 take it as the default, 20.10 as 0; reload.absent-keys says so), so no release is excused for it here.',
    releaseDependent: false,
    expectation: 'Generated positive limits in reloaded files: the reload line shows each as the file gave it.',
  }),
  rule({
    ...base,
    id: 'reload.option.runtimes',
    title: 'runtimes and default-runtime reload',
    level: 'must',
    source: daemonDoc(LIST, '`default-runtime`, `runtimes`'),
    reading:
      '/info Runtimes lists the new file\'s runtimes in place of those registered before, DefaultRuntime the new default. A default that names no runtime fails the reload (20.10 in validation, 26.1 and 28.5 as "Error reconfiguring the daemon"; observed). 20.10 also drops its built-in containerd shim names from the list once a reload sets runtimes (observed).',
    releaseDependent: true,
    expectation: 'Generated runtime sets and defaults: /info Runtimes and DefaultRuntime follow each applied reload.',
  }),
  rule({
    ...base,
    id: 'reload.option.registries',
    title: 'insecure-registries and registry-mirrors reload',
    level: 'must',
    source: daemonDoc(LIST, '`insecure-registries`, `registry-mirrors`'),
    reading:
      '/info RegistryConfig: InsecureRegistryCIDRs holds the new CIDRs beside the loopback ones, Mirrors the new mirrors (normalised with a trailing slash, observed).',
    releaseDependent: false,
    expectation: 'Generated CIDRs and mirror addresses: /info RegistryConfig follows each applied reload.',
  }),
  rule({
    ...base,
    id: 'reload.option.shutdown-timeout',
    title: 'shutdown-timeout reloads',
    level: 'must',
    source: daemonDoc(LIST, '`shutdown-timeout` (time-out for stopping all containers)'),
    reading: 'Not shown by /info: read in the "Reloaded configuration" line.',
    releaseDependent: false,
    expectation: 'Generated time-outs, the boundary 0 between two others in every sequence: the reload line shows each applied one.',
  }),
  rule({
    ...base,
    id: 'reload.option.features',
    title: 'features reload',
    level: 'must',
    source: daemonDoc(LIST, '`shutdown-timeout` (time-out for stopping all containers), `features`'),
    reading:
      'Read in the "Reloaded configuration" line (`features`, left out when none). /info does not change with them (CDISpecDirs keeps its start-up value, observed on 28.5).',
    releaseDependent: false,
    expectation: 'Generated feature sets: the reload line shows each applied one.',
  }),
  rule({
    ...base,
    id: 'reload.option.authorization-plugins',
    title: 'authorization-plugins reload: a newly listed plugin is consulted',
    level: 'must',
    source: daemonDoc(LIST, '`authorization-plugins`'),
    reading:
      'The suite\'s test plugin runs in a directory the target makes the daemon look in (see the listeners area); the reload finds it by name, and from then on every request passes it (moby cmd/dockerd reloadConfig: validateAuthzPlugins, then the middleware\'s SetPlugins). The end of the reload is read in the "Reloaded configuration" line, which dockerd prints in daemon.Reload, before the reload handler of 26.1 and 28.5 calls SetPlugins (that of 20.10 calls SetPlugins before daemon.Reload, so a reload that daemon.Reload refuses still sets the plugins there, observed): a request in that window passes unasked (observed once on 26.1.5 under a load of 8 on two cores, 2026-11-27), so answers let through within 1 s of the line are asked again, and none after may be.',
    requires: [...RELOAD, 'plugins'],
    releaseDependent: false,
    expectation:
      'A daemon started without plugins, its plugin directory holding a running test plugin that denies GET /info with a generated message: before the reload /info answers 200 and the plugin is not asked; after a reload whose file lists the plugin, /info answers 403 "authorization denied by plugin <name>: <msg>" and the plugin got the AuthZReq.',
  }),
  rule({
    ...base,
    id: 'reload.option.undocumented',
    title: 'default-shm-size, default-ipc-mode and default-cgroupns-mode reload too',
    level: 'implementation',
    source: { kind: 'implementation', reference: 'moby daemon/reload_unix.go reloadPlatform', observed },
    reading: "Not in the document's list, but the real daemons apply them (the reload line shows default-shm-size in bytes).",
    releaseDependent: false,
    expectation: 'Generated sizes and modes: the reload line shows each applied one.',
  }),
] as const;
