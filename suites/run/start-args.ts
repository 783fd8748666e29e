import type { StartRequest, Target } from '../targets/target.js';

/**
 * The target with `args` added to the daemon flags of every start (through the public
 * `StartRequest.args`, so any adapter that starts a daemon honours it): how `--fault RULE` reaches
 * ctrd-sim as `--fault RULE`, for the run's own start and for every start a check asks for. A
 * simulator's `simulatorArgs` name them too, so that the run reads the quirks they add.
 */
export function withStartArgs(target: Target, args: readonly string[]): Target {
  if (args.length === 0) return target;
  return {
    spec: target.spec,
    kind: target.kind,
    capabilities: target.capabilities,
    surfaces: target.surfaces,
    ...(target.surfaceGaps === undefined ? {} : { surfaceGaps: target.surfaceGaps }),
    ...(target.simulatorArgs === undefined ? {} : { simulatorArgs: [...target.simulatorArgs, ...args] }),
    start: (request: StartRequest = {}) => target.start({ ...request, args: [...args, ...(request.args ?? [])] }),
  };
}
