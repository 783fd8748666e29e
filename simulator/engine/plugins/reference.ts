import { releaseHas } from './plugin-changes.js';

/**
 * distribution/reference's ParseNormalizedNamed as the release vendors it (PLUGIN_CHANGES:
 * referenceModule, referencePathLimit), and the familiar `name:tag` moby keeps a plugin under.
 * docker/distribution's separator `[-]*` and the module's `[-]+` describe the same names; the
 * module's form is used for both, as `[-]*` makes JavaScript's matcher backtrack without end.
 */

/** A reference that parsed: its host, its path on the host, its tag and its digest ("" when absent). */
export interface NamedReference {
  readonly domain: string;
  readonly path: string;
  readonly tag: string;
  readonly digest: string;
}

const DEFAULT_DOMAIN = 'docker.io';
const LEGACY_DEFAULT_DOMAIN = 'index.docker.io';
const OFFICIAL_PREFIX = 'library/';
const NAME_LIMIT = 255;

const PATH_COMPONENT = '[a-z0-9]+(?:(?:[._]|__|[-]+)[a-z0-9]+)*';
const REMOTE_NAME = `${PATH_COMPONENT}(?:/${PATH_COMPONENT})*`;
const DOMAIN_COMPONENT = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const DOMAIN_NAME = `${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*`;
const TAG = '[\\w][\\w.-]{0,127}';

/** Whether the text is a tag as distribution/reference's grammar writes one (reference.WithTag's check). */
export const isTag = (text: string): boolean => new RegExp(`^${TAG}$`).test(text);
const DIGEST = '[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*[:][0-9a-fA-F]{32,}';

/** The grammar of a release: hosts are names (docker/distribution) or names and bracketed IPv6 addresses (the module). */
function grammar(ipv6: boolean): { readonly reference: RegExp; readonly name: RegExp } {
  const host = ipv6 ? `(?:${DOMAIN_NAME}|\\[(?:[a-fA-F0-9:]+)\\])` : DOMAIN_NAME;
  const domainAndPort = `${host}(?::[0-9]+)?`;
  return {
    reference: new RegExp(`^((?:${domainAndPort}/)?${REMOTE_NAME})(?::(${TAG}))?(?:@(${DIGEST}))?$`),
    name: new RegExp(`^(?:(${domainAndPort})/)?(${REMOTE_NAME})$`),
  };
}

const OLD_GRAMMAR = grammar(false);
const MODULE_GRAMMAR = grammar(true);

/** Digests whose algorithm Go has (go-digest: sha256, sha384, sha512) and the length of their hex. */
const DIGEST_HEX_LENGTH: Readonly<Record<string, number>> = { sha256: 64, sha384: 96, sha512: 128 };

/** go-digest's Parse (Validate): null, or its error. */
export function digestProblem(digest: string): string | null {
  const colon = digest.indexOf(':');
  if (colon <= 0 || colon + 1 === digest.length) return 'invalid checksum digest format';
  const algorithm = digest.slice(0, colon);
  const encoded = digest.slice(colon + 1);
  const length = DIGEST_HEX_LENGTH[algorithm];
  if (length === undefined)
    return /^[a-z0-9]+(?:[.+_-][a-z0-9]+)*:[a-zA-Z0-9=_-]+$/.test(digest) ? 'unsupported digest algorithm' : 'invalid checksum digest format';
  if (encoded.length !== length) return 'invalid checksum digest length';
  return /^[a-f0-9]+$/.test(encoded) ? null : 'invalid checksum digest format';
}

/** splitDockerDomain: the host and the rest; a one-component name on the default host is an official one. */
function splitDockerDomain(name: string, module: boolean): { readonly domain: string; readonly remainder: string } {
  const slash = name.indexOf('/');
  const first = slash < 0 ? '' : name.slice(0, slash);
  const isDomain = slash >= 0 && (/[.:]/.test(first) || first === 'localhost' || (module && first.toLowerCase() !== first));
  let domain = isDomain ? first : DEFAULT_DOMAIN;
  const remainder = isDomain ? name.slice(slash + 1) : name;
  if (domain === LEGACY_DEFAULT_DOMAIN) domain = DEFAULT_DOMAIN;
  return { domain, remainder: domain === DEFAULT_DOMAIN && !remainder.includes('/') ? `${OFFICIAL_PREFIX}${remainder}` : remainder };
}

/** reference.Parse of a whole name: its parts, or the error. */
function parse(text: string, release: string): NamedReference | { readonly error: string } {
  const { reference, name } = releaseHas(release, 'referenceModule') ? MODULE_GRAMMAR : OLD_GRAMMAR;
  const matches = reference.exec(text);
  if (matches === null) {
    if (text === '') return { error: 'repository name must have at least one component' };
    return { error: reference.test(text.toLowerCase()) ? 'repository name must be lowercase' : 'invalid reference format' };
  }
  const whole = matches[1]!;
  const parts = name.exec(whole);
  const domain = parts?.[1] ?? '';
  const path = parts === null ? whole : parts[2]!;
  const counted = releaseHas(release, 'referencePathLimit') ? path : whole;
  if (counted.length > NAME_LIMIT) return { error: `repository name must not be more than ${NAME_LIMIT} characters` };
  const digest = matches[3] ?? '';
  const problem = digest === '' ? null : digestProblem(digest);
  if (problem !== null) return { error: problem };
  return { domain, path, tag: matches[2] ?? '', digest };
}

/** ParseNormalizedNamed: a name as a user writes it (`x`, `x:tag`, `host/x@sha256:…`), or the error in the release's words. */
export function parseNormalizedNamed(text: string, release: string): NamedReference | { readonly error: string } {
  if (/^[a-f0-9]{64}$/.test(text)) return { error: `invalid repository name (${text}), cannot specify 64-byte hexadecimal strings` };
  const module = releaseHas(release, 'referenceModule');
  const { domain, remainder } = splitDockerDomain(text, module);
  const colon = remainder.indexOf(':');
  const remote = colon < 0 ? remainder : remainder.slice(0, colon);
  if (remote.toLowerCase() !== remote)
    return {
      error: module ? `invalid reference format: repository name (${remote}) must be lowercase` : 'invalid reference format: repository name must be lowercase',
    };
  return parse(`${domain}/${remainder}`, release);
}

/** FamiliarName: the default host and official prefix dropped, no tag or digest. */
export function familiarName(reference: NamedReference): string {
  const path =
    reference.domain === DEFAULT_DOMAIN && reference.path.startsWith(OFFICIAL_PREFIX) && reference.path.split('/').length === 2
      ? reference.path.slice(OFFICIAL_PREFIX.length)
      : reference.path;
  return reference.domain === DEFAULT_DOMAIN || reference.domain === '' ? path : `${reference.domain}/${path}`;
}

/** FamiliarString(TagNameOnly(ref)): the familiar name, `latest` for a name without tag or digest. */
export function familiarTagged(reference: NamedReference): string {
  const tag = reference.tag === '' && reference.digest === '' ? 'latest' : reference.tag;
  return `${familiarName(reference)}${tag === '' ? '' : `:${tag}`}${reference.digest === '' ? '' : `@${reference.digest}`}`;
}
