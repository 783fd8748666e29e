import { readFileSync } from 'node:fs';
import t from 'tap';
import semver from 'semver';

/**
 * package.json's `engines` tells the truth: every Node.js release it admits is admitted by every
 * locked package that names the Node.js it needs (else `npm ci` warns, and that package may not
 * run), and this machine's Node.js is one of them.
 */
const root = new URL('../../', import.meta.url);
const project = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[] }>;
};

t.test("every locked package admits every Node.js release the project's engines admit", async (t) => {
  const range = project.engines.node;
  t.ok(semver.validRange(range), `engines.node "${range}" is a range`);
  const narrower = Object.entries(lock.packages)
    .map(([path, entry]) => [path, Array.isArray(entry.engines) ? undefined : entry.engines?.node] as const)
    .filter((pair): pair is readonly [string, string] => pair[1] !== undefined && !semver.subset(range, pair[1]))
    .map(([path, node]) => `${path} needs node ${node}`);
  t.same(narrower, [], `locked packages that need more than "${range}"`);
  t.ok(semver.satisfies(process.versions.node, range), `this Node.js (${process.versions.node}) is in "${range}"`);
});
