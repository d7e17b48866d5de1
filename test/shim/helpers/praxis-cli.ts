// `node bin/praxis.mjs …` as a real process, for tests of the human-facing commands.
import { execFile } from 'node:child_process';
import { BIN, praxisNodeArgs } from './stripped-sources.ts';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function praxis(...args: string[]): Promise<CliRun> {
  return praxisWithEnv({}, ...args);
}

/** Like praxis, with extra environment variables on top of this process's. */
export function praxisWithEnv(env: Record<string, string>, ...args: string[]): Promise<CliRun> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [...praxisNodeArgs(), BIN, ...args],
      { encoding: 'utf8', env: { ...process.env, ...env } },
      (error, stdout, stderr) => {
        done({ code: error ? Number(error.code) : 0, stdout, stderr });
      },
    );
  });
}
