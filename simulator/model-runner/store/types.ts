/** The model runner's store: what a model reference and a model record are. */

/** A parsed, normalised model reference: `<namespace>/<name>[:<tag>]`, tag `latest` by default. */
export interface ModelReference {
  readonly namespace: string;
  readonly name: string;
  readonly tag: string;
  /** `namespace/name:tag`, the form stored in a record's `tags`. */
  readonly canonical: string;
}

/** A model record, in the shape the real service answers `GET /models/{namespace}/{name}` with. */
export interface ModelRecord {
  /** `sha256:<64 hex>`. */
  readonly id: string;
  /** Canonical references that name it (`ai/smollm2:latest`). */
  readonly tags: readonly string[];
  /** Unix seconds. */
  readonly created: number;
  readonly config: {
    readonly format: 'gguf';
    readonly quantization: string;
    readonly parameters: string;
    readonly architecture: string;
    readonly size: string;
    readonly context_size: number;
  };
}

export type StoreErrorCode = 'MR_BAD_REFERENCE' | 'MR_STORE_IO';

export class ModelStoreError extends Error {
  override readonly name = 'ModelStoreError';
  constructor(
    readonly code: StoreErrorCode,
    message: string,
  ) {
    super(message);
  }
}
