// A client's own program (an Inspector, a bridge) started as a person starts it, in its own process
// group, with its output kept: ready when a line it prints matches, stopped with everything it spawned.
import { spawn } from 'node:child_process';
import { signalProcessGroup } from '../../../scripts/dev/process-group.ts';

export interface StartedProcess {
  /** The first match of the ready pattern in what the process printed. */
  ready: RegExpExecArray;
  output: () => string;
  /** Resolves with the first match of `pattern` in the output, once it is printed. */
  waitFor: (pattern: RegExp) => Promise<RegExpExecArray>;
  stop: () => Promise<void>;
}

const READY_TIMEOUT_MS = 60_000;

export async function startProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
  readyPattern: RegExp,
  cwd?: string,
): Promise<StartedProcess> {
  const child = spawn(command, args, {
    cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let output = '';
  const waiters = new Set<() => void>();
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const stop = async () => {
    signalProcessGroup(child, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
    signalProcessGroup(child, 'SIGKILL');
  };
  const ready = await new Promise<RegExpExecArray | undefined>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      for (const waiter of waiters) waiter();
      const match = readyPattern.exec(output);
      if (match) resolve(match);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => resolve(undefined));
    setTimeout(() => resolve(undefined), READY_TIMEOUT_MS);
  });
  if (!ready) {
    await stop();
    throw new Error(`${command} ${args.join(' ')} did not start:\n${output}`);
  }
  const waitFor = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve) => {
      const check = () => {
        const match = pattern.exec(output);
        if (!match) return;
        waiters.delete(check);
        resolve(match);
      };
      waiters.add(check);
      check();
    });
  return { ready, output: () => output, waitFor, stop };
}
