import { compareVersions } from '../../common/dotted-version.js';
import { findRelease } from '../../specs/versions.js';
import { notObservedNote } from '../targets/judged-release.js';
import type { DiffSide } from './explore.js';
import { noAnswer, observe, type Observation } from './observation.js';
import { HttpClientError } from '../http/client.js';

/** One line of a target's negotiation profile. */
export interface ProfileRow {
  readonly what: string;
  readonly value: string;
}

export interface NegotiationProfile {
  readonly spec: string;
  readonly version: string | null;
  readonly rows: readonly ProfileRow[];
}

/** API versions asked: 1.0 to 1.11 below every release, then 1.12 to 1.70. */
const ASKED = Array.from({ length: 71 }, (_, i) => `1.${i}`);

async function get(side: DiffSide, method: string, path: string): Promise<Observation> {
  try {
    return observe(await side.client.request(method, path, { timeoutMs: 10_000 }));
  } catch (error) {
    if (error instanceof HttpClientError) return noAnswer(error.code);
    throw error;
  }
}

const messageOf = (o: Observation): string | null =>
  o.body.kind === 'text'
    ? o.body.text.trim()
    : o.body.kind === 'json' && typeof (o.body.value as { message?: unknown } | null)?.message === 'string'
      ? (o.body.value as { message: string }).message
      : null;

/** How an answer is written: status, content type, body form and message, and whether it carries Api-Version. */
function form(o: Observation): string {
  const type = o.headers['content-type'] ?? 'no Content-Type';
  const body = o.body.kind === 'none' ? 'empty body' : o.body.kind === 'text' ? 'text' : messageOf(o) === null ? 'JSON' : 'JSON {"message"}';
  const message = messageOf(o);
  const api = o.headers['api-version'] === undefined ? 'no Api-Version' : `Api-Version ${o.headers['api-version']}`;
  return `${o.status}, ${type}, ${body}${message === null ? '' : ` "${message}"`}; ${api}`;
}

const field = (o: Observation, key: string): string => {
  const value = o.body.kind === 'json' ? (o.body.value as Record<string, unknown> | null)?.[key] : undefined;
  return typeof value === 'string' ? value : '(none)';
};

/**
 * What a target does with API versions, asked as the explorer asks: the range it advertises, the
 * range it serves (every version from 1.0 to 1.70 asked on /_ping), and how it answers a version
 * below and above that range, a prefix that is no version, an unversioned call, an unknown path
 * and a method a route does not take.
 */
/** The release the version names, and whether a real daemon of it was observed here. */
function releaseText(version: string | null): string {
  const release = findRelease(version);
  if (release === undefined) return 'not in the release table';
  return release.observed === null ? `${release.release}, ${notObservedNote(release.release)}` : `${release.release}, observed on ${release.observed}`;
}

export async function negotiationProfile(side: DiffSide): Promise<NegotiationProfile> {
  const ping = await get(side, 'GET', '/_ping');
  const version = await get(side, 'GET', '/version');
  const served: string[] = [];
  for (const v of ASKED) if ((await get(side, 'GET', `/v${v}/_ping`)).status === 200) served.push(v);
  const min = served[0];
  const max = served.at(-1);
  const gaps =
    min === undefined || max === undefined ? [] : ASKED.filter((v) => compareVersions(v, min) > 0 && compareVersions(v, max) < 0 && !served.includes(v));
  const below = min === undefined ? undefined : ASKED.filter((v) => compareVersions(v, min) < 0).at(-1);
  const above = max === undefined ? undefined : `1.${Number(max.split('.')[1]) + 1}`;
  const rows: ProfileRow[] = [
    { what: 'release (specs/versions.ts)', value: releaseText(side.side.version) },
    { what: 'advertised (GET /version ApiVersion, MinAPIVersion)', value: `${field(version, 'MinAPIVersion')} – ${field(version, 'ApiVersion')}` },
    { what: 'Api-Version header of GET /_ping', value: ping.headers['api-version'] ?? '(none)' },
    {
      what: 'served (GET /v1.N/_ping answers 200, N = 0…70)',
      value: min === undefined ? 'none' : `${min} – ${max}${gaps.length === 0 ? '' : ` except ${gaps.join(', ')}`}`,
    },
    {
      what: 'spelling 01.0N (zero-padded) of the newest',
      value: max === undefined ? '-' : String((await get(side, 'GET', `/v0${max.replace('.', '.0')}/_ping`)).status),
    },
    {
      what: 'just below the range served (GET /v<min − 0.01>/version)',
      value: below === undefined ? 'nothing below is asked' : `${below}: ${form(await get(side, 'GET', `/v${below}/version`))}`,
    },
    {
      what: 'just above the range served (GET /v<max + 0.01>/version)',
      value: above === undefined ? '-' : `${above}: ${form(await get(side, 'GET', `/v${above}/version`))}`,
    },
    { what: 'malformed prefix (GET /vabc/version)', value: form(await get(side, 'GET', '/vabc/version')) },
    { what: 'unversioned (GET /version)', value: form(version).replace(/ "[^"]*"/, '') },
    { what: 'unknown path (GET /ctc-profile)', value: form(await get(side, 'GET', '/ctc-profile')) },
    { what: 'unknown path below 1.24 (GET /v1.20/ctc-profile)', value: form(await get(side, 'GET', '/v1.20/ctc-profile')) },
    { what: 'wrong method (DELETE /version)', value: form(await get(side, 'DELETE', '/version')) },
    { what: 'OPTIONS on any path (OPTIONS /ctc-profile)', value: form(await get(side, 'OPTIONS', '/ctc-profile')) },
    {
      what: 'headers of GET /_ping',
      value: ['ostype', 'server', 'experimental', 'cache-control', 'pragma'].map((h) => `${h}: ${ping.headers[h] ?? '(none)'}`).join('; '),
    },
  ];
  return { spec: side.side.spec, version: side.side.version, rows };
}

/** Profiles side by side as a Markdown table: one row per question, one column per target. */
export function profileTable(profiles: readonly NegotiationProfile[]): string {
  const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const head = `| | ${profiles.map((p) => cell(`${p.spec} (${p.version ?? 'version unknown'})`)).join(' | ')} |`;
  const rule = `|---|${profiles.map(() => '---').join('|')}|`;
  const rows = (profiles[0]?.rows ?? []).map((row, i) => `| ${cell(row.what)} | ${profiles.map((p) => cell(p.rows[i]?.value ?? '')).join(' | ')} |`);
  return `${[head, rule, ...rows].join('\n')}\n`;
}
