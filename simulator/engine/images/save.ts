import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { familiarRepo, familiarRepoTag, platformOf, splitReference, type Image, type ImagePlatform } from '../objects/index.js';
import { queryOf, releaseBelow, sendBody } from '../replies.js';
import { formatPlatformAll, platformMismatch } from './platform-lookup.js';
import { onlyStrict } from './platform-match.js';
import { requestedPlatforms } from './requested-platforms.js';
import { missingImageName } from './missing-image.js';
import { referenceError } from './reference-checks.js';
import { saveArchive, type SavedImage } from './save-archive.js';
import { usesContainerdStore } from './image-store.js';
import { saveContainerdArchive } from './save-containerd.js';

const FULL_ID = /^(sha256:)?[a-f0-9]{64}$/;
const INVALID_REFERENCE = 'invalid reference format';

type Resolved = { readonly images: SavedImage[] } | { readonly status: number; readonly message: string };

/**
 * The images `names` name, as moby's tarexport parseNames reads them, each once with its tags in
 * the order named: a full ID, or a name that is no reference, refused with 500 (the plain error
 * of reference.ParseAnyReference); a name without a tag saves every tag of its repository, or the
 * image it names by ID prefix; `repo:tag` that tag. A name that finds nothing is a 404: "No such
 * image: <name>", or with the graph drivers "reference does not exist" for a missing `repo:tag`
 * (containerd's store: missingInContainerd). Observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2.
 */
function resolveNames(x: Exchange, names: readonly string[], platform: ImagePlatform | null): Resolved {
  const { objects } = x.state;
  const containerdStore = usesContainerdStore(x.state.config);
  const found = new Map<string, { image: Image; repoTags: string[] }>();
  let notOfPlatform: Resolved | null = null;
  const add = (image: Image, repoTag: string | null, name: string): void => {
    if (!found.has(image.id)) notOfPlatform ??= platformRefusal(x, image, name, platform);
    const entry = found.get(image.id) ?? { image, repoTags: [] };
    if (repoTag !== null && !entry.repoTags.includes(repoTag)) entry.repoTags.push(repoTag);
    found.set(image.id, entry);
  };
  for (const name of names) {
    if (notOfPlatform !== null) return notOfPlatform;
    if (FULL_ID.test(name)) {
      const image = objects.findImage(name);
      if (image === undefined) return containerdStore ? missingInContainerd(x, name) : missingFromImageDb(x, name);
      add(image, null, name);
      continue;
    }
    // containerd's store refuses what is no reference as a bad parameter (400), the graph drivers' exporter with a plain error (500).
    const refused = containerdStore ? 400 : 500;
    if (name === '') return { status: refused, message: INVALID_REFERENCE };
    const at = name.indexOf('@');
    if (at >= 0) {
      const missing = missingImageName(x, name);
      if ('problem' in missing) return { status: refused, message: missing.problem };
      // The graph drivers' reference store holds no digest of an image made here (nothing is pulled).
      if (!containerdStore) return { status: 404, message: REFERENCE_MISSING };
      const image = imageByDigest(x, name.slice(0, at), name.slice(at + 1));
      if (image === undefined) return missingInContainerd(x, name);
      add(image, null, name);
      continue;
    }
    const { repo, tag } = splitReference(name);
    const problem = referenceError(x, repo, tag);
    if (problem !== null) return { status: refused, message: problem };
    const nameOnly = !name.slice(name.lastIndexOf('/') + 1).includes(':');
    if (repo === 'sha256') {
      // sha256:<prefix> is an ID prefix (moby: a familiar name "sha256" is searched as an ID).
      const image = objects.findImage(name);
      if (image === undefined) return { status: 404, message: `No such image: ${name}` };
      add(image, null, name);
      continue;
    }
    if (nameOnly) {
      const familiar = familiarRepo(repo);
      const tagged = objects
        .allImages()
        .flatMap((image) => objects.tagsOf(image).map((repoTag) => ({ image, repoTag })))
        .filter(({ repoTag }) => splitReference(repoTag).repo === familiar);
      if (tagged.length > 0) {
        for (const { image, repoTag } of tagged.sort((a, b) => (a.repoTag < b.repoTag ? -1 : 1))) add(image, repoTag, name);
        continue;
      }
    }
    const image = objects.findImage(name);
    // The graph drivers' reference store has its own error for a tag it lacks; a name without one was searched as an image.
    if (image === undefined && containerdStore) return missingInContainerd(x, name);
    if (image === undefined) return { status: 404, message: nameOnly ? `No such image: ${name}` : REFERENCE_MISSING };
    add(image, nameOnly && objects.taggedAs(name) === undefined ? null : familiarRepoTag(name), name);
  }
  return notOfPlatform ?? { images: [...found.values()] };
}

/** The graph drivers' reference store's words for a name it lacks. */
const REFERENCE_MISSING = 'reference does not exist';

/**
 * A full ID the graph drivers' image store lacks: the error of the file it opened (its data root's
 * image/<driver>/imagedb), 500 on 20.10 and 404 from 23.0 (observed on 20.10.24, 26.1.5, 28.5.2).
 */
function missingFromImageDb(x: Exchange, name: string): Resolved {
  const hex = name.replace(/^sha256:/, '');
  const file = `${x.state.config.dataRoot}/image/${x.state.config.settings.storageDriver}/imagedb/content/sha256/${hex}`;
  return { status: releaseBelow(x, '23.0') ? 500 : 404, message: `failed to get digest sha256:${hex}: open ${file}: no such file or directory` };
}

/** containerd's resolveImage of `name@digest`: an image whose target has the digest, named in the same repository (any tag). */
function imageByDigest(x: Exchange, named: string, digest: string): Image | undefined {
  const { objects } = x.state;
  const repo = familiarRepo(splitReference(named).repo);
  return objects.allImages().find((image) => image.id === digest && objects.tagsOf(image).some((tag) => splitReference(tag).repo === repo));
}

/**
 * containerd's exporter looks each name up as an image reference: one it lacks is "No such image"
 * with the name in its familiar form, its tag `latest` by default, a digest kept (observed on
 * 29.7.2: `ctc-missing:1`, `ctc-missing:latest`, `ctc-img@sha256:…`, `0123456789ab:latest`).
 */
function missingInContainerd(x: Exchange, name: string): Resolved {
  const missing = missingImageName(x, name);
  // What is no reference is a bad parameter there (400), as resolveNames refuses it.
  return 'problem' in missing ? { status: 400, message: missing.problem } : { status: 404, message: `No such image: ${missing.name}` };
}

/**
 * An image that is not of the one platform the save asks for (OnlyStrict, in both stores): the
 * graph drivers' exporter refuses it with a plain error (500), containerd's with its lookup's
 * (404). Observed on 28.5.2 and 29.7.2.
 */
function platformRefusal(x: Exchange, image: Image, name: string, platform: ImagePlatform | null): Resolved | null {
  if (platform === null) return null;
  if (image.containerd === undefined) {
    const mismatch = onlyStrict(platform, x.state.config.release.release)(platformOf(image));
    return mismatch ? null : { status: 500, message: `no suitable export target found for platform ${formatPlatformAll(platform)}` };
  }
  const mismatch = platformMismatch(x, image, name, platform, 'strict');
  return mismatch === null ? null : { status: 404, message: `no suitable export target found: ${mismatch}` };
}

async function answerSave(x: Exchange, names: readonly string[]): Promise<void> {
  const asked = requestedPlatforms(x);
  if ('status' in asked) return handlerError(x, asked.status, asked.message);
  // One platform is each image's to have; several (29.x, API 1.52) filter an index's manifests, and an image of one manifest is saved whole (observed on 29.7.2).
  const resolved = resolveNames(x, names, asked.platforms.length === 1 ? asked.platforms[0]! : null);
  if ('message' in resolved) return handlerError(x, resolved.status, resolved.message);
  if (usesContainerdStore(x.state.config)) {
    const archive = await saveContainerdArchive(resolved.images);
    // containerd's exporter logs each image saved (observed on 29.7.2).
    for (const { image } of resolved.images) x.state.objects.imageEvent(image, 'save', image.id);
    return sendBody(x, 200, archive, 'application/x-tar');
  }
  const format = releaseBelow(x, '25.0') ? 'legacy' : releaseBelow(x, '28.0') ? 'oci-index-now' : 'oci';
  const archive = await saveArchive(resolved.images, format);
  sendBody(x, 200, archive, 'application/x-tar');
}

/** GET /images/{name}/get: the save archive of one image (the format by release: save-archive.ts). */
export const imageSaveRoute: Route = {
  method: 'GET',
  path: '/images/{name}/get',
  slashedParams: ['name'],
  where: 'simulator/engine/images/save.ts: GET /images/{name}/get',
  rules: [],
  handle: (x) => answerSave(x, [x.params['name'] ?? '']),
};

/** GET /images/get?names=…: the save archive of every image named; none named is an empty archive. */
export const imagesSaveRoute: Route = {
  method: 'GET',
  path: '/images/get',
  where: 'simulator/engine/images/save.ts: GET /images/get',
  rules: [],
  handle: (x) => answerSave(x, queryOf(x).getAll('names')),
};
