/** An image's platform (the OCI platform of its config document). */
export interface ImagePlatform {
  readonly os: string;
  readonly architecture: string;
  readonly variant: string;
  readonly osVersion: string;
  readonly osFeatures: readonly string[];
}

/** The platform of the machine the simulator stands for, and of every image that names no other (linux/amd64). */
export const HOST_PLATFORM: ImagePlatform = { os: 'linux', architecture: 'amd64', variant: '', osVersion: '', osFeatures: [] };

/** The platform's fields as moby's image.Image (V1Image) document writes them: variant only when set. */
export const v1PlatformFields = (platform: ImagePlatform): Record<string, string> => ({
  architecture: platform.architecture,
  ...(platform.variant === '' ? {} : { variant: platform.variant }),
  os: platform.os,
});

/** The platform's fields as ocispec.Platform writes them, in Go's order, the empty ones left out. */
export const ociPlatformFields = (platform: ImagePlatform): Record<string, unknown> => ({
  architecture: platform.architecture,
  os: platform.os,
  ...(platform.osVersion === '' ? {} : { 'os.version': platform.osVersion }),
  ...(platform.osFeatures.length === 0 ? {} : { 'os.features': platform.osFeatures }),
  ...(platform.variant === '' ? {} : { variant: platform.variant }),
});

/** The platform as an inspect shows it (moby ImageInspect: Architecture, Variant, Os, OsVersion; the empty optional ones left out). */
export const inspectPlatformFields = (platform: ImagePlatform): Record<string, string> => ({
  Architecture: platform.architecture,
  ...(platform.variant === '' ? {} : { Variant: platform.variant }),
  Os: platform.os,
  ...(platform.osVersion === '' ? {} : { OsVersion: platform.osVersion }),
});
