import { ENGINE_MESSAGES } from '../messages.js';
import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { printsNewerWords } from '../go-json-newer.js';
import { type GoFieldType, goStructProblem } from '../go-struct-fields.js';
import { usesContainerdStore } from '../images/image-store.js';
import { decodeFirstBodyValue, type Refusal } from '../json-request.js';
import { isTag, familiarName, familiarTagged, type NamedReference, parseNormalizedNamed } from '../plugins/reference.js';
import { notImplementedHere, queryOf, releaseBelow, sendJsonMessages } from '../replies.js';
import { streamErrorLine } from '../stream-error.js';
import { containerdPlatformError, graphDriverPlatformRefusal, pushPlatform } from './push-platform.js';

/**
 * POST /images/{name}/push up to the registry (moby's postImagesPush, then the image service's
 * PushImage). Observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2 in a private network namespace; the
 * releases between read in their source.
 */
const PUSH = {
  /** Before this release a request without X-Registry-Auth must carry an auth config as its body. */
  bodyAuthUntil: '28.4',
  /** From this release the router reads the name and the tag (400; DecodeAuthConfigBody's words); before it the image service (plain errors). */
  routerReadsFrom: '24.0',
} as const;

/** An auth config's fields (json tags of types.AuthConfig, later registry.AuthConfig): strings all. */
const AUTH_FIELDS: Readonly<Record<string, GoFieldType>> = Object.fromEntries(
  ['username', 'password', 'auth', 'email', 'serveraddress', 'identitytoken', 'registrytoken'].map((field) => [field, 'string']),
);

/**
 * The body's auth config as json.Decoder reads it: null when it decodes, else Go's error (a type
 * error names the struct field as the release's Go does: go-struct-fields.ts).
 */
async function bodyAuthProblem(x: Exchange, typeName: string): Promise<string | null> {
  const decoded = await decodeFirstBodyValue(x, 1024 * 1024);
  if ('unread' in decoded) return decoded.unread;
  if ('decodeError' in decoded) return decoded.decodeError;
  return goStructProblem(decoded.value, { typeName, fields: AUTH_FIELDS }, printsNewerWords(x.state.config.release.release));
}

/** Without X-Registry-Auth, before 28.4, the body's auth config: its refusal (400), or null. */
async function authRefusal(x: Exchange): Promise<Refusal | null> {
  if (!releaseBelow(x, PUSH.bodyAuthUntil) || (x.req.headers['x-registry-auth'] ?? '') !== '') return null;
  const older = releaseBelow(x, PUSH.routerReadsFrom);
  const problem = await bodyAuthProblem(x, older ? 'types.AuthConfig' : 'registry.AuthConfig');
  if (problem === null) return null;
  return {
    status: 400,
    message: older
      ? `Bad parameters and missing X-Registry-Auth: ${problem}`
      : `bad parameters and missing X-Registry-Auth: invalid X-Registry-Auth header: ${problem}`,
  };
}

/**
 * The name and the tag: before 24.0 the image service's ParseNormalizedNamed then WithTag (plain
 * errors, 500); from 24.0 the router's RepoTagReference with a tag (a digest refused), else
 * ParseNormalizedNamed (400).
 */
function pushedReference(x: Exchange, name: string, tag: string): NamedReference | Refusal {
  const status = releaseBelow(x, PUSH.routerReadsFrom) ? 500 : 400;
  const reference = parseNormalizedNamed(name, x.state.config.release.release);
  if ('error' in reference) return { status, message: reference.error };
  if (tag === '') return reference;
  if (status === 400 && reference.digest !== '') return { status, message: 'cannot import digest reference' };
  if (!isTag(tag)) return { status, message: ENGINE_MESSAGES.invalidTag };
  return { ...reference, tag };
}

/** The refusal a started stream ends with, or null where the push would go on to the registry. */
function localRefusal(x: Exchange, reference: NamedReference): string | null {
  const repository = familiarName(reference);
  const tags = x.state.objects.repositoryTags(repository);
  const notLocal = `An image does not exist locally with the tag: ${repository}`;
  // A graph driver looks for the repository's tags; the tag itself is the registry's step.
  if (!usesContainerdStore(x.state.config)) return tags.length === 0 ? notLocal : null;
  // containerd's store: a name alone pushes each tag of the repository, a tag or a digest the image of that name.
  if (reference.tag === '' && reference.digest === '') return tags.length === 0 ? notLocal : null;
  // No image record is named by a digest here (ctrd-sim pulls nothing).
  if (reference.digest === '' && tags.includes(`${repository}:${reference.tag}`)) return null;
  return `tag does not exist: ${familiarTagged(reference)}`;
}

export const imagePushRoute: Route = {
  method: 'POST',
  path: '/images/{name}/push',
  slashedParams: ['name'],
  where: 'simulator/engine/registry/push.ts: POST /images/{name}/push',
  rules: [],
  async handle(x) {
    const auth = await authRefusal(x);
    if (auth !== null) return handlerError(x, auth.status, auth.message);
    const query = queryOf(x);
    const reference = pushedReference(x, x.params['name'] ?? '', query.get('tag') ?? '');
    if ('status' in reference) return handlerError(x, reference.status, reference.message);
    const platform = pushPlatform(x);
    if (platform !== null && 'status' in platform) return handlerError(x, platform.status, platform.message);
    const before = platform === null ? null : graphDriverPlatformRefusal(x, reference, platform);
    if (before !== null) return handlerError(x, before.status, before.message);
    const refusal = localRefusal(x, reference) ?? (platform === null ? null : containerdPlatformError(x, reference, platform));
    if (refusal === null) return notImplementedHere(x, '/images/{name}/push (it reaches a registry)');
    const status = { status: `The push refers to repository [${reference.domain}/${reference.path}]` };
    sendJsonMessages(x, [status, streamErrorLine(x, refusal)]);
  },
};
