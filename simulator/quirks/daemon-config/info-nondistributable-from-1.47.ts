import { DOCUMENTED_NONDISTRIBUTABLE_OMITTED_FROM } from '../../../specs/info-fields.js';

/**
 * observed.config.info.shape: 28.5.2 leaves RegistryConfig.AllowNondistributableArtifactsCIDRs and
 * …Hostnames out of GET /info from API 1.47 (observed: /v1.46/info has both, null; /v1.47 and
 * /v1.48 have neither); the document keeps them up to 1.48. Carried by daemon-config/info/route.ts.
 */
export const INFO_NONDISTRIBUTABLE_FROM_147 = 'observed.config.info.shape';

/** The API version from which /info leaves the fields out. */
export const nondistributableOmittedFrom = (quirks: ReadonlySet<string>): string => (quirks.has(INFO_NONDISTRIBUTABLE_FROM_147) ? '1.47' : DOCUMENTED_NONDISTRIBUTABLE_OMITTED_FROM);
