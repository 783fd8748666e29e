import fc from 'fast-check';
import type { HttpClient } from '../suites/http/client.js';
import { readTar } from '../simulator/engine/objects/index.js';
import { tarball } from '../suites/deprecations/image-tarball.js';
import { ustar } from './helpers/ustar.js';
import { type Ask, checkAgainstObservedReleases, statusAndMessage } from './helpers/real-versus-sim.js';

/**
 * PUT …/archive with copyUIDGID (simulator/engine/containers/copy-owner.ts): containers of images
 * with and without a passwd and a group file, made with generated users (names, IDs, a group after
 * a colon, empty parts, names no file has), get an upload of owned entries with copyUIDGID; the
 * answer and the owners the entries then have must be each release's (20.10 looks the user up on
 * the host: the host's own users are among those generated).
 */

const PASSWD = 'root:x:0:0:root:/root:/bin/sh\nctcuser:x:4242:4343::/home/ctc:/bin/sh\n1000:x:1001:1002::/:/bin/sh\nbadgid:x:77:notanumber::/:/bin/sh\n';
const GROUP = 'root:x:0:\nctcgrp:x:5151:ctcuser\n#comment:x:9:\n4343:x:4344:\n';

async function setup(client: HttpClient): Promise<Record<string, string>> {
  const withFiles = await tarball([
    { type: 'directory', name: 'etc' },
    { type: 'file', name: 'etc/passwd', content: Buffer.from(PASSWD) },
    { type: 'file', name: 'etc/group', content: Buffer.from(GROUP) },
    { type: 'directory', name: 'up' },
  ]);
  const without = await tarball([
    { type: 'directory', name: 'etc' },
    { type: 'directory', name: 'up' },
  ]);
  for (const [repo, layer] of [
    ['ctc-owner/files', withFiles],
    ['ctc-owner/none', without],
  ] as const)
    await client.request('POST', `/images/create?fromSrc=-&repo=${repo}&tag=1`, {
      headers: { 'Content-Type': 'application/x-tar' },
      body: layer,
      timeoutMs: 10_000,
    });
  return {};
}

const part = fc.constantFrom(
  '',
  'root',
  'ctcuser',
  'ctcgrp',
  'nobody',
  'daemon',
  '4242',
  '1000',
  '777',
  '0',
  '4343',
  'badgid',
  'nosuch',
  '99999999999',
  '2147483648',
);
const user = fc.oneof(
  part,
  fc.tuple(part, part).map(([u, g]) => `${u}:${g}`),
);

const requests: fc.Arbitrary<Ask> = fc
  .record({ image: fc.constantFrom('ctc-owner/files:1', 'ctc-owner/none:1'), user, copy: fc.constantFrom('1', '1', 'false') })
  .map(({ image, user, copy }) => ({ method: 'PUT', path: `/containers/ctc-co/archive?path=/up&copyUIDGID=${copy}`, body: JSON.stringify({ image, user }) }));

/** An upload of owned entries: a directory, a file in it, a link. */
const UPLOAD = ustar([
  { name: 'd/', type: 'directory' },
  { name: 'd/f', type: 'file', content: 'x\n' },
  { name: 'l', type: 'symlink', target: 'd/f' },
]);

async function read(client: HttpClient, ask: Ask): Promise<unknown> {
  const { image, user } = JSON.parse(ask.body ?? '{}') as { image: string; user: string };
  await client.request('DELETE', '/containers/ctc-co?force=1', { timeoutMs: 10_000 });
  const created = await client.request('POST', '/containers/create?name=ctc-co', {
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ Image: image, User: user, Cmd: ['x'], HostConfig: { NetworkMode: 'none' } }),
    timeoutMs: 10_000,
  });
  if (created.status !== 201) return ['create', created.status, created.body.trim()];
  const answer = await statusAndMessage(client, { method: ask.method, path: ask.path, type: 'application/x-tar', body: UPLOAD.toString('latin1') });
  const reply = await client.stream('GET', '/containers/ctc-co/archive?path=/up', { timeoutMs: 20_000 });
  const chunks: Buffer[] = [];
  for await (const chunk of reply.chunks()) chunks.push(chunk);
  const owners = (await readTar(Buffer.concat(chunks))).map((entry) => `${entry.path} ${entry.uid ?? 0}:${entry.gid ?? 0}`);
  return [answer, owners];
}

checkAgainstObservedReleases("copyUIDGID's owner", 'ctc-copy-owner-', requests, 50, { setup, read });
