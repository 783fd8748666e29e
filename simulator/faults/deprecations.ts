import type { TestableRuleId } from '../../specs/catalogue.js';
import type { Fault } from './fault.js';

type DeprecationsRuleId = Extract<TestableRuleId, `deprecated.${string}`>;

/** The faults of the deprecations area: one per testable rule, each noticed only by its rule's check (suites/deprecations/). */
export const DEPRECATIONS_FAULTS: Readonly<Record<DeprecationsRuleId, Fault>> = {
  'deprecated.image-inspect.container-config': { breaks: 'image inspect keeps ContainerConfig from API 1.45 (engine/images/shape.ts)' },
  'deprecated.image-inspect.nonstandard-fields': { breaks: 'from API 1.50 the image config keeps Hostname and Domainname (engine/images/shape.ts)' },
  'deprecated.image-inspect.empty-fields': { breaks: 'below API 1.52 the image config leaves out an empty OnBuild (engine/images/shape.ts)' },
  'deprecated.images-list.filter-parameter': { breaks: 'from API 1.41 GET /images/json does not apply the `reference` filter (engine/images/routes.ts)' },
  'deprecated.images-list.filter-parameter.legacy-form': {
    breaks: 'below API 1.41 the former `filter` parameter of GET /images/json lists the tags that do not match (engine/images/routes.ts)',
    alsoBreaks: {
      rules: ['deprecated.images-list.filter-parameter'],
      why: "the document's rule forbids the removed parameter any filtering; this rule only says how it filters where a release still takes it, so filtering the wrong way is filtering all the same",
    },
  },
  'deprecated.kernel-memory': { breaks: 'a create at API 1.42 or later keeps its kernel memory limit (engine/containers/host-config.ts)' },
  'deprecated.container-start.host-config': {
    breaks: 'a start with a host-configuration body applies it and starts the container, at every API version (engine/containers/routes.ts)',
    alsoBreaks: {
      rules: ['deprecated.container-start.host-config.refusal'],
      why: "a start that takes the body is not refused: the refusal the releases give from 1.24 is how the document's removal shows",
    },
  },
  'deprecated.container-start.host-config.refusal': {
    breaks: 'a start with a host-configuration body is refused with 409 instead of 400 (engine/containers/routes.ts)',
  },
  'deprecated.container-copy.removed': {
    breaks: 'POST /containers/{id}/copy is served on every release and copies at every API version (engine/routes.ts, engine/containers/archive-routes.ts)',
  },
  'deprecated.container-archive.served': {
    breaks: 'the stat header of /containers/{id}/archive names the whole requested path instead of its base name (engine/containers/archive-routes.ts)',
  },
  'deprecated.network-settings.top-level': {
    breaks: 'from API 1.44 container inspect leaves IPAddress and Gateway out of the top level of NetworkSettings (engine/containers/network-settings.ts)',
  },
  'deprecated.network.dns-names': { breaks: 'endpoint settings have no DNSNames key (engine/containers/network-settings.ts)' },
  'deprecated.events.legacy-fields': { breaks: 'container events have no "from" (engine/events/route.ts)' },
  'deprecated.options.removed-refused': { breaks: 'a removed option given in the configuration file, and a removed log option, are taken without a word' },
};
