import { basename } from 'node:path';
import type { Endpoint } from '../../http/endpoint.js';
import { CAPABILITIES_OF, SURFACES_OF } from '../capabilities.js';
import { makeInstance } from '../instance.js';
import { TargetError, type StartOutcome, type StartRequest, type Target } from '../target.js';
import { startLlama, type LlamaProcess, type LlamaStart } from './llama-process.js';
import { startPathFront, type PathFront } from './path-front.js';
import { LLAMA_CACHE, provisionedLlama } from './provisioned-llama.js';

export interface LlamaServerTargetOptions {
  /** Where scripts/provision-llama.sh put the root and llama.tsv (CTR_LLAMA_CACHE). */
  readonly cache?: string;
  /** Deadline for each llama-server to load its model and answer GET /health. */
  readonly startTimeoutMs?: number;
}

/** Two processes on 2 shared cores load a 0.5 MB model in well under a second; the margin is for a busy machine. */
const DEFAULT_START_TIMEOUT_MS = 60_000;
/** The OpenAI-compatible base on the front, as llama-server serves it. */
export const LLAMA_BASE_PATH = '/v1';

/** The name a model is served under: its file name without .gguf (tiny-llama-chat). */
export const modelName = (path: string): string => basename(path, '.gguf');

/** What a start with one failed process says: which one, and its output. */
const whichFailed = (name: string, start: Extract<LlamaStart, { ok: false }>): Extract<StartOutcome, { ok: false }> => ({
  ok: false,
  exitCode: start.exitCode,
  output: `[ctr-conformance] the ${name} llama-server did not serve:\n${start.output}`,
});

/**
 * llama.cpp's llama-server as Docker Model Runner runs it, started by the suite from the root
 * scripts/provision-llama.sh made: one process for chat and text completions, one with
 * --embeddings, and a front on 127.0.0.1 that routes by path between them as DMR's scheduler does.
 * Only the model runner's OpenAI-compatible API, at /v1; its settings are fixed, like an openai: target's.
 * The report's kind is `openai` (reached as an OpenAI-compatible server); the spec says which.
 */
export class LlamaServerTarget implements Target {
  readonly kind = 'openai';
  readonly capabilities = CAPABILITIES_OF.llamaServer;
  readonly surfaces = SURFACES_OF.openai;

  constructor(
    readonly spec: string,
    private readonly options: LlamaServerTargetOptions = {},
  ) {}

  async start(request: StartRequest = {}): Promise<StartOutcome> {
    if (Object.values(request).some((value) => value !== undefined)) {
      throw new TargetError('TARGET_NOT_CONFIGURABLE', `${this.spec} runs with fixed settings and cannot be started with others`);
    }
    const llama = provisionedLlama(this.options.cache ?? LLAMA_CACHE);
    if (process.getuid?.() !== 0) throw new TargetError('TARGET_START', `${this.spec} runs llama-server in a chroot (${llama.root}): that needs root`);
    const timeoutMs = this.options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
    const [chat, embeddings] = await Promise.all([
      startLlama({ llama, model: llama.models.chat, alias: modelName(llama.models.chat), timeoutMs }),
      startLlama({ llama, model: llama.models.embeddings, alias: modelName(llama.models.embeddings), args: ['--embeddings'], timeoutMs }),
    ]);
    const started: LlamaProcess[] = [chat, embeddings].flatMap((s) => (s.ok ? [s.server] : []));
    const stopAll = async (front?: PathFront): Promise<void> => {
      await front?.close();
      await Promise.all(started.map((server) => server.stop()));
    };
    if (!chat.ok) {
      await stopAll();
      return whichFailed('chat', chat);
    }
    if (!embeddings.ok) {
      await stopAll();
      return whichFailed('embeddings', embeddings);
    }
    let front: PathFront;
    try {
      front = await startPathFront({ chat: chat.server.endpoint.port, embeddings: embeddings.server.endpoint.port });
    } catch (error) {
      await stopAll();
      throw new TargetError(
        'TARGET_START',
        `${this.spec}: the front could not listen on 127.0.0.1 (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    const endpoint: Endpoint = { kind: 'tcp', host: '127.0.0.1', port: front.port, basePath: LLAMA_BASE_PATH };
    let stopping: Promise<void> | undefined;
    return {
      ok: true,
      instance: makeInstance(this.spec, {
        endpoints: { modelRunner: endpoint, listeners: [endpoint] },
        ...(chat.server.pid === undefined ? {} : { pid: chat.server.pid }),
        stop: () => {
          stopping ??= stopAll(front);
          return stopping;
        },
      }),
    };
  }
}
