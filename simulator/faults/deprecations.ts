import type { TestableRuleId } from '../../specs/catalogue.js';
import type { Fault } from './fault.js';

type DeprecationsRuleId = Extract<TestableRuleId, `deprecated.${string}`>;

/** The faults of the deprecations area: one per testable rule, each noticed only by its rule's check (suites/deprecations/). */
export const DEPRECATIONS_FAULTS: Readonly<Record<DeprecationsRuleId, Fault>> = {
  'deprecated.image-inspect.container-config': { breaks: 'image inspect keeps ContainerConfig from API 1.45 (deprecations/image-shape.ts)' },
  'deprecated.image-inspect.nonstandard-fields': { breaks: 'from API 1.50 the image config keeps Hostname and Domainname (deprecations/image-shape.ts)' },
  'deprecated.image-inspect.empty-fields': { breaks: 'below API 1.52 the image config leaves out an empty OnBuild (deprecations/image-shape.ts)' },
  'deprecated.images-list.filter-parameter': { breaks: 'the former `filter` parameter of GET /images/json is ignored at every API version (deprecations/image-routes.ts)' },
  'deprecated.kernel-memory': { breaks: 'a create at API 1.42 or later keeps its kernel memory limit (deprecations/host-config.ts)' },
  'deprecated.container-start.host-config': { breaks: 'from API 1.24 a start with a host-configuration body applies it and starts the container (deprecations/container-routes.ts)' },
  'deprecated.container-copy.removed': { breaks: 'POST /containers/{id}/copy is served on every release and copies at every API version (deprecations/routes.ts, archive-routes.ts)' },
  'deprecated.container-archive.served': { breaks: 'the stat header of /containers/{id}/archive names the whole requested path instead of its base name (deprecations/archive-routes.ts)' },
  'deprecated.network-settings.top-level': { breaks: 'from API 1.44 container inspect leaves IPAddress and Gateway out of the top level of NetworkSettings (deprecations/network-settings.ts)' },
  'deprecated.network.dns-names': { breaks: 'endpoint settings have no DNSNames key (deprecations/network-settings.ts)' },
  'deprecated.events.legacy-fields': { breaks: 'below API 1.52 container events have no "from" (deprecations/events-route.ts)' },
  'deprecated.options.removed-refused': { breaks: 'a removed option given in the configuration file, and a removed log option, are taken without a word' },
};
