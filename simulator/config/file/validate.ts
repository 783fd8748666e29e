import type { BrandNames } from '../../../specs/brands.js';
import type { TestableRuleId } from '../../../specs/catalogue.js';
import type { DaemonRelease } from '../../../specs/versions.js';
import { SimError } from '../../errors.js';
import { unlessTaken, validateVariant } from './validate-variant.js';
import { isIp } from './flag-values.js';
import { dedupeLabels, labelProblem } from './labels.js';
import { messageStyle, validationPrefix } from './message-style.js';
import { fileError } from './read-document.js';
import type { DaemonSettings } from './settings.js';

export interface ValidationInput {
  readonly settings: DaemonSettings;
  readonly release: DaemonRelease;
  readonly names: BrandNames;
  readonly path: string | null;
  /** Whether the file set any option (20.10 words errors "from file" then). */
  readonly fromFile: boolean;
  readonly faults: ReadonlySet<TestableRuleId>;
  /** The quirks the simulator carries (specs/quirks). */
  readonly quirks?: ReadonlySet<string>;
  /**
   * How a reload words a problem ("file configuration validation failed: …"). A reload validates
   * the file alone with config.Validate, which on 20.10 leaves log-level and log-format to the
   * start-up code: they are not checked then.
   */
  readonly failure?: (problem: string) => SimError;
}

/**
 * The checks the daemon makes on the merged configuration before it starts anything (and that
 * `--validate` makes), in the order and words of the releases observed (20.10.24, 26.1.5, 28.5.2).
 * Returns the settings with the labels deduplicated.
 */
export function validateSettings(input: ValidationInput): DaemonSettings {
  const { settings: s, release, names, faults } = input;
  const style = messageStyle(release);
  const fail = input.failure ?? ((problem: string): SimError => fileError(names, input.path ?? '', `${validationPrefix(style, input.fromFile)}${problem}`));
  const startOnly = input.failure === undefined || style !== 'v20';
  // Where these checks differ from the document's (validate-variant.ts).
  const switches = { faults, quirks: input.quirks ?? new Set<string>() };
  const variant = validateVariant(switches);

  unlessTaken(variant, 'reservedLabelsTaken', () => {
    for (const label of s.labels) {
      const problem = labelProblem(label, names, switches);
      if (problem !== null) throw fail(problem);
    }
  });
  let labels = s.labels;
  const deduped = dedupeLabels(s.labels);
  if ('conflict' in deduped) {
    // Every release prints this one bare, without the file prefix.
    if (!variant.conflictingLabelsTaken) throw new SimError('SIM_CONFIG', deduped.conflict);
  } else labels = deduped.labels;

  unlessTaken(variant, 'enumValuesUnchecked', () => {
    if (startOnly && !variant.logLevels(release.release).includes(s.logLevel)) {
      throw style === 'v20' ? new SimError('SIM_CONFIG', `unable to parse logging level: ${s.logLevel}`) : fail(`invalid logging level: ${s.logLevel}`);
    }
    if (startOnly && s.logFormat !== 'text' && s.logFormat !== 'json') throw fail(`invalid log format: ${s.logFormat}`);
    if (s.defaultCgroupnsMode !== 'host' && s.defaultCgroupnsMode !== 'private') {
      throw fail(
        style === 'v28'
          ? `invalid default cgroup namespace (${s.defaultCgroupnsMode}): use "host" or "private"`
          : `default cgroup namespace mode (${s.defaultCgroupnsMode}) is invalid; use "host" or "private"`,
      );
    }
    const ipcHost = variant.ipcHostTaken && (s.defaultIpcMode as string) === 'host';
    if (s.defaultIpcMode !== 'shareable' && s.defaultIpcMode !== 'private' && !ipcHost)
      throw fail(`default IPC mode setting (${s.defaultIpcMode}) is invalid; use "shareable" or "private"`);
  });
  // -1 may be "no limit".
  const unlimited = (count: number): boolean => count === -1 && variant.minusOneUnlimited;
  unlessTaken(variant, 'negativeCountsTaken', () => {
    if (s.maxConcurrentDownloads < 0 && !unlimited(s.maxConcurrentDownloads)) throw fail(`invalid max concurrent downloads: ${s.maxConcurrentDownloads}`);
    if (s.maxConcurrentUploads < 0 && !unlimited(s.maxConcurrentUploads)) throw fail(`invalid max concurrent uploads: ${s.maxConcurrentUploads}`);
    // 20.10's config.Validate wants at least one attempt; later releases take 0 as the default.
    if (s.maxDownloadAttempts < (style === 'v20' ? 1 : 0) && !unlimited(s.maxDownloadAttempts))
      throw fail(`invalid max download attempts: ${s.maxDownloadAttempts}`);
  });
  if (style !== 'v20' && s.mtu < 0) throw fail(`invalid default MTU: ${s.mtu}`);
  unlessTaken(variant, 'genericResourceFormUnchecked', () => {
    for (const resource of s.nodeGenericResources) {
      if (!/^[^=]+=.+$/.test(resource)) throw fail(`could not parse GenericResource: incorrect term ${resource}, missing '=' or malformed expression`);
    }
  });
  if (style === 'v28') {
    unlessTaken(variant, 'unknownExecOptsTaken', () => {
      for (const opt of s.execOpts) {
        const key = opt
          .slice(0, Math.max(0, opt.indexOf('=')))
          .trim()
          .toLowerCase();
        if (key !== 'native.cgroupdriver' && key !== 'isolation') throw fail(`invalid exec-opt (${opt}): unknown option: '${key || opt}'`);
      }
    });
    const v4 = s.hostGatewayIps.filter((ip) => !ip.includes(':'));
    if (v4.length > 1 && !variant.secondV4GatewayTaken) throw fail('only one IPv4 host gateway IP address can be specified');
    unlessTaken(variant, 'mirrorSchemeUnchecked', () => {
      for (const mirror of s.registryMirrors) {
        if (!/^https?:\/\//i.test(mirror)) {
          const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(mirror)?.[1];
          // Another scheme is named as such (observed on 28.5.2: unsupported scheme "ftp" in "ftp://…").
          throw fail(
            scheme === undefined
              ? `invalid mirror: no scheme specified for "${mirror}": must use either 'https://' or 'http://'`
              : `invalid mirror: unsupported scheme "${scheme}" in "${mirror}": must use either 'https://' or 'http://'`,
          );
        }
      }
    });
  }
  unlessTaken(variant, 'invalidGatewayIpTaken', () => {
    for (const ip of s.hostGatewayIps)
      if (!isIp(ip)) throw fileError(names, input.path ?? '', `${style === 'v28' ? 'invalid JSON: ' : ''}invalid IP address: ${ip}`);
  });
  if (style === 'v20') {
    if ('runc' in s.runtimes) throw fail("runtime name 'runc' is reserved");
    const shimName = /^io\.containerd\.[\w.-]+\.v\d+$/.test(s.defaultRuntime) && !variant.defaultRuntimeRegisteredOnly;
    if (s.defaultRuntime !== 'runc' && !(s.defaultRuntime in s.runtimes) && !shimName)
      throw fail(`specified default runtime '${s.defaultRuntime}' does not exist`);
  }
  // 28.x lists daemon labels sorted (observed on 28.5.2).
  if (style === 'v28') labels = [...labels].sort();
  return labels === s.labels ? s : { ...s, labels };
}
