import type { ConformanceReport, CurlAfterRun, HttpExchange, RuleResult, TargetDescription } from '../../reports/model/result.js';
import { curlCommand, shellWord } from '../../reports/renderers/curl.js';
import { RULES } from '../../specs/index.js';
import type { Rule } from '../../specs/types.js';

/** How ctrd-sim is started from the project's root (as CLI_COMMAND starts the runner). */
export const SIM_COMMAND = 'node dist/simulator/bin/ctrd-sim.js';
/** Where a simulator started to answer a curl line again keeps its roots and its socket. */
export const SIM_DIR = '/tmp/ctrd-sim';
const socketIn = (dir: string): string => `${dir}/d.sock`;

/** What the run knew that the report does not say: how the target was named, and where the run was recorded. */
export interface CurlContext {
  /** `--target SPEC` and the simulator's flags (--emulate, --fault, --quirk, --as-observed, --allow-remote), as the rerun lines have them. */
  readonly targetArgs: readonly string[];
  /** The transcript the run was recorded into (`--record FILE`), if any. */
  readonly recordedTo?: string;
  /** Where the simulator of the commands keeps its roots and socket (default SIM_DIR). */
  readonly simDir?: string;
}

/** The ctrd-sim command that listens on a socket in `dir` with its roots beside it, taking `flags` (--emulate, --fault…). */
export function simulatorCommand(brand: string, flags: readonly string[], dir: string = SIM_DIR): string {
  return [
    SIM_COMMAND,
    '--data-root',
    shellWord(`${dir}/data`),
    '--exec-root',
    shellWord(`${dir}/exec`),
    '--pidfile',
    shellWord(`${dir}/d.pid`),
    '-H',
    shellWord(`unix://${socketIn(dir)}`),
    '--brand',
    shellWord(brand),
    ...flags.map(shellWord),
  ].join(' ');
}

/** The simulator's own flags among the arguments that named the target (all but --target SPEC and --allow-remote). */
const simulatorFlags = (targetArgs: readonly string[]): string[] => targetArgs.slice(2).filter((arg) => arg !== '--allow-remote');

/** What kind of address a target's exchanges went to once the run is over. */
type Afterlife = 'simulator' | 'daemon' | 'podman' | 'llama-server' | 'replay' | 'kept';

function afterlifeOf(spec: string): Afterlife {
  if (spec === 'sim' || spec === 'sim-process' || spec.startsWith('container:')) return 'simulator';
  if (spec.startsWith('daemon:')) return 'daemon';
  if (spec === 'podman' || spec.startsWith('podman:') || spec.startsWith('podman@')) return 'podman';
  if (spec === 'llama-server') return 'llama-server';
  if (spec.startsWith('replay:')) return 'replay';
  return 'kept';
}

/**
 * The path under which the exchange's endpoint served on the daemon's socket ('' for none), or
 * null when the simulator's socket cannot stand in for it: TLS, or a TCP address with a path of its
 * own (the model runner's port, whose paths differ from the socket's).
 */
function basePathOf(endpoint: string): string | null {
  const unix = /^unix:\/\/\S+(?: \(base (\S+)\))?$/.exec(endpoint);
  if (unix !== null) return unix[1] ?? '';
  return /^(?:tcp|http):\/\/[^/\s]+\/?$/.test(endpoint) ? '' : null;
}

/** The deciding exchange's curl line, sent to the simulator's socket instead; undefined when it cannot be (TLS, no endpoint). */
function curlToSimulator(exchange: HttpExchange, dir: string): string | undefined {
  const base = exchange.endpoint === undefined ? null : basePathOf(exchange.endpoint);
  if (base === null) return undefined;
  return curlCommand({ ...exchange, endpoint: `unix://${socketIn(dir)}${base === '' ? '' : ` (base ${base})`}` });
}

const addressOf = (endpoint: string): string => {
  const unix = /^unix:\/\/(\S+)/.exec(endpoint);
  return unix === null ? `the address ${endpoint}` : `the socket ${unix[1]}`;
};

/**
 * How to send a failing cell's curl line again after the run, when the address it names is gone:
 * the simulator's socket and a started daemon's private socket are removed with their temporary
 * directory, and a replay's address was never a daemon. Undefined when there is no curl line, or
 * its address is the user's own (endpoint:, openai:), which outlives the run.
 *
 * Where the request can be answered again, the commands say how: a simulator started with the
 * run's flags on a socket that stays (for a cell that used the target as the run started it, not a
 * daemon it started with settings of its own); for a known deviation of a recorded release, the
 * simulator emulating that release as observed (`--as-observed`), which answers as the release
 * does; for a recorded run, the rerun line against the transcript.
 */
export function curlAfterRun(
  target: Pick<TargetDescription, 'spec' | 'profile' | 'release'>,
  result: Pick<RuleResult, 'evidence' | 'knownDeviation'>,
  rule: Pick<Rule, 'requires' | 'applies'> | undefined,
  context: CurlContext,
): CurlAfterRun | undefined {
  const requires = rule?.requires ?? [];
  // A replay carries no capability, and only the daemon's API.
  const replayable = requires.length === 0 && rule?.applies.surface === 'daemon-api';
  const { curl, rerun, exchanges } = result.evidence;
  const exchange = exchanges?.[exchanges.length - 1];
  if (curl === undefined || exchange?.endpoint === undefined) return undefined;
  const afterlife = afterlifeOf(target.spec);
  if (afterlife === 'kept') return undefined;
  const where = addressOf(exchange.endpoint);
  // A cell that starts daemons of its own sent its requests to one started with the cell's settings: only its rerun line makes it again.
  const ownStart = requires.includes('start');
  const dir = context.simDir ?? SIM_DIR;
  const asObserved = result.knownDeviation === true && target.release !== null && !ownStart ? curlToSimulator(exchange, dir) : undefined;
  const observedCommands = (release: string): string[] => [simulatorCommand(target.profile, ['--emulate', release, '--as-observed'], dir), asObserved!];
  switch (afterlife) {
    case 'simulator': {
      const again = ownStart ? undefined : curlToSimulator(exchange, dir);
      if (again === undefined)
        return {
          note: `${where} was temporary (a simulator the run started${ownStart ? ' for this cell, with settings of its own' : ''}, removed after the run): the rerun line starts it again`,
          commands: [],
        };
      return {
        note: `${where} was temporary (the simulator's, removed after the run): start a simulator with the run's flags on a socket that stays (in another shell), then send the request to it`,
        commands: [simulatorCommand(target.profile, simulatorFlags(context.targetArgs), dir), again],
      };
    }
    case 'llama-server':
      return { note: `${where} was temporary (the llama-server the run started, stopped after the run): the rerun line starts it again`, commands: [] };
    case 'replay': {
      const file = target.spec.slice('replay:'.length);
      const base = `no daemon listens at ${exchange.endpoint}: the answer was played back from the transcript ${file}, and the rerun line plays it back again`;
      if (asObserved === undefined) return { note: base, commands: [] };
      return {
        note: `${base}; to send the request to a server, start ctrd-sim emulating ${target.release} as observed (a known deviation: it answers as ${target.release} does), then send it there`,
        commands: observedCommands(target.release!),
      };
    }
    case 'daemon':
    case 'podman': {
      const podman = afterlife === 'podman';
      const path = podman ? 'podman' : target.spec.slice('daemon:'.length);
      const replay =
        context.recordedTo !== undefined && replayable && rerun !== undefined
          ? rerun.replace(`--target ${shellWord(target.spec)}`, `--target ${shellWord(`replay:${context.recordedTo}`)}`)
          : undefined;
      const notes = [
        `${where} was temporary (the private socket of ${podman ? 'the Podman API service' : 'the daemon'} the run started, removed after the run)`,
      ];
      const commands: string[] = [];
      if (replay !== undefined) {
        notes.push(`the run was recorded: the first command plays the answer back from ${context.recordedTo}`);
        commands.push(replay);
      }
      // Known deviations are dockerd's: a Podman cell has none to emulate.
      if (asObserved !== undefined && !podman) {
        notes.push(
          `ctrd-sim emulating ${target.release} as observed answers as ${target.release} does here (a known deviation): ${replay === undefined ? 'start it' : 'or start it (the next command)'} and send the request there`,
        );
        commands.push(...observedCommands(target.release!));
      }
      if (commands.length === 0) {
        const start = podman ? '`podman system service --time=0 unix:///…`' : `${path} on a socket of your own (-H unix:///…, with its own --data-root)`;
        notes.push(`to send it again, start ${start} and point --unix-socket at it${replayable ? ', or record a run with --record FILE and replay it' : ''}`);
      }
      return { note: notes.join('; '), commands };
    }
  }
}

/** The report with `curlAfterRun` on each result whose curl line's address is gone after the run. */
export function withCurlAfterRun(report: ConformanceReport, context: CurlContext, rules: readonly Rule[] = RULES): ConformanceReport {
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  let changed = false;
  const results = report.results.map((result) => {
    const after = curlAfterRun(report.target, result, byId.get(result.rule), context);
    if (after === undefined) return result;
    changed = true;
    return { ...result, evidence: { ...result.evidence, curlAfterRun: after } };
  });
  return changed ? { ...report, results } : report;
}
