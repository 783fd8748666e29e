import fc from 'fast-check';
import type { HttpClient } from '../suites/http/client.js';
import { importBusybox, sendOk, sleeper } from './helpers/busybox-containers.js';
import { type Ask, checkAgainstRealReleases, checkObserved, json, type Observed, statusAndNamedMessage } from './helpers/real-versus-sim.js';

/**
 * The exec routes (simulator/engine/exec/routes.ts), the routes ctrd-sim answers only up to the
 * container's lookup (containers/lookup-only.ts) and a container's changes (containers/changes.ts).
 * The table holds what the releases answered; the property sends generated bodies and names to
 * each real release and to ctrd-sim emulating it, over a container made, one running under an init
 * and one paused, and compares status and words (each side's IDs as placeholders).
 */

const exec = (name: string, body: string): Ask => ({ method: 'POST', path: `/containers/${name}/exec`, ...json(body) });

// Observed on 20.10.24, 26.1.5 and 28.5.2, 2026-11-27, and where a row has a fifth column on 29.7.2, 2026-12-06 ('=': as the release before it).
const OBSERVED: Observed = [
  [exec('nosuch', '{}'), [400, 'No exec command specified'], '=', '='],
  [exec('nosuch', '{"Cmd":["ls"]}'), [404, 'No such container: nosuch'], '=', '='],
  [
    exec('nosuch', '{"Cmd":"ls"}'),
    [400, 'json: cannot unmarshal string into Go struct field ExecConfig.Cmd of type []string'],
    [400, 'invalid JSON: json: cannot unmarshal string into Go struct field ExecConfig.Cmd of type []string'],
    [400, 'invalid JSON: json: cannot unmarshal string into Go struct field ExecOptions.Cmd of type []string'],
  ],
  [
    exec('nosuch', '{"Cmd":["ls",1]}'),
    [400, 'json: cannot unmarshal number into Go struct field ExecConfig.Cmd of type string'],
    [400, 'invalid JSON: json: cannot unmarshal number into Go struct field ExecConfig.Cmd of type string'],
    [400, 'invalid JSON: json: cannot unmarshal number into ExecOptions.Cmd.1 of type string'],
    [400, 'invalid JSON: json: cannot unmarshal number into Go struct field ExecCreateRequest.Cmd of type string'],
  ],
  // 29.0's ExecCreateRequest has no Detach: a body's Detach is not decoded (29.7.2, 2026-12-06).
  [
    exec('nosuch', '{"Detach":"x","Cmd":["ls"]}'),
    [400, 'json: cannot unmarshal string into Go struct field ExecConfig.Detach of type bool'],
    [400, 'invalid JSON: json: cannot unmarshal string into Go struct field ExecConfig.Detach of type bool'],
    [400, 'invalid JSON: json: cannot unmarshal string into Go struct field ExecOptions.Detach of type bool'],
    [404, 'No such container: nosuch'],
  ],
  [
    exec('nosuch', '{"Cmd":["ls"],"ConsoleSize":[-1,2]}'),
    [404, 'No such container: nosuch'],
    [400, 'invalid JSON: json: cannot unmarshal number -1 into Go struct field ExecConfig.ConsoleSize of type uint'],
    [400, 'invalid JSON: json: cannot unmarshal number -1 into ExecOptions.ConsoleSize.0 of type uint'],
  ],
  [
    exec('nosuch', '{"cmd":["ls"],"user":1}'),
    [400, 'json: cannot unmarshal number into Go struct field ExecConfig.User of type string'],
    [400, 'invalid JSON: json: cannot unmarshal number into Go struct field ExecConfig.User of type string'],
    [400, 'invalid JSON: json: cannot unmarshal number into Go struct field ExecOptions.user of type string'],
  ],
  [
    exec('nosuch', '[]'),
    [400, 'json: cannot unmarshal array into Go value of type types.ExecConfig'],
    [400, 'invalid JSON: json: cannot unmarshal array into Go value of type types.ExecConfig'],
    [400, 'invalid JSON: json: cannot unmarshal array into Go value of type container.ExecOptions'],
    [400, 'invalid JSON: json: cannot unmarshal array into Go value of type container.ExecCreateRequest'],
  ],
  [{ method: 'GET', path: '/exec/nosuch/json' }, [404, 'No such exec instance: nosuch'], '=', '='],
  [{ method: 'POST', path: '/exec/nosuch/start', ...json('{"Detach":true}') }, [404, 'No such exec instance: nosuch'], '=', '='],
  [
    { method: 'POST', path: '/exec/nosuch/start', ...json('{"tty":1}') },
    [400, 'json: cannot unmarshal number into Go struct field ExecStartCheck.Tty of type bool'],
    [400, 'invalid JSON: json: cannot unmarshal number into Go struct field ExecStartCheck.Tty of type bool'],
    [400, 'invalid JSON: json: cannot unmarshal number into Go struct field ExecStartOptions.tty of type bool'],
    [400, 'invalid JSON: json: cannot unmarshal number into Go struct field ExecStartRequest.Tty of type bool'],
  ],
  [{ method: 'POST', path: '/exec/nosuch/resize?h=1&w=1' }, [404, 'No such exec instance: nosuch'], '=', '='],
  [
    { method: 'POST', path: '/exec/nosuch/resize?h=x&w=1' },
    [400, 'strconv.Atoi: parsing "x": invalid syntax'],
    '=',
    [400, 'invalid resize height "x": invalid syntax'],
  ],
  [{ method: 'GET', path: '/containers/nosuch/top' }, [404, 'No such container: nosuch'], '=', '='],
  [{ method: 'GET', path: '/containers/nosuch/stats?stream=0' }, [404, 'No such container: nosuch'], '=', '='],
  [{ method: 'GET', path: '/containers/nosuch/export' }, [404, 'No such container: nosuch'], '=', '='],
  [{ method: 'GET', path: '/containers/nosuch/attach/ws' }, [404, 'No such container: nosuch'], '=', '='],
  [{ method: 'GET', path: '/containers/nosuch/changes' }, [404, 'No such container: nosuch'], '=', '='],
  [{ method: 'PUT', path: '/containers/nosuch/archive', type: 'application/x-tar', body: '' }, [400, 'bad parameter: pathcannot be empty'], '=', '='],
  [{ method: 'PUT', path: '/containers/nosuch/archive?path=/', type: 'application/x-tar', body: '' }, [404, 'No such container: nosuch'], '=', '='],
];

checkObserved('the exec routes and the lookups before 501 answer as each release did', 'ctc-exec-', OBSERVED);

/** A container made, one running under an init, one paused; their IDs as placeholders. */
async function setup(client: HttpClient): Promise<Record<string, string>> {
  await importBusybox(client);
  const values: Record<string, string> = {};
  values['{ctc-new}'] = (
    JSON.parse(
      await sendOk(
        client,
        'POST',
        '/containers/create?name=ctc-new',
        JSON.stringify({ Image: 'ctc-img:1', Cmd: ['/bin/busybox', 'true'], HostConfig: { NetworkMode: 'none' } }),
      ),
    ) as { Id: string }
  ).Id;
  values['{ctc-run}'] = await sleeper(client, 'ctc-run');
  values['{ctc-pau}'] = await sleeper(client, 'ctc-pau');
  for (const name of ['ctc-run', 'ctc-pau']) await sendOk(client, 'POST', `/containers/${name}/start`);
  await sendOk(client, 'POST', '/containers/ctc-pau/pause');
  return values;
}

/** The status and words; each side's container IDs (the not-running refusal names one) by name. */
async function read(client: HttpClient, ask: Ask, _used: Readonly<Record<string, string>>): Promise<unknown> {
  const containers = JSON.parse(await sendOk(client, 'GET', '/containers/json?all=1')) as { Id: string; Names: string[] }[];
  return statusAndNamedMessage(client, ask, Object.fromEntries(containers.map((c) => [`{${c.Names[0]}}`, c.Id])));
}

const jsonValue = fc.constantFrom<unknown>(
  'x',
  1,
  -1,
  1.5,
  true,
  null,
  {},
  [],
  ['ls'],
  ['ls', 1],
  [null],
  [-1, 2],
  [1.5],
  [100000000000000000000],
  ['a'],
  [1, 2, 3],
);
const key = fc.constantFrom(
  'Cmd',
  'cmd',
  'CMD',
  'User',
  'user',
  'Tty',
  'TTY',
  'Privileged',
  'AttachStdin',
  'Detach',
  'DetachKeys',
  'Env',
  'WorkingDir',
  'ConsoleSize',
  'consolesize',
  'Other',
);
const objectBody = fc
  .uniqueArray(fc.tuple(key, jsonValue), { maxLength: 4, selector: ([k]) => k.toLowerCase() })
  .map((entries) => JSON.stringify(Object.fromEntries(entries)));
const body = fc.oneof(objectBody, objectBody, fc.constantFrom('{"Cmd":["ls"]}', '[]', '"x"', '1', 'null', 'x', '{} x', '{"Cmd":["ls"]} {"x":1}', ''));
const name = fc.constantFrom('ctc-new', 'ctc-pau', 'nosuch', 'ctc-new/x');
const prefix = fc.constantFrom('', '/v1.41', '/v1.43');

const request: fc.Arbitrary<Ask> = fc.oneof(
  fc
    .tuple(prefix, name, body, fc.constantFrom('application/json', 'text/plain'))
    .map(([p, n, b, type]) => ({ method: 'POST', path: `${p}/containers/${n}/exec`, type, body: b })),
  fc.tuple(prefix, body).map(([p, b]) => ({ method: 'POST', path: `${p}/exec/nosuch/start`, ...json(b) })),
  fc
    .tuple(prefix, fc.constantFrom('', '1', 'x', '-1', '+1', '99999999999'), fc.constantFrom('', '1', 'x'))
    .map(([p, h, w]) => ({ method: 'POST', path: `${p}/exec/nosuch/resize?h=${h}&w=${w}` })),
  fc
    .tuple(prefix, fc.constantFrom('top', 'changes', 'stats?stream=0', 'export', 'attach/ws'), fc.constantFrom('ctc-new', 'ctc-run', 'ctc-pau', 'nosuch'))
    // Served to the end only by the real daemons: top and changes of what runs, stats, export and attach of what exists.
    .filter(([, route, n]) => n === 'nosuch' || (route === 'top' && n === 'ctc-new') || route === 'changes')
    .map(([p, route, n]) => ({ method: 'GET', path: `${p}/containers/${n}/${route}` })),
  fc.constantFrom<Ask>(
    { method: 'GET', path: '/exec/nosuch/json' },
    { method: 'PUT', path: '/containers/nosuch/archive?path=', type: 'application/x-tar', body: '' },
  ),
);

checkAgainstRealReleases('exec bodies and the lookups before 501 with generated requests', 'ctc-exec-', request, 200, { setup, read });
