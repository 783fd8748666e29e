/** Storage drivers a Linux daemon of these releases can initialise (the document's, plus vfs). */
export const STORAGE_DRIVERS: readonly string[] = ['overlay2', 'fuse-overlayfs', 'btrfs', 'zfs', 'vfs'];
