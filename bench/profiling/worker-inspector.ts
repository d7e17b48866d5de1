// The Worker isolate seen from inside, through workerd's V8 inspector (which wrangler dev, or
// bench/hosts/direct-host.ts, opens on a loopback port): its JavaScript heap after a forced full GC —
// what the Worker itself keeps alive, unlike process RSS, which mixes in workerd's and wrangler's
// native memory — and CPU profiles of the isolate, to see where a request's time goes in workerd
// rather than in Node.
import { execFileSync } from 'node:child_process';

export interface WorkerInspector {
  /**
   * Bytes of JS heap in use after a forced full garbage collection. workerd runs inspector commands
   * when the isolate next wakes: pass `wake` (a request to the Worker) when no load is running.
   */
  usedHeapAfterGc(wake?: () => Promise<unknown>): Promise<number>;
  /** A V8 CPU profile of the isolate while `work` runs. */
  cpuProfile(work: () => Promise<void>): Promise<CpuProfile>;
  /**
   * V8's sampling heap profile of what the isolate allocates while `work` runs, garbage included
   * (objects a collection freed before the profile stopped count too): where the collector's work
   * comes from.
   */
  allocationProfile(work: () => Promise<void>): Promise<AllocationProfile>;
  /** A V8 heap snapshot (the .heapsnapshot JSON text); like the GC, it runs when the isolate next wakes. */
  heapSnapshot(wake: () => Promise<unknown>): Promise<string>;
  /** The source of a script the isolate runs (a profile node's callFrame.scriptId), e.g. the bundled Worker. */
  scriptSource(scriptId: string): Promise<string>;
  close(): void;
}

export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; scriptId: string };
    children?: number[];
  }[];
  samples: number[];
  /** Microseconds between consecutive samples (the first is since the profile started). */
  timeDeltas: number[];
  /** When the profile started and stopped: microseconds on the system's monotonic clock. */
  startTime: number;
  endTime: number;
}

/** HeapProfiler.SamplingHeapProfile: a tree of allocation sites, each with the bytes sampled there. */
export interface AllocationProfile {
  head: AllocationNode;
}

export interface AllocationNode {
  callFrame: CpuProfile['nodes'][number]['callFrame'];
  /** Bytes the samples taken at this site stand for. */
  selfSize: number;
  children: AllocationNode[];
}

/** Bytes between allocation samples (V8's default is 32 KiB; a request allocates a few MiB). */
const ALLOCATION_SAMPLING_BYTES = 1024;

interface InspectorTarget {
  id: string;
  webSocketDebuggerUrl: string;
}

const CALL_TIMEOUT_MS = 30_000;
/** The interval every profile asks V8 to sample at (microseconds); samples can be further apart, never closer. */
export const SAMPLING_INTERVAL_US = 100;

/** Connects to the user Worker's inspector among the loopback ports `pids` (workerd processes) listen on. */
export async function openWorkerInspector(pids: number[]): Promise<WorkerInspector> {
  const target = await findWorkerTarget(pids);
  // wrangler's proxy admits DevTools from localhost origins only (undici lets us set the header).
  const socket = new WebSocket(target.webSocketDebuggerUrl, {
    headers: { origin: 'http://localhost' },
  } as unknown as string[]);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener(
      'error',
      () => reject(new Error(`cannot open the inspector at ${target.webSocketDebuggerUrl}`)),
      { once: true },
    );
  });
  let nextId = 1;
  const pending = new Map<
    number,
    { resolve: (result: unknown) => void; reject: (error: Error) => void }
  >();
  const snapshotChunks: string[] = [];
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as {
      id?: number;
      method?: string;
      params?: { chunk?: string };
      result?: unknown;
      error?: { message: string };
    };
    if (message.method === 'HeapProfiler.addHeapSnapshotChunk')
      snapshotChunks.push(message.params?.chunk ?? '');
    const waiter = message.id === undefined ? undefined : pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id!);
    if (message.error) waiter.reject(new Error(`inspector: ${message.error.message}`));
    else waiter.resolve(message.result);
  });
  const send = <T>(method: string, params: object = {}): Promise<T> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`inspector: no answer to ${method} within ${CALL_TIMEOUT_MS / 1000} s`));
      }, CALL_TIMEOUT_MS);
      pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value as T);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      socket.send(JSON.stringify({ id, method, params }));
    });
  // Answered without waking the isolate: once it returns, commands reach the Worker's inspector.
  await send('Runtime.getHeapUsage');
  return {
    async usedHeapAfterGc(wake) {
      let done = false;
      const collected = send('HeapProfiler.collectGarbage').finally(() => (done = true));
      // Wake the isolate until the collection has run (one request can land before the command does).
      while (wake && !done)
        await Promise.race([
          collected,
          wake().then(() => new Promise((resolve) => setTimeout(resolve, 200))),
        ]);
      await collected;
      return (await send<{ usedSize: number }>('Runtime.getHeapUsage')).usedSize;
    },
    async cpuProfile(work) {
      await send('Profiler.enable');
      await send('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
      await send('Profiler.start');
      try {
        await work();
      } finally {
        var { profile } = await send<{ profile: CpuProfile }>('Profiler.stop');
      }
      return profile;
    },
    async allocationProfile(work) {
      await send('HeapProfiler.enable');
      await send('HeapProfiler.startSampling', {
        samplingInterval: ALLOCATION_SAMPLING_BYTES,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
      try {
        await work();
      } finally {
        var { profile } = await send<{ profile: AllocationProfile }>('HeapProfiler.stopSampling');
      }
      return profile;
    },
    async heapSnapshot(wake) {
      snapshotChunks.length = 0;
      let done = false;
      const taken = send('HeapProfiler.takeHeapSnapshot', { reportProgress: false }).finally(
        () => (done = true),
      );
      while (!done)
        await Promise.race([
          taken,
          wake().then(() => new Promise((resolve) => setTimeout(resolve, 200))),
        ]);
      await taken;
      return snapshotChunks.join('');
    },
    async scriptSource(scriptId) {
      await send('Debugger.enable');
      try {
        return (await send<{ scriptSource: string }>('Debugger.getScriptSource', { scriptId }))
          .scriptSource;
      } finally {
        await send('Debugger.disable');
      }
    },
    close: () => socket.close(),
  };
}

async function findWorkerTarget(pids: number[]): Promise<InspectorTarget> {
  const listening = execFileSync('ss', ['-ltnpH'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => pids.some((pid) => line.includes(`pid=${pid},`)))
    .map((line) => /127\.0\.0\.1:(\d+)\s/.exec(line)?.[1])
    .filter((port): port is string => port !== undefined);
  const targets: (InspectorTarget & { description?: string })[] = [];
  for (const port of listening) {
    const listed = await fetch(`http://127.0.0.1:${port}/json/list`, {
      signal: AbortSignal.timeout(2000),
    })
      // A port that does not answer, or answers with something that is not JSON (the Worker's own), lists nothing.
      .then((response) => (response.ok ? (response.json() as Promise<unknown>) : []))
      .catch(() => []);
    if (Array.isArray(listed)) targets.push(...(listed as InspectorTarget[]));
  }
  // Under wrangler dev, wrangler keeps the only session on workerd's own target and relays DevTools
  // clients through its inspector proxy (description "workers"): connect there. Without wrangler
  // (bench/hosts/direct-host.ts), connect to workerd's target for the user Worker itself.
  const worker =
    targets.find((target) => target.description === 'workers') ??
    targets.find((target) => target.id?.startsWith('core:user:'));
  if (worker) return worker;
  throw new Error(
    `no Worker inspector found on the ports of workerd ${pids.join(', ')} (is wrangler dev's inspector disabled?)`,
  );
}
