import { accessSync, constants, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TargetError } from '../target.js';

/** llama-server and its models as scripts/provision-llama.sh left them: a Debian sid root and paths inside it. */
export interface ProvisionedLlama {
  /** The root directory llama-server runs in (chroot). */
  readonly root: string;
  /** llama-server's path inside the root. */
  readonly server: string;
  /** The Debian package version of llama.cpp-tools, e.g. 1:0.7.0+dfsg-2. */
  readonly packageVersion: string;
  /** What `llama-server --version` said, e.g. "version: 0.7.0 (build 11669, commit Debian)". */
  readonly build: string;
  /** The generated models, paths inside the root. */
  readonly models: { readonly chat: string; readonly embeddings: string };
}

export const LLAMA_CACHE = process.env['CTR_LLAMA_CACHE'] ?? '/var/cache/ctr-conformance/llama';

const HOW = 'run scripts/provision-llama.sh as root (scripts/provision.sh does)';

const missing = (why: string): TargetError => new TargetError('TARGET_NOT_PROVISIONED', `llama-server is not provisioned: ${why}; ${HOW}`);

function accessible(path: string, mode: number): boolean {
  try {
    accessSync(path, mode);
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads `<cache>/llama.tsv` ("key<TAB>value…" lines) and checks that what it names is there; a
 * TargetError TARGET_NOT_PROVISIONED says what is missing and names the script that makes it.
 * The manifest's hashes are the script's to check: this runs at every start and only looks.
 */
export function provisionedLlama(cache = LLAMA_CACHE): ProvisionedLlama {
  const manifest = join(cache, 'llama.tsv');
  let text: string;
  try {
    text = readFileSync(manifest, 'utf8');
  } catch (error) {
    throw missing(`${manifest} is unreadable (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  const values = new Map<string, string>();
  const models = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const [key, first, second] = line.split('\t');
    if (key === 'model' && first !== undefined && second !== undefined) models.set(first, second);
    else if (key !== undefined && first !== undefined) values.set(key, first);
  }
  const root = values.get('root');
  const server = values.get('server');
  const chat = models.get('chat');
  const embeddings = models.get('embeddings');
  if (root === undefined || server === undefined || chat === undefined || embeddings === undefined)
    throw missing(`${manifest} lacks a root, server or model line`);
  if (!accessible(join(root, server), constants.X_OK)) throw missing(`${join(root, server)} is not an executable file`);
  for (const model of [chat, embeddings]) if (!accessible(join(root, model), constants.R_OK)) throw missing(`${join(root, model)} is unreadable`);
  return { root, server, packageVersion: values.get('package') ?? 'unknown', build: values.get('build') ?? 'unknown', models: { chat, embeddings } };
}
