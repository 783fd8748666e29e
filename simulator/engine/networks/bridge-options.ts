import { goAtoi, goParseBool, goQuote } from '../go-strconv.js';
import { goParseAddr } from '../go-netip.js';
import type { Refusal } from '../json-request.js';

/**
 * The bridge driver's options as libnetwork's networkConfiguration.fromLabels reads them, and the
 * kernel's refusals of the bridge it would make. Observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2
 * (2026-12-06, each daemon in a private network namespace with only loopback).
 */

export const BRIDGE_NAME_OPTION = 'com.docker.network.bridge.name';
const MTU_OPTION = 'com.docker.network.driver.mtu';

/** The options fromLabels parses, and how: Go's ParseBool, Atoi, or net.ParseIP ("nil ip"). */
const PARSED_OPTIONS: Readonly<Record<string, 'bool' | 'int' | 'ip'>> = {
  [MTU_OPTION]: 'int',
  'com.docker.network.enable_ipv6': 'bool',
  'com.docker.network.bridge.enable_ip_masquerade': 'bool',
  'com.docker.network.bridge.enable_icc': 'bool',
  'com.docker.network.bridge.inhibit_ipv4': 'bool',
  'com.docker.network.bridge.default_bridge': 'bool',
  'com.docker.network.bridge.host_binding_ipv4': 'ip',
  'com.docker.network.host_ipv4': 'ip',
  'com.docker.network.host_ipv6': 'ip',
};

/** Go's net.ParseIP: a dotted quad or an IPv6 address without a zone. */
const goNetParseIP = (text: string): boolean => {
  const parsed = goParseAddr(text);
  return !('error' in parsed) && parsed.zone === '';
};

/**
 * The first option fromLabels cannot parse, in its words (moby's parseErr), or null. Go ranges over
 * the options' map, so which of several bad ones is named changes from run to run; ctrd-sim names
 * the first in the request's order.
 */
export function optionProblem(options: Readonly<Record<string, string>>): string | null {
  for (const [label, value] of Object.entries(options)) {
    const kind = PARSED_OPTIONS[label];
    if (kind === undefined) continue;
    const reason = kind === 'bool' ? errorOf(goParseBool(value)) : kind === 'int' ? errorOf(goAtoi(value)) : goNetParseIP(value) ? null : 'nil ip';
    if (reason !== null) return `failed to parse ${label} value: ${value} (${reason})`;
  }
  return null;
}

const errorOf = (parsed: object): string | null => ('error' in parsed ? String(parsed.error) : null);

/** The MTU the options ask for (0: the default). */
export const mtuOf = (options: Readonly<Record<string, string>>): number => {
  const parsed = goAtoi(options[MTU_OPTION] ?? '0');
  return 'value' in parsed ? Number(parsed.value) : 0;
};

/** The kernel's dev_valid_name, past the length the existence check refuses: not "." or "..", no "/", ":" or white space. */
const validInterfaceName = (name: string): boolean => name !== '.' && name !== '..' && !/[/:\s]/.test(name);

/** IFNAMSIZ less its NUL: a longer name is ERANGE to netlink. */
const INTERFACE_NAME_MAX = 15;

/** The interfaces of the daemon's network namespace that are no bridge: its loopback. */
const OTHER_INTERFACES = new Set(['lo']);

const tooLong = (name: string): boolean => Buffer.byteLength(name) > INTERFACE_NAME_MAX;

/**
 * bridgeInterfaceExists, as the options are parsed: an interface of the name that is no bridge; on
 * 20.10 (`longNamesRefused`) a name longer than the kernel keeps, ERANGE to its netlink lookup.
 */
export function bridgeLookupProblem(name: string, longNamesRefused: boolean): Refusal | null {
  if (OTHER_INTERFACES.has(name)) return { status: 500, message: `existing interface ${name} is not a bridge` };
  if (longNamesRefused && tooLong(name)) return { status: 500, message: 'failed to check bridge interface existence: numerical result out of range' };
  return null;
}

/** The bridge's making: a name too long (ERANGE) or one the kernel refuses, an MTU outside the bridge's range (from 23.0), each EINVAL. */
export function bridgeMakingProblem(name: string, mtu: number, mtuChecked: boolean): Refusal | null {
  if (tooLong(name)) return { status: 500, message: 'numerical result out of range' };
  const mtuRefused = mtuChecked && mtu !== 0 && (mtu < 68 || mtu > 65535);
  if (!validInterfaceName(name) || mtuRefused) return { status: 500, message: 'invalid argument' };
  return null;
}

/** From 28.0 the daemon reads these options for a create that leaves the field out ("driver-opt … is not a valid bool", 400). */
export function familyOption(
  options: Readonly<Record<string, string>>,
  label: 'com.docker.network.enable_ipv4' | 'com.docker.network.enable_ipv6',
): boolean | Refusal | null {
  const value = options[label];
  if (value === undefined) return null;
  const parsed = goParseBool(value);
  return 'error' in parsed ? { status: 400, message: `driver-opt ${goQuote(label)} is not a valid bool` } : parsed.value;
}
