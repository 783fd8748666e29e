// Reads tap's TAP stream and names the failed tests, so that the end of a long run (all CI keeps)
// says which ones failed and why.

const SUBTEST = /^(\s*)# Subtest: (.*)$/;
const RESULT = /^(\s*)(not ok|ok) \d+(?: - ([^#]*?))?\s*(?:#.*)?$/;
const DIAG_START = /^(\s*)---$/;

/** The failed tests of a TAP stream: their path of subtest names, and the first lines of their diagnostics. */
export function tapFailures(text) {
  const lines = text.split('\n');
  /** The open subtests: the indentation of their header (and of their result), their name, the failures before them. */
  const open = [];
  const failures = [];
  for (let i = 0; i < lines.length; i++) {
    const subtest = SUBTEST.exec(lines[i]);
    if (subtest) {
      const indent = subtest[1].length;
      while (open.length > 0 && open.at(-1).indent >= indent) open.pop();
      open.push({ indent, name: subtest[2].trim(), failuresBefore: failures.length });
      continue;
    }
    const result = RESULT.exec(lines[i]);
    if (!result) continue;
    const indent = result[1].length;
    while (open.length > 0 && open.at(-1).indent > indent) open.pop();
    // The result of the subtest opened at this indentation: it closes it.
    const closed = open.length > 0 && open.at(-1).indent === indent ? open.pop() : undefined;
    if (result[2] !== 'not ok') continue;
    // A failed subtest whose own failures are named already adds nothing; one that failed by itself
    // (a timeout, a thrown error) is named.
    if (closed !== undefined && failures.length > closed.failuresBefore) continue;
    const diagnostics = [];
    if (DIAG_START.test(lines[i + 1] ?? '')) {
      for (let j = i + 2; j < lines.length && !/^\s*\.\.\.$/.test(lines[j]); j++) diagnostics.push(lines[j].trim());
    }
    failures.push({ path: open.map((o) => o.name), name: (result[3] ?? '').trim(), diagnostics });
  }
  return failures;
}

/** What the end of a run prints of its failures: at most `maxLines` lines, each at most `width` characters. */
export function describeFailures(failures, { maxLines = 50, width = 400 } = {}) {
  const out = [];
  const clip = (line) => (line.length > width ? `${line.slice(0, width - 1)}…` : line);
  // The lines worth reading first: the message, what was found and wanted, a diff's lines, where.
  const worth = (line) => /^(message|found|wanted|error|code|fileName|lineNumber|test):/.test(line) || (/^[+-]/.test(line) && !/^(\+\+\+|--)/.test(line));
  let named = 0;
  for (const failure of failures) {
    if (out.length >= maxLines) break;
    out.push(clip(`not ok: ${[...failure.path, failure.name].join(' › ')}`));
    for (const line of failure.diagnostics.filter(worth).slice(0, 6)) out.push(clip(`    ${line}`));
    named += 1;
  }
  if (named < failures.length) out.push(`(${failures.length} failures in all; the first ${named} are above)`);
  return out.slice(0, maxLines + 1);
}
