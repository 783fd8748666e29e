/** Shorthands of the api-versioning area; the shared ones are in ../kit.ts. Data only. */
export const AREA = 'api-versioning';
