import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { afterParseForm } from '../go-form.js';
import { goQueryValues } from '../go-query.js';
import { apiBelow, sendJson } from '../replies.js';
import { usesContainerdStore } from './image-store.js';
import { decodePlatform } from './platform.js';
import { imageOr404 } from './routes.js';

/** The API version the route needs (moby's router.WithMinimumAPIVersion), and its refusal below it, naming the route as registered. */
const MINIMUM_API = '1.55';
const ATTESTATION_MESSAGES = {
  belowMinimum: `GET /images/{name:.*}/attestations requires minimum API version ${MINIMUM_API}`,
  onePlatform: 'only one platform value is currently supported',
  legacyStore: 'the legacy image store does not support attestations',
} as const;

/**
 * GET /images/{name}/attestations (29.7, moby's getImageAttestations; observed on 29.7.2): below
 * API 1.55 a 400 naming the route; the form (engine/parses-form.ts); at most one `platform`, which
 * DecodePlatform reads; then the image store: the graph drivers' has none (501), containerd's
 * looks the image up (its 404) and finds sibling attestation manifests only under an image index.
 * ctrd-sim's images are single manifests (imported, loaded or committed here; nothing is pulled),
 * so a found image has none: `[]`, whatever `type` and `statement` ask.
 */
export const imageAttestationsRoute: Route = {
  method: 'GET',
  path: '/images/{name}/attestations',
  slashedParams: ['name'],
  where: 'simulator/engine/images/attestations.ts: GET /images/{name}/attestations',
  rules: [],
  handle(x: Exchange) {
    if (apiBelow(x, MINIMUM_API)) return handlerError(x, 400, ATTESTATION_MESSAGES.belowMinimum);
    return afterParseForm(x, () => attestations(x));
  },
};

function attestations(x: Exchange): void {
  const platforms = goQueryValues(x.query, 'platform');
  if (platforms.length > 1) return handlerError(x, 400, ATTESTATION_MESSAGES.onePlatform);
  const given = platforms[0] ?? '';
  if (given !== '') {
    const platform = decodePlatform(given, x.state.config.release.release);
    if ('error' in platform) return handlerError(x, 400, platform.error);
  }
  if (!usesContainerdStore(x.state.config)) return handlerError(x, 501, ATTESTATION_MESSAGES.legacyStore);
  if (imageOr404(x, x.params['name'] ?? '') === undefined) return;
  sendJson(x, 200, []);
}
