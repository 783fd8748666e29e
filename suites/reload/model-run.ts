import fc from 'fast-check';
import type { SuiteContext } from '../harness/context.js';
import { notExercisedFor } from '../harness/incidental.js';
import { checkProperty, type PropertyOptions } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { Violation, type Verdict } from '../harness/verdict.js';
import { describe, takesOption } from '../harness/start-and-inspect.js';
import type { CoverageRecorder } from '../harness/coverage.js';
import { conflictItem, flaggedKeys, invalidItem, startArgs, startSetups, type ReloadFile, type StartSetup } from './files.js';
import { initialState, predictReload } from './model.js';
import { ReloadSession } from './session.js';
import { differences, INFO_FIELDS, LINE_FIELDS, type ReloadState, type StateField } from './state.js';
import type { RuleId } from '../../specs/catalogue.js';

/** Which predictions of the model a rule's check asserts; the others only keep the model in step. */
export interface Lens {
  /** After a reload the model says applies: the fields compared with its prediction (given the file). */
  readonly applied?: (file: ReloadFile) => readonly StateField[];
  /** After a reload the model says is refused: nothing changed and an error line says why. */
  readonly refused?: boolean;
  /** After an applied reload: the signal and the reload are logged, the latter with the configuration. */
  readonly lines?: boolean;
  /** Between writing a file and the signal, /info shows the configuration in effect. */
  readonly beforeSignal?: boolean;
  /** After an applied reload: the options given as start flags kept their values. */
  readonly flagsKept?: boolean;
}

export const ALL_FIELDS: readonly StateField[] = [...INFO_FIELDS, ...LINE_FIELDS];
/** Every prediction: the whole model, as the model-based test runs it. */
export const FULL_LENS: Lens = { applied: () => ALL_FIELDS, refused: true, lines: true, beforeSignal: true };

/** The file keys behind each field of the state. */
export const FIELD_KEYS: Readonly<Record<StateField, readonly string[]>> = {
  debug: ['debug'],
  labels: ['labels'],
  liveRestore: ['live-restore'],
  defaultRuntime: ['default-runtime'],
  runtimes: ['runtimes'],
  insecure: ['insecure-registries'],
  mirrors: ['registry-mirrors'],
  experimental: ['experimental'],
  driver: ['storage-driver'],
  maxConcurrentDownloads: ['max-concurrent-downloads'],
  maxConcurrentUploads: ['max-concurrent-uploads'],
  maxDownloadAttempts: ['max-download-attempts'],
  shutdownTimeout: ['shutdown-timeout'],
  features: ['features'],
  shmBytes: ['default-shm-size'],
  ipcMode: ['default-ipc-mode'],
  cgroupnsMode: ['default-cgroupns-mode'],
  logLevel: ['log-level'],
};

/** The fields whose keys the file names (`named`) or does not name. */
export const fieldsNamed = (file: ReloadFile, named: boolean, among: readonly StateField[] = ALL_FIELDS): StateField[] =>
  among.filter((field) => FIELD_KEYS[field].some((key) => key in (file.doc ?? {})) === named);

/** Generation and shrinking stop after this (the cell deadline is 120 s). */
const SHRINK_LIMIT_MS = 60_000;
/** Reloads every sequence begins with. */
const FIRST_RELOADS = 3;
/** How long a daemon that watched its file would take to react (ctrd-sim's fault polls every 50 ms). */
const WATCH_GRACE_MS = 100;
const SETTLE_TRIES = 25;
const SETTLE_MS = 20;
/** The fields real daemons change apart from the configuration swap (reload.partial-answers). */
const LAGGING_FIELDS: readonly StateField[] = ['debug', 'insecure', 'mirrors'];

interface Model {
  state: ReloadState;
  /** What the file holds now: the start's `{}` until a command writes another. */
  file: ReloadFile;
  /** Whether the file was rewritten since the last signal. */
  dirty: boolean;
}

interface Real {
  readonly session: ReloadSession;
  readonly lens: Lens;
  readonly release: string;
  readonly describeStart: string;
  readonly coverage: CoverageRecorder | undefined;
  /** The file keys the start flags set. */
  readonly flagged: ReadonlySet<string>;
}

/** The documented items a reload of `file` exercises. */
const itemsOf = (file: ReloadFile): readonly string[] => [
  ...(file.invalid === undefined ? [] : [invalidItem(file.invalid.key, file.invalid.alone)]),
  ...(file.conflict === undefined ? [] : [conflictItem(file.conflict)]),
];

const describeFile = (file: ReloadFile): string =>
  file.invalid !== undefined
    ? `the file ${JSON.stringify(file.doc)} (${file.invalid.key} invalid${file.invalid.alone ? '' : ', among valid changes'})`
    : file.unreadable === true
      ? 'a directory in place of the file'
      : file.raw !== undefined
        ? `the text ${JSON.stringify(file.raw)}`
        : `the file ${JSON.stringify(file.doc)}`;

const fail = (real: Real, message: string): never => {
  throw new Violation(`${message} (${real.describeStart})`, real.session.exchanges);
};

class WriteFile implements fc.AsyncCommand<Model, Real> {
  constructor(readonly file: ReloadFile) {}
  check = (): boolean => true;
  async run(model: Model, real: Real): Promise<void> {
    await real.session.write(this.file);
    model.file = this.file;
    model.dirty = true;
    if (real.lens.beforeSignal === true) {
      // Long enough for a daemon that watched its file to have reacted.
      await new Promise((resolve) => setTimeout(resolve, WATCH_GRACE_MS));
      const now = await real.session.infoState('after writing the file');
      const wrong = differences(model.state, now, INFO_FIELDS);
      if (wrong.length > 0) fail(real, `the file was rewritten without a signal and /info changed: ${wrong.join('; ')}`);
    }
  }
  toString = (): string => `write ${describeFile(this.file)}${this.file.flaw === 'none' ? '' : ` (${this.file.flaw})`}`;
}

class Sighup implements fc.AsyncCommand<Model, Real> {
  check = (): boolean => true;
  async run(model: Model, real: Real): Promise<void> {
    const { session, lens } = real;
    const what = `SIGHUP with ${describeFile(model.file)}`;
    const prediction = predictReload(model.state, model.file, real.release, real.flagged);
    const report = await session.reload(what);
    for (const item of itemsOf(model.file)) real.coverage?.hit(item);
    let info = await session.infoState(what);
    // dockerd logs the reload before it stores the new configuration (moby daemon.Reload writes the
    // line in a deferred function just before configStore.Store; seen on 26.1 under load), and
    // switches its debug logging and registry settings later still (reload.partial-answers): give
    // the fields this check judges, and those this reload changes, a moment before judging: the
    // model takes on every field it observes, and a stale one it does not judge now would be
    // judged against the next reload (a stale label list was, on 26.1 under load).
    const changing = prediction.outcome === 'applied' ? INFO_FIELDS.filter((field) => differences(model.state, prediction.next, [field]).length > 0) : [];
    const settling = [...new Set([...LAGGING_FIELDS, ...changing, ...(lens.applied?.(model.file) ?? [])])];
    for (let tries = 0; prediction.outcome === 'applied' && differences(prediction.next, info, settling).length > 0 && tries < SETTLE_TRIES; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      info = await session.infoState(what);
    }
    const line = ReloadSession.lineState(report);
    const observed: ReloadState = { ...info, ...(line ?? {}) };
    if (prediction.outcome === 'refused') {
      if (lens.refused === true) {
        if (report.errors.length === 0) fail(real, `${what}: the reload should fail (${prediction.why}) but no error line was logged`);
        const changed = differences(model.state, observed, line === null ? INFO_FIELDS : ALL_FIELDS);
        if (changed.length > 0) fail(real, `${what}: the reload should fail (${prediction.why}) and change nothing, but ${changed.join('; ')}`);
      }
    } else {
      if (lens.lines === true) {
        if (!report.lines.some((l) => l.includes('Got signal to reload configuration'))) fail(real, `${what}: no "Got signal to reload configuration" line`);
        if (report.reloaded === null)
          fail(real, `${what}: no "Reloaded configuration" line with the configuration as JSON; the log: ${report.lines.slice(-3).join(' | ')}`);
      }
      if (lens.applied !== undefined) {
        if (report.reloaded === null && lens.lines !== true && report.errors.length > 0)
          fail(real, `${what}: the reload should apply but failed: ${report.errors.join(' | ')}`);
        // Options given as start flags are reload.flags.kept's: the other lenses leave them out.
        const fields =
          lens.flagsKept === true
            ? lens.applied(model.file)
            : lens.applied(model.file).filter((field) => !FIELD_KEYS[field].some((key) => real.flagged.has(key)));
        const wrong = differences(prediction.next, observed, fields);
        if (wrong.length > 0) fail(real, `${what}: ${wrong.join('; ')}`);
      }
      if (lens.flagsKept === true) {
        const fields = ALL_FIELDS.filter((field) => FIELD_KEYS[field].some((key) => real.flagged.has(key)));
        const changed = differences(model.state, observed, fields);
        if (changed.length > 0) fail(real, `${what}: an option given as a start flag changed: ${changed.join('; ')}`);
      }
    }
    // The next prediction starts from what the daemon shows: one wrong field is reported where it goes wrong, once.
    model.state = { ...model.state, ...definedOnly(observed) };
    model.dirty = false;
  }
  toString = (): string => 'SIGHUP';
}

/** Write a file, then SIGHUP: the step every sequence begins with a few of. */
class Reload implements fc.AsyncCommand<Model, Real> {
  private readonly write: WriteFile;
  private readonly hup = new Sighup();
  constructor(readonly file: ReloadFile) {
    this.write = new WriteFile(file);
  }
  check = (): boolean => true;
  async run(model: Model, real: Real): Promise<void> {
    await this.write.run(model, real);
    await this.hup.run(model, real);
  }
  toString = (): string => `${this.write.toString()}, SIGHUP`;
}

class ReadInfo implements fc.AsyncCommand<Model, Real> {
  check = (): boolean => true;
  async run(model: Model, real: Real): Promise<void> {
    const now = await real.session.infoState('GET /info between reloads');
    if (real.lens.beforeSignal === true) {
      const wrong = differences(model.state, now, INFO_FIELDS);
      if (wrong.length > 0)
        fail(real, `GET /info changed without a reload${model.dirty ? ' (the file was rewritten, no signal sent)' : ''}: ${wrong.join('; ')}`);
    }
  }
  toString = (): string => 'GET /info';
}

const definedOnly = (state: ReloadState): ReloadState => Object.fromEntries(Object.entries(state).filter(([, v]) => v !== undefined)) as ReloadState;

/** One model run: what its commands write and which lens judges what the daemon shows. */
export interface ModelRunOptions {
  readonly lens: Lens;
  /** The files the commands write, given the start flags. */
  readonly files: (setup: StartSetup) => fc.Arbitrary<ReloadFile>;
  readonly summary: string;
  readonly setups?: fc.Arbitrary<StartSetup>;
  readonly maxCommands?: number;
  /** The files of the reloads every sequence begins with (default: three of `files`). */
  readonly firstFiles?: (setup: StartSetup) => fc.Arbitrary<readonly ReloadFile[]>;
  /** How long generation and shrinking may take (default 60 s). */
  readonly timeLimitMs?: number;
  /** Runs per cell: each starts a daemon (default ctx.numStarts). */
  readonly numRuns?: (ctx: SuiteContext) => number;
  /** The documented items the files range over (the coverage figure); each reload hits its own. */
  readonly documentedItems?: readonly string[] | ((ctx: SuiteContext) => readonly string[]);
}

/**
 * 20.10 crashes on a reload that replaces the runtimes without naming a default runtime while the
 * default in effect is one of those it drops (observed: a nil-pointer panic in fillPlatformInfo).
 * reload.sighup.applies provokes that on purpose; the other rules keep clear of it (a file that
 * sets runtimes also names its default) so that each judges its own part. The same on every
 * release: what a check generates does not turn on what a release is known to do.
 */
function clearOfKnownCrash(file: ReloadFile): ReloadFile {
  const doc = file.doc;
  if (doc === undefined || file.flaw !== 'none' || doc['runtimes'] === undefined || doc['default-runtime'] !== undefined) return file;
  const first = Object.keys(doc['runtimes'] as object)[0];
  return first === undefined ? file : { ...file, doc: { ...doc, 'default-runtime': first } };
}

/** Runs fast-check command sequences (write a file, SIGHUP, read /info) against a started daemon and the model. */
/** A model run as the assertion of one rule. */
export interface ModelCheckOptions extends ModelRunOptions {
  readonly rule: RuleId;
}

export async function runReloadModel(ctx: SuiteContext, options: PropertyOptions, check: ModelRunOptions): Promise<Verdict> {
  const release = ctx.release?.release;
  if (release === undefined) return { status: 'skipped', summary: 'the release is not known: the model depends on it (give --release)' };
  // Every sequence begins with a few reloads (each case starts a daemon: it should reload more than once), then any commands.
  const files = (setup: StartSetup) => check.files(setup).map(clearOfKnownCrash);
  const commands = (setup: StartSetup) =>
    fc.tuple(
      (check.firstFiles?.(setup) ?? fc.array(files(setup), { minLength: FIRST_RELOADS, maxLength: FIRST_RELOADS })).map((first) =>
        first.map((file) => new Reload(file)),
      ),
      fc.commands([files(setup).map((file) => new WriteFile(file)), fc.constant(new Sighup()), fc.constant(new ReadInfo())], {
        maxCommands: check.maxCommands ?? 4,
      }),
    );
  // --feature, where the target takes it (asked of the target itself): a target that refuses it fails config.cli.options, and the reloads are still tried.
  const featureFlag = await takesOption(ctx, '--feature=cdi=true');
  const setups = (check.setups ?? startSetups).map(
    ({ features, ...rest }): StartSetup => (featureFlag && features !== undefined ? { ...rest, features } : rest),
  );
  const arb = setups.chain((setup) => fc.tuple(fc.constant(setup), commands(setup)));
  return checkProperty(
    arb,
    async ([setup, [first, rest]]) => {
      const request = { args: startArgs(setup) };
      const started = await ctx.target.start(request);
      if (!started.ok) {
        // A documented start flag the release lacks (--feature) is config.cli.options's failure: this sequence proves nothing of reloads.
        notExercisedFor(started.output);
        throw new Violation(`the daemon did not start with ${describe(request)}: exit ${String(started.exitCode)}: ${started.output.slice(-300)}`);
      }
      const { instance } = started;
      const client = ctx.clientFor(instance.endpoint);
      try {
        const session = new ReloadSession(ctx, instance, client);
        const state = initialState(await session.infoState('GET /info after start'), setup);
        const real: Real = {
          session,
          lens: check.lens,
          release,
          describeStart: describe(request),
          coverage: options.coverage,
          flagged: new Set(flaggedKeys(setup)),
        };
        await fc.asyncModelRun(() => ({ model: { state, file: { doc: {}, flaw: 'none' as const }, dirty: false }, real }), [...first, ...rest]);
      } finally {
        client.close();
        await instance.stop();
      }
    },
    // Each case starts a daemon: shrinking is bounded so that a failure stays a failure, not a cell past its deadline.
    { ...options, numRuns: check.numRuns?.(ctx) ?? ctx.numStarts, timeLimitMs: check.timeLimitMs ?? SHRINK_LIMIT_MS },
    check.summary,
  );
}

/** A rule check that is a model run through its lens. */
export const modelCheck = (check: ModelCheckOptions): RuleCheck => ({
  rule: check.rule,
  ...(check.documentedItems === undefined
    ? {}
    : { documentedItems: (ctx: SuiteContext) => (typeof check.documentedItems === 'function' ? check.documentedItems(ctx) : check.documentedItems!) }),
  run: (ctx, _api, options) => runReloadModel(ctx, options, check),
});
