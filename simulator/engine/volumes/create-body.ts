import { jsonTypeWord } from '../../config/file/go-values.js';
import { goFieldOf, goFields, isJsonObject } from '../go-fields.js';

/** A volume create request's fields (moby volume.CreateOptions, from 29.0 volume.CreateRequest; 20.10 VolumeCreateBody, without ClusterVolumeSpec). */
export interface CreateRequest {
  readonly name: string;
  readonly driver: string;
  readonly driverOpts: Readonly<Record<string, string>> | null;
  readonly labels: Readonly<Record<string, string>> | null;
  /** Whether a ClusterVolumeSpec (an object) was given. */
  readonly clusterSpec: boolean;
}

const STRING_FIELDS = ['Driver', 'Name'];
const MAP_FIELDS = ['DriverOpts', 'Labels'];

/** What Go's decoder says of one field's value: the JSON type, the path past the field (28.x names a map's key) and the Go type; or null. */
function fieldProblem(field: string, value: unknown, namesKeys: boolean): readonly [string, string, string] | null {
  if (value === null) return null;
  if (STRING_FIELDS.includes(field)) return typeof value === 'string' ? null : [jsonTypeWord(value), '', 'string'];
  if (MAP_FIELDS.includes(field)) {
    if (!isJsonObject(value)) return [jsonTypeWord(value), '', 'map[string]string'];
    const bad = Object.entries(value).find(([, item]) => item !== null && typeof item !== 'string');
    return bad === undefined ? null : [jsonTypeWord(bad[1]), namesKeys ? `.${bad[0]}` : '', 'string'];
  }
  return isJsonObject(value) ? null : [jsonTypeWord(value), '', 'volume.ClusterVolumeSpec'];
}

/**
 * Go's unmarshal error for a create body, or null: a value that is no object, else the first field
 * (in the document's order) of the wrong type, `struct` being the body's Go type as the release
 * names it. Observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2.
 */
export function createBodyProblem(value: unknown, old: boolean, struct: string, namesKeys: boolean): string | null {
  if (value === null || value === undefined) return null;
  if (!isJsonObject(value)) return `json: cannot unmarshal ${jsonTypeWord(value)} into Go value of type volume.${struct}`;
  const fields = fieldsOf(old);
  for (const [key, item] of Object.entries(value)) {
    const field = goFieldOf(key, fields);
    const problem = field === undefined ? null : fieldProblem(field, item, namesKeys);
    if (problem !== null) return `json: cannot unmarshal ${problem[0]} into Go struct field ${struct}.${field}${problem[1]} of type ${problem[2]}`;
  }
  return null;
}

const fieldsOf = (old: boolean): readonly string[] => (old ? [...STRING_FIELDS, ...MAP_FIELDS] : ['ClusterVolumeSpec', ...STRING_FIELDS, ...MAP_FIELDS]);

/** A map[string]string as Go decodes it: null members are empty strings; null is no map. */
const stringMap = (value: unknown): Record<string, string> | null =>
  isJsonObject(value) ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, typeof item === 'string' ? item : ''])) : null;

/** The request a decoded body (that fits, createBodyProblem) makes: absent or null fields are empty. */
export function createRequest(value: unknown, old: boolean): CreateRequest {
  const body = goFields(isJsonObject(value) ? value : {}, fieldsOf(old));
  return {
    name: typeof body['Name'] === 'string' ? body['Name'] : '',
    driver: typeof body['Driver'] === 'string' ? body['Driver'] : '',
    driverOpts: stringMap(body['DriverOpts']),
    labels: stringMap(body['Labels']),
    clusterSpec: isJsonObject(body['ClusterVolumeSpec']),
  };
}
