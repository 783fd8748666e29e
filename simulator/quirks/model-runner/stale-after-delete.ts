// Quirk hypothetical.mr.models.list.stale-after-delete (specs/quirks/model-runner.ts): GET /models is cached and
// refreshed only when a model is added: a deleted model stays in the list until the next create.

const cached = new WeakMap<object, readonly { readonly id: string }[]>();

/** The records the list shows: those cached for `owner`, until a record is held that the cache lacks. */
export function listedUntilAdded<R extends { readonly id: string }>(owner: object, records: readonly R[]): readonly R[] {
  const before = cached.get(owner) as readonly R[] | undefined;
  const known = new Set(before?.map((record) => record.id));
  if (before !== undefined && records.every((record) => known.has(record.id))) return before;
  cached.set(owner, records);
  return records;
}
