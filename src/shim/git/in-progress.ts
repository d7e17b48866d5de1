// A merge, rebase, cherry-pick, revert, am or bisect that is under way in the active working
// directory: git leaves marker files in that worktree's own git dir while one is running.
import { access } from 'node:fs/promises';
import { join } from 'node:path';

const MARKERS: Array<[marker: string, operation: string]> = [
  ['MERGE_HEAD', 'merge'],
  ['rebase-merge', 'rebase'],
  ['rebase-apply', 'rebase or am'],
  ['CHERRY_PICK_HEAD', 'cherry-pick'],
  ['REVERT_HEAD', 'revert'],
  ['BISECT_LOG', 'bisect'],
];

/** The operation the present markers reveal, or undefined; pure so the mapping can be tested. */
export function operationFromMarkers(present: ReadonlySet<string>): string | undefined {
  return MARKERS.find(([marker]) => present.has(marker))?.[1];
}

export async function operationInProgress(gitDir: string): Promise<string | undefined> {
  const present = new Set<string>();
  for (const [marker] of MARKERS) {
    if (await exists(join(gitDir, marker))) present.add(marker);
  }
  return operationFromMarkers(present);
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/** How the person can finish or abandon the operation before asking again. */
export function operationAdvice(operation: string): string {
  const command = operation.startsWith('rebase') ? 'rebase' : operation;
  if (command === 'bisect') return 'finish it with `git bisect reset`';
  return `finish it (\`git ${command} --continue\`) or abandon it (\`git ${command} --abort\`)`;
}
