import type { ImagePlatform } from '../objects/index.js';
import { jsonTypeWord } from '../../config/file/go-values.js';
import { goFieldOf, isJsonObject } from '../go-fields.js';
import { goJsonUnmarshalScan } from '../go-json.js';
import { printsNewerWords, syntaxWords } from '../go-json-newer.js';

/** The fields of ocispec.Platform by their JSON names, and the Go type of each. */
const FIELDS: Readonly<Record<string, 'string' | '[]string'>> = {
  architecture: 'string',
  os: 'string',
  'os.version': 'string',
  'os.features': '[]string',
  variant: 'string',
};

/**
 * Go's unmarshal error for a platform document. 28.x's Go (observed on 28.5.2) names the key as
 * written ("Platform.OS") and a list member by its index without "Go struct field"
 * ("Platform.os.features.0"); 29.x's (Go 1.26, observed on 29.7.2) names the field by its JSON
 * name, a list member by its list ("Go struct field Platform.os.features of type string").
 */
function typeProblem(value: unknown, namesKeys: boolean): string | null {
  if (value === null) return null;
  if (!isJsonObject(value)) return `json: cannot unmarshal ${jsonTypeWord(value)} into Go value of type v1.Platform`;
  for (const [key, item] of Object.entries(value)) {
    const field = goFieldOf(key, Object.keys(FIELDS));
    if (field === undefined || item === null) continue;
    const named = namesKeys ? key : field;
    if (FIELDS[field] === 'string' && typeof item !== 'string')
      return `json: cannot unmarshal ${jsonTypeWord(item)} into Go struct field Platform.${named} of type string`;
    if (FIELDS[field] === '[]string') {
      if (!Array.isArray(item)) return `json: cannot unmarshal ${jsonTypeWord(item)} into Go struct field Platform.${named} of type []string`;
      const at = item.findIndex((member) => member !== null && typeof member !== 'string');
      if (at < 0) continue;
      return namesKeys
        ? `json: cannot unmarshal ${jsonTypeWord(item[at])} into Platform.${key}.${at} of type string`
        : `json: cannot unmarshal ${jsonTypeWord(item[at])} into Go struct field Platform.${field} of type string`;
    }
  }
  return null;
}

/** moby's DecodePlatform (json.Unmarshal, then OS and architecture required): the platform, or the 400's words. */
export function decodePlatform(text: string, release: string): { readonly platform: ImagePlatform } | { readonly error: string } {
  const bytes = Buffer.from(text, 'utf8');
  const scan = goJsonUnmarshalScan(bytes);
  if ('error' in scan) return { error: `failed to parse platform: ${syntaxWords(release, scan.error, bytes, scan.at)}` };
  if ('cut' in scan) return { error: 'failed to parse platform: unexpected end of JSON input' };
  const value: unknown = JSON.parse(text);
  const problem = typeProblem(value, printsNewerWords(release));
  if (problem !== null) return { error: `failed to parse platform: ${problem}` };
  const fields: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(isJsonObject(value) ? value : {})) {
    const field = goFieldOf(key, Object.keys(FIELDS));
    if (field !== undefined) fields[field] = item;
  }
  const text0 = (key: string): string => (typeof fields[key] === 'string' ? fields[key] : '');
  const features = Array.isArray(fields['os.features'])
    ? (fields['os.features'] as unknown[]).map((feature) => (typeof feature === 'string' ? feature : ''))
    : [];
  const platform: ImagePlatform = {
    os: text0('os'),
    architecture: text0('architecture'),
    variant: text0('variant'),
    osVersion: text0('os.version'),
    osFeatures: features,
  };
  const optional = platform.variant !== '' || platform.osVersion !== '' || features.length > 0;
  if (platform.os === '' && platform.architecture === '' && optional)
    return { error: 'optional platform fields provided, but OS and Architecture are missing' };
  if (platform.os === '' || platform.architecture === '') return { error: 'both OS and Architecture must be provided' };
  return { platform };
}
