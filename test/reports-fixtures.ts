/** Shared by test/reports-*.test.ts and test/browser/: fixed sample reports, an arbitrary of reports, a strict XML checker. */
import fc from 'fast-check';
import {
  deviationCovers,
  TARGET_KINDS,
  type ConformanceReport,
  type Counterexample,
  type Evidence,
  type HttpExchange,
  type KnownDeviationNote,
  type ResultStatus,
  type RuleResult,
  type RuleSummary,
} from '../reports/model/result.js';
import { totalsOf } from '../reports/model/totals.js';

export const STATUSES: readonly ResultStatus[] = ['pass', 'fail', 'not-applicable', 'skipped', 'error'];

export { totalsOf };

export function sampleReport(): ConformanceReport {
  const rules: RuleSummary[] = [
    { id: 'version.header', title: 'Responses carry an API-Version header', source: 'document', section: '§2.1', reading: 'Every response\nhas the header.' },
    { id: 'version.too-old', title: 'Too-old versions are rejected with 400', source: 'document', section: '§2.3' },
    {
      id: 'ping.head',
      title: 'HEAD /_ping <answers> & "works"',
      source: 'implementation',
      section: 'router.go',
      reading: '</script><script>alert(1)</script>',
    },
  ];
  const results: RuleResult[] = [
    { rule: 'version.header', api: '1.40', status: 'pass', evidence: { summary: 'header present' }, durationMs: 3.5 },
    {
      rule: 'version.header',
      api: '1.41',
      status: 'fail',
      evidence: {
        summary: 'expected header API-Version, got none',
        exchanges: [
          {
            request: 'GET /v1.41/version',
            endpoint: 'unix:///tmp/ctc-x/ctr.sock',
            status: 200,
            headers: { 'content-type': 'application/json' },
            body: '{"Version":"1.0"}',
          },
        ],
        counterexample: { seed: -1234567, path: '7:0:1', input: '["/v1.41/version"]', numRuns: 100 },
        rerun:
          'node dist/cli/ctr-conformance.js run --target sim --profile ctr --num-runs 100 --num-starts 5 --seed 42 --only version.header@1.41 --path "7:0:1"',
        curl: 'curl -sS -i --unix-socket /tmp/ctc-x/ctr.sock http://localhost/v1.41/version',
      },
      durationMs: 12,
    },
    { rule: 'version.too-old', api: '1.40', status: 'not-applicable', evidence: { summary: 'n/a', reason: 'minimum version' }, durationMs: 0 },
    { rule: 'version.too-old', api: '1.41', status: 'skipped', evidence: { summary: 'skipped', reason: 'profile docker' }, durationMs: 0 },
    { rule: 'ping.head', api: null, status: 'error', evidence: { summary: 'connection refused', reason: 'ECONNREFUSED' }, durationMs: 1 },
  ];
  return reportFrom({
    apiRange: { min: '1.40', max: '1.41' },
    observedApiRange: { min: '1.40', max: '1.41', source: 'version' },
    seed: 42,
    startedAt: '2024-01-01T00:00:00.000Z',
    durationMs: 1234,
    apiVersions: ['1.40', '1.41'],
    rules,
    results,
  });
}

/** What differs from one fixed report to another; the tool, the rest of the target, the deadlines and the totals are filled in. */
interface ReportParts {
  readonly apiRange: ConformanceReport['target']['apiRange'];
  readonly observedApiRange: ConformanceReport['target']['observedApiRange'];
  readonly seed: number;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly apiVersions: string[];
  readonly rules: RuleSummary[];
  readonly results: RuleResult[];
}

function reportFrom(parts: ReportParts): ConformanceReport {
  return {
    tool: { name: 'ctr-conformance', version: '0.1.0' },
    target: {
      spec: 'sim',
      kind: 'in-process',
      profile: 'ctr',
      version: '1.0.0',
      release: '1.0',
      apiRange: parts.apiRange,
      observedApiRange: parts.observedApiRange,
      surfaces: ['daemon-api', 'daemon-process'],
      capabilities: ['start', 'wire'],
    },
    seed: parts.seed,
    numRuns: 100,
    startedAt: parts.startedAt,
    durationMs: parts.durationMs,
    deadlines: { requestMs: 10_000, cellMs: 120_000, runMs: 1_800_000 },
    apiVersions: parts.apiVersions,
    rules: parts.rules,
    results: parts.results,
    totals: totalsOf(parts.results),
  };
}

/**
 * The report test/browser/report.spec.ts opens in Chromium: four API versions, a failing cell with
 * its exchange (a body that tries to close the script element), a counterexample and the lines to
 * rerun it, every status, and two results in one cell.
 */
export function browserReport(): ConformanceReport {
  const apiVersions = ['1.40', '1.41', '1.42', '1.43'];
  const results: RuleResult[] = [
    {
      rule: 'version.header',
      api: '1.40',
      status: 'pass',
      evidence: {
        summary: 'API-Version header present',
        exchanges: [{ request: 'HEAD /v1.40/_ping', endpoint: 'unix:///tmp/ctc-x/d.sock', status: 200, headers: { 'api-version': '1.43' }, body: '' }],
      },
      durationMs: 2,
    },
    { rule: 'version.header', api: '1.41', status: 'pass', evidence: { summary: 'API-Version header present' }, durationMs: 2 },
    {
      rule: 'version.header',
      api: '1.42',
      status: 'fail',
      evidence: {
        summary: 'expected header API-Version: 1.42, got no header <b>at all</b>',
        exchanges: [
          {
            request: 'GET /v1.42/version',
            endpoint: 'unix:///tmp/ctc-x/d.sock',
            status: 200,
            headers: { 'content-type': 'application/json', server: 'ctrd-sim' },
            body: '{"Version":"1.0.0","ApiVersion":"1.42"} </script><img src=x onerror="window.pwned=1">',
          },
        ],
        counterexample: { seed: 1837465, path: '12:3:0', input: '{"method":"GET","path":"/v1.42/version"}', numRuns: 100 },
        rerun:
          'node dist/cli/ctr-conformance.js run --target sim --profile ctr --num-runs 100 --num-starts 5 --seed 4242 --only version.header@1.42 --path "12:3:0"',
        curl: "curl -sS -i --unix-socket /tmp/ctc-x/d.sock 'http://localhost/v1.42/version'",
      },
      durationMs: 31,
    },
    { rule: 'version.header', api: '1.43', status: 'skipped', evidence: { summary: 'not run', reason: 'profile docker' }, durationMs: 0 },
    { rule: 'version.too-old', api: '1.40', status: 'not-applicable', evidence: { summary: 'n/a', reason: 'below minimum' }, durationMs: 0 },
    { rule: 'version.too-old', api: '1.41', status: 'error', evidence: { summary: 'request failed', reason: 'ECONNRESET' }, durationMs: 5 },
    { rule: 'ping.head', api: null, status: 'pass', evidence: { summary: 'HEAD /_ping answered 200' }, durationMs: 1 },
    { rule: 'ping.head', api: '1.43', status: 'pass', evidence: { summary: 'ok' }, durationMs: 1 },
    { rule: 'ping.head', api: '1.43', status: 'fail', evidence: { summary: 'second check failed' }, durationMs: 1 },
  ];
  return reportFrom({
    apiRange: { min: '1.40', max: '1.43' },
    observedApiRange: { min: '1.39', max: '1.43', source: 'version' },
    seed: 4242,
    startedAt: '2024-05-01T12:00:00.000Z',
    durationMs: 5321,
    apiVersions,
    rules: [
      { id: 'version.header', title: 'Responses carry API-Version', source: 'document', section: '§2.1', reading: 'Every response has it.' },
      { id: 'version.too-old', title: 'Too-old versions are rejected', source: 'document', section: '§2.3' },
      { id: 'ping.head', title: 'HEAD /_ping works <really>', source: 'implementation', section: 'router.go:88' },
    ],
    results,
  });
}

// ---- arbitraries --------------------------------------------------------------------------------

/** Pieces that break naive escaping, plus any single code point. */
const special = fc.constantFrom(
  '<',
  '>',
  '&',
  '"',
  "'",
  '</script>',
  '</SCRIPT ',
  '<!--',
  '-->',
  ']]>',
  '&amp;',
  '&#0;',
  '\\',
  '\\u003c',
  '\u0000',
  '\u0001',
  '\u0008',
  '\u000b',
  '\u000c',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u2029',
  '\uFFFE',
  '\uFFFF',
  '\uD800',
  '\uDFFF',
  '😀',
  'é',
  '中',
  '\t',
  '\n',
  '\r',
  ' ',
  'a',
);
const unit = fc.oneof(special, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }));
export const nasty = (c: { minLength?: number; maxLength?: number } = {}) => fc.string({ unit, maxLength: 20, ...c });

const nonNegative = fc.double({ min: 0, max: 1e7, noNaN: true, noDefaultInfinity: true }).map((x) => x + 0); // no -0

const exchangeArb: fc.Arbitrary<HttpExchange> = fc.record(
  {
    request: nasty(),
    endpoint: nasty(),
    requestBody: nasty({ maxLength: 30 }),
    status: fc.integer({ min: 100, max: 599 }),
    headers: fc.dictionary(nasty({ maxLength: 8 }), nasty(), { maxKeys: 3 }),
    body: nasty({ maxLength: 60 }),
  },
  { requiredKeys: ['request'] },
);
const counterexampleArb: fc.Arbitrary<Counterexample> = fc.record({
  seed: fc.integer(),
  path: nasty(),
  input: nasty({ maxLength: 60 }),
  numRuns: fc.nat(),
});
const evidenceArb: fc.Arbitrary<Evidence> = fc.record(
  {
    summary: nasty(),
    exchanges: fc.array(exchangeArb, { maxLength: 2 }),
    counterexample: counterexampleArb,
    reason: nasty(),
    rerun: nasty(),
    curl: nasty(),
    curlAfterRun: fc.record({ note: nasty(), commands: fc.array(nasty(), { maxLength: 2 }) }),
  },
  { requiredKeys: ['summary'] },
);

const knownDeviationNoteArb = (apis: readonly string[]): fc.Arbitrary<KnownDeviationNote> =>
  fc.record(
    {
      release: nasty({ minLength: 1, maxLength: 6 }),
      apis: fc.option(fc.subarray([...apis]), { nil: null }),
      what: nasty(),
      evidence: nasty(),
      ruleSays: nasty(),
    },
    { requiredKeys: ['release', 'apis', 'what', 'ruleSays'] },
  );

/**
 * Known deviations on a report, consistently: some rules get a note, and a failing result its
 * rule's note covers is labelled or not (a simulator need not carry the quirk).
 */
export const withArbitraryDeviations = (report: ConformanceReport): fc.Arbitrary<ConformanceReport> =>
  fc
    .record({
      notes: fc.array(fc.option(knownDeviationNoteArb(report.apiVersions), { nil: undefined }), {
        minLength: report.rules.length,
        maxLength: report.rules.length,
      }),
      marks: fc.array(fc.boolean(), { minLength: report.results.length, maxLength: report.results.length }),
    })
    .map(({ notes, marks }) => {
      const rules = report.rules.map((rule, i) => (notes[i] === undefined ? rule : { ...rule, knownDeviations: [notes[i]] }));
      const noteOf = new Map(rules.map((rule) => [rule.id, rule.knownDeviations ?? []]));
      const results = report.results.map((result, i) =>
        result.status === 'fail' && marks[i] === true && (noteOf.get(result.rule) ?? []).some((n) => deviationCovers(n, result.api))
          ? { ...result, knownDeviation: true as const }
          : result,
      );
      return { ...report, rules, results };
    });

/** A surface: mostly the catalogue's four, sometimes any string (a report comes from anywhere). */
const surfaceArb = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('daemon-api', 'daemon-process', 'model-runner-api', 'model-runner-service') },
  { weight: 1, arbitrary: nasty({ minLength: 1, maxLength: 16 }) },
);

export const reportArb: fc.Arbitrary<ConformanceReport> = fc
  .record({
    ruleIds: fc.uniqueArray(nasty({ minLength: 1, maxLength: 10 }), { maxLength: 5 }),
    apis: fc.uniqueArray(nasty({ minLength: 1, maxLength: 5 }), { maxLength: 4 }),
  })
  .chain(({ ruleIds, apis }) => {
    const rules = fc.tuple(
      ...ruleIds.map((id) =>
        fc.record(
          {
            id: fc.constant(id),
            title: nasty(),
            source: fc.constantFrom('document' as const, 'implementation' as const),
            section: nasty(),
            reading: nasty({ maxLength: 40 }),
            surface: surfaceArb,
          },
          { requiredKeys: ['id', 'title', 'source', 'section'] },
        ),
      ),
    );
    const result: fc.Arbitrary<RuleResult> | null =
      ruleIds.length === 0
        ? null
        : fc.record(
            {
              rule: fc.constantFrom(...ruleIds),
              api: apis.length === 0 ? fc.constant(null) : fc.option(fc.constantFrom(...apis), { nil: null }),
              axes: fc.dictionary(nasty({ minLength: 1, maxLength: 6 }), nasty({ maxLength: 8 }), { maxKeys: 2 }),
              status: fc.constantFrom(...STATUSES),
              evidence: evidenceArb,
              durationMs: nonNegative,
            },
            { requiredKeys: ['rule', 'api', 'status', 'evidence', 'durationMs'] },
          );
    return fc.record({
      tool: fc.record({ name: fc.constant('ctr-conformance' as const), version: nasty() }),
      target: fc.record({
        spec: nasty(),
        kind: fc.constantFrom(...TARGET_KINDS),
        profile: fc.constantFrom('ctr' as const, 'docker' as const),
        version: fc.option(nasty(), { nil: null }),
        release: fc.option(nasty(), { nil: null }),
        apiRange: fc.option(fc.record({ min: nasty(), max: nasty() }), { nil: null }),
        observedApiRange: fc.option(
          fc.record({
            min: fc.option(nasty(), { nil: null }),
            max: fc.option(nasty(), { nil: null }),
            source: fc.constantFrom('version' as const, 'ping' as const),
          }),
          { nil: null },
        ),
        // the catalogue's surfaces (a target with the daemon API or without it), and any other string
        surfaces: fc.uniqueArray(surfaceArb, { maxLength: 3 }),
        capabilities: fc.array(nasty({ maxLength: 8 }), { maxLength: 4 }),
      }),
      seed: fc.integer(),
      numRuns: fc.nat(),
      startedAt: nasty(),
      durationMs: nonNegative,
      deadlines: fc.record({ requestMs: nonNegative, cellMs: nonNegative, runMs: nonNegative }),
      apiVersions: fc.constant(apis),
      rules,
      results: result ? fc.array(result, { maxLength: 12 }) : fc.constant([]),
    });
  })
  .map((r) => ({ ...r, totals: totalsOf(r.results) }))
  .chain(withArbitraryDeviations);

// ---- a strict, tiny XML 1.0 checker ------------------------------------------------------------

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** What an XML 1.0 document cannot contain, as a string-level replacement (the renderer's contract). */
export const XML_ILLEGAL = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
export const xmlVisible = (s: string) => s.replace(XML_ILLEGAL, (c) => `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`);

const NAME = /^[A-Za-z_][\w.-]*/;

function legalCodePoint(cp: number): boolean {
  return cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
}

/** Decodes character data; throws on a raw `<`, a bad `&` reference or `]]>`. */
function decode(raw: string, where: string): string {
  if (raw.includes('<')) throw new Error(`raw '<' in ${where}`);
  if (where === 'text' && raw.includes(']]>')) throw new Error(`']]>' in text`);
  return raw.replace(/&([^;]*);?/g, (m, ref: string) => {
    if (!m.endsWith(';')) throw new Error(`unterminated reference ${JSON.stringify(m)} in ${where}`);
    const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
    if (ref in named) return named[ref] ?? '';
    const num = /^#x([0-9a-fA-F]+)$/.exec(ref)?.[1] ?? /^#([0-9]+)$/.exec(ref)?.[1];
    if (num === undefined) throw new Error(`bad reference ${JSON.stringify(m)} in ${where}`);
    const cp = ref.startsWith('#x') ? parseInt(num, 16) : parseInt(num, 10);
    if (!legalCodePoint(cp)) throw new Error(`reference to illegal character ${m}`);
    return String.fromCodePoint(cp);
  });
}

/** Parses the subset of XML the JUnit renderer may produce; throws on anything not well-formed. */
export function parseXml(xml: string): XmlElement {
  const illegal = xml.match(XML_ILLEGAL);
  if (illegal) throw new Error(`illegal XML character U+${(illegal[0].codePointAt(0) ?? 0).toString(16)}`);
  const decl = '<?xml version="1.0" encoding="UTF-8"?>';
  if (!xml.startsWith(decl)) throw new Error('missing XML declaration');
  let i = decl.length;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt === -1 ? xml.length : lt);
    const top = stack[stack.length - 1];
    if (top) top.text += decode(text, 'text');
    else if (text.trim() !== '') throw new Error(`text outside the root element: ${JSON.stringify(text.slice(0, 40))}`);
    if (lt === -1) break;
    i = lt + 1;
    if (xml[i] === '/') {
      const name = NAME.exec(xml.slice(i + 1))?.[0];
      if (!name || xml[i + 1 + name.length] !== '>') throw new Error(`bad end tag at ${lt}`);
      const open = stack.pop();
      if (!open || open.name !== name) throw new Error(`</${name}> closes <${open?.name ?? 'nothing'}>`);
      i += name.length + 2;
      continue;
    }
    const name = NAME.exec(xml.slice(i))?.[0];
    if (!name) throw new Error(`bad markup at ${lt}: ${JSON.stringify(xml.slice(lt, lt + 20))}`);
    if (!top && root) throw new Error('second root element');
    i += name.length;
    const node: XmlElement = { name, attrs: {}, children: [], text: '' };
    for (;;) {
      const m = /^\s+([A-Za-z_][\w.:-]*)="([^"]*)"/.exec(xml.slice(i));
      if (!m) break;
      const [all, key = '', value = ''] = m;
      if (key in node.attrs) throw new Error(`duplicate attribute ${key} on <${name}>`);
      // attribute-value normalisation: literal whitespace characters become spaces
      node.attrs[key] = decode(value.replace(/[\t\n\r]/g, ' '), `attribute ${key}`);
      i += all.length;
    }
    const close = /^\s*(\/?)>/.exec(xml.slice(i));
    if (!close) throw new Error(`bad start tag <${name}> at ${lt}: ${JSON.stringify(xml.slice(i, i + 20))}`);
    i += close[0].length;
    if (top) top.children.push(node);
    else root = node;
    if (close[1] !== '/') stack.push(node);
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack.map((s) => s.name).join('>, <')}>`);
  if (!root) throw new Error('no root element');
  return root;
}

// ---- HTML helpers ----------------------------------------------------------------------------------

/** What the HTML renderer promises to show for a string: controls as \uXXXX, lone surrogates as U+FFFD. */
export const htmlVisible = (s: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it replaces
  s.replace(/[\0-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F]|[\uD800-\uDFFF]/gu, (c) => {
    const cp = c.codePointAt(0) ?? 0;
    return cp >= 0xd800 && cp <= 0xdfff ? '\uFFFD' : `\\u${cp.toString(16).padStart(4, '0')}`;
  });

export function decodeHtmlAttr(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] ?? '');
}

export interface HtmlCell {
  rule: string;
  api: string;
  status: string;
  ids: number[];
  text: string;
  attrs: string;
}

export function matrixCells(html: string): HtmlCell[] {
  const cells: HtmlCell[] = [];
  const re =
    /<td data-rule="([^"]*)" data-api="([^"]*)" data-status="([^"]*)"([^>]*)>([^<]*)(?:<sup>\d+<\/sup>)?(?:<sub class="kd" aria-hidden="true">K<\/sub>)?<\/td>/g;
  for (const m of html.matchAll(re)) {
    const [, rule = '', api = '', status = '', attrs = '', text = ''] = m;
    const ids = /data-r="([^"]*)"/.exec(attrs)?.[1]?.split(' ').filter(Boolean).map(Number) ?? [];
    cells.push({ rule: decodeHtmlAttr(rule), api: decodeHtmlAttr(api), status, ids, text, attrs });
  }
  return cells;
}

export function embeddedData(html: string): string {
  const m = /<script type="application\/json" id="report-data">([\s\S]*?)<\/script>/.exec(html);
  if (!m || m[1] === undefined) throw new Error('no report-data script');
  return m[1];
}
