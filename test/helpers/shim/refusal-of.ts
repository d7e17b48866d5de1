// The Refusal an operation ends with; fails the test when it ends any other way.
import { expect } from 'vitest';
import { Refusal } from '../../../src/shim/refusal.ts';

export async function refusalOf(work: Promise<unknown>): Promise<Refusal> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Refusal);
  return error as Refusal;
}
