import { HttpClientError, type HttpClient, type HttpReply } from '../http/client.js';

/**
 * Which OpenAI-compatible engine answers, as far as its own answers tell, never assumed from the
 * target's spelling: a report on `openai:URL` says what it judged.
 */
export interface EngineIdentity {
  /** "llama.cpp (llama-server)", "Docker Model Runner", "Ollama", "vLLM"; null when nothing or conflicting signs were seen. */
  readonly name: string | null;
  /** The version the engine gave (llama-server's build, Ollama's or vLLM's version), if any. */
  readonly version: string | null;
  /** What was seen, one line per sign ("GET /props: build_info b11669-Debian"). */
  readonly evidence: readonly string[];
}

/** What each probe answered (null: no answer, a refused or unrecorded request). */
export interface EngineProbes {
  /** GET <base>/models */
  readonly models: HttpReply | null;
  /** GET /props at the server's root (llama-server's settings). */
  readonly props: HttpReply | null;
  /** GET /api/version at the root (Ollama). */
  readonly ollamaVersion: HttpReply | null;
  /** GET /version at the root (vLLM). */
  readonly version: HttpReply | null;
}

const LLAMA = 'llama.cpp (llama-server)';
/** Owners an engine writes in its models list (`owned_by`). */
const OWNERS: Readonly<Record<string, string>> = { llamacpp: LLAMA, docker: 'Docker Model Runner', library: 'Ollama', vllm: 'vLLM' };

const jsonObject = (reply: HttpReply | null): Record<string, unknown> | null => {
  if (reply === null || reply.status !== 200) return null;
  try {
    const parsed: unknown = JSON.parse(reply.body);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

const text = (doc: Record<string, unknown> | null, key: string): string | null => (typeof doc?.[key] === 'string' ? (doc[key] as string) : null);

/** The identity the probes' answers give; conflicting signs give no name, and all of them as evidence. */
export function identifyEngine(probes: EngineProbes): EngineIdentity {
  const signs: { engine: string; evidence: string; version?: string }[] = [];
  const owners = new Set<string>();
  const list = jsonObject(probes.models)?.['data'];
  if (Array.isArray(list)) for (const model of list) if (typeof model?.owned_by === 'string') owners.add(model.owned_by);
  for (const owner of [...owners].sort()) {
    const engine = OWNERS[owner];
    if (engine !== undefined) signs.push({ engine, evidence: `GET models: owned_by ${JSON.stringify(owner)}` });
  }
  const server = probes.models?.headers['server'];
  if (server !== undefined && /llama\.cpp/i.test(server)) signs.push({ engine: LLAMA, evidence: `GET models: Server: ${server}` });
  const build = text(jsonObject(probes.props), 'build_info');
  if (build !== null) signs.push({ engine: LLAMA, evidence: `GET /props: build_info ${JSON.stringify(build)}`, version: build });
  // Version answers alone name nothing (a daemon has a /version too): they only date an engine the list named.
  const ollama = text(jsonObject(probes.ollamaVersion), 'version');
  if (ollama !== null && owners.has('library')) signs.push({ engine: 'Ollama', evidence: `GET /api/version: ${JSON.stringify(ollama)}`, version: ollama });
  const vllm = text(jsonObject(probes.version), 'version');
  if (vllm !== null && owners.has('vllm')) signs.push({ engine: 'vLLM', evidence: `GET /version: ${JSON.stringify(vllm)}`, version: vllm });
  const engines = new Set(signs.map((s) => s.engine));
  const evidence = signs.map((s) => s.evidence);
  if (engines.size !== 1) return { name: null, version: null, evidence: engines.size === 0 ? ['no sign of a known engine'] : evidence };
  return { name: [...engines][0]!, version: signs.find((s) => s.version !== undefined)?.version ?? null, evidence };
}

/** The answer, or null where the server gave none (refused, timed out, not in a recording). */
async function probe(client: HttpClient, path: string): Promise<HttpReply | null> {
  try {
    return await client.request('GET', path, { timeoutMs: 5_000, maxBodyBytes: 1 << 20, tooLarge: 'truncate' });
  } catch (error) {
    if (error instanceof HttpClientError) return null;
    throw error;
  }
}

/**
 * Asks the engine who it is: its models list under the base path (`api`), and at the server's
 * root (`root`, the same server without the base path) llama-server's /props, Ollama's
 * /api/version and vLLM's /version. Read-only requests, one each.
 */
export async function probeEngine(api: HttpClient, root: HttpClient): Promise<EngineIdentity> {
  const [models, props, ollamaVersion, version] = await Promise.all([
    probe(api, '/models'),
    probe(root, '/props'),
    probe(root, '/api/version'),
    probe(root, '/version'),
  ]);
  return identifyEngine({ models, props, ollamaVersion, version });
}
