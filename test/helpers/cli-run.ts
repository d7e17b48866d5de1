// A run of a command-line program as a CliRun: its exit code and what it printed. Node only.
// `praxis` three ways: `node bin/praxis.mjs …` as a real process (the shim tests' stripped sources),
// `praxisInProcess` calling the CLI's main() here (seconds faster a call, for the publish tests),
// and `runCommand` for any other program, the installed `praxis` among them.
import { execFile } from 'node:child_process';
import { vi } from 'vitest';
import { BIN, praxisNodeArgs } from './shim/stripped-sources.ts';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `file args…` as a process; a non-zero exit is a CliRun too, never a rejection. */
export function runCommand(
  file: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<CliRun> {
  return new Promise((done) => {
    execFile(file, args, { encoding: 'utf8', ...options }, (error, stdout, stderr) => {
      done({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}

/** `node bin/praxis.mjs …` as a real process, for tests of the human-facing commands. */
export function praxis(...args: string[]): Promise<CliRun> {
  return praxisWithEnv({}, ...args);
}

/** Like praxis, with extra environment variables on top of this process's. */
export function praxisWithEnv(env: Record<string, string>, ...args: string[]): Promise<CliRun> {
  return runCommand(process.execPath, [...praxisNodeArgs(), BIN, ...args], {
    env: { ...process.env, ...env },
  });
}

/** `praxis …` in this process, console.log and console.error captured. */
export async function praxisInProcess(...args: string[]): Promise<CliRun> {
  const { main } = await import('../../scripts/cli/main.ts');
  const out: string[] = [];
  const err: string[] = [];
  const log = vi
    .spyOn(console, 'log')
    .mockImplementation((...parts) => void out.push(`${parts.join(' ')}\n`));
  const error = vi
    .spyOn(console, 'error')
    .mockImplementation((...parts) => void err.push(`${parts.join(' ')}\n`));
  try {
    const code = await main(args);
    return { code, stdout: out.join(''), stderr: err.join('') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}
