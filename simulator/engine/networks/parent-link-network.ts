import type { Exchange } from '../../http/exchange.js';
import { goAtoi } from '../go-strconv.js';
import type { Refusal } from '../json-request.js';
import { releaseBelow } from '../replies.js';
import { type PooledSettings, poolAllocation, poolsVariantOf } from './bridge-network.js';
import type { CreateRequest } from './create-request.js';
import { isIPv6Subnet } from './ipam.js';

/**
 * Networks the macvlan and ipvlan drivers make: each names a parent link of the host (`-o parent`).
 * Making one changes nothing on the host unless the parent is missing: then the driver makes a
 * dummy link (no parent) or a VLAN link (`eth0.10`). Observed on 20.10.24, 26.1.5, 28.5.2 and
 * 29.7.2 (2026-12-07), each daemon in a private network namespace holding loopback and one link
 * `eth0`, on a kernel that has neither dummy nor VLAN links; the cut-offs between are moby's.
 */

/**
 * The host ctrd-sim emulates, as the releases were observed on: its links (loopback and one
 * `eth0`), the kinds of link its kernel adds (macvlan), and the errno of any other a driver would
 * add (dummy, VLAN and ipvlan links).
 */
export const SIMULATED_HOST = {
  links: ['lo', 'eth0'],
  addableLinks: ['macvlan'],
  addLinkFailure: 'operation not supported',
} as const;

/**
 * Whether a container's join of a macvlan or ipvlan network gets its link on the parent: the host
 * adds macvlan links. An ipvlan join fails ("failed to create the ipvlan port: operation not
 * supported", observed on 20.10.24, 28.5.2 and 29.7.2), and what each release then leaves (the
 * endpoint's NetworkID, a running container's stale addresses, the disconnect events, 29.7 the
 * entry gone) is not modelled: 501.
 */
export const hostAddsJoinLink = (settings: ParentLinkSettings): boolean => (SIMULATED_HOST.addableLinks as readonly string[]).includes(settings.driver);

export type ParentLinkDriver = 'macvlan' | 'ipvlan';

/** What a macvlan or ipvlan network keeps: its pools and the parent link it uses. */
export interface ParentLinkSettings extends PooledSettings {
  readonly driver: ParentLinkDriver;
  readonly parent: string;
  readonly mode: string;
}

/** How each release's drivers differ (moby's cut-offs). */
interface ParentLinkVariant {
  /** From 23.0: ipvlan's `ipvlan_flag` and the mode l3s. */
  readonly ipvlanFlags: boolean;
  /** Before 23.0 macvlan's VLAN whose link is missing "does was not found" (ipvlan's words were mended before 20.10). */
  readonly doesWasTypo: boolean;
  /** From 27.0 macvlan networks share a parent (passthru aside); ipvlan ones never do. */
  readonly macvlanSharesParent: boolean;
  /** From 28.0 the pools' emptiness is checked only for an enabled family, refused as invalid (400). */
  readonly familiesChecked: boolean;
  /** Which networks get no gateway unless the create names one: none; 28.x internal ones (and ipvlan l3, l3s); from 29.0 all. */
  readonly skipsGateway: 'never' | 'internal-or-l3' | 'always';
  /** 28.x parses the options before the pools (GetSkipGwAlloc); 29.0 no longer needs to. */
  readonly parseBeforePools: boolean;
}

const VARIANT_20: ParentLinkVariant = {
  ipvlanFlags: false,
  doesWasTypo: true,
  macvlanSharesParent: false,
  familiesChecked: false,
  skipsGateway: 'never',
  parseBeforePools: false,
};
const VARIANT_23: ParentLinkVariant = { ...VARIANT_20, ipvlanFlags: true, doesWasTypo: false };
const VARIANT_27: ParentLinkVariant = { ...VARIANT_23, macvlanSharesParent: true };
const VARIANT_28: ParentLinkVariant = { ...VARIANT_27, familiesChecked: true, skipsGateway: 'internal-or-l3', parseBeforePools: true };
const VARIANT_29: ParentLinkVariant = { ...VARIANT_28, skipsGateway: 'always', parseBeforePools: false };

/** The variants by the release they start from, newest first. */
const VARIANTS: readonly (readonly [from: string, variant: ParentLinkVariant])[] = [
  ['29.0', VARIANT_29],
  ['28.0', VARIANT_28],
  ['27.0', VARIANT_27],
  ['23.0', VARIANT_23],
];
const variantOf = (x: Exchange): ParentLinkVariant => VARIANTS.find(([from]) => !releaseBelow(x, from))?.[1] ?? VARIANT_20;

/** Each driver's option names and values (moby's macvlan_mode, ipvlan_mode, ipvlan_flag). */
const MODES: Readonly<Record<ParentLinkDriver, { readonly option: string; readonly values: readonly string[]; readonly defaultMode: string }>> = {
  macvlan: { option: 'macvlan_mode', values: ['bridge', 'private', 'passthru', 'vepa'], defaultMode: 'bridge' },
  ipvlan: { option: 'ipvlan_mode', values: ['l2', 'l3'], defaultMode: 'l2' },
};
const IPVLAN_L3S = 'l3s';
const IPVLAN_FLAGS = ['bridge', 'private', 'vepa'];

const failed = (message: string, status = 500): Refusal => ({ status, message });

/** The driver's parseNetworkOptions: the mode, ipvlan's flag, a loopback parent. Null when they hold. */
function optionsProblem(variant: ParentLinkVariant, driver: ParentLinkDriver, options: Readonly<Record<string, string>>): Refusal | null {
  const { option, values, defaultMode } = MODES[driver];
  const mode = options[option] ?? '';
  const modes = driver === 'ipvlan' && variant.ipvlanFlags ? [...values, IPVLAN_L3S] : values;
  if (mode !== '' && !modes.includes(mode))
    return failed(`requested ${driver} mode '${mode}' is not valid, '${defaultMode}' mode is the ${driver} driver default`);
  const flag = options['ipvlan_flag'] ?? '';
  if (driver === 'ipvlan' && variant.ipvlanFlags && flag !== '' && !IPVLAN_FLAGS.includes(flag))
    return failed(`requested ipvlan flag '${flag}' is not valid, 'bridge' is the ipvlan driver default`);
  if (options['parent'] === 'lo') return failed(`loopback interface is not a valid ${driver} parent link`);
  return null;
}

/** The name of the dummy link a network without a parent gets (dm- for macvlan, di- for ipvlan) and names another network by. */
const dummyName = (driver: ParentLinkDriver, id: string): string => `${driver === 'macvlan' ? 'dm' : 'di'}-${id.slice(0, 12)}`;

/**
 * createVlanLink for a parent the host lacks: a name without a dot is no VLAN, one with more is
 * malformed; the id must parse and lie in 1…4094 and its link exist; then the kernel refuses
 * to add the link.
 */
function vlanLinkProblem(variant: ParentLinkVariant, driver: ParentLinkDriver, parent: string): Refusal {
  if (!parent.includes('.')) return failed(`invalid subinterface vlan name ${parent}, example formatting is eth0.10`);
  const parts = parent.split('.');
  if (parts.length !== 2) return failed(`required interface name format is: name.vlan_id, ex. eth0.10 for vlan 10, instead received ${parent}`);
  const [link, idText] = parts as [string, string];
  const parsed = goAtoi(idText);
  if ('error' in parsed) return failed(`unable to parse a valid vlan id from: ${idText} (ex. eth0.10 for vlan 10)`);
  if (!hostHas(link)) return failed(`-o parent interface ${variant.doesWasTypo && driver === 'macvlan' ? 'does ' : ''}was not found on the host: ${link}`);
  if (parsed.value > 4094n || parsed.value < 1n) return failed(`vlan id must be between 1-4094, received: ${parsed.value}`);
  return failed(`failed to create ${parent} vlan link: ${SIMULATED_HOST.addLinkFailure}`);
}

const hostHas = (link: string): boolean => (SIMULATED_HOST.links as readonly string[]).includes(link);

/** The driver's createNetwork: the networks already on the parent, then the parent's link (made where it is missing). */
function parentProblem(
  variant: ParentLinkVariant,
  driver: ParentLinkDriver,
  parent: string,
  mode: string,
  others: readonly { readonly id: string; readonly parentLink: ParentLinkSettings }[],
): Refusal | null {
  for (const other of others.filter((o) => o.parentLink.driver === driver && o.parentLink.parent === parent)) {
    if (driver === 'ipvlan' || !variant.macvlanSharesParent)
      return failed(`network ${dummyName(driver, other.id)} is already using parent interface ${parent}`);
    if (mode === 'passthru') return failed(`cannot use mode passthru, macvlan network ${other.id} is already using parent interface ${parent}`);
    if (other.parentLink.mode === 'passthru') return failed(`macvlan network ${other.id} is already using parent interface ${parent} in mode passthru`);
  }
  if (hostHas(parent)) return null;
  // No parent: a dummy link of the network's own, which this host cannot make.
  if (parent === '') return failed(SIMULATED_HOST.addLinkFailure);
  return vlanLinkProblem(variant, driver, parent);
}

/**
 * libnetwork's NewNetwork for the macvlan and ipvlan drivers: (28.x) the options parsed, the pools
 * taken, then the driver's CreateNetwork: a family without a pool refused, the options, the
 * parent. A refusal gives the pools back.
 */
export function createParentLinked(
  x: Exchange,
  { driver, others }: { readonly driver: ParentLinkDriver; readonly others: readonly { readonly id: string; readonly parentLink: ParentLinkSettings }[] },
  create: {
    readonly request: CreateRequest;
    readonly options: Readonly<Record<string, string>>;
    readonly families: { readonly ipv4: boolean; readonly ipv6: boolean };
  },
): ParentLinkSettings | Refusal {
  const { request, options, families } = create;
  const variant = variantOf(x);
  const parse = (): Refusal | null => optionsProblem(variant, driver, options);
  if (variant.parseBeforePools) {
    const refused = parse();
    if (refused !== null) return refused;
  }
  const mode = options[MODES[driver].option] || MODES[driver].defaultMode;
  const skipGateway =
    variant.skipsGateway === 'always' ||
    (variant.skipsGateway === 'internal-or-l3' && (request.internal || (driver === 'ipvlan' && (mode === 'l3' || mode === IPVLAN_L3S))));
  const entries = request.ipam?.entries ?? [];
  const configV4 = entries.filter((entry) => !isIPv6Subnet(entry.subnet));
  const configV6 = entries.filter((entry) => isIPv6Subnet(entry.subnet));
  const allocation = poolAllocation(x, request, poolsVariantOf(x), skipGateway);
  if ('status' in allocation) return allocation;
  const { ipam, take, fail } = allocation;
  // Before 28.0 every network has IPv4.
  const ipv4 = families.ipv4 || !variant.familiesChecked;
  const v4 = ipv4 ? take('IPv4', configV4) : [];
  if ('status' in v4) return fail(v4);
  const v6 = families.ipv6 ? take('IPv6', configV6) : [];
  if ('status' in v6) return fail(v6);
  // The null IPAM driver's pools are everything (0.0.0.0/0, ::/0): the driver finds them empty.
  const emptyStatus = variant.familiesChecked ? 400 : 500;
  if (ipv4 && (ipam === 'null' || v4.length === 0)) return fail(failed('ipv4 pool is empty', emptyStatus));
  if (variant.familiesChecked && families.ipv6 && (ipam === 'null' || v6.length === 0)) return fail(failed('ipv6 pool is empty', emptyStatus));
  if (!variant.parseBeforePools) {
    const refused = parse();
    if (refused !== null) return fail(refused);
  }
  const parent = options['parent'] ?? '';
  const problem = parentProblem(variant, driver, parent, mode, others);
  if (problem !== null) return fail(problem);
  return {
    driver,
    parent,
    mode,
    internal: request.internal,
    attachable: request.attachable,
    configV4,
    configV6,
    v4: v4[0] ?? null,
    v6: v6[0] ?? null,
    further: [...v4.slice(1), ...v6.slice(1)],
  };
}
