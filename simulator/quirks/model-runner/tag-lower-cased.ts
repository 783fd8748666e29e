import type { ModelReference } from '../../model-runner/store/index.js';

// Quirk hypothetical.mr.reference.normalised.tag-lower-cased (specs/quirks/model-runner.ts): the create lower-cases the
// whole reference, its tag too: ns/name:Tag is stored as ns/name:tag, and creating ns/name:tag after it is taken as
// cached.

/** The reference as a strings.ToLower of the whole of it makes it. */
export const lowerCased = (ref: ModelReference): ModelReference => ({ ...ref, tag: ref.tag.toLowerCase(), canonical: ref.canonical.toLowerCase() });
