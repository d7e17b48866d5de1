// The node project's folder for one test run, made before the run and removed after it: what the
// run's files share and build once (the installed Praxis, git fixture templates, the shared
// `praxis dev` servers' state) lives in it, so nothing is left in the system's temporary folder when
// test processes end without their exit handlers running. The shared servers files started are
// stopped first.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { sharedServerRecords, stopServer } from './shared-dev-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    runFolder: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'praxis-test-run-'));
  project.provide('runFolder', folder);
  return async () => {
    await Promise.all(sharedServerRecords(folder).map(stopServer));
    await rm(folder, { recursive: true, force: true });
  };
}
