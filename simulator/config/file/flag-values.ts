import type { BrandNames } from '../../../specs/brands.js';
import type { DaemonRelease } from '../../../specs/versions.js';
import { goQuote } from '../../engine/go-strconv.js';
import { parsePoolFlag } from './address-pools.js';
import type { TestableRuleId } from '../../../specs/catalogue.js';
import { KNOWN_OPTIONS, type ParsedFlags } from '../flags/argv.js';
import { SimError } from '../../errors.js';
import { labelProblem } from './labels.js';
import { parseUlimit } from './ulimits.js';
import type { Switches } from '../../faults/variant-table.js';
import { flagValuesVariant, type FlagValuesVariant } from './flag-values-variant.js';

const BOOL = /^(1|t|T|TRUE|true|True|0|f|F|FALSE|false|False)$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** Whether a string is an IPv4 or IPv6 address. */
export function isIp(value: string): boolean {
  if (IPV4.test(value)) return true;
  return (
    value.includes(':') &&
    /^[0-9a-fA-F:.]+$/.test(value) &&
    (value.match(/::/g) ?? []).length <= 1 &&
    value.split(':').length <= 8 &&
    value.split(':').length >= 3
  );
}

/** What the flag library checks as it takes a value: the reason a value is refused, or null. */
function problemOf(name: string, value: string, names: BrandNames, release: DaemonRelease, variant: FlagValuesVariant, switches: Switches): string | null {
  switch (name) {
    case 'default-address-pool': {
      const pool = parsePoolFlag(value, release);
      return 'error' in pool ? pool.error : null;
    }
    case 'label':
      return variant.keyValueLabelsUnchecked && value.includes('=') ? null : labelProblem(value, names, switches);
    case 'default-ulimit': {
      const parsed = parseUlimit(value);
      if (typeof parsed === 'string' && variant.ulimitSoftOverHardAccepted && parsed.startsWith('ulimit soft limit')) return null;
      if (typeof parsed === 'string' && parsed.startsWith('invalid ulimit type:') && variant.unknownUlimitNameAccepted) return null;
      return typeof parsed === 'string' ? parsed : null;
    }
    case 'add-runtime': {
      const at = value.indexOf('=');
      if (at <= 0 || at === value.length - 1) return `invalid runtime argument: ${value}`;
      return value.slice(0, at) === 'runc' ? "runtime name 'runc' is reserved" : null;
    }
    case 'node-generic-resource':
      return variant.genericResourceFormUnchecked || /^[^=]+=.+$/.test(value)
        ? null
        : `invalid node-generic-resource format \`${value}\` expected \`name=value\``;
    case 'feature': {
      const at = value.indexOf('=');
      if (at === 0) return `invalid feature: ${value}`;
      return at < 0 || BOOL.test(value.slice(at + 1)) ? null : `strconv.ParseBool: parsing "${value.slice(at + 1)}": invalid syntax`;
    }
    case 'default-network-opt':
      return variant.networkOptFormUnchecked || /^[^=]+=[^=]+=/.test(value) ? null : `invalid value "${value}" for map option, should be root-key=key=value`;
    case 'host-gateway-ip':
      return variant.hostGatewayIpUnchecked || isIp(value) ? null : `${value} is not an ip address`;
    case 'dns':
      return isIp(value) ? null : `${value} is not an ip address`;
    case 'default-shm-size':
      return variant.shmSizeProblem(value);
    default:
      return null;
  }
}

/** Checks each value of the flags that validate as they parse; a refusal is a usage error naming flag and value. */
export function checkFlagValues(
  flags: ParsedFlags,
  names: BrandNames,
  release: DaemonRelease,
  faults: ReadonlySet<TestableRuleId>,
  quirks: ReadonlySet<string> = new Set(),
): void {
  // Where these checks differ from the document's (flag-values-variant.ts).
  const switches = { faults, quirks };
  const variant = flagValuesVariant(switches);
  for (const [name, value] of flags) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (typeof one !== 'string') continue;
      const problem = problemOf(name, one, names, release, variant, switches);
      if (problem === null) continue;
      const option = KNOWN_OPTIONS.find((o) => o.name === name);
      const spelled = option?.short === undefined ? `--${name}` : `-${option.short}, --${name}`;
      // pflag's %q of the value and of the flag's names.
      throw new SimError('SIM_USAGE', `invalid argument ${goQuote(one)} for ${goQuote(spelled)} flag: ${problem}`);
    }
  }
}
