// Quirk hypothetical.mr.models.create.openai-list-cached (specs/quirks/model-runner.ts): the OpenAI model list is
// cached and refreshed only when one of its models is gone (after a delete), not after a create: a created model is
// missing from it.

const cached = new WeakMap<object, readonly { readonly id: string }[]>();

/** The records the list shows: those cached for `owner`, until one of them is no longer held. */
export function listedThroughCache<R extends { readonly id: string }>(owner: object, records: readonly R[]): readonly R[] {
  const held = new Set(records.map((record) => record.id));
  const before = cached.get(owner) as readonly R[] | undefined;
  if (before?.every((record) => held.has(record.id))) return before;
  cached.set(owner, records);
  return records;
}
