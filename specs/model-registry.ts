/**
 * The model registry ctrd-sim's model runner pulls from: the models a create may name, each with
 * its tags. Docker Model Runner asks its registry before anything else (docker/model-runner @
 * 642c7211: pkg/inference/models/manager.go Pull, pkg/distribution/distribution/client.go
 * PullModel), so a reference outside this list is "Model not found" (404) even when the store
 * holds it under that name. Names after models of Docker Hub's `ai` namespace, a few tags each;
 * not a copy of the hub, only enough distinct references for the suite's concurrent cases, plus
 * the suite's own inference model.
 */
export interface RegistryModel {
  /** `<namespace>/<name>`, lower case. */
  readonly name: string;
  /** Its tags, as the registry spells them (case kept). */
  readonly tags: readonly string[];
}

export const MODEL_REGISTRY: readonly RegistryModel[] = [
  { name: 'ctr-conformance/tiny', tags: ['latest'] },
  { name: 'ai/smollm2', tags: ['latest', '135M-Q4_K_M', '360M-Q4_K_M', '360M-F16'] },
  { name: 'ai/smollm3', tags: ['latest', '3B-Q4_K_M', '3B-F16'] },
  { name: 'ai/llama3.2', tags: ['latest', '1B-Q4_0', '1B-Q8_0', '3B-Q4_K_M'] },
  { name: 'ai/llama3.1', tags: ['latest', '8B-Q4_K_M', '8B-F16'] },
  { name: 'ai/llama3.3', tags: ['latest', '70B-Q4_K_M'] },
  { name: 'ai/gemma3', tags: ['latest', '1B-Q4_K_M', '4B-Q4_K_M', '12B-Q4_K_M', '27B-Q4_K_M'] },
  { name: 'ai/gemma3n', tags: ['latest', '4B-Q4_K_M'] },
  { name: 'ai/qwen2.5', tags: ['latest', '0.5B-F16', '1.5B-F16', '3B-Q4_K_M', '7B-Q4_K_M'] },
  { name: 'ai/qwen3', tags: ['latest', '0.6B-Q4_K_M', '8B-Q4_K_M', '14B-Q6_K'] },
  { name: 'ai/qwen3-coder', tags: ['latest', '30B-A3B-Q4_K_M'] },
  { name: 'ai/phi4', tags: ['latest', '14B-Q4_K_M', 'mini-Q4_K_M'] },
  { name: 'ai/mistral', tags: ['latest', '7B-Q4_K_M', '7B-F16'] },
  { name: 'ai/mistral-nemo', tags: ['latest', '12B-Q4_K_M'] },
  { name: 'ai/magistral-small-3.2', tags: ['latest', '24B-Q4_K_M'] },
  { name: 'ai/deepseek-r1-distill-llama', tags: ['latest', '8B-Q4_K_M', '70B-Q4_K_M'] },
  { name: 'ai/granite-4.0-h-micro', tags: ['latest', '3B-Q4_K_M'] },
  { name: 'ai/seed-oss', tags: ['latest', '36B-Q4_K_M'] },
  { name: 'ai/gpt-oss', tags: ['latest', '20B-MXFP4', '120B-MXFP4'] },
  { name: 'ai/devstral-small', tags: ['latest', '24B-Q4_K_M'] },
  { name: 'ai/mxbai-embed-large', tags: ['latest', '335M-F16'] },
  { name: 'ai/all-minilm', tags: ['latest', '33M-F16'] },
  { name: 'ai/nomic-embed-text-v1.5', tags: ['latest', '137M-F16'] },
  { name: 'ai/embeddinggemma', tags: ['latest', '300M-Q8_0'] },
];
