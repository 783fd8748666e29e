import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { familiarRepo, familiarRepoTag, splitReference, type Image } from '../objects/index.js';
import { queryOf, releaseBelow, sendBody } from '../replies.js';
import { referenceError } from './missing-image.js';
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
 * image: <name>", or "reference does not exist" for a missing `repo:tag`. Observed on 20.10.24,
 * 26.1.5, 28.5.2.
 */
function resolveNames(x: Exchange, names: readonly string[]): Resolved {
  const { objects } = x.state;
  const found = new Map<string, { image: Image; repoTags: string[] }>();
  const add = (image: Image, repoTag: string | null): void => {
    const entry = found.get(image.id) ?? { image, repoTags: [] };
    if (repoTag !== null && !entry.repoTags.includes(repoTag)) entry.repoTags.push(repoTag);
    found.set(image.id, entry);
  };
  for (const name of names) {
    if (FULL_ID.test(name)) {
      const image = objects.findImage(name);
      if (image === undefined) return { status: 404, message: `No such image: ${name.startsWith('sha256:') ? name : `sha256:${name}`}` };
      add(image, null);
      continue;
    }
    if (name === '') return { status: 500, message: INVALID_REFERENCE };
    const { repo, tag } = splitReference(name);
    const problem = referenceError(x, repo, tag);
    if (problem !== null) return { status: 500, message: problem };
    const nameOnly = !name.slice(name.lastIndexOf('/') + 1).includes(':');
    if (repo === 'sha256') {
      // sha256:<prefix> is an ID prefix (moby: a familiar name "sha256" is searched as an ID).
      const image = objects.findImage(name);
      if (image === undefined) return { status: 404, message: `No such image: ${name}` };
      add(image, null);
      continue;
    }
    if (nameOnly) {
      const familiar = familiarRepo(repo);
      const tagged = objects
        .allImages()
        .flatMap((image) => objects.tagsOf(image).map((repoTag) => ({ image, repoTag })))
        .filter(({ repoTag }) => splitReference(repoTag).repo === familiar);
      if (tagged.length > 0) {
        for (const { image, repoTag } of tagged.sort((a, b) => (a.repoTag < b.repoTag ? -1 : 1))) add(image, repoTag);
        continue;
      }
    }
    const image = objects.findImage(name);
    // A tag the reference store lacks is its own error; a name without one was searched as an image.
    // 29.7 names the tag it looked for (observed on 29.7.2, its containerd image store; 29.0 to 29.6 not observed).
    if (image === undefined)
      return { status: 404, message: nameOnly ? `No such image: ${releaseBelow(x, '29.7') ? name : `${name}:latest`}` : 'reference does not exist' };
    add(image, nameOnly && objects.taggedAs(name) === undefined ? null : familiarRepoTag(name));
  }
  return { images: [...found.values()] };
}

async function answerSave(x: Exchange, names: readonly string[]): Promise<void> {
  const resolved = resolveNames(x, names);
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
