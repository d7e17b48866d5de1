// How much CPU the Worker isolate itself spends per call, from a V8 CPU profile taken in workerd
// through its inspector: the busy share of the profile (samples not in "(idle)") over its duration,
// divided by the calls made. Wall time over loopback also counts wrangler dev's proxy, Miniflare's
// entry worker and the client; this figure is what Cloudflare bills and limits (10 ms on the free plan).
import { openWorkerInspector, type CpuProfile } from './worker-inspector.ts';

export async function isolateCpuMsPerCall(workerdPids: number[], calls: number, call: (index: number) => Promise<unknown>): Promise<number> {
  const inspector = await openWorkerInspector(workerdPids);
  try {
    const profile = await inspector.cpuProfile(async () => {
      for (let i = 0; i < calls; i++) await call(i);
    });
    return busyMs(profile) / calls;
  } finally {
    inspector.close();
  }
}

export function busyMs(profile: CpuProfile): number {
  const idle = new Set(profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id));
  let busyMicros = 0;
  // timeDeltas[i] is the time since the previous sample: the span that ends with sample i.
  profile.samples.forEach((node, i) => {
    if (!idle.has(node)) busyMicros += profile.timeDeltas[i] ?? 0;
  });
  return busyMicros / 1000;
}
