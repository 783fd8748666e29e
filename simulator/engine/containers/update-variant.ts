import type { Exchange } from '../../http/exchange.js';
import { releaseBelow } from '../replies.js';

/**
 * How each release's POST /containers/{name}/update differs (moby's router postContainerUpdate,
 * daemon.ContainerUpdate, verifyPlatformContainerResources, the restart policy's validation and Go's
 * encoding/json). Observed on 20.10.24, 26.1.5 and 28.5.2 (2026-12-05); 29.7 from moby
 * docker-v29.7.2's source. The releases between take the words of the one before them.
 */
export interface UpdateVariant {
  /** 20.10 looks the container up before it checks the settings (a bad update of an unknown container is 404); later releases after. */
  readonly looksUpFirst: boolean;
  /**
   * 20.10 decodes with a bare json.Decoder: 500 with Go's words for any decode error, "EOF" for an
   * empty body, the first value only. Later releases: httputils.ReadJSON (400 "invalid JSON: …").
   */
  readonly bareDecoder: boolean;
  /** How Go's type error names a resource field: 26.1's Go puts the embedded struct in the path (`UpdateConfig.Resources.Memory`). */
  readonly resourcePath: string;
  /** How Go's type error names a field of the restart policy (`RestartPolicy.RestartPolicy.Name` before 28.0). */
  readonly restartPolicyPath: string;
  /** The restart policy name's Go type in a type error (20.10: a plain string). */
  readonly restartNameType: string;
  /** 28.x's Go names a field as the document spells its key (`UpdateConfig.memory`). */
  readonly keySpelling: boolean;
  /** The restart policy refusals' words: 20.10's (daemon validateRestartPolicy), or moby ValidateRestartPolicy's from 25.0. */
  readonly restartWords: 'old' | 'new';
  /** The NanoCpus range refusal's first word ("Range" before 28.0). */
  readonly cpuRangeWord: string;
  /** 20.10 warns that any kernel memory limit is deprecated. */
  readonly kernelMemoryDeprecated: boolean;
  /** From 29.0 the request has no KernelMemory field (moby removed it from Resources). */
  readonly kernelMemoryField: boolean;
  /** From this API version the block I/O device lists are updated (29.7: 1.55), or never. */
  readonly blkioDevicesFrom: string | null;
}

const VARIANT_20: UpdateVariant = {
  looksUpFirst: true,
  bareDecoder: true,
  resourcePath: 'UpdateConfig',
  restartPolicyPath: 'RestartPolicy.RestartPolicy',
  restartNameType: 'string',
  keySpelling: false,
  restartWords: 'old',
  cpuRangeWord: 'Range',
  kernelMemoryDeprecated: true,
  kernelMemoryField: true,
  blkioDevicesFrom: null,
};
const VARIANT_26: UpdateVariant = {
  ...VARIANT_20,
  looksUpFirst: false,
  bareDecoder: false,
  resourcePath: 'UpdateConfig.Resources',
  restartNameType: 'container.RestartPolicyMode',
  restartWords: 'new',
  kernelMemoryDeprecated: false,
};
const VARIANT_28: UpdateVariant = {
  ...VARIANT_26,
  resourcePath: 'UpdateConfig',
  restartPolicyPath: 'UpdateConfig.RestartPolicy',
  keySpelling: true,
  cpuRangeWord: 'range',
};
/**
 * 29.7.2's Go 1.26 names the field by its Go path again, the embedded structs included (observed:
 * `UpdateConfig.Resources.PidsLimit`, `RestartPolicy.RestartPolicy.Name`).
 */
const VARIANT_29: UpdateVariant = {
  ...VARIANT_28,
  resourcePath: 'UpdateConfig.Resources',
  restartPolicyPath: 'RestartPolicy.RestartPolicy',
  keySpelling: false,
  kernelMemoryField: false,
  blkioDevicesFrom: '1.55',
};

export function updateVariantOf(x: Exchange): UpdateVariant {
  if (releaseBelow(x, '23.0')) return VARIANT_20;
  if (releaseBelow(x, '28.0')) return VARIANT_26;
  return releaseBelow(x, '29.0') ? VARIANT_28 : VARIANT_29;
}
