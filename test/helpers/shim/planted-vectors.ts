// Shared by the session-files-run-nothing-*.test.ts files (one per path, so the three can run in
// parallel): a fixture per test with one hostile vector planted, removed after the test.
import { afterEach } from 'vitest';
import { GitError } from '../../../src/shim/git/run.ts';
import { Refusal } from '../../../src/shim/refusal.ts';
import { hostileFixture, type HostileFixture, type VECTORS } from './hostile-session.ts';

/**
 * Registers the clean-up and returns `planted(vector)`: a fresh fixture with the vector's files,
 * under `at` when given (the same path for every vector, so one shim process can serve them all).
 */
export function plantedVectors(at?: string): (vector: (typeof VECTORS)[number]) => HostileFixture {
  let fx: HostileFixture | undefined;
  afterEach(() => fx?.cleanup());
  return (vector) => {
    fx = hostileFixture(at);
    vector.plant(fx);
    return fx;
  };
}

/** What an operation came to: done, refused, or a git failure (a planted repository can break git). */
export async function outcomeOf(work: Promise<unknown>): Promise<Refusal | GitError | 'ok'> {
  return work.then(
    () => 'ok' as const,
    (error: unknown) => {
      if (error instanceof Refusal || error instanceof GitError) return error;
      throw error;
    },
  );
}
