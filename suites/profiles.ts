import { BRANDS, isBrand, type Brand, type BrandNames } from '../specs/brands.js';

/** A brand profile: which names the target under test uses (ctr as documented, or docker). */
export interface Profile {
  readonly name: Brand;
  readonly names: BrandNames;
  /** Environment variable a client reads its daemon address from. */
  readonly hostVariable: string;
  /** Environment variable that moves the daemon's minimum API version. */
  readonly minApiVariable: string;
}

export function profileFor(name: string): Profile | undefined {
  if (!isBrand(name)) return undefined;
  const names = BRANDS[name];
  return { name, names, hostVariable: `${names.envPrefix}HOST`, minApiVariable: `${names.envPrefix}MIN_API_VERSION` };
}
