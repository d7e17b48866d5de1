// CPU time a process group spends per call, from the kernel's per-thread accounting
// (/proc/PID/task/TID/schedstat: nanoseconds on a CPU). Unlike a V8 profile's samples, time the
// thread spent waiting for a core while the machine was loaded is not counted, so repeated runs on
// a busy machine agree better. It counts the whole workerd process (Miniflare's entry worker, HTTP
// parsing, KV), not only the Worker isolate: an upper bound and a comparator between builds.
import { readdirSync, readFileSync } from 'node:fs';

export function onCpuNs(pids: readonly number[]): number {
  let total = 0;
  for (const pid of pids) {
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      try {
        total += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // the thread ended between the listing and the read
      }
    }
  }
  return total;
}

/**
 * The least on-CPU milliseconds per call over `rounds` rounds of the same `calls` calls (the least
 * disturbed round; the first also warms whatever the calls read).
 */
export async function processCpuMsPerCall(
  pids: readonly number[],
  rounds: number,
  calls: number,
  call: (index: number) => Promise<unknown>,
): Promise<number> {
  let best = Infinity;
  for (let round = 0; round < rounds; round++) {
    const before = onCpuNs(pids);
    for (let i = 0; i < calls; i++) await call(i);
    best = Math.min(best, (onCpuNs(pids) - before) / 1e6 / calls);
  }
  return best;
}
