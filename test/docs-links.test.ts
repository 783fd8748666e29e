import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';

/**
 * The README sends a newcomer into docs/: every relative link of README.md and docs/*.md must name
 * a file that exists, and a link's #fragment a heading of that file (as GitHub makes its anchors).
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DOCS = join(ROOT, 'docs');
const FILES = [
  'README.md',
  ...readdirSync(DOCS)
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** GitHub's anchor of a heading: lower case, punctuation but hyphens and underscores dropped, spaces as hyphens. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchors(text: string): Set<string> {
  const found = new Set<string>();
  let inFence = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) inFence = !inFence;
    const heading = inFence ? null : /^#{1,6} (.*)$/.exec(line);
    if (heading !== null) found.add(anchor(heading[1]!));
  }
  return found;
}

/** The relative links of a Markdown text, outside code fences and code spans. */
function links(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!).filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

t.test('GitHub anchors', async (t) => {
  t.equal(anchor('Measured outside `npm run bench`'), 'measured-outside-npm-run-bench');
  t.equal(anchor('Client faults (for client authors)'), 'client-faults-for-client-authors');
  t.equal(anchor('`report.json`'), 'reportjson');
});

for (const file of FILES) {
  t.test(`the relative links of ${file} resolve`, async (t) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const targets = links(text);
    if (file === 'README.md')
      t.ok(
        targets.some((target) => target.startsWith('docs/')),
        'the README links into docs/',
      );
    for (const target of targets) {
      const [path = '', fragment] = target.split('#');
      const resolved = path === '' ? join(ROOT, file) : resolve(dirname(join(ROOT, file)), decodeURIComponent(path));
      t.ok(existsSync(resolved), `${file}: ${target} names a file that exists`);
      if (fragment !== undefined && existsSync(resolved) && resolved.endsWith('.md'))
        t.ok(anchors(readFileSync(resolved, 'utf8')).has(fragment), `${file}: ${target} names a heading of that file`);
    }
  });
}
