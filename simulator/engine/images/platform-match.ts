import type { ImagePlatform } from '../objects/index.js';
import { normalizedPlatform } from './platform-specifier.js';

/**
 * containerd's platform matchers, as moby asks whether an image is of the platform a request names
 * (a create's `platform`, a history's or a save's): Only (the platform and those it runs: older
 * variants, 386 on amd64, arm on arm64), OnlyStrict (the platform itself) and moby's
 * OnlyPlatformWithFallback (Only, or the same OS and architecture for an image without a variant).
 * Each compares the normalized platforms: OS, architecture, variant, the image's OS features among
 * the wanted ones, and for Windows the OS version's compatibility.
 */
export type PlatformMatcher = (image: ImagePlatform) => boolean;

/** The arm64 variants a variant runs, newest first (platforms arm64variantToVersion: majors and their highest minors). */
const ARM64_VERSIONS: Readonly<Record<string, readonly (readonly [major: number, minor: number])[]>> = {
  ...Object.fromEntries(Array.from({ length: 10 }, (_, minor) => [`v8.${minor}`, [[8, minor]]])),
  v8: [[8, 0]],
  v9: [
    [9, 0],
    [8, 5],
  ],
  ...Object.fromEntries(
    Array.from({ length: 8 }, (_, minor) => [
      `v9.${minor}`,
      [
        [9, minor],
        [8, Math.min(minor + 5, 9)],
      ],
    ]),
  ),
};

/** Go's strconv.Atoi of a variant without its "v" (TrimPrefix), or NaN. */
const variantLevel = (variant: string): number => {
  const digits = variant.replace(/^v/, '');
  return /^[+-]?\d{1,18}$/.test(digits) ? Number.parseInt(digits, 10) : Number.NaN;
};

/**
 * The platforms one runs (containerd platformVector), as patterns: itself; an amd64's lower levels
 * and 386; an arm's variants down to v5; an arm64's variants its version includes, then the arm
 * ones of v8. The levels are counted, not listed: a variant of a huge level (which Go would list
 * one by one) costs nothing here.
 */
function runsOn(platform: ImagePlatform): readonly ((candidate: ImagePlatform) => ImagePlatform | null)[] {
  const same = (): ImagePlatform => platform;
  const level = variantLevel(platform.variant);
  const below = (architecture: string, lowest: number) => (candidate: ImagePlatform) => {
    // A lower level of the same architecture, written as Go writes it ("v" and the decimal number).
    if (candidate.architecture !== architecture || !/^v[1-9]\d*$/.test(candidate.variant)) return null;
    const k = Number.parseInt(candidate.variant.slice(1), 10);
    return k >= lowest && k < level ? { ...platform, variant: candidate.variant } : null;
  };
  switch (platform.architecture) {
    case 'amd64':
      return [
        same,
        ...(level > 1 ? [below('amd64', 2), () => ({ ...platform, variant: 'v1' })] : []),
        () => ({ ...platform, architecture: '386', variant: '' }),
      ];
    case 'arm':
      return [same, ...(level > 5 ? [below('arm', 5)] : [])];
    case 'arm64': {
      const variant = platform.variant === '' ? 'v8' : platform.variant;
      // A variant it does not know runs nothing, not even itself (platformVector breaks out with an empty vector).
      const versions = ARM64_VERSIONS[variant];
      if (versions === undefined) return [];
      const arm64: ImagePlatform[] = [];
      for (const [major, highest] of versions)
        for (let minor = highest; minor >= 0; minor--) arm64.push({ ...platform, variant: minor === 0 ? `v${major}` : `v${major}.${minor}` });
      const arm = variant.startsWith('v8') || variant.startsWith('v9') ? 'v8' : variant;
      return [...arm64.map((element) => () => element), ...runsOn({ ...platform, architecture: 'arm', variant: arm })];
    }
    default:
      return [same];
  }
}

/** A Windows version's major, minor and build (getWindowsOSVersion), zeros where it does not parse. */
function windowsVersion(text: string): readonly [number, number, number] {
  const [major = '', minor = '', build = ''] = text.split('.');
  if ((text.match(/\./g) ?? []).length < 2) return [0, 0, 0];
  const parts = [major, minor, build].map((part, i) => (/^\d+$/.test(part) && Number(part) <= (i === 2 ? 0xffff : 0xff) ? Number(part) : Number.NaN));
  return parts.some(Number.isNaN) ? [0, 0, 0] : (parts as unknown as readonly [number, number, number]);
}

/** The Windows long-term releases a newer host runs images of (ltsc2022, ltsc2025). */
const LTSC_BUILDS = [20348, 26100];

/** Whether a host of Windows version `host` runs an image of `image` (checkWindowsHostAndContainerCompat); an empty one matches all. */
function windowsCompatible(host: string, image: string): boolean {
  const wanted = windowsVersion(host);
  if (wanted.every((part) => part === 0) || image === '') return true;
  const given = windowsVersion(image);
  if (wanted[0] !== given[0] || wanted[1] !== given[1]) return false;
  if (wanted[2] < LTSC_BUILDS[0]!) return wanted[2] === given[2];
  const oldest = [...LTSC_BUILDS].reverse().find((build) => wanted[2] > build) ?? LTSC_BUILDS[0]!;
  return oldest <= given[2] && given[2] <= wanted[2];
}

/** containerd's NewMatcher of one platform (normalized): the same OS, architecture and variant, its features a superset. */
function matcherOf(wanted: ImagePlatform, release: string): PlatformMatcher {
  const m = normalizedPlatform(wanted, release);
  const windows = wanted.os === 'windows';
  return (image) => {
    // A Windows matcher ignores an image's win32k feature (windowsStripFeaturesMatcher).
    const candidate = windows
      ? { ...image, osFeatures: image.osFeatures.filter((feature, i) => feature !== 'win32k' || image.osFeatures.indexOf('win32k') !== i) }
      : image;
    const n = normalizedPlatform(candidate, release);
    if (m.os !== n.os || m.architecture !== n.architecture || m.variant !== n.variant) return false;
    if (windows && !windowsCompatible(wanted.osVersion, image.osVersion)) return false;
    return n.osFeatures.every((feature) => m.osFeatures.includes(feature));
  };
}

/** containerd's Only: the platform or one it runs. */
export function only(wanted: ImagePlatform, release: string): PlatformMatcher {
  const patterns = runsOn(normalizedPlatform(wanted, release));
  return (image) => {
    const candidate = normalizedPlatform(image, release);
    return patterns.some((pattern) => {
      const element = pattern(candidate);
      return element !== null && matcherOf(element, release)(image);
    });
  };
}

/** containerd's OnlyStrict: the platform itself. */
export const onlyStrict = (wanted: ImagePlatform, release: string): PlatformMatcher => matcherOf(normalizedPlatform(wanted, release), release);

/** moby's OnlyPlatformWithFallback: Only, or for an image without a variant the same OS and architecture. */
export function onlyWithFallback(wanted: ImagePlatform, release: string): PlatformMatcher {
  const strict = only(wanted, release);
  const normal = normalizedPlatform(wanted, release);
  return (image) => {
    if (strict(image)) return true;
    if (image.variant !== '') return false;
    const n = normalizedPlatform(image, release);
    return n.os === normal.os && n.architecture === normal.architecture;
  };
}
