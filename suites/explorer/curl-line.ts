import { shellWord as sh } from '../../reports/renderers/curl.js';
import type { Endpoint } from '../http/endpoint.js';
import type { Probe } from './probe.js';

/** The curl command that sends `probe` to `endpoint` and shows the answer's head and body. */
export function curlLine(probe: Probe, endpoint: Endpoint): string {
  const words = ['curl', '-sS', '-i', '--path-as-is'];
  if (endpoint.kind === 'unix') words.push('--unix-socket', sh(endpoint.path));
  // curl -X HEAD waits for a body that never comes; --head sends HEAD and reads none.
  if (probe.method === 'HEAD') words.push('--head');
  else if (probe.method !== 'GET' || probe.body !== undefined) words.push('-X', probe.method);
  for (const [name, value] of Object.entries(probe.headers)) words.push('-H', sh(`${name}: ${value}`));
  if (probe.body !== undefined) words.push('--data-binary', sh(probe.body));
  const base = endpoint.kind === 'unix' ? 'http://localhost' : `${endpoint.tls === undefined ? 'http' : 'https'}://${endpoint.host}:${endpoint.port}`;
  words.push(sh(`${base}${endpoint.basePath ?? ''}${probe.path}`));
  return words.join(' ');
}
