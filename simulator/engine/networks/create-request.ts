import { goFieldOf, goFields, isJsonObject } from '../go-fields.js';
import { goParseAddr, goParsePrefix } from '../go-netip.js';
import type { IpamEntry } from './ipam.js';

/** A network create's body (moby network.CreateRequest) as far as the simulator reads it. */
export interface CreateRequest {
  readonly name: string;
  readonly driver: string;
  readonly scope: string;
  readonly checkDuplicate: boolean;
  readonly enableIPv4: boolean | null;
  readonly enableIPv6: boolean;
  /** Whether the body sets EnableIPv6 (from 28.0 a field left out lets the option com.docker.network.enable_ipv6 decide). */
  readonly enableIPv6Given: boolean;
  readonly internal: boolean;
  readonly attachable: boolean;
  readonly ingress: boolean;
  readonly configOnly: boolean;
  readonly configFrom: string | null;
  readonly ipam: { readonly driver: string; readonly options: Readonly<Record<string, string>> | null; readonly entries: readonly IpamEntry[] } | null;
  readonly options: Readonly<Record<string, string>>;
  readonly labels: Readonly<Record<string, string>>;
}

const FIELDS = [
  'Name',
  'Driver',
  'Scope',
  'CheckDuplicate',
  'EnableIPv4',
  'EnableIPv6',
  'Internal',
  'Attachable',
  'Ingress',
  'ConfigOnly',
  'ConfigFrom',
  'IPAM',
  'Options',
  'Labels',
] as const;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const flag = (value: unknown): boolean => value === true;
const strings = (value: unknown): Record<string, string> =>
  isJsonObject(value) ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string')) : {};

function ipamEntry(value: unknown): IpamEntry {
  const fields = isJsonObject(value) ? goFields(value, ['Subnet', 'IPRange', 'Gateway', 'AuxiliaryAddresses']) : {};
  return {
    subnet: text(fields['Subnet']),
    ipRange: text(fields['IPRange']),
    gateway: text(fields['Gateway']),
    auxAddresses: Object.entries(strings(fields['AuxiliaryAddresses'])),
  };
}

/** The request a decoded body makes (undefined: no body, every field zero); fields of another type are taken as absent. */
export function readCreateRequest(value: unknown): CreateRequest {
  const fields = isJsonObject(value) ? goFields(value, FIELDS) : {};
  const ipam = isJsonObject(fields['IPAM']) ? goFields(fields['IPAM'], ['Driver', 'Config', 'Options']) : null;
  const configFrom = isJsonObject(fields['ConfigFrom']) ? goFields(fields['ConfigFrom'], ['Network']) : null;
  return {
    name: text(fields['Name']),
    driver: text(fields['Driver']),
    scope: text(fields['Scope']),
    checkDuplicate: flag(fields['CheckDuplicate']),
    enableIPv4: typeof fields['EnableIPv4'] === 'boolean' ? fields['EnableIPv4'] : null,
    enableIPv6: flag(fields['EnableIPv6']),
    enableIPv6Given: typeof fields['EnableIPv6'] === 'boolean',
    internal: flag(fields['Internal']),
    attachable: flag(fields['Attachable']),
    ingress: flag(fields['Ingress']),
    configOnly: flag(fields['ConfigOnly']),
    configFrom: configFrom === null ? null : text(configFrom['Network']),
    ipam:
      ipam === null
        ? null
        : {
            driver: text(ipam['Driver']),
            options: isJsonObject(ipam['Options']) ? strings(ipam['Options']) : null,
            entries: Array.isArray(ipam['Config']) ? ipam['Config'].map(ipamEntry) : [],
          },
    options: strings(fields['Options']),
    labels: strings(fields['Labels']),
  };
}

const IPAM_ENTRY_FIELDS = ['Subnet', 'IPRange', 'Gateway', 'AuxiliaryAddresses'];

/**
 * The first error 29.x's decoder meets in the body's IPAM entries, or null: from 29.0 an entry's
 * Subnet and IPRange are netip.Prefix, its Gateway and AuxiliaryAddresses' values netip.Addr,
 * each parsed as it is decoded ("" is the zero value), in the document's order (observed on
 * 29.7.2: "netip.ParsePrefix(\"bad\"): no '/'"). Values of another type are not modelled.
 */
export function netipProblem(value: unknown): string | null {
  if (!isJsonObject(value)) return null;
  const ipam = goFields(value, FIELDS)['IPAM'];
  const config = isJsonObject(ipam) ? goFields(ipam, ['Driver', 'Config', 'Options'])['Config'] : undefined;
  if (!Array.isArray(config)) return null;
  const problem = (text: unknown, parse: (text: string) => object): string | null => {
    if (typeof text !== 'string' || text === '') return null;
    const parsed = parse(text);
    return 'error' in parsed ? String(parsed.error) : null;
  };
  for (const entry of config) {
    if (!isJsonObject(entry)) continue;
    for (const [key, item] of Object.entries(entry)) {
      const field = goFieldOf(key, IPAM_ENTRY_FIELDS);
      const found =
        field === 'Subnet' || field === 'IPRange'
          ? problem(item, goParsePrefix)
          : field === 'Gateway'
            ? problem(item, goParseAddr)
            : field === 'AuxiliaryAddresses' && isJsonObject(item)
              ? (Object.values(item)
                  .map((address) => problem(address, goParseAddr))
                  .find((error) => error !== null) ?? null)
              : null;
      if (found !== null) return found;
    }
  }
  return null;
}
