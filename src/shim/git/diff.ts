// Diffs between two trees. External diff drivers and textconv filters are refused because
// they would run programs named by repository configuration.
import { git, splitNul, type GitTarget } from './run.ts';

export const DIFF_FLAGS = ['--no-color', '--no-ext-diff', '--no-textconv', '--find-renames'];

export interface FileStat {
  path: string;
  /** The path before a rename, when the file was renamed. */
  oldPath?: string;
  /** Lines added; null for a binary file. */
  added: number | null;
  /** Lines deleted; null for a binary file. */
  deleted: number | null;
}

export interface DiffTotals {
  files: number;
  insertions: number;
  deletions: number;
  binary: number;
}

export async function unifiedDiff(target: GitTarget, from: string, to: string): Promise<string> {
  return (await git(target, ['diff', ...DIFF_FLAGS, from, to, '--'])).stdout;
}

export async function diffStat(target: GitTarget, from: string, to: string): Promise<FileStat[]> {
  return parseNumstat(
    (await git(target, ['diff', ...DIFF_FLAGS, '--numstat', '-z', from, to, '--'])).stdout,
  );
}

/**
 * Parses `git diff --numstat -z`: "added\tdeleted\tpath\0", or for a rename
 * "added\tdeleted\t\0old\0new\0"; binary files count "-" for both numbers.
 */
export function parseNumstat(output: string): FileStat[] {
  const fields = splitNul(output);
  const stats: FileStat[] = [];
  for (let i = 0; i < fields.length; i++) {
    const [added, deleted, ...rest] = fields[i]!.split('\t');
    const inlinePath = rest.join('\t');
    const counts = { added: countOf(added), deleted: countOf(deleted) };
    if (inlinePath !== '') {
      stats.push({ path: inlinePath, ...counts });
    } else {
      stats.push({ oldPath: fields[i + 1]!, path: fields[i + 2]!, ...counts });
      i += 2;
    }
  }
  return stats;
}

function countOf(field: string | undefined): number | null {
  return field === undefined || field === '-' ? null : Number(field);
}

export function totalsOf(stats: FileStat[]): DiffTotals {
  return {
    files: stats.length,
    insertions: stats.reduce((sum, s) => sum + (s.added ?? 0), 0),
    deletions: stats.reduce((sum, s) => sum + (s.deleted ?? 0), 0),
    binary: stats.filter((s) => s.added === null).length,
  };
}

/** The common ancestor of two commits, or undefined for unrelated histories. */
export async function mergeBase(
  target: GitTarget,
  a: string,
  b: string,
): Promise<string | undefined> {
  const { stdout, code } = await git(target, ['merge-base', '--', a, b], { okCodes: [0, 1] });
  return code === 0 ? stdout.trim() : undefined;
}
