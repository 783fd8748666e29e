import { jsonTypeWord } from '../../config/file/go-values.js';
import type { Exchange } from '../../http/exchange.js';
import { goFieldOf, isJsonObject } from '../go-fields.js';
import { isSpace } from '../go-json.js';
import { printsNewerWords } from '../go-json-newer.js';
import { decodeFirstBodyValue, type Refusal, readJsonRequest } from '../json-request.js';
import { releaseBelow } from '../replies.js';

/** The privileges a pull or an upgrade sends are small; a larger body is refused. */
const MAX_PRIVILEGES_BYTES = 1024 * 1024;

/** The Go types the privileges decode into, by the release's package: the list's and an element's. */
const privilegeTypes = (x: Exchange): { readonly list: string; readonly element: string } =>
  releaseBelow(x, '29.0') ? { list: 'types.PluginPrivileges', element: 'types.PluginPrivilege' } : { list: 'plugin.Privileges', element: 'plugin.Privilege' };

/** A privilege's fields (no json tags: Go's names, which a key matches case-insensitively) and their Go types. */
const FIELDS: Readonly<Record<string, 'string' | '[]string'>> = { Name: 'string', Description: 'string', Value: '[]string' };

/** Where a type error lands: an element of the list, a field of the element, a member of the field's list. */
interface Landing {
  readonly index: number;
  readonly key?: string;
  readonly field?: string;
  readonly member?: number;
}

/** The first place in document order whose value is not of its Go type (Go reports the first and goes on), with the value. */
function firstMisfit(list: readonly unknown[]): { readonly at: Landing; readonly value: unknown } | null {
  for (const [index, element] of list.entries()) {
    if (element === null) continue;
    if (!isJsonObject(element)) return { at: { index }, value: element };
    for (const [key, item] of Object.entries(element)) {
      const field = goFieldOf(key, Object.keys(FIELDS));
      if (field === undefined || item === null) continue;
      if (FIELDS[field] === 'string' ? typeof item !== 'string' : !Array.isArray(item)) return { at: { index, key, field }, value: item };
      if (!Array.isArray(item)) continue;
      const member = item.findIndex((one) => one !== null && typeof one !== 'string');
      if (member >= 0) return { at: { index, key, field, member }, value: item[member] };
    }
  }
  return null;
}

/**
 * Go's error for the decoded value, or null when it fits. 28.x's Go (printsNewerWords) names the
 * place by its path, the key as written (`PluginPrivileges.0.value.1`, "Go struct field" for a
 * field only); the others name the struct's field (observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2).
 */
function privilegesProblem(x: Exchange, value: unknown): string | null {
  const types = privilegeTypes(x);
  if (value === null) return null;
  if (!Array.isArray(value)) return `json: cannot unmarshal ${jsonTypeWord(value)} into Go value of type ${types.list}`;
  const misfit = firstMisfit(value);
  if (misfit === null) return null;
  const { at } = misfit;
  const what = `json: cannot unmarshal ${jsonTypeWord(misfit.value)} into`;
  const goType = at.field === undefined ? types.element : at.member === undefined ? FIELDS[at.field]! : 'string';
  if (printsNewerWords(x.state.config.release.release)) {
    const path = [types.list.slice(types.list.indexOf('.') + 1), at.index, at.key, at.member].filter((part) => part !== undefined).join('.');
    return `${what} ${at.key !== undefined && at.member === undefined ? 'Go struct field ' : ''}${path} of type ${goType}`;
  }
  if (at.field === undefined) return `${what} Go value of type ${goType}`;
  return `${what} Go struct field ${types.element.slice(types.element.indexOf('.') + 1)}.${at.field} of type ${goType}`;
}

/**
 * The privileges of a pull or an upgrade, as the release reads them: null when they decode, the
 * refusal. 20.10 decodes them itself (500 "failed to parse privileges: …", an
 * empty body being Go's EOF, and "invalid privileges" for a second value after them); later
 * releases with httputils.ReadJSON (json-request.ts).
 */
export async function readPrivileges(x: Exchange): Promise<Refusal | null> {
  if (releaseBelow(x, '23.0')) {
    const decoded = await decodeFirstBodyValue(x, MAX_PRIVILEGES_BYTES);
    if ('unread' in decoded) return { status: 400, message: decoded.unread };
    if ('decodeError' in decoded) return { status: 500, message: `failed to parse privileges: ${decoded.decodeError}` };
    const problem = privilegesProblem(x, decoded.value);
    if (problem !== null) return { status: 500, message: `failed to parse privileges: ${problem}` };
    const next = decoded.rest.find((byte) => !isSpace(byte));
    // json.Decoder's More: another value follows unless what is left closes an array or object.
    return next !== undefined && next !== 0x5d && next !== 0x7d ? { status: 500, message: 'invalid privileges' } : null;
  }
  const read = await readJsonRequest(x, (value) => privilegesProblem(x, value));
  return 'value' in read ? null : read;
}
