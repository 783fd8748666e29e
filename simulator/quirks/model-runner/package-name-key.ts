import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/model-runner.ts): the engines are registered under their package name (llamacpp) while the default engine reports its name as llama.cpp: POST /engines/llama.cpp/v1/… answers 404 backend not found, the shortcut serves. */
export const PACKAGE_NAME_KEY = 'hypothetical.mr.engines.default-name.package-name-key';

export const packageNameKey: QuirkModule = {
  where:
    'simulator/quirks/model-runner/package-name-key.ts; its row of simulator/model-runner/runner-variant.ts (RUNNER_VARIATIONS), read by simulator/model-runner/runner.ts (ModelRunner)',
};

/** A Go package name for an engine name: "llama.cpp" → "llamacpp" (a package name holds no "." or "-"). */
export const packageName = (engine: string): string => engine.replace(/[.-]/g, '');
