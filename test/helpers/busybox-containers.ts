import { packTar } from '../../simulator/engine/objects/index.js';
import { baseTarball } from '../../suites/deprecations/image-tarball.js';
import type { HttpClient } from '../../suites/http/client.js';

/** Sends a request that must succeed (a setup's step): anything from 300 on throws with the answer. */
export async function sendOk(client: HttpClient, method: string, path: string, body: string | Buffer = '', type = 'application/json'): Promise<string> {
  const reply = await client.request(method, path, { headers: { 'Content-Type': type }, body, timeoutMs: 30_000 });
  if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${reply.body}`);
  return reply.body;
}

/** The suite's busybox imported as ctc-img:1. */
export async function importBusybox(client: HttpClient): Promise<void> {
  await sendOk(client, 'POST', '/images/create?fromSrc=-&repo=ctc-img&tag=1', await baseTarball(), 'application/x-tar');
}

/** A container of ctc-img:1 that sleeps under an init on the network `mode` (none unless given), with `extra` in its configuration; its ID. */
export async function sleeper(client: HttpClient, name: string, extra: Readonly<Record<string, unknown>> = {}, mode = 'none'): Promise<string> {
  const config = { Image: 'ctc-img:1', Cmd: ['/bin/busybox', 'sleep', '1000'], ...extra, HostConfig: { NetworkMode: mode, Init: true } };
  return (JSON.parse(await sendOk(client, 'POST', `/containers/create?name=${name}`, JSON.stringify(config))) as { Id: string }).Id;
}

/** A layer of one small file (1234 bytes), which no busybox image holds: an image of its own layer, none of it shared. */
export const tinyTarball = (): Promise<Buffer> =>
  packTar([{ name: 'tiny', path: '/tiny', type: 'file', size: 1234, mode: 0o644, mtime: new Date(0), linkname: '', content: Buffer.alloc(1234, 7) }]);
