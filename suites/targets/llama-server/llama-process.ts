import type { Endpoint } from '../../http/endpoint.js';
import { LogBuffer } from '../log-buffer.js';
import { DaemonProcess, exitNumber } from '../process/daemon-process.js';
import { makeRunDir } from '../temp-dir.js';
import { waitForOk } from '../wait-ready.js';
import type { ProvisionedLlama } from './provisioned-llama.js';

/** One llama-server serving on 127.0.0.1, or why it did not. */
export type LlamaStart =
  | { readonly ok: true; readonly server: LlamaProcess }
  | { readonly ok: false; readonly exitCode: number | null; readonly output: string };

export interface LlamaProcess {
  /** Its own root on 127.0.0.1 (no base path): /health, /v1/…. */
  readonly endpoint: Extract<Endpoint, { kind: 'tcp' }>;
  readonly pid: number | undefined;
  readonly log: LogBuffer;
  /** SIGTERM by PID, SIGKILL after the grace; then its private directory is removed. */
  stop(): Promise<void>;
}

export interface LlamaOptions {
  readonly llama: ProvisionedLlama;
  /** The model's path inside the root. */
  readonly model: string;
  /** The name it lists and answers with (its file name without .gguf). */
  readonly alias: string;
  /** Flags after the common ones (e.g. --embeddings). */
  readonly args?: readonly string[];
  /** Deadline for the listening line and a 200 from GET /health together. */
  readonly timeoutMs: number;
}

/** The user llama-server runs as inside the root: it needs no privilege, only to read the model. */
const NOBODY = '65534:65534';
/** llama-server stops at once on SIGTERM; a few seconds is already generous. */
const STOP_GRACE_MS = 5_000;
/** llama-server prints the port it bound (we ask for port 0) once the model is loaded. */
const LISTENING = /listening on http:\/\/127\.0\.0\.1:(\d+)/;

/**
 * The flags DMR gives llama-server (pkg/inference/backends/llamacpp/llamacpp_config.go: --jinja,
 * --metrics, the model), named by an alias (without one, it lists the file's path inside the root: an id
 * that begins with "/"), on 127.0.0.1 and a port the kernel picks, with one compute thread: for a
 * model this small, threads only wait for each other (measured on the busy 2-core machine: 0.2–0.3 ms
 * a token with one, 0.4–11 ms with two). Nothing of this process's environment reaches it:
 * llama-server reads LLAMA_ARG_* variables as flags.
 */
export function llamaCommand(options: LlamaOptions): { command: string[]; args: string[] } {
  const { llama, model } = options;
  return {
    command: ['/usr/sbin/chroot', `--userspec=${NOBODY}`, llama.root, llama.server],
    args: ['--model', model, '--alias', options.alias, '--host', '127.0.0.1', '--port', '0', '--threads', '1', '--jinja', '--metrics', ...(options.args ?? [])],
  };
}

/**
 * Starts llama-server in the provisioned root with chroot (it needs no /proc, /sys or /dev mount:
 * the root's static /dev nodes are enough, so nothing is mounted), as nobody, and waits until it
 * prints its port and GET /health answers 200. A start that fails leaves nothing running.
 */
export async function startLlama(options: LlamaOptions): Promise<LlamaStart> {
  const { command, args } = llamaCommand(options);
  const log = new LogBuffer();
  const daemon = DaemonProcess.spawn({
    command,
    args,
    dir: makeRunDir(),
    env: { PATH: '/usr/sbin:/usr/bin:/sbin:/bin', HOME: '/nonexistent', LANG: 'C.UTF-8' },
    log,
  });
  const deadline = Date.now() + options.timeoutMs;
  const failed = async (note: string | null): Promise<LlamaStart> => {
    if (note !== null) log.append(`\n[ctr-conformance] ${note}\n`);
    await daemon.dispose({ graceMs: STOP_GRACE_MS });
    const status = daemon.exitStatus;
    return { ok: false, exitCode: note !== null || status === undefined ? null : exitNumber(status), output: log.text() };
  };
  let port: number;
  try {
    port = Number((await daemon.waitForOutput(LISTENING, options.timeoutMs))[1]);
  } catch {
    return failed(daemon.running ? `llama-server printed no "listening on" line within ${options.timeoutMs} ms` : null);
  }
  const endpoint = { kind: 'tcp', host: '127.0.0.1', port } as const;
  const ready = await waitForOk(endpoint, '/health', () => !daemon.running, Math.max(0, deadline - Date.now()));
  if (ready !== 'ready') return failed(ready === 'timeout' ? `GET /health did not answer 200 within ${options.timeoutMs} ms` : null);
  return { ok: true, server: { endpoint, pid: daemon.pid, log, stop: () => daemon.dispose({ graceMs: STOP_GRACE_MS }) } };
}
