import { isOlder } from '../../../common/dotted-version.js';
import type { Exchange } from '../../http/exchange.js';

/**
 * Where the plugin routes of one release differ from another's: each change and the first release
 * that has it. Observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2 (2026-12-06); the first release of
 * each change is read from moby's tags (the releases between were not observed).
 */
export const PLUGIN_CHANGES = {
  /**
   * distribution/reference v0.5.0 replaces docker/distribution's copy (v25.0 vendors it): a host
   * may be an IPv6 address, an upper-case first component is a host, and the lower-case error
   * names the repository.
   */
  referenceModule: '25.0',
  /**
   * The 255-character limit counts the path, not the whole name (distribution/reference v0.6.0):
   * observed on Debian's 26.1.5+dfsg1, built with Debian's package of the module (moby's v26.1.5
   * vendors v0.5.0, which counts the whole name; 26.0 is taken to count it so too).
   */
  referencePathLimit: '26.1',
  /**
   * chrootarchive unpacks in a goroutine from 24.0; before, a child process reads the rootfs from
   * a pipe, and a failed read is "Error processing tar file(…)" (20.10.24).
   */
  untarInProcess: '24.0',
  /**
   * moby/go-archive (28.1) takes moby's wrapped io.EOF for the end of the rootfs: an archive
   * without one makes a plugin with an empty rootfs (28.5.2, 29.7.2); before, "no rootfs found:
   * EOF" (20.10.24, 26.1.5).
   */
  emptyRootfsTaken: '28.1',
  /** 28.2's httpstatus resolves containerd's errors by containerd/errdefs: its "already exists" is a 500, no longer a 409. */
  alreadyExistsIs500: '28.2',
  /**
   * The API module (29.0): the config is plugin.Config, its interface types plugin.CapabilityID (a
   * TextUnmarshaler), it has no DockerVersion, and the settings' errors begin in lower case.
   */
  apiModule: '29.0',
} as const;

export type PluginChange = keyof typeof PLUGIN_CHANGES;

/** Whether the release emulated has the change. */
export const releaseHas = (release: string, change: PluginChange): boolean => !isOlder(release, PLUGIN_CHANGES[change]);

/** Whether the exchange's release has the change. */
export const has = (x: Exchange, change: PluginChange): boolean => releaseHas(x.state.config.release.release, change);
