import type { TlsSettings } from '../http/endpoint.js';

/*
 * The shapes a suite hands a target and gets back, apart from the Target contract (target.ts)
 * that uses them: the modules that implement the contract (config-file.ts, process/namespaces.ts)
 * read them from here, so that target.ts and they do not import each other.
 */

/** What a suite may ask of a start beyond the safe defaults. */
export interface StartRequest {
  /** Extra daemon flags. */
  readonly args?: readonly string[];
  /** Extra environment variables. */
  readonly env?: Readonly<Record<string, string>>;
  /** The configuration file: a document (written as JSON) or raw text; `{}` when absent. */
  readonly config?: Readonly<Record<string, unknown>> | string;
  /**
   * Capability plugins: the daemon discovers plugin sockets (`<name>.sock`) in this directory in
   * place of its system one (/run/<brand>/plugins). A real daemon gets it through a private mount
   * namespace; ctrd-sim through its --plugin-dir option.
   */
  readonly pluginDir?: string;
  /**
   * Capability netns: the daemon runs in a private network namespace of its own with loopback up
   * and these extra addresses on it (e.g. "10.250.0.1"), none of them reachable from the machine,
   * and these further links (`links`: names; each an ifb device, down, which a parent of macvlan
   * and ipvlan networks may name, and which connects to nothing).
   */
  readonly netns?: { readonly addresses: readonly string[]; readonly links?: readonly string[] };
  /**
   * Capability umask: the file-creation mask the daemon process starts with (0 to 0o777). A
   * permissive one shows what a daemon creates before it sets the mode it means.
   */
  readonly umask?: number;
}

/** One HTTP(S) request made from inside a daemon's network namespace. */
export interface NetnsProbe {
  readonly host: string;
  readonly port: number;
  readonly path: string;
  readonly tls?: TlsSettings;
}

export interface NetnsReply {
  /** The status, or null when no HTTP answer came (refused, reset, handshake failure, time-out). */
  readonly status: number | null;
  readonly body: string;
  readonly error?: string;
}
