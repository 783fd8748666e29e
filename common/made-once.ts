/**
 * A value made by `make` on the first call and the same value on every call after: for tables a
 * start does not need, so that a process makes them only when something reads them.
 */
export function madeOnce<T>(make: () => T): () => T {
  let made: { readonly value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
