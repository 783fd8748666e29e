import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'acorn';
import t from 'tap';

/**
 * Issue 41: SIGUSR1 with no listener opens node's inspector on 127.0.0.1:9229. The bundled
 * binaries give it a listener as their very first statement, before the bundle is read or
 * compiled (scripts/cached-script.mjs), so the only window left is node's own start-up before any
 * JavaScript runs (node 20 has no --disable-sigusr1).
 */
/** Each binary and how node runs it: ctrd-sim as CommonJS (a package.json without a type beside it), the CLI as an ES module. */
const BINARIES = {
  'ctrd-sim': { file: fileURLToPath(new URL('../simulator/bin/ctrd-sim.js', import.meta.url)), sourceType: 'script' },
  'ctr-conformance': { file: fileURLToPath(new URL('../cli/ctr-conformance.js', import.meta.url)), sourceType: 'module' },
} as const;

interface Node {
  type: string;
  [key: string]: unknown;
}

t.test("each binary's first statement gives SIGUSR1 a listener", async (t) => {
  for (const [name, { file, sourceType }] of Object.entries(BINARIES)) {
    const program = parse(readFileSync(file, 'utf8'), {
      ecmaVersion: 'latest',
      sourceType,
      allowHashBang: true,
    }) as unknown as {
      body: Node[];
    };
    const statements = program.body.filter((node) => node['directive'] === undefined);
    const first = statements[0] as { expression?: { type: string; callee?: Node; arguments?: Node[] } } | undefined;
    const callee = first?.expression?.callee as { object?: Node; property?: Node } | undefined;
    t.equal(first?.expression?.type, 'CallExpression', `${name}: the first statement is a call`);
    t.equal((callee?.object as { name?: string } | undefined)?.name, 'process', `${name}: of process`);
    t.equal((callee?.property as { name?: string } | undefined)?.name, 'on', `${name}: .on`);
    t.equal((first?.expression?.arguments?.[0] as { value?: string } | undefined)?.value, 'SIGUSR1', `${name}: for SIGUSR1`);
  }
});
