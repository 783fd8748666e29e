import type { TargetDescription } from '../model/result.js';

/**
 * The implementation a target is, by what its report says of it: the simulator (its version says
 * so, or it ran in process), Podman (named in its target's file, its version or how it was judged), an OpenAI-compatible
 * engine (by the engine its answers showed), else the daemon its profile names.
 */
function productOf(target: TargetDescription): string {
  const version = target.version ?? '';
  if (version.includes('ctrd-sim') || target.kind === 'in-process' || /^sim(-process)?$/.test(target.spec)) return 'ctrd-sim';
  // The spec's last path segment only: a directory named after Podman holds other recordings too.
  const named = target.spec.slice(target.spec.lastIndexOf('/') + 1);
  if (/podman/i.test(`${named} ${version} ${target.judgedAs ?? ''}`)) return 'Podman';
  if (target.engine?.name) return target.engine.name;
  return target.profile === 'docker' ? 'dockerd' : 'ctrd';
}

/**
 * A column's name made from the target: `dockerd 28.5`, `ctrd-sim 28.5`, `Podman 4.3.1` (the
 * release, else the version). Another vendor's engine is named by its own version: its release is
 * the dockerd release it was judged as (`judgedAs`), which both Podman releases share (20.10).
 */
export function implementationLabel(target: TargetDescription): string {
  const release = target.judgedAs === undefined ? target.release : null;
  return `${productOf(target)} ${release ?? target.version ?? '(version unknown)'}`;
}
