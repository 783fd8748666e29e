import type { TargetKind } from '../../reports/model/result.js';
import type { Capability, Surface } from '../../specs/types.js';
import { CAPABILITIES_OF, SURFACES_OF } from './capabilities.js';
import { TargetError } from './target.js';

/*
 * The one table of target kinds. It holds what the CLI's help and errors need and nothing that
 * loads a target: `--help` reads it before any command has loaded the targets (cli/main.ts). The
 * resolver (resolve.ts) pairs every kind named here with the function that makes its targets, a
 * mapped type over these names, so a kind without one, or one for no kind, does not compile.
 */

/** One kind of target: how it is spelled, what it can do, and which kind its reports record. */
export interface TargetKindEntry {
  /** The word every spec of the kind starts with. */
  readonly name: string;
  /** Whether the spec is `name` alone, and which separators may follow `name` (`:` then an argument, `@` then a release). */
  readonly spelled: { readonly bare: boolean; readonly after: readonly (':' | '@')[] };
  /** Its spelling in the "unknown target" error: `container:ENGINE`. */
  readonly spelling: string;
  /** Its words in the `--target` help (the spelling, and a note where one helps). */
  readonly help: string;
  /** The kind its reports record (`target.kind`). */
  readonly reports: TargetKind;
  /** Whether it runs ctrd-sim, and so takes the simulator's own flags (--emulate, --fault, --quirk, --as-observed). */
  readonly simulator: boolean;
  /** What its targets can do; for an endpoint, at most (tls only over TLS). */
  readonly capabilities: ReadonlySet<Capability>;
  /** The interfaces its targets have. */
  readonly surfaces: ReadonlySet<Surface>;
}

/**
 * Every kind of target, in the order the help and the errors list them: the resolver, the
 * `--target` help, the "unknown target" error and the errors of the simulator-only flags read it.
 */
export const TARGET_REGISTRY = [
  {
    name: 'sim',
    spelled: { bare: true, after: ['@'] },
    spelling: 'sim[@R]',
    help: 'sim[@R]',
    reports: 'in-process',
    simulator: true,
    capabilities: CAPABILITIES_OF.inProcess,
    surfaces: SURFACES_OF.simulator,
  },
  {
    name: 'sim-process',
    spelled: { bare: true, after: ['@'] },
    spelling: 'sim-process[@R]',
    help: 'sim-process[@R] (R: the release emulated, e.g. sim@26.1)',
    reports: 'process',
    simulator: true,
    capabilities: CAPABILITIES_OF.process,
    surfaces: SURFACES_OF.simulator,
  },
  {
    name: 'container',
    spelled: { bare: false, after: [':'] },
    spelling: 'container:ENGINE',
    help: 'container:ENGINE',
    reports: 'container',
    simulator: true,
    capabilities: CAPABILITIES_OF.container,
    surfaces: SURFACES_OF.started,
  },
  {
    name: 'daemon',
    spelled: { bare: false, after: [':'] },
    spelling: 'daemon:PATH',
    help: 'daemon:PATH',
    reports: 'process',
    simulator: false,
    capabilities: CAPABILITIES_OF.process,
    surfaces: SURFACES_OF.started,
  },
  {
    // Podman's Docker-compatible service: podman:PATH, podman@R the provisioned release R, or the first provisioned one.
    name: 'podman',
    spelled: { bare: true, after: [':', '@'] },
    spelling: 'podman[@R|:PATH]',
    help: 'podman[@R|:PATH]',
    reports: 'process',
    simulator: false,
    capabilities: CAPABILITIES_OF.podman,
    surfaces: SURFACES_OF.connected,
  },
  {
    name: 'endpoint',
    spelled: { bare: true, after: [':'] },
    spelling: 'endpoint:URL',
    help: 'endpoint:URL (URL defaults to $CTR_HOST / $DOCKER_HOST)',
    reports: 'endpoint',
    simulator: false,
    capabilities: CAPABILITIES_OF.tlsEndpoint,
    surfaces: SURFACES_OF.connected,
  },
  {
    name: 'openai',
    spelled: { bare: false, after: [':'] },
    spelling: 'openai:URL',
    help: 'openai:URL',
    reports: 'openai',
    simulator: false,
    capabilities: CAPABILITIES_OF.openai,
    surfaces: SURFACES_OF.openai,
  },
  {
    // llama.cpp's llama-server from scripts/provision-llama.sh's root, started by the suite.
    name: 'llama-server',
    spelled: { bare: true, after: [] },
    spelling: 'llama-server',
    help: 'llama-server',
    reports: 'openai',
    simulator: false,
    capabilities: CAPABILITIES_OF.llamaServer,
    surfaces: SURFACES_OF.openai,
  },
  {
    name: 'replay',
    spelled: { bare: false, after: [':'] },
    spelling: 'replay:FILE',
    help: 'replay:TRANSCRIPT',
    reports: 'replay',
    simulator: false,
    capabilities: CAPABILITIES_OF.replay,
    surfaces: SURFACES_OF.connected,
  },
] as const satisfies readonly TargetKindEntry[];

/** The name of a kind of target: `sim`, `container`, `replay`… */
export type TargetKindName = (typeof TARGET_REGISTRY)[number]['name'];

/** The entry of a kind, by the name a spec starts with. */
export type TargetKindOf<N extends TargetKindName> = Extract<(typeof TARGET_REGISTRY)[number], { name: N }>;

const isSpelledAs = (entry: TargetKindEntry, spec: string): boolean =>
  (entry.spelled.bare && spec === entry.name) || entry.spelled.after.some((separator) => spec.startsWith(`${entry.name}${separator}`));

/** The kind a spec is of by its spelling (what follows the name is read when the target is made), or undefined. */
export const targetKindOf = (spec: string): (typeof TARGET_REGISTRY)[number] | undefined => TARGET_REGISTRY.find((entry) => isSpelledAs(entry, spec));

/** The `--target` help of run and certify: every kind's help words. */
export const TARGET_HELP = TARGET_REGISTRY.map((entry) => entry.help).join(' | ');

/** The simulator kinds, as the errors of the simulator-only flags name them: "sim, sim-process, container". */
export const SIMULATOR_KINDS = TARGET_REGISTRY.filter((entry) => entry.simulator)
  .map((entry) => entry.name)
  .join(', ');

/** The error for a spec of no kind: every kind's spelling. */
export function unknownTarget(spec: string): TargetError {
  const spellings = TARGET_REGISTRY.map((entry) => entry.spelling);
  return new TargetError('TARGET_SPEC', `unknown target ${JSON.stringify(spec)}: expected ${spellings.slice(0, -1).join(', ')} or ${spellings.at(-1)}`);
}
