/**
 * "1.24–1.49, 1.51": API versions of one major with consecutive minors joined into ranges, in the
 * order given. The generated docs and the console's list of failing rules write cells this way.
 */
export function apiList(apis: readonly string[]): string {
  const runs: string[][] = [];
  for (const api of apis) {
    const last = runs.at(-1);
    const previous = last?.at(-1);
    const [major, minor] = api.split('.').map(Number);
    const [pmajor, pminor] = previous === undefined ? [] : previous.split('.').map(Number);
    if (last !== undefined && major === pmajor && minor === (pminor ?? Number.NaN) + 1) last.push(api);
    else runs.push([api]);
  }
  return runs.map((run) => (run.length === 1 ? run[0] : `${run[0]}–${run.at(-1)}`)).join(', ');
}
