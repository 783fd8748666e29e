import type { ModelReference } from '../../model-runner/store/index.js';

// Quirk hypothetical.mr.reference.normalised.namespace-case-kept (specs/quirks/model-runner.ts): GET and DELETE
// /models/{namespace}/{name} lower-case the name only: a namespace in another case names another model (404), while the
// create normalises the whole reference.

/** The reference looked up with its namespace as the path gives it (the name and tag normalised). */
export function withNamespaceAsGiven(ref: ModelReference, text: string): ModelReference {
  if (!text.includes('/')) return ref;
  const given = text.split('/')[0] ?? ref.namespace;
  return given === ref.namespace ? ref : { ...ref, namespace: given, canonical: `${given}${ref.canonical.slice(ref.namespace.length)}` };
}
