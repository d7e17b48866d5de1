// Every directory the build reads is resolved to its real path and must lie inside the real path of
// the content folder: a kind folder (or the content folder's own subfolders) that is a link to
// somewhere else is an error, not a source of documents. Files that are links are refused where
// the folders are listed.
import { realpath } from 'node:fs/promises';
import { isAbsolute, relative } from 'node:path';
import type { BuildError } from './errors.ts';

export type RealDirectory =
  | { ok: true; real: string }
  | { ok: false; missing: true }
  | { ok: false; missing: false; error: BuildError };

/** The real path of `dir`, when it is `root` or inside it after resolving every link; `missing` when it does not exist. */
export async function realDirectoryInside(root: string, dir: string): Promise<RealDirectory> {
  const [realRoot, real] = await Promise.all([
    realpath(root).catch(() => undefined),
    realpath(dir).catch(() => undefined),
  ]);
  if (real === undefined || realRoot === undefined) return { ok: false, missing: true };
  const within = relative(realRoot, real);
  if (within === '' || (!within.startsWith('..') && !isAbsolute(within))) return { ok: true, real };
  return {
    ok: false,
    missing: false,
    error: {
      file: dir,
      line: 1,
      message: `this folder resolves to ${real}, outside the content folder ${realRoot}: links out of the content folder are not followed (copy the files in)`,
    },
  };
}
