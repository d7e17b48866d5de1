// Shared by the publishing commands: open the target store, always close it, and turn failures into
// one line for the person at the terminal (or the CI log) instead of a stack trace.
import { UsageError } from '../cli/command.ts';
import type { ContentStore } from './store.ts';
import { openTarget, type TargetValues } from './target.ts';

export async function withTarget(
  command: string,
  values: TargetValues,
  work: (store: ContentStore) => Promise<number>,
): Promise<number> {
  let store: ContentStore | undefined;
  try {
    store = await openTarget(values);
    return await work(store);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    console.error(`praxis ${command}: ${(error as Error).message}`);
    return 1;
  } finally {
    await store?.close();
  }
}
