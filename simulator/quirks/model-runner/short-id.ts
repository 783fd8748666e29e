// Quirk hypothetical.mr.models.get.short-id (specs/quirks/model-runner.ts): GET /models/{namespace}/{name} answers the
// record with its id shortened to 12 hex digits (as the CLI shows it), unlike the list.

/** The record with its id as the CLI shows it: 12 hex digits, without "sha256:". */
export const withShortId = <R extends { readonly id: string }>(record: R): R => ({
  ...record,
  id: record.id.replace(/^sha256:([0-9a-f]{12})[0-9a-f]*$/, '$1'),
});
