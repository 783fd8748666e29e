import { tarball } from '../deprecations/image-tarball.js';
import { HttpClientError } from '../http/client.js';
import type { DiffSide, Seen } from './explore.js';
import { kindsOf } from './explore.js';
import { noAnswer, observe, type Observation } from './observation.js';
import type { Probe } from './probe.js';
import { sortedBy } from './unordered-lists.js';
import { CONTAINERS, IMAGES, TAG_NAMES, containerName, imageName, stepRequest, stepText, type Step, type StepRequest } from './sequence-steps.js';

/** What one side holds of the objects a sequence made: the ids each symbol had, in order, for the clean-up and for writing them back as symbols. */
class SideObjects {
  /** `i0` → its ids, the current one last. */
  private readonly ids = new Map<string, string[]>();

  record(symbol: string, id: string): void {
    const all = this.ids.get(symbol) ?? [];
    if (!all.includes(id)) all.push(id);
    this.ids.set(symbol, all);
  }

  current(symbol: string): string | undefined {
    return this.ids.get(symbol)?.at(-1);
  }

  all(kind: 'i' | 'c'): string[] {
    return [...this.ids.entries()].filter(([s]) => s.startsWith(kind)).flatMap(([, ids]) => ids);
  }

  /**
   * `text` with each id this side gave written as its symbol (`{i0}`; a symbol's later ids
   * `{i0~2}` …), in its full, bare and short (12 digits) forms: the two sides' answers then name
   * the same objects alike, and a message that quotes an id compares as text.
   */
  symbolic(text: string): string {
    const forms: [string, string][] = [];
    for (const [symbol, ids] of this.ids)
      ids.forEach((id, n) => {
        const name = n === 0 ? `{${symbol}}` : `{${symbol}~${n + 1}}`;
        const hex = id.replace(/^sha256:/, '');
        forms.push([id, name], [hex, name], [hex.slice(0, 12), name]);
      });
    forms.sort(([a], [b]) => b.length - a.length);
    let out = text;
    for (const [form, name] of forms) out = out.split(form).join(name);
    return out;
  }
}

/** The tarball a step imports as image `n`: one file of its own, so that the two images differ. */
const tarballs = new Map<number, Promise<Buffer>>();
const imageTarball = (n: number): Promise<Buffer> => {
  let tar = tarballs.get(n);
  if (tar === undefined) {
    tar = tarball([{ type: 'file', name: 'ctc', content: Buffer.from(`ctr-conformance sequence image ${n}\n`) }]);
    tarballs.set(n, tar);
  }
  return tar;
};

/** `{i0}`, `{c1}` … in `text` replaced by the side's current ids (a symbol with none: its name, which that side does not hold). */
function rendered(text: string, objects: SideObjects): string {
  return text.replace(/\{([ic])(\d)\}/g, (_, kind: string, n: string) => {
    const id = objects.current(`${kind}${n}`);
    return id ?? (kind === 'i' ? imageName(Number(n)) : containerName(Number(n)));
  });
}

/** An answer of JSON lines (a stream of events, of progress) as one JSON array, so that it compares line by line. */
function jsonLines(o: Observation): Observation {
  if (o.body.kind !== 'text') return o;
  const lines = o.body.text.split('\n').filter((l) => l.trim() !== '');
  try {
    return { ...o, body: { kind: 'json', value: lines.map((l) => JSON.parse(l) as unknown) } };
  } catch {
    return o;
  }
}

/**
 * Lists whose order the explorer leaves to the suites: dockerd orders them by Created, in
 * seconds, and two objects one sequence makes fall within one second, or across one, by chance.
 */
const LISTS = new Set(['/images/json', '/containers/json']);

/** A list's items by id (symbolic by then): what both sides list, whatever the order of ties. */
const inIdOrder = (route: string, o: Observation): Observation => (LISTS.has(route) ? sortedBy(o, 'Id') : o);

interface SentStep {
  readonly answer: Observation;
  /** The request as this side got it (its own ids), for its curl line. */
  readonly probe: Probe;
}

async function sendStep(side: DiffSide, objects: SideObjects, request: StepRequest, version: string | null, timeoutMs: number): Promise<SentStep> {
  const path = `${version === null ? '' : `/v${version}`}${rendered(request.path, objects)}`;
  const text = request.body === undefined || request.tarball !== undefined ? request.body : rendered(request.body, objects);
  const probe: Probe = { method: request.method, route: request.route, version, path, headers: request.headers, ...(text === undefined ? {} : { body: text }) };
  const body = request.tarball !== undefined ? await imageTarball(request.tarball) : text;
  try {
    const reply = await side.client.request(request.method, path, {
      headers: request.headers,
      ...(body === undefined ? {} : { body }),
      timeoutMs,
      maxBodyBytes: 4 << 20,
      tooLarge: 'truncate',
    });
    if (reply.status < 300) learnIds(request, reply.body, objects);
    return { answer: inIdOrder(request.route, jsonLines(observe({ ...reply, body: objects.symbolic(reply.body) }))), probe };
  } catch (error) {
    if (error instanceof HttpClientError) return { answer: noAnswer(error.code), probe };
    throw error;
  }
}

/** The id an import or a create answered, under its symbol. */
function learnIds(request: StepRequest, body: string, objects: SideObjects): void {
  if (request.tarball !== undefined) {
    const id = /"status":"(sha256:[0-9a-f]{64})"/.exec(body)?.[1];
    if (id !== undefined) objects.record(`i${request.tarball}`, id);
  } else if (request.route === '/containers/create') {
    const id = /"Id":"([0-9a-f]{64})"/.exec(body)?.[1];
    const n = /name=ctc-seq-c(\d)/.exec(request.path)?.[1];
    if (id !== undefined && n !== undefined) objects.record(`c${n}`, id);
  }
}

/**
 * Removes what a sequence made on one side, whatever its steps did: its containers (forced), its
 * images by id and by every name a step gives (forced). Each request has the deadline of any
 * other; an answer that is no success (already gone) is not an error.
 */
async function cleanUp(side: DiffSide, objects: SideObjects, timeoutMs: number): Promise<void> {
  const remove = (path: string): Promise<unknown> => side.client.request('DELETE', path, { timeoutMs }).catch(() => undefined);
  const containers = [...objects.all('c'), ...Array.from({ length: CONTAINERS }, (_, n) => containerName(n))];
  for (const c of containers) await remove(`/containers/${c}?force=1`);
  const images = [...objects.all('i'), ...Array.from({ length: IMAGES }, (_, n) => imageName(n)), ...TAG_NAMES];
  for (const i of images) await remove(`/images/${i}?force=1`);
}

/** A time as /events takes it: seconds and nanoseconds. */
const eventTime = (ms: number): string => `${Math.floor(ms / 1000)}.${String((ms % 1000) * 1_000_000).padStart(9, '0')}`;

/** A kind of difference one step of a sequence showed, with the request as each side got it. */
export interface SequenceSeen extends Seen {
  readonly step: number;
  readonly sent: readonly [Probe, Probe];
}

/**
 * Runs `steps` on both sides, step by step (each step to both at once), and returns each kind of
 * difference the steps' answers show (the first step showing it). Everything the sequence made is
 * removed from both sides before it returns or throws.
 */
export async function runSequence(sides: readonly [DiffSide, DiffSide], steps: readonly Step[], timeoutMs: number): Promise<Map<string, SequenceSeen>> {
  const objects = [new SideObjects(), new SideObjects()] as const;
  const facts = [sides[0].side, sides[1].side] as const;
  const out = new Map<string, SequenceSeen>();
  const since = eventTime(Date.now());
  try {
    for (const [n, step] of steps.entries()) {
      // `until` a millisecond ahead: the events of the steps before (times in nanoseconds) are all before it.
      const request = stepRequest(step, { since, until: eventTime(Date.now() + 1) });
      // Both sides' requests are over before anything is thrown: the clean-up must not race a create still under way.
      const settled = await Promise.allSettled([0, 1].map((i) => sendStep(sides[i]!, objects[i]!, request, step.version, timeoutMs)));
      const [a, b] = settled.map((s) => {
        if (s.status === 'rejected') throw s.reason;
        return s.value;
      });
      // Labelled as the step reads with its ids symbolic: the route is the table's, the version the step's.
      const probe: Probe = {
        method: request.method,
        route: request.route,
        version: step.version,
        path: stepText(step).split(' ')[1]!,
        headers: request.headers,
        ...(request.body === undefined ? {} : { body: request.body }),
      };
      for (const [signature, seen] of kindsOf(probe, [a!.answer, b!.answer], facts, '(sequence) '))
        if (!out.has(signature)) out.set(signature, { ...seen, step: n, sent: [a!.probe, b!.probe] });
    }
  } finally {
    await Promise.all([cleanUp(sides[0], objects[0], timeoutMs), cleanUp(sides[1], objects[1], timeoutMs)]);
  }
  return out;
}
