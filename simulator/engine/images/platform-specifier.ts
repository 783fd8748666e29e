import { isOlder } from '../../../common/dotted-version.js';
import { HOST_PLATFORM, type ImagePlatform } from '../objects/index.js';
import { goQuote } from '../go-strconv.js';
import { badEscape, goPathUnescape } from '../go-query.js';

/**
 * containerd's platforms.Parse, which a pull's and an import's `platform` goes through (moby
 * postImagesCreate, from API 1.32). The releases are built with different versions of it (Debian's
 * packages with Debian's containerd, not moby's vendored copy), so its grammar is a table of what
 * each observed release accepts and how it normalizes (observed on 20.10.24, 26.1.5, 28.5.2 and
 * 29.7.2, 2026-12-06, with the same specifiers on each).
 */
interface SpecifierGrammar {
  /**
   * The first component: an OS alone (`plain`); an OS with an optional version in parentheses
   * (`version`); or with a version and `+`-prefixed features in them, each percent-escaped
   * (`options`).
   */
  readonly osComponent: 'plain' | 'version' | 'options';
  /** What every other component must match (and the first too, where `plain`). */
  readonly component: RegExp;
  /** Whether the specifier is split at its first three slashes only (SplitN 4), or at every slash. */
  readonly atMostFourParts: boolean;
  /** How an architecture and its variant are normalized (normalizeArch). */
  readonly arch: 'containerd-1.7' | 'platforms-1.0';
}

const CONTAINERD_1_7_COMPONENT = /^[A-Za-z0-9_-]+$/;

const GRAMMARS: Readonly<Record<string, SpecifierGrammar>> = {
  // Its architecture and variant never show (the import takes the daemon's own): containerd-1.7's normalizer stands in.
  '20.10': { osComponent: 'plain', component: CONTAINERD_1_7_COMPONENT, atMostFourParts: false, arch: 'containerd-1.7' },
  '26.1': { osComponent: 'version', component: CONTAINERD_1_7_COMPONENT, atMostFourParts: true, arch: 'containerd-1.7' },
  '28.5': { osComponent: 'options', component: /^[A-Za-z0-9_.-]+$/, atMostFourParts: true, arch: 'platforms-1.0' },
};

/** The grammar of a release: the newest observed one at or below it. */
function grammarOf(release: string): SpecifierGrammar {
  if (!isOlder(release, '28.5')) return GRAMMARS['28.5']!;
  if (!isOlder(release, '26.1')) return GRAMMARS['26.1']!;
  return GRAMMARS['20.10']!;
}

/** The first component's pattern, as the error quotes it (Go's regexp String()). */
const OS_PATTERNS = {
  version: '^([A-Za-z0-9_-]+)(?:\\(([A-Za-z0-9_.-]*)\\))?$',
  options: '^([A-Za-z0-9_-]+)(?:\\(([A-Za-z0-9_.%-]*)((?:\\+[A-Za-z0-9_.%-]+)*)\\))?$',
} as const;

const KNOWN_OS = new Set([
  'aix',
  'android',
  'darwin',
  'dragonfly',
  'freebsd',
  'hurd',
  'illumos',
  'ios',
  'js',
  'linux',
  'nacl',
  'netbsd',
  'openbsd',
  'plan9',
  'solaris',
  'windows',
  'zos',
]);
const KNOWN_ARCH = new Set([
  '386',
  'amd64',
  'amd64p32',
  'arm',
  'armbe',
  'arm64',
  'arm64be',
  'ppc64',
  'ppc64le',
  'loong64',
  'mips',
  'mipsle',
  'mips64',
  'mips64le',
  'mips64p32',
  'mips64p32le',
  'ppc',
  'riscv',
  'riscv64',
  's390',
  's390x',
  'sparc',
  'sparc64',
  'wasm',
]);

/** containerd's normalizeOS: lower case, macOS by Go's name, none the daemon's own. */
const normalizeOs = (os: string): string => (os === '' ? HOST_PLATFORM.os : os.toLowerCase() === 'macos' ? 'darwin' : os.toLowerCase());

/** The arm64 variants platforms 1.0 reads as others (containerd 1.7 drops only "8" and "v8"). */
const ARM64_VARIANTS: Readonly<Record<SpecifierGrammar['arch'], Readonly<Record<string, string>>>> = {
  'containerd-1.7': { '8': '', v8: '' },
  'platforms-1.0': { '8': '', v8: '', 'v8.0': '', '9': 'v9', '9.0': 'v9', 'v9.0': 'v9' },
};

/** containerd's normalizeArch: aliases to Go's names, and the variants each implies. */
function normalizeArch(given: string, givenVariant: string, style: SpecifierGrammar['arch']): [string, string] {
  const arch = given.toLowerCase();
  const variant = givenVariant.toLowerCase();
  switch (arch) {
    case 'i386':
      return ['386', ''];
    case 'x86_64':
    case 'x86-64':
    case 'amd64':
      return ['amd64', variant === 'v1' ? '' : variant];
    case 'aarch64':
    case 'arm64':
      return ['arm64', ARM64_VARIANTS[style][variant] ?? variant];
    case 'armhf':
      return ['arm', 'v7'];
    case 'armel':
      return ['arm', 'v6'];
    case 'arm':
      return ['arm', variant === '' || variant === '7' ? 'v7' : ['5', '6', '8'].includes(variant) ? `v${variant}` : variant];
    default:
      return [arch, variant];
  }
}

type Parsed = { readonly platform: ImagePlatform } | { readonly error: string };

const INVALID = 'invalid argument';

/** Go's url.PathUnescape of an OS option, or its error. */
function decodeOption(text: string): { readonly value: string } | { readonly error: string } {
  if (!text.includes('%')) return { value: text };
  const bad = badEscape(text);
  return bad === null ? { value: goPathUnescape(text) } : { error: `invalid URL escape ${goQuote(bad)}` };
}

/** The first component: the OS with its version and features, or the error naming it. */
function osOf(specifier: string, part: string, grammar: SpecifierGrammar): Pick<ImagePlatform, 'os' | 'osVersion' | 'osFeatures'> | { readonly error: string } {
  if (grammar.osComponent === 'plain') {
    if (!grammar.component.test(part)) return { error: componentError(part, specifier, grammar) };
    return { os: normalizeOs(part), osVersion: '', osFeatures: [] };
  }
  const match = new RegExp(OS_PATTERNS[grammar.osComponent]).exec(part);
  if (match === null)
    return {
      error: `${goQuote(part)} is an invalid OS component of ${goQuote(specifier)}: OSAndVersion specifier component must match ${goQuote(OS_PATTERNS[grammar.osComponent])}: ${INVALID}`,
    };
  const os = normalizeOs(match[1]!);
  if (grammar.osComponent === 'version') return { os, osVersion: match[2] ?? '', osFeatures: [] };
  const version = decodeOption(match[2] ?? '');
  if ('error' in version) return { error: `${goQuote(specifier)} has an invalid OS version ${goQuote(match[2] ?? '')}: ${version.error}` };
  const osFeatures: string[] = [];
  // The pattern lets no feature be empty: each is "+" and at least one character.
  for (const raw of (match[3] ?? '').split('+').slice(1)) {
    const feature = decodeOption(raw);
    if ('error' in feature) return { error: `${goQuote(specifier)} has invalid OS features: invalid os feature ${goQuote(raw)}: ${feature.error}` };
    if (feature.value !== '') osFeatures.push(feature.value);
  }
  return { os, osVersion: version.value, osFeatures };
}

const componentError = (part: string, specifier: string, grammar: SpecifierGrammar): string =>
  `${goQuote(part)} is an invalid component of ${goQuote(specifier)}: platform specifier component must match ${goQuote(grammar.component.source)}: ${INVALID}`;

/** containerd's platforms.Parse of `specifier` as the release's build has it: the platform, or the 400's words. */
export function parsePlatformSpecifier(specifier: string, release: string): Parsed {
  if (specifier.includes('*')) return { error: `${goQuote(specifier)}: wildcards not yet supported: ${INVALID}` };
  const grammar = grammarOf(release);
  const split = specifier.split('/');
  const parts = grammar.atMostFourParts && split.length > 4 ? [...split.slice(0, 3), split.slice(3).join('/')] : split;
  const os = osOf(specifier, parts[0]!, grammar);
  if ('error' in os) return os;
  const bad = parts.slice(1).find((part) => !grammar.component.test(part));
  if (bad !== undefined) return { error: componentError(bad, specifier, grammar) };
  const platform = (architecture: string, variant: string, osName = os.os): Parsed => ({ platform: { ...os, os: osName, architecture, variant } });
  switch (parts.length) {
    case 1: {
      // An OS it knows takes the daemon's architecture; else the word is tried as an architecture, on the daemon's OS.
      if (KNOWN_OS.has(os.os)) return platform(HOST_PLATFORM.architecture, '');
      const [architecture, variant] = normalizeArch(parts[0]!, '', grammar.arch);
      if (KNOWN_ARCH.has(architecture)) return platform(architecture, architecture === 'arm' && variant === 'v7' ? '' : variant, HOST_PLATFORM.os);
      return { error: `${goQuote(specifier)}: unknown operating system or architecture: ${INVALID}` };
    }
    case 2: {
      const [architecture, variant] = normalizeArch(parts[1]!, '', grammar.arch);
      return platform(architecture, architecture === 'arm' && variant === 'v7' ? '' : variant);
    }
    case 3: {
      const [architecture, variant] = normalizeArch(parts[1]!, parts[2]!, grammar.arch);
      return platform(architecture, architecture === 'arm64' && variant === '' ? 'v8' : variant);
    }
    default:
      return { error: `${goQuote(specifier)}: cannot parse platform specifier: ${INVALID}` };
  }
}

/**
 * containerd's Normalize, as its image reader applies it to a config's platform (ConfigPlatform):
 * the architecture and variant normalized again (an arm64 "v8" is dropped, an arm's "" is "v7"),
 * the features sorted without repeats.
 */
export function normalizedPlatform(platform: ImagePlatform, release: string): ImagePlatform {
  const [architecture, variant] = normalizeArch(platform.architecture, platform.variant, grammarOf(release).arch);
  return { ...platform, os: normalizeOs(platform.os), architecture, variant, osFeatures: [...new Set(platform.osFeatures)].sort() };
}

/** Go's %s of an ocispec.Platform (its fields in order, a list in brackets), as containerd's errors print one. */
export const goPlatformStruct = (platform: ImagePlatform): string =>
  `{${platform.architecture} ${platform.os} ${platform.osVersion} [${platform.osFeatures.join(' ')}] ${platform.variant}}`;
