import type { QuirkModule } from '../quirk-module.js';
import type { ModelReference } from '../../model-runner/store/index.js';

/** Hypothetical (specs/quirks/model-runner.ts): the create lower-cases the whole reference, its tag too: ns/name:Tag is stored as ns/name:tag, and creating ns/name:tag after it is taken as cached. */
export const TAG_LOWER_CASED = 'hypothetical.mr.reference.normalised.tag-lower-cased';

export const tagLowerCased: QuirkModule = {
  where:
    'simulator/quirks/model-runner/tag-lower-cased.ts; its row of simulator/model-runner/routes/models-variant.ts (MODELS_VARIATIONS), read by simulator/model-runner/routes/models.ts',
};

/** The reference as a strings.ToLower of the whole of it makes it. */
export const lowerCased = (ref: ModelReference): ModelReference => ({ ...ref, tag: ref.tag.toLowerCase(), canonical: ref.canonical.toLowerCase() });
