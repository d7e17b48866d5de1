// The workerd processes a wrangler dev started, and their resident memory, read from /proc. wrangler
// dev runs two: the one running the Worker (started with an inspector address) and its proxy.
import { readdirSync, readFileSync } from 'node:fs';

export interface WorkerdProcess {
  pid: number;
  /** True for the process running the Worker; false for wrangler's proxy in front of it. */
  runsWorker: boolean;
}

/** workerd processes descending from `root` (ours only: never anyone else's). */
export function workerdBelow(root: number): WorkerdProcess[] {
  const parents = new Map<number, number>();
  const names = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      names.set(Number(entry), stat.slice(stat.indexOf('(') + 1, close));
      parents.set(Number(entry), Number(stat.slice(close + 2).split(' ')[1]));
    } catch {
      // the process ended while we looked
    }
  }
  const descends = (pid: number): boolean => {
    for (let at = parents.get(pid); at !== undefined && at > 1; at = parents.get(at))
      if (at === root) return true;
    return false;
  };
  return [...names]
    .filter(([pid, name]) => name.startsWith('workerd') && descends(pid))
    .map(([pid]) => ({ pid, runsWorker: commandLine(pid).includes('--inspector-addr') }));
}

/** Resident set size of a process in bytes; 0 once it has exited. */
export function rssBytes(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}
