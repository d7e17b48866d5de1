// Stopping a detached child's process group kills everything it started, and never a group that only
// shares its number: a reused pid is played by an unrelated living process handed in as the "child".
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { signalProcessGroup } from '../../../scripts/dev/process-group.ts';
import { eventually } from '../../helpers/eventually.ts';

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
});

/** A detached shell leading its own group; it starts a `sleep` and prints that member's pid. */
async function groupWithMember(
  leaderExits: boolean,
): Promise<{ leader: ChildProcess; member: number }> {
  const script = leaderExits ? 'sleep 60 & echo $!; exit 0' : 'sleep 60 & echo $!; wait';
  const leader = spawn('sh', ['-c', script], {
    detached: true,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  started.push(leader);
  const member = await new Promise<number>((resolve) =>
    leader.stdout!.once('data', (chunk: Buffer) => resolve(Number(String(chunk).trim()))),
  );
  return { leader, member };
}

/** Running, not a zombie waiting to be reaped (a container's first process may never reap it). */
const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return process.platform !== 'linux';
  }
};
const dies = async (pid: number) => {
  expect(
    await eventually(
      () => alive(pid),
      (living) => !living,
      10_000,
    ),
  ).toBe(false);
};
const exitOf = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

describe.skipIf(process.platform === 'win32')('signalling a process group', () => {
  it('stops the leader and what it started while the leader runs', async () => {
    const { leader, member } = await groupWithMember(false);
    signalProcessGroup(leader, 'SIGKILL');
    await exitOf(leader);
    await dies(member);
  });

  it.skipIf(process.platform !== 'linux')(
    'stops members that outlive their leader (the group still holds its number)',
    async () => {
      const { leader, member } = await groupWithMember(true);
      await exitOf(leader);
      expect(alive(member)).toBe(true);
      signalProcessGroup(leader, 'SIGKILL');
      await dies(member);
    },
  );

  it('leaves alone a living group that only has the number of a child already gone', async () => {
    const { leader: other, member: otherMember } = await groupWithMember(false);
    // The child this caller started has exited; its pid now names `other`'s group.
    const gone = { pid: other.pid, exitCode: 0, signalCode: null } as unknown as ChildProcess;
    signalProcessGroup(gone, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(alive(other.pid!)).toBe(true);
    expect(alive(otherMember)).toBe(true);
  });

  it('does nothing for a child that never started', () => {
    expect(() =>
      signalProcessGroup({ pid: undefined } as unknown as ChildProcess, 'SIGKILL'),
    ).not.toThrow();
  });
});
