import type { Frame } from './profile-model.js';
import type { CpuSampling, HeapNode, HeapSampling } from './process-recorders.js';

/** V8's call frames as the profiles' frames: a name for an anonymous function, lines from 1. */
export const frameOf = (callFrame: HeapNode['callFrame']): Frame => ({
  functionName: callFrame.functionName === '' ? '(anonymous)' : callFrame.functionName,
  file: callFrame.url,
  line: callFrame.lineNumber + 1,
});

/** The stack of every node of a call tree, leaf first, its root left out. */
function stacksOfTree(head: HeapNode): Map<number, Frame[]> {
  const stacks = new Map<number, Frame[]>();
  const visit = (node: HeapNode, callers: Frame[]): void => {
    const stack = node === head ? [] : [frameOf(node.callFrame), ...callers];
    stacks.set(node.id, stack);
    for (const child of node.children) visit(child, stack);
  };
  visit(head, []);
  return stacks;
}

/** A heap record: the allocations sampled at one stack that are still alive. */
export interface HeapRecord {
  readonly stack: readonly Frame[];
  readonly objects: number;
  readonly bytes: number;
}

/** V8's sampled live allocations by stack, the largest first (as runtime/pprof orders its records). */
export function heapRecords(sampling: HeapSampling): HeapRecord[] {
  const stacks = stacksOfTree(sampling.head);
  const byNode = new Map<number, { objects: number; bytes: number }>();
  for (const sample of sampling.samples) {
    const record = byNode.get(sample.nodeId) ?? { objects: 0, bytes: 0 };
    record.objects += 1;
    record.bytes += sample.size;
    byNode.set(sample.nodeId, record);
  }
  return [...byNode].map(([node, record]) => ({ stack: stacks.get(node) ?? [], ...record })).sort((a, b) => b.bytes - a.bytes);
}

/** V8's CPU samples by stack, the idle ticks left out (a Go CPU profile counts time on a processor only). */
export function cpuRecords(sampling: CpuSampling): { stack: readonly Frame[]; count: number }[] {
  const parent = new Map<number, number>();
  for (const node of sampling.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(sampling.nodes.map((node) => [node.id, node]));
  const stackOf = (id: number): Frame[] => {
    const stack: Frame[] = [];
    for (let at: number | undefined = id; at !== undefined && parent.has(at); at = parent.get(at)) stack.push(frameOf(byId.get(at)!.callFrame));
    return stack;
  };
  const counts = new Map<number, number>();
  for (const id of sampling.samples ?? []) if (byId.get(id)?.callFrame.functionName !== '(idle)') counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts].map(([id, count]) => ({ stack: stackOf(id), count }));
}

/** The stack of the code running now (the request's handler), leaf first, this function left out. */
export function currentStack(): Frame[] {
  const lines = (new Error().stack ?? '').split('\n').slice(2);
  return lines.flatMap((line) => {
    const match = /^\s+at (?:(.+?) \()?(.+?):(\d+):\d+\)?$/.exec(line);
    return match === null ? [] : [{ functionName: match[1] ?? '(anonymous)', file: match[2]!, line: Number(match[3]) }];
  });
}
