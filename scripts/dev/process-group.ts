// Signals a child's whole process group (the child was spawned `detached`, so it leads a group
// holding everything it started) — but only while that group is still the child's.
//
// A process group is named by its leader's pid, and pids are reused: on a machine whose pid_max is
// 32 768, a test suite that starts thousands of processes wraps around within minutes. Signalling
// `-pid` after the group is gone can therefore kill an unrelated group that was later given that
// number (another test's server, say). While the leader has not been reaped its pid is still its
// own; once it has, the number stays reserved only as long as some member of the group lives, and
// a living process *with* that pid is then someone else.
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Sends `signal` to the group `child` leads; does nothing once that group no longer exists. */
export function signalProcessGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  const pid = child.pid;
  if (pid === undefined) return;
  const leaderAlive = child.exitCode === null && child.signalCode === null;
  if (!leaderAlive && !orphanedMembersOf(pid)) return;
  try {
    process.kill(-pid, signal);
  } catch {
    /* the group ended in between */
  }
}

/**
 * Whether processes of group `pgid` outlive its reaped leader. Without /proc (not Linux) this cannot
 * be told apart from a reused number, so the answer is no: a stray process is better than a wrong kill.
 */
function orphanedMembersOf(pgid: number): boolean {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return false;
  }
  if (entries.includes(String(pgid))) return false;
  for (const entry of entries) {
    if (entry.charCodeAt(0) < 48 || entry.charCodeAt(0) > 57) continue;
    if (groupOf(entry) === pgid) return true;
  }
  return false;
}

/** The process group in /proc/<pid>/stat (the fifth field; the name before it may hold spaces). */
function groupOf(pid: string): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[2]);
  } catch {
    return undefined;
  }
}
