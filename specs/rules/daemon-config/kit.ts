/** The daemon-configuration area's own shorthand; the shared ones are in ../kit.ts. Data only. */
export const AREA = 'daemon-config';
