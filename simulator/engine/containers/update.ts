import { fillMessage } from '../../../common/messages.js';
import { BodyTooLarge, readBody } from '../../http/body.js';
import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { goJsonDecodeFirst, isSpace } from '../go-json.js';
import { contentTypeProblem, type Refusal, readJsonRequest } from '../json-request.js';
import { ENGINE_MESSAGES } from '../messages.js';
import type { Container } from '../objects/index.js';
import { apiBelow, sendJson } from '../replies.js';
import { ipv4ForwardingOf } from '../system/info/forwarding.js';
import { cgroupSupport } from './cgroup-support.js';
import { BLKIO_DEVICE_LISTS, type UpdateRequest, updateBodyProblem, updateRequestOf } from './update-body.js';
import { verifyUpdate } from './update-checks.js';
import { type UpdateVariant, updateVariantOf } from './update-variant.js';

const MAX_BODY_BYTES = 16 * 1024 * 1024;

/** 20.10's bare json.Decoder: the content type (CheckForJSON), then 500 with Go's words for anything that does not decode, "EOF" for nothing. */
async function bareDecoded(x: Exchange, variant: UpdateVariant): Promise<{ readonly value: unknown } | Refusal> {
  let raw: Buffer;
  try {
    raw = await readBody(x.req, MAX_BODY_BYTES);
  } catch (error) {
    return { status: 400, message: error instanceof BodyTooLarge ? error.message : String(error) };
  }
  const typeProblem = contentTypeProblem(x);
  if (typeProblem !== null) return { status: 400, message: typeProblem };
  if (raw.every(isSpace)) return { status: 500, message: ENGINE_MESSAGES.bodyEofOld };
  const first = goJsonDecodeFirst(raw);
  if ('error' in first) return { status: 500, message: first.error };
  const problem = updateBodyProblem(first.value, variant);
  return problem === null ? { value: first.value } : { status: 500, message: problem };
}

/** What moby's router changes before the daemon sees the update: no PIDs limit below API 1.40, 0 for any limit ≤ 0, no kernel memory from 1.42, the block I/O lists only where the release takes them. */
function routed(x: Exchange, request: UpdateRequest, variant: UpdateVariant): UpdateRequest {
  const resources = { ...request.resources };
  if (apiBelow(x, '1.40')) resources['PidsLimit'] = null;
  if (typeof resources['PidsLimit'] === 'number' && resources['PidsLimit'] <= 0) resources['PidsLimit'] = 0;
  if (!apiBelow(x, '1.42') && variant.kernelMemoryField) resources['KernelMemory'] = 0;
  if (variant.blkioDevicesFrom === null || apiBelow(x, variant.blkioDevicesFrom)) for (const list of BLKIO_DEVICE_LISTS) delete resources[list];
  return { ...request, resources };
}

const num = (value: unknown): number => (typeof value === 'number' ? value : 0);

/** The fields moby's UpdateContainer copies when the update gives them a non-zero value. */
const COPIED_WHEN_SET = ['BlkioWeight', 'CpuShares', 'NanoCpus', 'CpuPeriod', 'CpuQuota', 'CpusetCpus', 'CpusetMems'] as const;
const COPIED_AFTER_MEMORY = ['MemorySwap', 'MemoryReservation', 'KernelMemory', 'CpuRealtimePeriod', 'CpuRealtimeRuntime'] as const;

/**
 * moby Container.UpdateContainer: the container's host configuration with the update's non-zero
 * resources and named restart policy, or the conflict (409 "Cannot update container …"), which
 * leaves the container as it was.
 */
function updatedHostConfig(
  container: Container,
  resources: Readonly<Record<string, unknown>>,
  policy: UpdateRequest['restartPolicy'],
): Record<string, unknown> | string {
  const stored = container.hostConfig;
  const next: Record<string, unknown> = { ...stored };
  const given = (field: string): boolean => resources[field] !== undefined && resources[field] !== 0 && resources[field] !== '';
  if (num(resources['NanoCpus']) > 0 && num(stored['CpuPeriod']) > 0)
    return 'Conflicting options: Nano CPUs cannot be updated as CPU Period has already been set';
  if (num(resources['NanoCpus']) > 0 && num(stored['CpuQuota']) > 0)
    return 'Conflicting options: Nano CPUs cannot be updated as CPU Quota has already been set';
  if (num(resources['CpuPeriod']) > 0 && num(stored['NanoCpus']) > 0)
    return 'Conflicting options: CPU Period cannot be updated as NanoCPUs has already been set';
  if (num(resources['CpuQuota']) > 0 && num(stored['NanoCpus']) > 0) return 'Conflicting options: CPU Quota cannot be updated as NanoCPUs has already been set';
  for (const field of COPIED_WHEN_SET) if (given(field)) next[field] = resources[field];
  for (const list of BLKIO_DEVICE_LISTS) if (resources[list] !== undefined && resources[list] !== null) next[list] = resources[list];
  if (given('Memory')) {
    if (num(resources['Memory']) > num(stored['MemorySwap']) && num(resources['MemorySwap']) === 0)
      return 'Memory limit should be smaller than already set memoryswap limit, update the memoryswap at the same time';
    next['Memory'] = resources['Memory'];
  }
  for (const field of COPIED_AFTER_MEMORY) if (given(field)) next[field] = resources[field];
  if (resources['PidsLimit'] !== null && resources['PidsLimit'] !== undefined) next['PidsLimit'] = resources['PidsLimit'];
  if (policy.Name !== '') {
    if (stored['AutoRemove'] === true && policy.Name !== 'no') return 'Restart policy cannot be updated because AutoRemove is enabled for the container';
    next['RestartPolicy'] = { Name: policy.Name, MaximumRetryCount: policy.MaximumRetryCount };
  }
  return next;
}

/**
 * POST /containers/{name}/update, in moby's order (observed on 20.10.24, 26.1.5 and 28.5.2): the
 * body, the settings' check (400; 20.10 looks the container up first), the container (404), the
 * update (409 on a conflict with what the container has), its update event, and 200 with the
 * check's warnings (null when there are none). A running container's limits are only recorded:
 * ctrd-sim runs no process to apply them to.
 */
export const containerUpdateRoute: Route = {
  method: 'POST',
  path: '/containers/{name}/update',
  slashedParams: ['name'],
  where: 'simulator/engine/containers/update.ts: POST /containers/{name}/update',
  rules: [],
  async handle(x) {
    const variant = updateVariantOf(x);
    const read = variant.bareDecoder ? await bareDecoded(x, variant) : await readJsonRequest(x, (value) => updateBodyProblem(value, variant));
    if (!('value' in read)) return handlerError(x, read.status, read.message);
    const request = routed(x, updateRequestOf(read.value, variant), variant);
    const name = x.params['name'] ?? '';
    const found = x.state.objects.findContainer(name);
    const notFound = (): void => handlerError(x, 404, fillMessage(ENGINE_MESSAGES.noSuchContainer, { name }));
    if (found === undefined && variant.looksUpFirst) return notFound();
    const verdict = verifyUpdate(request, variant, cgroupSupport(), ipv4ForwardingOf(x));
    if (verdict.refusal !== null) return handlerError(x, 400, verdict.refusal);
    if (found === undefined) return notFound();
    const updated = updatedHostConfig(found, verdict.resources, request.restartPolicy);
    if (typeof updated === 'string') return handlerError(x, 409, `Cannot update container ${found.id}: ${updated}`);
    found.hostConfig = updated;
    x.state.objects.containerEvent(found, 'update');
    sendJson(x, 200, { Warnings: verdict.warnings.length === 0 ? null : verdict.warnings });
  },
};
