import { jsonTypeWord } from '../../config/file/go-values.js';
import type { Exchange } from '../../http/exchange.js';
import { isSpace } from '../go-json.js';
import { decodeFirstBodyValue, type Refusal, readJsonRequest } from '../json-request.js';
import { releaseBelow } from '../replies.js';

/** The privileges a pull or an upgrade sends are small; a larger body is refused. */
const MAX_PRIVILEGES_BYTES = 1024 * 1024;

/** The Go type the privileges decode into: its name in a decoder's error. */
const privilegesType = (x: Exchange): string => (releaseBelow(x, '29.0') ? 'types.PluginPrivileges' : 'plugin.Privileges');

/** A privilege's fields, as Go's decoder matches keys (case-insensitively), and what each holds. */
const FIELD_KINDS: Readonly<Record<string, 'string' | 'strings'>> = { name: 'string', description: 'string', value: 'strings' };

/**
 * Whether Go's decoder takes the value into the privileges without an error: null or a list of
 * privileges (objects, or null) whose known fields hold their kinds (or null), other keys ignored.
 * A list whose element does not fit is not modelled (Go names the struct field in its error).
 */
function fit(value: unknown): 'fits' | 'wrong-type' | 'unmodelled' {
  if (value === null) return 'fits';
  if (!Array.isArray(value)) return 'wrong-type';
  for (const element of value) {
    if (element === null) continue;
    if (typeof element !== 'object' || Array.isArray(element)) return 'unmodelled';
    for (const [key, field] of Object.entries(element as Record<string, unknown>)) {
      const kind = FIELD_KINDS[key.toLowerCase()];
      if (kind === undefined || field === null) continue;
      if (kind === 'string' && typeof field !== 'string') return 'unmodelled';
      if (kind === 'strings' && !(Array.isArray(field) && field.every((item) => item === null || typeof item === 'string'))) return 'unmodelled';
    }
  }
  return 'fits';
}

/**
 * The privileges of a pull or an upgrade, as the release reads them: null when they decode, the
 * refusal, or 'unmodelled'. 20.10 decodes them itself (500 "failed to parse privileges: …", an
 * empty body being Go's EOF, and "invalid privileges" for a second value after them); later
 * releases with httputils.ReadJSON (json-request.ts).
 */
export async function readPrivileges(x: Exchange): Promise<Refusal | null | 'unmodelled'> {
  const typeError = (value: unknown): string => `json: cannot unmarshal ${jsonTypeWord(value)} into Go value of type ${privilegesType(x)}`;
  if (releaseBelow(x, '23.0')) {
    const decoded = await decodeFirstBodyValue(x, MAX_PRIVILEGES_BYTES);
    if ('unread' in decoded) return { status: 400, message: decoded.unread };
    if ('decodeError' in decoded) return { status: 500, message: `failed to parse privileges: ${decoded.decodeError}` };
    const fits = fit(decoded.value);
    if (fits === 'unmodelled') return 'unmodelled';
    if (fits === 'wrong-type') return { status: 500, message: `failed to parse privileges: ${typeError(decoded.value)}` };
    const next = decoded.rest.find((byte) => !isSpace(byte));
    // json.Decoder's More: another value follows unless what is left closes an array or object.
    return next !== undefined && next !== 0x5d && next !== 0x7d ? { status: 500, message: 'invalid privileges' } : null;
  }
  let unmodelled = false;
  const read = await readJsonRequest(x, (value) => {
    const fits = fit(value);
    if (fits === 'unmodelled') unmodelled = true;
    return fits === 'wrong-type' ? typeError(value) : null;
  });
  if (unmodelled) return 'unmodelled';
  return 'value' in read ? null : read;
}
